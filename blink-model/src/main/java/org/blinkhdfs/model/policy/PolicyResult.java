package org.blinkhdfs.model.policy;

import java.util.Optional;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.SchedulePower;
import org.blinkhdfs.model.schedule.Schedule;

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

  /**
   * Planned, with a {@code note} on what the policy did other than the obvious (e.g. nodes OFF
   * because their window would not be worth a sleep); an empty note is plain {@link #planned}.
   */
  static PolicyResult planned(Schedule schedule, PowerBudget budget, String note) {
    return new PolicyResult(Status.PLANNED, schedule, budget,
        note.isEmpty() ? "planned" : "planned; " + note);
  }

  /** Below the minimum of the blinking policies: every DataNode asleep. */
  static PolicyResult belowMinimum(PowerBudget budget) {
    return belowMinimum(budget, budget.model().inactiveWatts(), "they draw all asleep");
  }

  /**
   * Below a policy-specific minimum: {@code minimumWatts} is the least the policy's lowest state
   * draws ({@code what} says which state, e.g. "every node io-server").
   */
  static PolicyResult belowMinimum(PowerBudget budget, double minimumWatts, String what) {
    String msg = String.format(java.util.Locale.ROOT,
        "available power leaves %.2f W for the DataNodes, below the %.2f W %s"
            + " (always-on overhead %.2f W reported separately): short by %.2f W; no schedule fits",
        budget.nodeWatts(), minimumWatts, what, budget.model().overheadWatts(),
        Math.max(0, minimumWatts - budget.nodeWatts()));
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

  /** What the scheduler should say besides "planned" (empty when nothing). */
  public String note() {
    return message.startsWith("planned; ") ? message.substring("planned; ".length()) : "";
  }

  /**
   * Average watts the planned schedule draws for its ring DataNodes (staging nodes belong to the
   * overhead; io-server nodes draw {@link org.blinkhdfs.model.power.PowerModel#ioServerWatts()});
   * transitions included. Zero when nothing was planned.
   */
  public double drawnNodeWatts() {
    return schedule == null ? 0 : SchedulePower.averageNodeWatts(schedule, budget.model());
  }

}
