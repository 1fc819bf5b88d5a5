package org.blinkhdfs.layout.phase;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.model.policy.PhaseGroups;

/**
 * How held ring positions compare with the phase-group layout ({@link PhaseGroups}): a block is
 * perfectly placed when its replicas sit in the groups of one start group (one per group for
 * {@code r = G}), whichever members of those groups hold them. Every member of a group opens at
 * the same phase, so any member is as good for availability; unlike the ring, a misplaced block is
 * fixed by any node of the missing group, and a held replica in a needed group is never moved.
 *
 * <p>Check: the start group whose groups the held positions fill most (ties: the smallest start);
 * then, in write order, each needed group keeps its smallest unused held position, or, when it has
 * none, gets a suggested member: member {@code (Σ held + k) mod |g|} of group g (k the visit), the
 * first such not already chosen. The suggestion only spreads corrections over a group; the
 * placement policy may put the replica on any awake member of that group instead.
 *
 * <p>Example (N = 10, G = 3, r = 3; groups {0, 3, 6, 9}, {1, 4, 7}, {2, 5, 8}): held {0, 3, 4}
 * fills groups 0 and 1; layout [0, 4, 5] (Σ held = 7, member 7 mod 3 = 1 of group 2 is 5),
 * missing [5], extra [3].
 *
 * <p>Immutable and thread-safe.
 */
public final class PhaseGroupLayout {
  private final PhaseGroups groups;

  public PhaseGroupLayout(PhaseGroups groups) {
    this.groups = Objects.requireNonNull(groups, "groups");
  }

  public PhaseGroups groups() {
    return groups;
  }

  /**
   * Compares {@code held} with the best-fitting layout of {@code replicas} (class comment).
   *
   * @throws IllegalArgumentException when a held position is not on the ring or replicas is
   *     outside 1..N
   */
  public LayoutCheck check(Collection<Integer> held, int replicas) {
    TreeSet<Integer> distinct = heldPositions(held);
    int g = groups.groupCount();
    int[] heldIn = new int[g];
    long sum = 0;
    for (int p : distinct) {
      heldIn[groups.groupOf(p)]++;
      sum += p;
    }
    int best = 0;
    int bestMatched = -1;
    for (int s = 0; s < g; s++) {
      int[] need = new int[g];
      for (int h : groups.blockGroups(s, replicas)) {
        need[h]++;
      }
      int matched = 0;
      for (int h = 0; h < g; h++) {
        matched += Math.min(heldIn[h], need[h]);
      }
      if (matched > bestMatched) {
        best = s;
        bestMatched = matched;
      }
    }
    List<Integer> layout = new ArrayList<>(replicas);
    List<Integer> missing = new ArrayList<>();
    int[] visits = new int[g];
    for (int h : groups.blockGroups(best, replicas)) {
      Integer kept = null;
      for (int p : distinct) {
        if (groups.groupOf(p) == h && !layout.contains(p)) {
          kept = p;
          break;
        }
      }
      if (kept == null) {
        kept = suggestion(h, sum, visits[h], layout, distinct);
        missing.add(kept);
      }
      visits[h]++;
      layout.add(kept);
    }
    List<Integer> extra = new ArrayList<>();
    for (int p : distinct) {
      if (!layout.contains(p)) {
        extra.add(p);
      }
    }
    return new LayoutCheck(layout.get(0), layout, missing, extra);
  }

  /**
   * Every distinct held position in the order to delete it down to {@code replicas}: the held
   * positions outside the best layout of {@code min(replicas, held)} first (ascending), then the
   * layout's own in reverse write order. Reducing a perfect layout of r' to r ≤ r' (same G)
   * therefore keeps a perfect layout of r.
   */
  public List<Integer> deletionOrder(Collection<Integer> held, int replicas) {
    TreeSet<Integer> distinct = heldPositions(held);
    if (distinct.isEmpty()) {
      return List.of();
    }
    int r = Math.max(1, Math.min(replicas, distinct.size()));
    LayoutCheck check = check(distinct, r);
    List<Integer> order = new ArrayList<>(check.extra());
    List<Integer> layout = check.layout();
    for (int i = layout.size() - 1; i >= 0; i--) {
      if (distinct.contains(layout.get(i))) {
        order.add(layout.get(i));
      }
    }
    return List.copyOf(order);
  }

  private int suggestion(int group, long heldSum, int visit, List<Integer> chosen,
      TreeSet<Integer> held) {
    int size = groups.groupSize(group);
    for (int k = 0; k < size; k++) {
      int p = groups.member(group, (int) ((heldSum + visit + k) % size));
      if (!chosen.contains(p) && !held.contains(p)) {
        return p;
      }
    }
    throw new IllegalStateException("group " + group + " has no free member; replicas exceed "
        + "the ring of " + groups.nodeCount());
  }

  private TreeSet<Integer> heldPositions(Collection<Integer> held) {
    Objects.requireNonNull(held, "held must not be null: pass an empty collection when no "
        + "replica is held");
    TreeSet<Integer> out = new TreeSet<>();
    for (Integer p : held) {
      if (p == null || p < 0 || p >= groups.nodeCount()) {
        throw new IllegalArgumentException("held position must be within 0.."
            + (groups.nodeCount() - 1) + ", got " + p + ": the ring has " + groups.nodeCount()
            + " nodes");
      }
      out.add(p);
    }
    return out;
  }
}
