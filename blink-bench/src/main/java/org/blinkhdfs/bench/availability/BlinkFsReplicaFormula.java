package org.blinkhdfs.bench.availability;

import java.util.OptionalInt;
import org.blinkhdfs.model.power.PowerBudget;

/**
 * The BlinkFS paper's closed forms for replicas and unavailability (Sharma, Irwin, Shenoy §4.2),
 * exactly as printed, for reporting and for comparison with the exact computations.
 *
 * <ul>
 *   <li>replicas for a block to be available the whole interval: {@code r = ⌈N / ⌊(N−1)·p /
 *       (N·p_node − p)⌋⌉};
 *   <li>when {@code p < p_node}: the least unavailable fraction, a block on every node, is
 *       {@code 1 − p/p_node}.
 * </ul>
 *
 * <p>Design note: why these are not what placement decisions use. Both forms charge a node
 * {@code p_node} awake and nothing asleep, and the replica form divides {@code N} by the node
 * stride {@code k = ⌊…⌋} as if the staggered offsets were spread around a circle, while the
 * paper's offsets {@code (t − t_active)·i/(N−1)} are spread along a line. The consequences, all
 * shown in the tests and in {@code docs/availability.md}:
 *
 * <ul>
 *   <li>At 40% on the Mac-mini model the form says {@code r = 2}, yet two nodes each awake 40% of
 *       the interval cover at most 80% of it. {@link StaggeredCoverBounds} gives the linear
 *       offsets' count and {@link MinimumReplicaCover} the exact count for a real schedule.
 *   <li>With a 1 W sleep draw at 10% power the form says 10% unavailable; the awake time the
 *       power actually buys leaves at least 43.75% ({@link
 *       StaggeredCoverBounds#minimumUnavailableFraction(PowerBudget)}).
 * </ul>
 *
 * <p>Edge cases are explicit, never clamped silently: {@code p ≥ N·p_node} is full power and
 * {@code r = 1}; {@code ⌊…⌋ = 0}, which happens exactly when {@code p < p_node}, has no finite
 * {@code r} and returns {@link OptionalInt#empty()}: even a replica on every node leaves gaps.
 * The floor tolerates a relative error of {@code 1e-9} so that a power level computed as, say,
 * {@code 0.2 × 225 W} cannot lose a whole node to rounding.
 *
 * <p>Worked example, Mac-mini model ({@code N = 9}, {@code p_node = 25 W}, {@code p_total = 225
 * W}): at 20% {@code p = 45 W}, {@code 8·45/(225 − 45) = 2}, {@code r = ⌈9/2⌉ = 5}; at 40%
 * {@code 720/135 = 5.33 → 5}, {@code r = 2}; at 10% {@code 180/202.5 = 0.89 → 0}: not reachable,
 * least unavailable {@code 1 − 22.5/25 = 0.1}.
 *
 * <p>Stateless and thread-safe.
 */
public final class BlinkFsReplicaFormula {
  /** Relative slack applied before flooring, so 1.9999999999999998 counts as 2. */
  static final double FLOOR_TOLERANCE = 1e-9;

  private BlinkFsReplicaFormula() {}

  /**
   * The paper's node stride before flooring: {@code (N−1)·p / (N·p_node − p)}. Positive
   * infinity at or above full power ({@code p ≥ N·p_node}).
   */
  public static double strideRatio(int nodeCount, double availableWatts, double nodeActiveWatts) {
    validate(nodeCount, availableWatts, nodeActiveWatts);
    double denominator = nodeCount * nodeActiveWatts - availableWatts;
    if (denominator <= 0) {
      return Double.POSITIVE_INFINITY;
    }
    return (nodeCount - 1) * availableWatts / denominator;
  }

  /**
   * {@code r = ⌈N / ⌊(N−1)·p / (N·p_node − p)⌋⌉}, capped below by 1; {@code 1} at full power;
   * empty when the floor is 0 ({@code p < p_node}): no replica count covers the interval.
   *
   * @param nodeCount {@code N}, DataNodes that blink, at least 1
   * @param availableWatts {@code p}, watts for the DataNodes, at least 0
   * @param nodeActiveWatts {@code p_node}, one node's draw awake, above 0
   */
  public static OptionalInt replicasForFullAvailability(int nodeCount, double availableWatts,
      double nodeActiveWatts) {
    double ratio = strideRatio(nodeCount, availableWatts, nodeActiveWatts);
    if (Double.isInfinite(ratio)) {
      return OptionalInt.of(1);
    }
    long stride = (long) Math.floor(ratio * (1 + FLOOR_TOLERANCE));
    if (stride == 0) {
      return OptionalInt.empty();
    }
    long r = (nodeCount + stride - 1) / stride;
    return OptionalInt.of((int) Math.max(1, r));
  }

  /**
   * As {@link #replicasForFullAvailability(int, double, double)}, from a resolved budget.
   *
   * @throws IllegalArgumentException if the budget's {@code nodeWatts} is negative
   */
  public static OptionalInt replicasForFullAvailability(PowerBudget budget) {
    return replicasForFullAvailability(budget.model().nodeCount(), budget.nodeWatts(),
        budget.model().activeWatts());
  }

  /**
   * The paper's least unavailable fraction: {@code 1 − p/p_node} when {@code p < p_node}, else
   * 0. Ignores sleep draw; see {@link StaggeredCoverBounds#minimumUnavailableFraction} for the
   * bound that charges it.
   */
  public static double minimumUnavailableFraction(double availableWatts, double nodeActiveWatts) {
    validate(1, availableWatts, nodeActiveWatts);
    if (availableWatts >= nodeActiveWatts) {
      return 0;
    }
    return 1 - availableWatts / nodeActiveWatts;
  }

  static void validate(int nodeCount, double availableWatts, double nodeActiveWatts) {
    if (nodeCount < 1) {
      throw new IllegalArgumentException("nodeCount must be at least 1, got " + nodeCount
          + ": give the number of DataNodes that blink");
    }
    if (!Double.isFinite(availableWatts) || availableWatts < 0) {
      throw new IllegalArgumentException("availableWatts must be a finite number >= 0, got "
          + availableWatts + ": give the watts left for the DataNodes (p_available)");
    }
    if (!Double.isFinite(nodeActiveWatts) || nodeActiveWatts <= 0) {
      throw new IllegalArgumentException("nodeActiveWatts must be a finite number > 0, got "
          + nodeActiveWatts + ": give one DataNode's draw when awake (p_node)");
    }
  }
}
