package org.blinkhdfs.rabbit.layout;

import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Keeps the best of several candidate layouts for a set of holders, when the block ID is not
 * known (HDFS allocates it only after the targets are chosen, and never passes it to
 * {@code verifyBlockPlacement} or {@code chooseReplicasToDelete}).
 *
 * <p>Order: most holders covered; then fewest targets (so fewest missing); then the candidate
 * whose earliest targets are held (held pattern in write order compared lexicographically, held
 * first: a held primary beats a held tail secondary); then the first offered. Deterministic for
 * a deterministic offering order.
 *
 * <p>Not thread-safe; one instance per call.
 */
final class BestFit {
  private final Set<String> held;
  private List<String> best;
  private int bestCovered = -1;
  private int bestIndex = -1;
  private int offered;

  BestFit(Collection<String> holders) {
    this.held = PlacementCheck.distinctHolders(holders);
  }

  void offer(List<String> candidate) {
    int covered = 0;
    for (String node : candidate) {
      covered += held.contains(node) ? 1 : 0;
    }
    if (best == null || covered > bestCovered
        || covered == bestCovered && isBetterTie(candidate, best)) {
      best = candidate;
      bestCovered = covered;
      bestIndex = offered;
    }
    offered++;
  }

  /** The 0-based offer number of the best candidate. */
  int resultIndex() {
    result();
    return bestIndex;
  }

  /** The best candidate offered. */
  List<String> result() {
    if (best == null) {
      throw new IllegalStateException("no candidate layout was offered");
    }
    return List.copyOf(best);
  }

  private boolean isBetterTie(List<String> candidate, List<String> incumbent) {
    if (candidate.size() != incumbent.size()) {
      return candidate.size() < incumbent.size();
    }
    for (int i = 0; i < candidate.size(); i++) {
      boolean a = held.contains(candidate.get(i));
      boolean b = held.contains(incumbent.get(i));
      if (a != b) {
        return a;
      }
    }
    return false;
  }
}
