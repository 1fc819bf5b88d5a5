package org.blinkhdfs.model.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.TreeSet;
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
 * Whole groups only ({@link #activeGroups}). Under the read order j ACTIVE groups deliver
 * {@code j · min|g|} over them ({@link ReadOrderCapacity}), so the useful sets hold groups of one
 * size: the j smallest ({@link #activeOrder}, smallest first, the cheapest; the last
 * {@code G − N mod G} groups have {@code q = ⌊N/G⌋} nodes) or, when {@code N mod G > 0}, the j
 * largest ({@code q + 1} nodes each, the first {@code N mod G} groups), which deliver
 * {@code j·(q+1)} where j smallest would deliver {@code j·q}. k ACTIVE nodes name the set: the
 * {@code k/(q+1)} largest groups when that is a whole number no more than {@code N mod G}, else
 * the smallest groups that hold k nodes (when both hold k nodes they deliver the same k
 * node-eq; when k is also a smallest-first set mixing sizes, that set delivers less). Fewer
 * groups than {@link #coverGroups} is not a candidate: some block would have no replica awake all
 * interval while others do, which no read of that block can wait out (the covering policy's rule
 * too); any {@code coverGroups} groups cover, so {@link #coverNodes} (smallest first) is the
 * cheapest covering set.
 *
 * <h2>Candidates</h2>
 * Blinking (the whole budget, window {@code ⌊f·t⌋ − T_tr} as in every blink policy); for every
 * whole-group set above (j from {@link #coverGroups}, smallest first, and largest first) that the
 * budget affords (no more nodes than {@link ActivationPolicy#activeNodes}), in increasing k:
 * activation of those k nodes (the rest OFF), and hybrid k (the rest blink with what is left,
 * {@code f_b = (P − k·p_active − (N−k)·p_sleep) / ((N−k)·(p_active − p_sleep))}) when its window
 * is positive. Only
 * whole groups: under the read order ACTIVE nodes beyond whole groups add (almost) no throughput
 * for their power ({@link ReadOrderCapacity}).
 *
 * <h2>Throughput</h2>
 * What the NameNode's read order ({@link AutoInputs#readOrder}, {@code blink.read.order})
 * delivers ({@link ReadOrderCapacity}), not the awake node-seconds. Under the longest window
 * (the default): blinking {@code Σ_g min(L, gap_g)·|g|/t} for G = r (the group opened last
 * serves alone), j whole groups ACTIVE {@code j·min|g|}, and a hybrid the same as its activation
 * (every block has an ACTIVE replica, so its blinking nodes serve no read); a hybrid therefore
 * never beats its activation there, and stays a candidate so the reason shows what it would
 * give. Under {@code balanced} every usable replica shares, so with equal groups blinking
 * delivers its usable node-seconds {@code N·L/t} (overlapping windows included) and hybrid j
 * {@code (N/G)·(j + (G − j)·L/t)}: blinking and hybrids can beat activation per watt.
 *
 * <p>Worked example (N = 9, r = G = 3, t = 6 s, T_tr = 137 ms, m = 500 ms, 25 W awake, 0 W asleep,
 * 40% = 90 W): blinking gets 2 400 ms powered, a 2 263 ms window, L = 1 763 ms against gaps of
 * 2 000 ms: unavailable 3·237/6000 = 11.85% of the interval, mean wait 3·237²/12 000 = 14.04 ms
 * (fully available needs {@code a ≥ (2000 + 500 + 137)/6000 = 0.4395}), and the read order
 * delivers {@code 3·1 763·3/6 000 = 2.6445} node-eq (0.0294/W). Activation 3 (group 2, positions
 * 2, 5, 8) draws 75 W for 3 node-eq (0.0400/W); hybrid 3 spends the 15 W left on the 6 others,
 * 600 ms powered, 463 ms window, and still delivers 3 node-eq, for 90 W (0.0333/W). The
 * balanced order gives the same numbers here, since L = 1 763 ms is shorter than the gaps
 * (windows do not overlap) and the hybrid's two blinking groups add
 * {@code 2·3·(463 − 500)⁺/6 000 = 0}. At t = 60 s, 0 ms transitions and m = 0 it differs:
 * blinking 22 500 ms windows deliver {@code 9·22 500/60 000 = 3.375} node-eq for 90 W
 * (0.0375/W) against the longest window's 3 (0.0333/W), and hybrid 3 with 3 750 ms windows
 * {@code 3 + 2·3·3 750/60 000 = 3.375} too: 1.25% more than activation 3's 3 for 81 W, and the
 * hybrid wins the tie with blinking ({@link AutoPrediction#BEST_FIRST}: fewer nodes cycling).
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
    return groupNodes(layout, coverGroups(layout.groupCount(), replication));
  }

  /** The nodes of the first {@code groups} groups of {@link #activeOrder}. */
  public static int groupNodes(PhaseGroups layout, int groups) {
    int nodes = 0;
    for (int j = 0; j < groups; j++) {
      nodes += layout.groupSize(layout.groupCount() - 1 - j);
    }
    return nodes;
  }

  /**
   * The groups ACTIVE when {@code k} nodes are (class comment): the {@code k/(q+1)} largest when
   * that is a whole number of at most {@code N mod G} groups, else the smallest groups holding k.
   *
   * @throws IllegalArgumentException when k is not the size of such a set of whole groups
   */
  public static boolean[] activeGroups(PhaseGroups layout, int k) {
    int g = layout.groupCount();
    int q = layout.nodeCount() / g;
    int large = layout.nodeCount() % g;
    boolean[] on = new boolean[g];
    if (large > 0 && k > 0 && k % (q + 1) == 0 && k / (q + 1) <= large) {
      for (int h = 0; h < k / (q + 1); h++) {
        on[h] = true;
      }
      return on;
    }
    int nodes = 0;
    for (int h = g - 1; h >= 0 && nodes < k; h--) {
      on[h] = true;
      nodes += layout.groupSize(h);
    }
    if (nodes != k) {
      throw new IllegalArgumentException(k + " ACTIVE nodes are not whole phase groups of "
          + layout + ": give j·" + (q + 1) + " (j <= " + large + ") or the nodes of the j"
          + " smallest groups");
    }
    return on;
  }

  /** The ring positions of {@link #activeGroups}. */
  public static List<Integer> activePositions(PhaseGroups layout, int k) {
    boolean[] on = activeGroups(layout, k);
    List<Integer> out = new ArrayList<>(k);
    for (int i = 0; i < layout.nodeCount(); i++) {
      if (on[layout.groupOf(i)]) {
        out.add(i);
      }
    }
    return out;
  }

  /**
   * The ACTIVE node counts of the candidates, ascending: the j smallest groups for j from
   * {@link #coverGroups} to G, and the j largest for j from coverGroups to {@code N mod G}, up
   * to {@code affordable} nodes.
   */
  static List<Integer> activeCounts(PhaseGroups layout, int replication, int affordable) {
    int g = layout.groupCount();
    int cover = coverGroups(g, replication);
    TreeSet<Integer> ks = new TreeSet<>();
    for (int j = cover; j <= g; j++) {
      ks.add(groupNodes(layout, j));
    }
    int q = layout.nodeCount() / g;
    for (int j = cover; j <= layout.nodeCount() % g; j++) {
      ks.add(j * (q + 1));
    }
    return List.copyOf(ks.headSet(affordable, true));
  }

  /** Every candidate's prediction, blinking first, then activation and hybrid by k. */
  public static List<AutoPrediction> evaluate(AutoInputs in) {
    PowerBudget budget = in.level().resolve(in.model());
    PhaseGroups layout = new PhaseGroups(in.nodes(), in.effectiveGroups());
    OptionalDouble demand = in.load().demandNodes(in.targetUtilization());
    List<AutoPrediction> out = new ArrayList<>();
    out.add(blinking(in, layout, budget, demand));
    int affordable = budget.belowMinimum() ? 0 : ActivationPolicy.activeNodes(budget);
    for (int k : activeCounts(layout, in.replication(), affordable)) {
      boolean[] on = activeGroups(layout, k);
      out.add(withActive(in, layout, on, new AutoCandidate(AutoCandidate.Kind.ACTIVATION, k), 0,
          budget, demand));
      long window = hybridWindowMs(in, budget, k);
      if (window > 0 && k < in.nodes()) {
        out.add(withActive(in, layout, on, new AutoCandidate(AutoCandidate.Kind.HYBRID, k),
            window, budget, demand));
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
    double capacity = ReadOrderCapacity.nodeEquivalents(layout, in.replication(), t, 0, w,
        in.readWindowMs(), in.readOrder());
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

  private static AutoPrediction withActive(AutoInputs in, PhaseGroups layout, boolean[] groups,
      AutoCandidate c, long window, PowerBudget budget, OptionalDouble demand) {
    long t = in.intervalMs();
    int k = c.activeNodes();
    int rest = in.nodes() - k;
    double draw = k * in.model().activeWatts() + rest * in.model().averageNodeWatts(window, t);
    double capacity = ReadOrderCapacity.nodeEquivalents(layout, in.replication(), t, groups,
        window, in.readWindowMs(), in.readOrder());
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
