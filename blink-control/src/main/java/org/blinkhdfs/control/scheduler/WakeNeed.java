package org.blinkhdfs.control.scheduler;

import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.model.wire.NodeStatus;

/**
 * When a host must be woken physically: the epoch in force needs it awake now, but its agent said
 * it went to sleep and the alarm it armed will not bring it back by now.
 *
 * <p>Why: a host suspended to S3 cannot fetch a new schedule; only its RTC alarm wakes it, armed
 * for the window of the epoch it followed when it went to sleep. A later epoch that needs it
 * sooner (a wake request's hold, recovery for a failed node, a gear or power rise) reaches it only
 * through a wake backend ({@link WakeDriver}).
 *
 * <h2>Rule</h2>
 * A node needs a wake at {@code now} when all hold:
 * <ol>
 *   <li>the schedule in force (published, lease not ended) has it awake at {@code now} (after an
 *       epoch's lease ends every agent wakes at its own alarm, which is armed for the lease end at
 *       the latest);
 *   <li>its agent's last status is ASLEEP;
 *   <li>its <em>planned wake</em> is later than {@code now}, or unknown. The planned wake is what
 *       the scheduler worked out when the ASLEEP status arrived: the node's next window (or the
 *       lease end) in the epoch the agent named, if that was the published one; unknown when the
 *       agent followed another epoch. At or after the planned wake the alarm is due and the agent
 *       is resuming: waking it again would only race its own resume.
 * </ol>
 *
 * <p>Worked example (interval 60 s, n3's window from second 30 of each minute, 15 s long):
 * n3's agent posts ASLEEP at {@code B + 16 000} under epoch 1, planned wake {@code B + 30 000}.
 * A wake request at {@code B + 20 000} publishes epoch 2 with n3 ACTIVE: n3 needs a wake from
 * then until its agent posts again. Without the request, at {@code B + 30 000} the schedule has
 * n3 awake but the planned wake is not later than now: no wake (the RTC does it).
 *
 * <p>Stateless; thread-safe.
 */
public final class WakeNeed {
  private WakeNeed() {}

  /**
   * @param scheduledAwakeNow the schedule in force has the node awake now (false when there is
   *     none or its lease has ended)
   * @param lastStatus the agent's last status, empty if never heard
   * @param plannedWakeMs when its alarm is due, from its last ASLEEP status; empty if unknown
   */
  public static boolean needsWake(boolean scheduledAwakeNow, Optional<NodeStatus> lastStatus,
      OptionalLong plannedWakeMs, long nowMs) {
    if (!scheduledAwakeNow || lastStatus.isEmpty()
        || lastStatus.get().state() != NodeStatus.State.ASLEEP) {
      return false;
    }
    return plannedWakeMs.isEmpty() || plannedWakeMs.getAsLong() > nowMs;
  }
}
