package org.blinkhdfs.control.agent;

import java.util.Optional;

/**
 * What one {@link AgentLoop#step()} did.
 *
 * @param kind stayed awake, slept (and is awake again), the actuator refused, or the node
 *     served as an io-server because it cannot sleep
 * @param nextStepAtMs when the caller should run the next step
 * @param action the planner's decision
 * @param report the actuator's report, for SLEPT
 */
public record StepResult(Kind kind, long nextStepAtMs, AgentAction action,
    Optional<SleepReport> report) {

  /** Outcomes of a step. */
  public enum Kind {
    STAYED_AWAKE,
    SLEPT,
    /** The actuator refused or failed; the node is awake and an ERROR status was posted. */
    REFUSED,
    /**
     * The planner wanted a sleep, but the node cannot sleep ({@link
     * Actuator#sleepUnsupported()}: no S3, fallback io-server): it stayed awake with its compute
     * cores offline and posted IO_SERVER with the reason.
     */
    IO_SERVER_INSTEAD
  }
}
