package org.blinkhdfs.model.policy;

import java.util.Objects;
import java.util.TreeSet;
import org.blinkhdfs.model.schedule.ReadOrderMode;

/**
 * The read throughput a plan on the phase-group layout delivers under the NameNode's read order
 * ({@code blink.read.order}), in node-equivalents: what the {@code auto} policy predicts for each
 * candidate.
 *
 * <h2>Why awake node-seconds are not throughput</h2>
 * The NameNode sends a read to one replica. Under {@link ReadOrderMode#LONGEST_WINDOW}
 * ({@link org.blinkhdfs.model.schedule.ReadOrder}) that is the ACTIVE one first, else the usable
 * one with the longest window left, equal keys sharing; so an awake node serves only the blocks
 * for which it is first in that order, and a full scan of the blocks takes as long as its busiest
 * node needs. Counting every awake node-second as capacity (the earlier model) over-predicts
 * blinking and hybrids by up to 2x under that order: a hybrid's blinking nodes are never first,
 * and under phase-group blinking only the group opened last is. Under
 * {@link ReadOrderMode#BALANCED} ({@link org.blinkhdfs.model.schedule.BalancedReadOrder}) a read
 * goes to one of the usable replicas, ACTIVE or blinking, chosen by block ID, so each takes an
 * equal share in expectation and every usable node-second serves.
 *
 * <h2>The model (the simulator's, {@code EpochSweep}, in expectation over the anchors and IDs)</h2>
 * Groups {@code h} of the layout ({@link PhaseGroups}); the first j groups of
 * {@link AutoEvaluator#activeOrder} ACTIVE; every other node blinks in its group's phase
 * {@code φ_h} with the same window w, usable while at least m of it is left, so for
 * {@code L = w − m} after opening; {@code L ≤ 0} is OFF. A block with start group s (each start
 * group holds 1/G of the blocks) has {@code v_s(h)} replicas in group h
 * ({@link PhaseGroups#blockGroups}), each member of a group equally often. At phase x its read
 * goes, split equally over the replicas named:
 * <ul>
 *   <li>longest window: to its replicas in ACTIVE groups if it has any, else to those in the
 *       usable group opened last (smallest {@code (x − φ_h) mod t < L}: equal windows, so the
 *       longest left);
 *   <li>balanced: to all its replicas in ACTIVE or usable groups (the block ID picks one of the
 *       k eligible, {@code floorMod(id, k)}, so over the IDs each gets 1/k).
 * </ul>
 * Group h then carries {@code ℓ_h(x)} of the blocks, each of its members {@code ℓ_h/|h|}, and the
 * scan of the servable blocks {@code S(x) = Σ ℓ_h} runs at {@code S(x) / max_h (ℓ_h/|h|)}
 * node-equivalents (node bandwidth 1). The state changes only where a group opens or its usable
 * time ends, so the mean over the interval is an exact sum over at most 2G segments.
 *
 * <h2>Closed forms for G = r</h2>
 * Every block has one replica in every group.
 * <ul>
 *   <li>Blinking, longest window: at x the group opened last that is still usable serves every
 *       block alone, at {@code |h|}; it is that group from its opening {@code φ_h} for
 *       {@code min(L, gap_h)}, {@code gap_h = φ_{h+1} − φ_h}:
 *       <pre>  C = Σ_h min(L, gap_h)·|h| / t</pre>
 *       about N/G once {@code L ≥ ⌈t/G⌉} however long the windows (the rest of each window is
 *       overlap that serves nothing). Transitions and m enter through L.
 *   <li>Blinking, balanced: at x every usable group {@code A(x)} takes {@code 1/|A(x)|} of the
 *       blocks, so the scan runs at {@code |A(x)|·min_{h∈A(x)} |h|}; with equal groups
 *       ({@code G | N}) that is {@code |A(x)|·N/G}, and each group is usable for L of t:
 *       <pre>  C = N·L / t</pre>
 *       the usable node-seconds, overlap included. With unequal groups the smallest usable group
 *       bounds each segment.
 *   <li>j whole groups ACTIVE, the rest OFF (either order): each block splits over its j ACTIVE
 *       replicas, a member of ACTIVE group h carries {@code 1/(j·|h|)}: {@code C = j · min |h|}
 *       over the ACTIVE groups. ACTIVE nodes beyond whole groups add nothing when the groups are
 *       equal (each block is on a stripe of one member per group, and the stripes whose
 *       partial-group member is OFF still bound the scan), which is why {@code auto} offers whole
 *       groups only, and the larger groups ({@code q + 1} nodes when r does not divide N) where
 *       the budget affords them.
 *   <li>Hybrid (j ≥ 1 groups ACTIVE, the rest blinking), longest window: every block has an
 *       ACTIVE replica, so the blinking nodes are never first: {@code C} is activation j's, for
 *       more power. Balanced: the usable blinking groups share with the ACTIVE ones, with equal
 *       groups {@code C = (N/G)·(j + (G − j)·L/t)}.
 * </ul>
 *
 * <p>Worked examples (N = 9, r = G = 3, groups {0,3,6}, {1,4,7}, {2,5,8} opening at 0, 20 and
 * 40 s, t = 60 s, no transitions, m = 0):
 * <ul>
 *   <li>40% of 25 W / 1 W = 90 W: blinking windows of 22 500 ms against gaps of 20 000 ms.
 *       Longest window {@code C = 3·20 000·3 / 60 000 = 3} node-eq for 90 W (0.0333/W); one
 *       group ACTIVE gives {@code 1·3 = 3} for 81 W (0.0370/W); the hybrid of that group and
 *       3 750 ms windows 3 for 90 W. Activation wins. Balanced: blinking
 *       {@code 9·22 500/60 000 = 3.375} (0.0375/W), the hybrid {@code 3 + 6·3 750/60 000 =
 *       3.375} (0.0375/W), activation still 3: blinking and the hybrid win by 1.25%.
 *   <li>Windows of 30 s, where two groups overlap: in [0, 10 s) groups 0 (opened at 0) and 2
 *       (opened at 40 s, usable until 70 s) are awake, in [10, 20 s) group 0 alone, and so on
 *       round the interval: three 10 s segments with two groups, three with one. Longest window:
 *       the newer group serves alone, 3 node-eq throughout, {@code C = 3}. Balanced: 6 node-eq
 *       in the overlaps, 3 elsewhere, {@code C = (3·10·6 + 3·10·3)/60 = 4.5 = 9·30/60}.
 *   <li>t = 6 s, w = 3 000 ms, m = 500 ms: L = 2 500 ms against gaps of 2 000 ms. Longest window
 *       {@code 3·2 000·3/6 000 = 3}; balanced {@code 9·2 500/6 000 = 3.75}. With w = 2 263 ms
 *       (L = 1 763 ms, no overlap) both give {@code 3·1 763·3/6 000 = 2.6445}: the orders differ
 *       only where windows overlap.
 * </ul>
 *
 * <p>Pure and stateless; no Hadoop import.
 */
