package org.blinkhdfs.core.policy;

import java.util.Optional;
import org.blinkhdfs.core.power.PowerBudget;
import org.blinkhdfs.core.schedule.NodeMode;
import org.blinkhdfs.core.schedule.NodeSchedule;
import org.blinkhdfs.core.schedule.Schedule;

/**
 * What a {@link BlinkPolicy} made of a request: either a schedule, or an explicit statement that
 * the available power is below the always-on minimum (every DataNode asleep plus the overhead).
 * A policy never clamps silently: a caller that gets {@link Status#BELOW_MINIMUM} decides what to
 * do (alarm, keep the last schedule, shed the cluster) and says so.
 *
 * <p>Immutable.
 */
public final class PolicyResult {
  /** Outcome of planning. */
  public enum Status {
    PLANNED,
    BELOW_MINIMUM
  }

  private final Status status;
  private final Schedule schedule;
  private final PowerBudget budget;
  private final String message;

  private PolicyResult(Status status, Schedule schedule, PowerBudget budget, String message) {
    this.status = status;
    this.schedule = schedule;
    this.budget = budget;
    this.message = message;
  }

  static PolicyResult planned(Schedule schedule, PowerBudget budget) {
    return new PolicyResult(Status.PLANNED, schedule, budget, "planned");
  }

  static PolicyResult belowMinimum(PowerBudget budget) {
    String msg = String.format(java.util.Locale.ROOT,
        "available power leaves %.2f W for the DataNodes, below the %.2f W they draw all asleep"
            + " (always-on overhead %.2f W reported separately): short by %.2f W; no schedule fits",
        budget.nodeWatts(), budget.model().inactiveWatts(), budget.model().overheadWatts(),
        budget.shortfallWatts());
    return new PolicyResult(Status.BELOW_MINIMUM, null, budget, msg);
  }

  public Status status() {
    return status;
  }

  /** The planned schedule; empty when below the minimum. */
  public Optional<Schedule> schedule() {
    return Optional.ofNullable(schedule);
  }

  public PowerBudget budget() {
    return budget;
  }

  /** A human-readable summary; for BELOW_MINIMUM it states the shortfall. */
  public String message() {
    return message;
  }

  /**
   * Average watts the planned schedule draws for its ring DataNodes (staging nodes belong to the
   * overhead); transitions included. Zero when nothing was planned.
   */
  public double drawnNodeWatts() {
    if (schedule == null) {
      return 0;
    }
    double sum = 0;
    for (NodeSchedule n : schedule.nodes()) {
      if (n.isStaging()) {
        continue;
      }
      long activeMs = n.mode() == NodeMode.OFF ? 0
          : n.mode() == NodeMode.BLINK ? n.activeMs() : schedule.intervalMs();
      sum += budget.model().averageNodeWatts(activeMs, schedule.intervalMs());
    }
    return sum;
  }
}
