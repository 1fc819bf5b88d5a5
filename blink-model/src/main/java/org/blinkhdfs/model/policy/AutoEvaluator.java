package org.blinkhdfs.model.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerModel;

/**
 * The predictions behind the {@code auto} policy: every candidate on the phase-group layout and
 * what it gives at one power level and load.
 *
 * <h2>Why one layout serves all three families</h2>
 * With {@link PhaseGroups} and r ≥ G every block has a replica in every group, so one whole group
 * ACTIVE is a covering set: activation with no data movement. With r &lt; G a block misses
 * {@code G − r} groups, so {@code G − r + 1} whole groups are the least that cover every block
 * ({@link #coverGroups}). Keeping a covering set ACTIVE and letting the rest blink in their
 * groups' phases is a hybrid; no ACTIVE group is plain blinking. All of them place data the same
 * way, so a switch moves no block: its cost is only the transitions of the nodes whose mode
 * changes, and those are paid in the interval's energy anyway.
 *
 * <h2>Which nodes are ACTIVE</h2>
 * {@link #activeOrder}: whole groups, smallest first (the last {@code G − N mod G} groups have
 * {@code ⌊N/G⌋} nodes), each group's members in ring order; k ACTIVE nodes are the first k of
 * that order. The first {@link #coverNodes} nodes are the cheapest covering set. Fewer ACTIVE
 * nodes than that is not a candidate: some block would have no replica awake all interval while
 * others do, which no read of that block can wait out (the covering policy's rule too).
 *
 * <h2>Candidates</h2>
 * Blinking (the whole budget, window {@code ⌊f·t⌋ − T_tr} as in every blink policy); for every k
 * from {@code coverNodes} to the ACTIVE nodes the budget affords
 * ({@link ActivationPolicy#activeNodes}): activation k (the rest OFF), and hybrid k (the rest
 * blink with what is left, {@code f_b = (P − k·p_active − (N−k)·p_sleep) / ((N−k)·(p_active −
 * p_sleep))}) when its window is positive.
 *
 * <p>Worked example (N = 9, r = G = 3, t = 6 s, T_tr = 137 ms, m = 500 ms, 25 W awake, 0 W asleep,
 * 40% = 90 W): blinking gets 2 400 ms powered, a 2 263 ms window, L = 1 763 ms against gaps of
 * 2 000 ms: unavailable 3·237/6000 = 11.85% of the interval, mean wait 3·237²/12 000 = 14.04 ms
 * (fully available needs {@code a ≥ (2000 + 500 + 137)/6000 = 0.4395}). Activation 3 (group 2,
 * positions 2, 5, 8) draws 75 W for 3 node-eq (0.0400/W); hybrid 3 spends the 15 W left on the 6
 * others, 600 ms powered, 463 ms window: 3.463 node-eq for 90 W (0.0385/W).
 *
 * <p>Pure and stateless; no Hadoop import.
 */
public final class AutoEvaluator {
  private AutoEvaluator() {}

  /** Whole groups ACTIVE that cover every block: {@code G − min(r, G) + 1}. */
  public static int coverGroups(int groups, int replication) {
    return groups - Math.min(replication, groups) + 1;
  }

  /** Ring positions in the order they become ACTIVE (class comment). */
  public static int[] activeOrder(PhaseGroups layout) {
    int[] order = new int[layout.nodeCount()];
    int i = 0;
    for (int g = layout.groupCount() - 1; g >= 0; g--) {
      for (int k = 0; k < layout.groupSize(g); k++) {
        order[i++] = layout.member(g, k);
      }
    }
    return order;
  }

  /** The nodes of the cheapest covering set: the first {@link #coverGroups} groups of the order. */
  public static int coverNodes(PhaseGroups layout, int replication) {
    int groups = coverGroups(layout.groupCount(), replication);
    int nodes = 0;
    for (int j = 0; j < groups; j++) {
      nodes += layout.groupSize(layout.groupCount() - 1 - j);
    }
    return nodes;
  }