public final class ReadOrderCapacity {
  private ReadOrderCapacity() {}

  /**
   * The delivered full-scan throughput in node-equivalents (class comment), with the first
   * {@code activeGroups} groups of {@link AutoEvaluator#activeOrder} ACTIVE (the smallest).
   *
   * @param layout the phase groups
   * @param replicas r, the replicas of every block
   * @param intervalMs t
   * @param activeGroups j: groups {@code G−1 … G−j} are ACTIVE
   * @param windowMs w, the window of every other node (0: OFF; t or more: ACTIVE)
   * @param readWindowMs m, the window a replica needs left to be read
   * @throws IllegalArgumentException when activeGroups is outside 0..G, or a length is negative
   */
  public static double nodeEquivalents(PhaseGroups layout, int replicas, long intervalMs,
      int activeGroups, long windowMs, long readWindowMs) {
    return nodeEquivalents(layout, replicas, intervalMs, activeGroups, windowMs, readWindowMs,
        ReadOrderMode.LONGEST_WINDOW);
  }

  /**
   * As {@link #nodeEquivalents(PhaseGroups, int, long, int, long, long)} under {@code order}.
   *
   * @param order the NameNode's {@code blink.read.order}
   */
  public static double nodeEquivalents(PhaseGroups layout, int replicas, long intervalMs,
      int activeGroups, long windowMs, long readWindowMs, ReadOrderMode order) {
    int g = layout.groupCount();
    if (activeGroups < 0 || activeGroups > g) {
      throw new IllegalArgumentException("activeGroups must be within 0.." + g + ", got "
          + activeGroups + ": give how many whole phase groups are ACTIVE");
    }
    boolean[] active = new boolean[g];
    for (int h = g - activeGroups; h < g; h++) {
      active[h] = true;
    }
    return nodeEquivalents(layout, replicas, intervalMs, active, windowMs, readWindowMs, order);
  }

