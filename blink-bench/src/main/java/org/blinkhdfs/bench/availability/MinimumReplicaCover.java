package org.blinkhdfs.bench.availability;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeSet;
import org.blinkhdfs.model.availability.BlockAvailability;
import org.blinkhdfs.model.schedule.ActiveWindow;

/**
 * The exact least number of replicas, and one set of nodes to hold them, that keeps a block
 * available the whole blink interval under a given schedule: a minimum cover of the circle
 * {@code [0, intervalMs)} by the nodes' awake windows (arcs).
 *
 * <p>Design note: the closed forms ({@link BlinkFsReplicaFormula}, {@link StaggeredCoverBounds})
 * assume one idealised schedule; this works on the windows actually in force, whatever policy
 * made them, so placement decisions use it. Algorithm: a minimum cover contains an arc through
 * the phase covered by the fewest arcs; for each such start arc, extend greedily from its end,
 * always taking the arc awake at the current reach that stays awake longest, until one full
 * interval is covered. Greedy is optimal for covering a line segment, and in an irredundant
 * circular cover no other arc is needed twice, so the best start gives the optimum. Cost
 * {@code O(N²)} per start arc; fine for clusters of hundreds of nodes.
 *
 * <p>Worked example, paper's staggered offsets at 40% on the 9-node Mac-mini model (22.5 s awake
 * of 60 s, node {@code i} opens at {@code 4.6875·i s}): the cover is nodes {@code [0, 4, 8]}
 * (0 → 22.5 s, 18.75 → 41.25 s, 37.5 → 60 s), 3 replicas, where the paper's form says 2. With
 * the circular offsets {@code 60·i/9 s} it is 3 as well, e.g. nodes 0, 3, 6.
 *
 * <p>Stateless and thread-safe.
 */
public final class MinimumReplicaCover {

  private MinimumReplicaCover() {}

  /**
   * Node indexes (into {@code nodeWindows}, ascending) of a smallest set whose windows together
   * cover the whole interval; empty when even all nodes leave a gap.
   *
   * @throws IllegalArgumentException if the list is empty, holds a null, or mixes intervals
   */
  public static Optional<List<Integer>> minimumCover(List<ActiveWindow> nodeWindows) {
    long intervalMs = BlockAvailability.commonIntervalMs("nodeWindows", nodeWindows);
    List<Integer> candidates = new ArrayList<>();
    for (int i = 0; i < nodeWindows.size(); i++) {
      ActiveWindow w = nodeWindows.get(i);
      if (w.isAlways()) {
        return Optional.of(List.of(i));
      }
      if (!w.isNever()) {
        candidates.add(i);
      }
    }
    if (candidates.isEmpty()) {
      return Optional.empty();
    }
    List<Integer> starts = startArcs(nodeWindows, candidates);
    List<Integer> best = null;
    for (int s : starts) {
      ActiveWindow first = nodeWindows.get(s);
      TreeSet<Integer> chosen = new TreeSet<>();
      chosen.add(s);
      long reachMs = first.offsetMs() + first.lengthMs();
      long targetMs = first.offsetMs() + intervalMs;
      boolean pruned = false;
      while (reachMs < targetMs) {
        long phaseMs = Math.floorMod(reachMs, intervalMs);
        int pick = -1;
        long pickRemainingMs = 0;
        for (int j : candidates) {
          long remainingMs = nodeWindows.get(j).remainingMs(phaseMs);
          if (remainingMs > pickRemainingMs) {
            pick = j;
            pickRemainingMs = remainingMs;
          }
        }
        if (pick < 0) {
          return Optional.empty(); // nobody is awake at phaseMs: the union itself has a gap
        }
        reachMs += pickRemainingMs;
        chosen.add(pick);
        if (best != null && chosen.size() >= best.size() && reachMs < targetMs) {
          pruned = true;
          break;
        }
      }
      if (!pruned && (best == null || chosen.size() < best.size())) {
        best = new ArrayList<>(chosen);
      }
    }
    return best == null ? Optional.empty() : Optional.of(List.copyOf(best));
  }

  /** Size of {@link #minimumCover(List)}; empty when no set of nodes covers the interval. */
  public static OptionalInt minimumReplicas(List<ActiveWindow> nodeWindows) {
    return minimumCover(nodeWindows).map(c -> OptionalInt.of(c.size()))
        .orElse(OptionalInt.empty());
  }

  /** The candidates awake at the window opening covered by the fewest candidates. */
  private static List<Integer> startArcs(List<ActiveWindow> windows, List<Integer> candidates) {
    List<Integer> fewest = null;
    for (int i : candidates) {
      long phaseMs = windows.get(i).offsetMs();
      List<Integer> awake = new ArrayList<>();
      for (int j : candidates) {
        if (windows.get(j).contains(phaseMs)) {
          awake.add(j);
        }
      }
      if (fewest == null || awake.size() < fewest.size()) {
        fewest = awake;
      }
    }
    return fewest;
  }
}