  /** Every candidate's prediction, blinking first, then activation and hybrid by k. */
  public static List<AutoPrediction> evaluate(AutoInputs in) {
    PowerBudget budget = in.level().resolve(in.model());
    PhaseGroups layout = new PhaseGroups(in.nodes(), in.effectiveGroups());
    OptionalDouble demand = in.load().demandNodes(in.targetUtilization());
    List<AutoPrediction> out = new ArrayList<>();
    out.add(blinking(in, layout, budget, demand));
    int affordable = budget.belowMinimum() ? 0 : ActivationPolicy.activeNodes(budget);
    for (int k = coverNodes(layout, in.replication()); k <= affordable; k++) {
      out.add(withActive(in, new AutoCandidate(AutoCandidate.Kind.ACTIVATION, k), 0, budget,
          demand));
      long window = hybridWindowMs(in, budget, k);
      if (window > 0 && k < in.nodes()) {
        out.add(withActive(in, new AutoCandidate(AutoCandidate.Kind.HYBRID, k), window, budget,
            demand));
      }
    }
    return out;
  }

  /** The window every node gets when all N blink on the whole budget; 0 when none. */
  public static long blinkingWindowMs(AutoInputs in, PowerBudget budget) {
    if (budget.belowMinimum()) {
      return 0;
    }
    long powered = BlinkMath.poweredMs(BlinkMath.activeFraction(budget), in.intervalMs());
    return BlinkMath.windowMs(powered, in.intervalMs(), in.model());
  }

  /** The window of the N − k blinking nodes of hybrid k; 0 when the leftover buys none. */
  static long hybridWindowMs(AutoInputs in, PowerBudget budget, int active) {
    PowerModel m = in.model();
    int blinking = in.nodes() - active;
    if (blinking == 0) {
      return 0;
    }
    double spare = budget.nodeWatts() - active * m.activeWatts() - blinking * m.sleepWatts();
    double f = Math.max(0, Math.min(1, spare / (blinking * (m.activeWatts() - m.sleepWatts()))));
    long powered = BlinkMath.poweredMs(f, in.intervalMs());
    long window = BlinkMath.windowMs(powered, in.intervalMs(), m);
    return window >= in.intervalMs() ? 0 : window;
  }

  /**
   * The least active fraction {@code a = powered/t} at which blinking makes every block readable
   * at every phase: {@code (D + m + T_tr)/t}, D the layout's largest gap.
   */
  public static double fullyAvailableFraction(AutoInputs in) {
    PhaseGroups layout = new PhaseGroups(in.nodes(), in.effectiveGroups());
    long d = layout.maxGapMs(in.replication(), in.intervalMs());
    return (double) (d + in.readWindowMs() + in.model().transitionMs()) / in.intervalMs();
  }

  private static AutoPrediction blinking(AutoInputs in, PhaseGroups layout, PowerBudget budget,
      OptionalDouble demand) {
    long t = in.intervalMs();
    long w = blinkingWindowMs(in, budget);
    int n = in.nodes();
    AutoCandidate c = new AutoCandidate(AutoCandidate.Kind.BLINKING, 0);
    double draw = n * in.model().averageNodeWatts(w, t);
    double capacity = n * (double) w / t;
    if (w >= t) {
      return prediction(c, 0, true, 0, 0, capacity, demand, draw, budget);
    }
    if (w == 0) {
      return prediction(c, 0, false, 1, Double.POSITIVE_INFINITY, 0, demand, draw, budget);
    }
    int r = in.replication();
    long m = in.readWindowMs();
    OptionalDouble wait = layout.meanWaitMs(r, t, w, m);
    return prediction(c, w, layout.alwaysReadable(r, t, w, m),
        layout.unavailableFraction(r, t, w, m), wait.orElse(Double.POSITIVE_INFINITY), capacity,
        demand, draw, budget);
  }

  private static AutoPrediction withActive(AutoInputs in, AutoCandidate c, long window,
      PowerBudget budget, OptionalDouble demand) {
    long t = in.intervalMs();
    int k = c.activeNodes();
    int rest = in.nodes() - k;
    double draw = k * in.model().activeWatts() + rest * in.model().averageNodeWatts(window, t);
    double capacity = k + rest * (double) window / t;
    return prediction(c, window, true, 0, 0, capacity, demand, draw, budget);
  }

  private static AutoPrediction prediction(AutoCandidate c, long window, boolean full,
      double unavailable, double wait, double capacity, OptionalDouble demand, double draw,
      PowerBudget budget) {
    double d = demand.orElse(Double.POSITIVE_INFINITY);
    return new AutoPrediction(c, window, full, unavailable, wait, capacity, d,
        Math.min(capacity, d), draw, budget.nodeWatts());
  }
}
