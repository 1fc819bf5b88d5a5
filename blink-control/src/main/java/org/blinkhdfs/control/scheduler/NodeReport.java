package org.blinkhdfs.control.scheduler;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeRole;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.WakeHold;

/**
 * What the scheduler knows about one DataNode at a moment: its place in the schedule published
 * last, the agent's last status, and whether the agent counts as failed.
 *
 * @param node transfer address
 * @param role ring or staging
 * @param mode its mode in the last published schedule (empty before the first epoch)
 * @param window its awake part of each interval in that schedule (empty before the first epoch)
 * @param scheduleExpired true when that schedule's lease has ended (everyone awake), or none exists
 * @param awakeBySchedule whether the schedule has it awake now (true when expired or none)
 * @param lastStatus the agent's last status, if any
 * @param lastHeardMs when the scheduler received it (the scheduler's clock), if ever
 * @param silentMs milliseconds since then, or since the scheduler started if never heard
 * @param lastMeasuredSleepMs the sleep the actuator measured in the last AWAKE status after a sleep
 * @param failed silent longer than its timeout ({@link FailureRule}: the failure timeout, or the
 *     shorter awake timeout while the schedule has it awake and its agent said it was up)
 * @param wokenForRecoveryOf the failed nodes whose recovery made this node ACTIVE in the last
 *     published schedule (empty when it is there on the plan's own terms)
 * @param wakeRequest the wake request holding this node awake now, if any ({@link
 *     PowerScheduler#requestWake})
 * @param wokenOnRequest true when the last published schedule has this node ACTIVE only because
 *     of a wake request (the plan and recovery had it asleep for part of the interval)
 */
public record NodeReport(String node, NodeRole role, Optional<NodeMode> mode,
    Optional<ActiveWindow> window, boolean scheduleExpired, boolean awakeBySchedule,
    Optional<NodeStatus> lastStatus, OptionalLong lastHeardMs, long silentMs,
    OptionalLong lastMeasuredSleepMs, boolean failed,
    List<String> wokenForRecoveryOf, Optional<WakeHold> wakeRequest, boolean wokenOnRequest) {
  public NodeReport {
    wokenForRecoveryOf = List.copyOf(wokenForRecoveryOf);
  }

  /**
   * How far this scheduler's clock is ahead of the agent's, from the last status: when the
   * scheduler received it minus when the agent stamped it (so it also holds the post's latency,
   * normally milliseconds). Windows are wall-clock times, so an agent whose clock is off by
   * seconds sleeps at the wrong moments: NTP must run on every host (docs/operations.md).
   */
  public OptionalLong clockSkewMs() {
    return lastStatus.isPresent() && lastHeardMs.isPresent()
        ? OptionalLong.of(lastHeardMs.getAsLong() - lastStatus.get().atMs())
        : OptionalLong.empty();
  }
}
