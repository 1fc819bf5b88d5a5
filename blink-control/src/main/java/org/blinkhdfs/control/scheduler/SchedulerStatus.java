package org.blinkhdfs.control.scheduler;

import java.util.OptionalLong;

/**
 * The scheduler's verdict for operators (daemon status page, logs, admin tool).
 *
 * @param state what the scheduler is doing
 * @param sinceMs when it entered this state
 * @param epoch the last published epoch (-1 if none)
 * @param validUntilMs that epoch's lease end, if any
 * @param availableWatts p_available at the last tick
 * @param plannedWatts average ring draw the last published epoch plans (0 if none)
 * @param shortfallWatts for {@link State#BELOW_MINIMUM}: watts missing to reach the policy's
 *     minimum; for {@link State#OVERRIDE_OVER_BUDGET}, {@link State#RECOVERY_OVER_BUDGET} and
 *     {@link State#WAKE_OVER_BUDGET}: planned minus available; otherwise 0
 * @param wakeWatts the part of {@code plannedWatts} that nodes woken on request add to the plan
 *     (0 when none is woken; included in the planned and shortfall watts)
 * @param message one human-readable line that says what happens next
 */
public record SchedulerStatus(State state, long sinceMs, long epoch, OptionalLong validUntilMs,
    double availableWatts, double plannedWatts, double shortfallWatts, double wakeWatts,
    String message) {

  /** Scheduler states. */
  public enum State {
    /** Not ticked yet. */
    STARTING,
    /** The last epoch follows the available power. */
    PLANNED,
    /**
     * The available power is below the policy's minimum: no new epoch is published; the last one
     * runs until its lease ends, then every DataNode stays awake (the fail-safe).
     */
    BELOW_MINIMUM,
    /** An admin active-nodes override is in force and plans more than the available power. */
    OVERRIDE_OVER_BUDGET,
    /**
     * Nodes woken for a failed node's recovery make the epoch plan more than the available power:
     * availability first ({@link RecoveryPlanner}); it ends when the failed node reports again.
     */
    RECOVERY_OVER_BUDGET,
    /**
     * Nodes woken on request ({@link PowerScheduler#requestWake}) make the epoch plan more than
     * the available power: availability first ({@link WakePlanner}), bounded by {@link
     * WakeLimits}; it ends when the requests end.
     */
    WAKE_OVER_BUDGET
  }
}