  /**
   * The delivered full-scan throughput in node-equivalents (class comment) with the groups
   * {@code h} where {@code active[h]} ACTIVE.
   *
   * @throws IllegalArgumentException when {@code active} does not have one entry per group, or
   *     a length is negative
   */
  public static double nodeEquivalents(PhaseGroups layout, int replicas, long intervalMs,
      boolean[] activeGroups, long windowMs, long readWindowMs) {
    return nodeEquivalents(layout, replicas, intervalMs, activeGroups, windowMs, readWindowMs,
        ReadOrderMode.LONGEST_WINDOW);
  }

  /**
   * As {@link #nodeEquivalents(PhaseGroups, int, long, boolean[], long, long)} under
   * {@code order}.
   *
   * @param order the NameNode's {@code blink.read.order}
   * @throws IllegalArgumentException when {@code active} does not have one entry per group, or
   *     a length is negative
   */
  public static double nodeEquivalents(PhaseGroups layout, int replicas, long intervalMs,
      boolean[] activeGroups, long windowMs, long readWindowMs, ReadOrderMode order) {
    Objects.requireNonNull(order, "order");
    int g = layout.groupCount();
    if (activeGroups.length != g) {
      throw new IllegalArgumentException("activeGroups has " + activeGroups.length
          + " entries for " + g + " phase groups: give one per group");
    }
    if (intervalMs < 1 || windowMs < 0 || readWindowMs < 0) {
      throw new IllegalArgumentException("interval " + intervalMs + " ms, window " + windowMs
          + " ms, read window " + readWindowMs + " ms: the interval must be positive and the"
          + " windows non-negative");
    }
    int[][] visits = new int[g][g];
    for (int s = 0; s < g; s++) {
      for (int h : layout.blockGroups(s, replicas)) {
        visits[s][h]++;
      }
    }
    boolean allOn = windowMs >= intervalMs;
    boolean[] active = new boolean[g];
    for (int h = 0; h < g; h++) {
      active[h] = allOn || activeGroups[h];
    }
    long usable = allOn ? 0 : Math.max(0, windowMs - readWindowMs);
    long[] phase = new long[g];
    TreeSet<Long> cuts = new TreeSet<>();
    cuts.add(0L);
    cuts.add(intervalMs);
    for (int h = 0; h < g; h++) {
      phase[h] = layout.phaseMs(h, intervalMs);
      if (!active[h] && usable > 0) {
        cuts.add(phase[h]);
        cuts.add((phase[h] + usable) % intervalMs);
      }
    }
    double sum = 0;
    Long from = null;
    for (long to : cuts) {
      if (from != null && to > from) {
        sum += (to - from) * atPhase(layout, visits, active, phase, usable, intervalMs, from,
            order == ReadOrderMode.BALANCED);
      }
      from = to;
    }
    return sum / intervalMs;
  }

  /**
   * The scan's node-equivalents at phase {@code x} (class comment); {@code balanced}: every
   * ACTIVE or usable replica shares, else ACTIVE replicas first, then the newest usable group.
   */
  private static double atPhase(PhaseGroups layout, int[][] visits, boolean[] active,
      long[] phase, long usable, long intervalMs, long x, boolean balanced) {
    int g = visits.length;
    long[] since = new long[g];
    for (int h = 0; h < g; h++) {
      since[h] = Math.floorMod(x - phase[h], intervalMs);
    }
    double[] load = new double[g];
    double servable = 0;
    for (int s = 0; s < g; s++) {
      boolean[] serving = new boolean[g];
      int replicasServing = 0;
      for (int h = 0; h < g; h++) {
        if (visits[s][h] > 0 && (active[h] || balanced && since[h] < usable)) {
          serving[h] = true;
          replicasServing += visits[s][h];
        }
      }
      if (replicasServing == 0 && !balanced) {
        long latest = Long.MAX_VALUE;
        for (int h = 0; h < g; h++) {
          if (visits[s][h] > 0 && since[h] < usable) {
            latest = Math.min(latest, since[h]);
          }
        }
        for (int h = 0; h < g; h++) {
          if (visits[s][h] > 0 && !active[h] && since[h] == latest) {
            serving[h] = true;
            replicasServing += visits[s][h];
          }
        }
      }
      if (replicasServing == 0) {
        continue;
      }
      servable += 1.0 / g;
      for (int h = 0; h < g; h++) {
        if (serving[h]) {
          load[h] += (double) visits[s][h] / replicasServing / g;
        }
      }
    }
    double busiest = 0;
    for (int h = 0; h < g; h++) {
      busiest = Math.max(busiest, load[h] / layout.groupSize(h));
    }
    return busiest == 0 ? 0 : servable / busiest;
  }
}
