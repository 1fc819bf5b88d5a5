package org.blinkhdfs.model.battery;

import java.util.Objects;
import java.util.OptionalDouble;
import org.blinkhdfs.model.power.PowerLevel;

/**
 * One decision of the {@link RideThroughPlanner}: the power level to plan for, the verdict and
 * the numbers behind it, so {@code /v1/power} and the status page can say why.
 *
 * @param verdict what kind of decision it is
 * @param level the whole-cluster power to plan the next epoch with (for {@link
 *     Verdict#SHUTDOWN}: the minimum, what to draw while the shutdown runs)
 * @param decidedAtMs when it was decided
 * @param readingAtMs the reading's time; -1 when no reading was usable ({@link
 *     Verdict#FAIL_SAFE})
 * @param storedWh energy stored at the reading; NaN when unknown
 * @param reserveWh the reserve; NaN when unknown
 * @param usableWh the energy above the reserve that reaches the load; NaN when unknown
 * @param timeLeftMs from the reading to the target end; 0 on the grid or without a target
 * @param plannedClusterWatts the whole cluster's planned draw, overhead included
 * @param minimumClusterWatts every DataNode in the policy's least state, plus the overhead
 * @param peakClusterWatts every DataNode awake, plus the overhead
 * @param lastsMs how long the usable energy lasts at the planned draw; -1 on the grid
 * @param measuredLoadWatts what the reading says the load draws, when it says
 * @param reason one sentence for operators
 */
public record RideThroughDecision(Verdict verdict, PowerLevel level, long decidedAtMs,
    long readingAtMs, double storedWh, double reserveWh, double usableWh, long timeLeftMs,
    double plannedClusterWatts, double minimumClusterWatts, double peakClusterWatts,
    long lastsMs, OptionalDouble measuredLoadWatts, String reason) {

  /** What the decision is. */
  public enum Verdict {
    /** On the grid: full power (restores it after an outage). */
    GRID,
    /** On battery: usable energy over the time left, between the minimum and the peak. */
    RIDE_THROUGH,
    /** On battery, and even every DataNode awake lasts until the target: full power. */
    FULL_POWER_LASTS,
    /** On battery, and even the minimum cannot last until the target: the minimum. */
    CANNOT_REACH_TARGET,
    /** On battery past the target with energy left: full power until the reserve. */
    TARGET_PASSED,
    /** At the reserve, or the UPS says low battery: run the clean shutdown. */
    SHUTDOWN,
    /** No trustworthy reading: hold the last battery plan while it lasts, else full power. */
    FAIL_SAFE
  }

  /** Checks the fields that must be there. */
  public RideThroughDecision {
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(level, "level");
    Objects.requireNonNull(measuredLoadWatts, "measuredLoadWatts");
    Objects.requireNonNull(reason, "reason");
  }

  /** True when the shutdown path must run. */
  public boolean shutdown() {
    return verdict == Verdict.SHUTDOWN;
  }
}
