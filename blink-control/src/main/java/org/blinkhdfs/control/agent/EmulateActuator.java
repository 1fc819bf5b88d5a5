package org.blinkhdfs.control.agent;

import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import org.blinkhdfs.common.time.Sleeper;
import org.blinkhdfs.model.power.PowerModel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code emulate} actuator: a "sleep" freezes the DataNode's processes ({@link
 * ProcessFreezer}), waits ({@link Sleeper}) and thaws them, so the DataNode stops heartbeating
 * and serving like a suspended host and resumes with its state intact.
 *
 * <p><b>Resume latency.</b> Like the real actuator, which arms its RTC alarm {@code
 * resumeLatencyMs} before {@code wakeAtMs}, this one thaws at {@code wakeAtMs − resumeLatencyMs}
 * (default 0: a thaw is instant), taking the latency from the {@link SleepRequest} when it
 * carries one (the planner's), else its own. A non-zero value makes an emulated cluster behave,
 * and draw, like a real one.
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
  private final PowerModel model;
  private final long resumeLatencyMs;

  /**
   * @param resumeLatencyMs thaw this long before {@code wakeAtMs}; {@code >= 0}
   */
  public EmulateActuator(ProcessFreezer freezer, Sleeper sleeper, Clock clock, PowerModel model,
      long resumeLatencyMs) {
    this.freezer = Objects.requireNonNull(freezer, "freezer");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.model = Objects.requireNonNull(model, "model");
    if (resumeLatencyMs < 0) {
      throw new IllegalArgumentException("resumeLatencyMs must be >= 0, got " + resumeLatencyMs);
    }
    this.resumeLatencyMs = resumeLatencyMs;
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
    long thawAt = request.wakeAtMs() - latencyMs;
    if (thawAt <= start) {
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
    boolean thawed = false;
    try {
      sleeper.sleepUntil(thawAt);
      freezer.thaw();
      thawed = true;
    } finally {
      if (!thawed) {
        thawQuietly();
      }
    }
    long awakeAt = clock.millis();
    return new SleepReport(start, awakeAt, awakeAt - frozenAt, NAME + ": " + freezer.describe()
        + " frozen " + (awakeAt - frozenAt) + " ms for epoch " + request.epoch());
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
