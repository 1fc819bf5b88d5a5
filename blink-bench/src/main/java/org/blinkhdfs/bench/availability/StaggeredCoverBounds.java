package org.blinkhdfs.bench.availability;

import java.util.OptionalInt;
import org.blinkhdfs.model.power.PowerBudget;

/**
 * Closed forms for the paper's staggered blinking that charge the sleep draw and follow the
 * offsets the paper actually prints, {@code b_start_i = (t − t_active)·i/(N−1)}.
 *
 * <p>Design note. The schedule gives every node the same awake fraction {@code a = t_active/t =
 * (p − p_inactive)/(p_total − p_inactive)} and starts node {@code i} at {@code i·s} with
 * {@code s = t(1−a)/(N−1)}; no window wraps, node 0 opens at 0 and node {@code N−1} closes at
 * {@code t}. A block is available the whole interval exactly when its replicas' windows chain
 * from 0 to {@code t}, i.e. they include nodes 0 and {@code N−1} and consecutive replicas are at
 * most {@code k = ⌊t_active/s⌋ = ⌊a(N−1)/(1−a)⌋} nodes apart. Greedy covering of a line is
 * optimal, so the least count is {@code r = 1 + ⌈(N−1)/k⌉} (placed at {@code 0, k, 2k, …, N−1}).
 * With zero sleep draw {@code k} equals the paper's stride; the paper then divides {@code N} by
 * it, which undercounts (see {@link BlinkFsReplicaFormula}). {@link MinimumReplicaCover} checks
 * this form on real windows in the tests.
 *
 * <p>Least unavailability for any schedule: power above the all-asleep floor buys awake
 * node-time at {@code p_node − p_sleep} per node, so the interval's union of awake time is at
 * most {@code N·a·t}; a block on every node is unavailable at least {@code 1 − N·a = 1 − (p −
 * N·p_sleep)/(p_node − p_sleep)}. Transitions only shorten awake time, so the bound stays a
 * bound when they are ignored (they are).
 *
 * <p>Worked example, Mac-mini model, {@code p_inactive = 9 W}: at 40% {@code a = 81/216 =
 * 0.375}, {@code t_active = 22.5 s} of 60, {@code k = ⌊0.375·8/0.625⌋ = ⌊4.8⌋ = 4}, {@code r = 1
 * + ⌈8/4⌉ = 3} (nodes 0, 4, 8; the paper's form says 2). At 20% {@code a = 36/216 = 1/6},
 * {@code k = ⌊1.6⌋ = 1}, {@code r = 9}: every node (the paper's form says 5, true only with zero
 * sleep draw). At 10% {@code a = 0.0625}, least unavailable {@code 1 − 9·0.0625 = 0.4375}.
 *
 * <p>Stateless and thread-safe.
 */
public final class StaggeredCoverBounds {

  private StaggeredCoverBounds() {}

  /**
   * The awake fraction each node gets under staggered blinking: {@code (p − p_inactive) /
   * (p_total − p_inactive)}, capped at 1.
   *
   * @throws IllegalArgumentException if the budget cannot even keep every DataNode asleep
   */
  public static double activeFraction(PowerBudget budget) {
    if (budget.belowMinimum()) {
      throw new IllegalArgumentException("budget nodeWatts = " + budget.nodeWatts()
          + " is below p_inactive = " + budget.model().inactiveWatts()
          + ": no schedule fits; raise the power level or lower the node count");
    }
    double spare = budget.model().totalWatts() - budget.model().inactiveWatts();
    double fraction = (budget.nodeWatts() - budget.model().inactiveWatts()) / spare;
    return Math.min(1, fraction);
  }

  /**
   * Least fraction of the interval a block is unavailable, even with a replica on every node:
   * {@code max(0, 1 − N·a)}, {@code a} from {@link #activeFraction(PowerBudget)}.
   */
  public static double minimumUnavailableFraction(PowerBudget budget) {
    double a = activeFraction(budget);
    return Math.max(0, 1 - budget.model().nodeCount() * a);
  }

  /**
   * Least replicas keeping a block available the whole interval under the paper's linear
   * staggered offsets: 1 when {@code a ≥ 1}, {@code 1 + ⌈(N−1)/k⌉} with {@code k =
   * ⌊a(N−1)/(1−a)⌋}, empty when {@code k = 0} (adjacent nodes' windows do not even touch).
   *
   * @param nodeCount {@code N}, at least 1
   * @param activeFraction {@code a = t_active/t}, in {@code [0, 1]}
   */
  public static OptionalInt replicasForFullAvailability(int nodeCount, double activeFraction) {
    if (nodeCount < 1) {
      throw new IllegalArgumentException("nodeCount must be at least 1, got " + nodeCount
          + ": give the number of DataNodes that blink");
    }
    if (!(activeFraction >= 0 && activeFraction <= 1)) {
      throw new IllegalArgumentException("activeFraction must be in [0, 1], got "
          + activeFraction + ": give t_active/t, e.g. from activeFraction(PowerBudget)");
    }
    if (activeFraction == 1) {
      return OptionalInt.of(1);
    }
    double ratio = activeFraction * (nodeCount - 1) / (1 - activeFraction);
    long stride = (long) Math.floor(ratio * (1 + BlinkFsReplicaFormula.FLOOR_TOLERANCE));
    if (stride == 0) {
      return OptionalInt.empty();
    }
    long r = 1 + (nodeCount - 1 + stride - 1) / stride;
    return OptionalInt.of((int) r);
  }
}
