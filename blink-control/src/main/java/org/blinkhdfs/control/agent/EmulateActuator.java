package org.blinkhdfs.control.agent;

import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.OptionalLong;
import org.blinkhdfs.common.time.Sleeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code emulate} actuator: a "sleep" freezes the DataNode's processes ({@link
 * ProcessFreezer}), waits ({@link Sleeper}) and thaws them, so the DataNode stops heartbeating
 * and serving like a suspended host and resumes with its state intact.
 *
 * <p><b>Resume latency.</b> Like the real actuator, which arms its RTC alarm {@code
 * resumeLatencyMs} before {@code wakeAtMs}, this one starts its resume (thaws, with transitions
 * off) at {@code wakeAtMs − resumeLatencyMs}, taking the latency from the {@link SleepRequest}
 * when it carries one (the planner's), else its own. A non-zero value makes an emulated cluster
 * behave, and draw, like a real one.
 *
 * <p><b>Transitions</b> ({@link EmulatedTransitions}). A real host is neither serving nor asleep
 * while it suspends and resumes, so each sleep draws an enter and a resume time (scaled to the
 * schedule's interval) and goes through four phases: freeze at once; <i>entering</i> for the
 * enter time; <i>asleep</i> until the alarm at {@code wakeAtMs − resumeLatencyMs}; <i>resuming</i>,
 * still frozen, for the resume time after the alarm (or after entering ends, if that is later:
 * a host cannot wake before it has slept); then thaw. Only the asleep phase is {@link
 * SleepReport#measuredSleepMs()}, so {@code (awakeAtMs − startedAtMs) − measuredSleepMs} is the
 * cycle's time in transition. The report's {@link TransitionTimes} carry the alarm and the alarm
 * to thaw as the resume sample, which the agent's learned resume latency uses as it uses a real
 * host's. Example (enter 115, resume 22, latency 0, wake at 40 000, now 10 000): frozen at
 * 10 000, asleep 10 115..40 000 (29 885 ms), thawed at 40 022: the window opens 22 ms late, as a
 * host that starts resuming at its window would. {@link EmulatedTransitions#NONE} (the
 * five-argument constructor) keeps sleeps instant.
 *
 * <p><b>Energy</b> is not accounted here: the agent's {@link AgentEnergyAccount} counts every
 * actuator's time from its {@link SleepReport}s, and the scheduler turns it into joules.
 *
 * <p><b>Refusals</b> ({@link ActuatorException}, node left awake): the lease has ended, {@code
 * wakeAtMs} is after the lease end or not in the future, the thaw time is not in the future, or
 * the freezer fails. If the wait is interrupted, the processes are thawed before the interrupt
 * propagates.
 *
 * <p>{@link #sleep} is meant for the agent's single loop thread.
 */
public final class EmulateActuator implements Actuator {
  private static final Logger LOG = LoggerFactory.getLogger(EmulateActuator.class);
  public static final String NAME = "emulate";

  private final ProcessFreezer freezer;
  private final Sleeper sleeper;
  private final Clock clock;
  private final long resumeLatencyMs;
  private final EmulatedTransitions transitions;

  /**
   * Instant transitions ({@link EmulatedTransitions#NONE}).
   *
   * @param resumeLatencyMs thaw this long before {@code wakeAtMs}; {@code >= 0}
   */
  public EmulateActuator(ProcessFreezer freezer, Sleeper sleeper, Clock clock,
      long resumeLatencyMs) {
    this(freezer, sleeper, clock, resumeLatencyMs, EmulatedTransitions.NONE);
  }

  /**
   * @param resumeLatencyMs start resuming this long before {@code wakeAtMs}; {@code >= 0}
   * @param transitions what each sleep's enter and resume times are drawn from
   */
  public EmulateActuator(ProcessFreezer freezer, Sleeper sleeper, Clock clock,
      long resumeLatencyMs, EmulatedTransitions transitions) {
    this.freezer = Objects.requireNonNull(freezer, "freezer");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    this.clock = Objects.requireNonNull(clock, "clock");
    if (resumeLatencyMs < 0) {
      throw new IllegalArgumentException("resumeLatencyMs must be >= 0, got " + resumeLatencyMs);
    }
    this.resumeLatencyMs = resumeLatencyMs;
    this.transitions = Objects.requireNonNull(transitions, "transitions");
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public SleepReport sleep(SleepRequest request) throws ActuatorException, InterruptedException {
    long start = clock.millis();
    SleepChecks.requireAllowed(NAME, request, start);
    long latencyMs = request.resumeLatencyOr(resumeLatencyMs);
    long alarmAt = request.wakeAtMs() - latencyMs;
    if (alarmAt <= start) {
      throw new ActuatorException(NAME + ": wakeAtMs " + Instant.ofEpochMilli(request.wakeAtMs())
          + " minus the resume latency " + latencyMs + " ms is not in the future: too short"
          + " a sleep; raise the agent's minSleepMs above the resume latency");
    }
    try {
      freezer.freeze();
    } catch (ActuatorException e) {
      thawQuietly(); // the contract: a refusal leaves the node awake
      throw e;
    }
    long frozenAt = clock.millis();
    EmulatedTransitions.Draw draw = transitions.draw(request);
    long asleepAt = frozenAt;
    long resumingAt = frozenAt;
    boolean thawed = false;
    try {
      sleeper.sleepUntil(frozenAt + draw.enterMs());
      asleepAt = clock.millis();
      sleeper.sleepUntil(alarmAt);
      resumingAt = Math.max(asleepAt, clock.millis());
      sleeper.sleepUntil(resumingAt + draw.resumeMs());
      freezer.thaw();
      thawed = true;
    } finally {
      if (!thawed) {
        thawQuietly();
      }
    }
    long awakeAt = clock.millis();
    return report(request, start, frozenAt, asleepAt, resumingAt, awakeAt, alarmAt, draw);
  }

  /**
   * The sleep's report: asleep from the end of entering to the start of resuming, the alarm and
   * the alarm-to-thaw resume sample; the detail names every phase and where the times came from.
   */
  private SleepReport report(SleepRequest request, long start, long frozenAt, long asleepAt,
      long resumingAt, long awakeAt, long alarmAt, EmulatedTransitions.Draw draw) {
    long asleepMs = resumingAt - asleepAt;
    String detail = NAME + ": " + freezer.describe() + " frozen " + (awakeAt - frozenAt)
        + " ms for epoch " + request.epoch();
    if (transitions.model().isNone()) {
      return new SleepReport(start, awakeAt, asleepMs, detail);
    }
    long sampleMs = awakeAt - alarmAt;
    String by = "the emulated thaw (enter " + transitions.model().enter().spec() + ", resume "
        + transitions.model().resume().spec() + ", scaled to the " + draw.intervalMs()
        + " ms interval)";
    TransitionTimes times = new TransitionTimes(OptionalLong.of(alarmAt), OptionalLong.empty(),
        OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(),
        OptionalLong.of(sampleMs), by, TransitionTimes.Counted.UNKNOWN);
    return new SleepReport(start, awakeAt, asleepMs, detail + ": entering "
        + (asleepAt - frozenAt) + " ms, asleep " + asleepMs + " ms, resuming "
        + (awakeAt - resumingAt) + " ms (drawn " + draw.enterMs() + " + " + draw.resumeMs()
        + " ms)", times);
  }

  private void thawQuietly() {
    try {
      freezer.thaw();
    } catch (ActuatorException e) {
      LOG.error("could not thaw {} after a failed or interrupted sleep: {}", freezer.describe(),
          e.getMessage());
    }
  }

  @Override
  public void setComputeCores(int computeCores) {
    LOG.debug("emulate: compute {} (no cores changed)", computeCores > 0 ? "io-server, "
        + computeCores + " cores" : "max-perf");
  }
}
