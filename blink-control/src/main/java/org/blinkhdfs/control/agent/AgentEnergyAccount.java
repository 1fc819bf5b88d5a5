package org.blinkhdfs.control.agent;

import java.time.Clock;
import java.util.Objects;
import org.blinkhdfs.model.wire.EnergyCounters;

/**
 * How this agent's node spent its time since the agent started, whatever the actuator: the
 * {@link EnergyCounters} every status carries, from which the scheduler computes energy with its
 * power model. The agent measures time, not joules, because only the scheduler knows the model
 * every node is charged with, and one model keeps the cluster's books consistent.
 *
 * <p>Rules: time between sleeps is awake, or io-server while {@link #computeMode} says the compute
 * cores are offline. A sleep's {@link SleepReport} (contract: {@code measuredSleepMs} only the time
 * truly asleep) splits the cycle {@code [startedAtMs, awakeAtMs)}: {@code measuredSleepMs} asleep,
 * the rest in transition. A report that claims more sleep than its cycle is capped at the cycle
 * (never negative transition time); time the clock runs backwards counts as nothing.
 *
 * <p>Worked example (checked by {@code AgentEnergyAccountTest}): started at 0; a sleep reported
 * as started 1 200, awake 6 000, measured 4 600; then io-server from 7 000; at 9 000 the counters
 * are awake 1 200 + 1 000 = 2 200, asleep 4 600, transition 200, io-server 2 000 ms.
 *
 * <p>Not thread-safe: {@link AgentLoop} uses it under its own lock.
 */
public final class AgentEnergyAccount {
  private final Clock clock;
  private final long sinceMs;
  private long accountedUntilMs;
  private boolean ioServer;
  private long awakeMs;
  private long asleepMs;
  private long transitionMs;
  private long ioServerMs;

  /** Starts counting now, awake with every core. */
  public AgentEnergyAccount(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    this.sinceMs = clock.millis();
    this.accountedUntilMs = sinceMs;
  }

  /** The compute mode the actuator applied now: io-server time counts apart from here on. */
  public void computeMode(ComputeMode mode) {
    closeAwake(clock.millis());
    ioServer = mode == ComputeMode.IO_SERVER;
  }

  /** Accounts a completed sleep: awake until it started, then asleep and in transition. */
  public void sleep(SleepReport report) {
    closeAwake(report.startedAtMs());
    long from = Math.max(accountedUntilMs, report.startedAtMs());
    long cycle = Math.max(0, report.awakeAtMs() - from);
    long asleep = Math.min(cycle, Math.max(0, report.measuredSleepMs()));
    asleepMs += asleep;
    transitionMs += cycle - asleep;
    accountedUntilMs = Math.max(accountedUntilMs, report.awakeAtMs());
  }

  /** The counters now, the open awake (or io-server) period included. */
  public EnergyCounters counters() {
    long open = Math.max(0, clock.millis() - accountedUntilMs);
    return new EnergyCounters(sinceMs, awakeMs + (ioServer ? 0 : open), asleepMs, transitionMs,
        ioServerMs + (ioServer ? open : 0));
  }

  private void closeAwake(long toMs) {
    long ms = Math.max(0, toMs - accountedUntilMs);
    if (ioServer) {
      ioServerMs += ms;
    } else {
      awakeMs += ms;
    }
    accountedUntilMs = Math.max(accountedUntilMs, toMs);
  }
}
