package org.blinkhdfs.bench.math;

import org.blinkhdfs.model.policy.ActivationPolicy;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;

/**
 * Power levels for gears: which whole percent of {@code p_total} (all ring nodes awake) makes
 * the activation policy keep exactly {@code n} nodes ACTIVE, and what a gear draws.
 *
 * <p>Why: the gears benchmark sets a gear through the same path an operator's power signal takes
 * (the activation policy at a power level), so every gear cell also has the power column the
 * report and its plots are drawn against, like Le et al.'s Fig 3 (throughput versus power).
 *
 * <p>Rule: activation keeps {@code k = floor((P − N·s)/(a − s))} nodes ACTIVE at {@code P}
 * watts ({@link ActivationPolicy#activeNodes}); the gear of {@code n} nodes draws
 * {@code n·a + (N − n)·s}, and its level is the smallest whole percent {@code q} with
 * {@code k(q) = n}.
 *
 * <p>Worked example, Mac mini model (25 W awake, 1 W asleep), 7 nodes, {@code p_total} = 175 W:
 * 2 nodes draw 55 W = 31.4% → 32%; 4 nodes 103 W = 58.9% → 59%; 7 nodes 175 W → 100%. On 9
 * nodes 20% (45 W) affords only {@code floor(36/24)} = 1 node.
 *
 * <p>Stateless.
 */
public final class GearPower {
  private GearPower() {}

  /** Nodes the activation policy keeps ACTIVE at {@code percent} of {@code p_total}. */
  public static int activeNodes(PowerModel model, double percent) {
    return ActivationPolicy.activeNodes(new PowerLevel.Percent(percent).resolve(model));
  }

  /** Watts to the ring when the first {@code n} nodes are ACTIVE and the rest asleep (OFF). */
  public static double gearWatts(PowerModel model, int n) {
    checkNodes(model, n);
    return n * model.activeWatts() + (model.nodeCount() - n) * model.sleepWatts();
  }

  /**
   * The smallest whole percent at which activation keeps exactly {@code n} nodes ACTIVE.
   *
   * @throws IllegalArgumentException when n is outside 0..N, or no whole percent gives n (one
   *     node's step below 1% of p_total, a cluster of more than about 100 nodes)
   */
  public static int percentFor(PowerModel model, int n) {
    checkNodes(model, n);
    for (int q = 0; q <= 100; q++) {
      int k = activeNodes(model, q);
      if (k == n) {
        return q;
      }
      if (k > n) {
        break;
      }
    }
    throw new IllegalArgumentException("no whole percent of " + model.totalWatts() + " W makes"
        + " the activation policy keep exactly " + n + " of " + model.nodeCount() + " nodes"
        + " ACTIVE: one node's step is below 1%; use the scheduler's -setActive override");
  }

  private static void checkNodes(PowerModel model, int n) {
    if (n < 0 || n > model.nodeCount()) {
      throw new IllegalArgumentException("gear of " + n + " nodes is outside 0.."
          + model.nodeCount() + " (the ring's nodes)");
    }
  }
}
