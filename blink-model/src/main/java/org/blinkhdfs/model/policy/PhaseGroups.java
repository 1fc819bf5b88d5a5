package org.blinkhdfs.model.policy;

import java.util.OptionalDouble;

/**
 * Phase groups: the co-designed stagger and layout that reaches the bound of every equal-window
 * schedule, {@code r·L ≥ t}, for every ring size N ≥ r (issue 39), where {@link AlignedStagger}
 * reaches it only when r divides N.
 *
 * <h2>Design</h2>
 * <ul>
 *   <li>Groups: ring position i is in group {@code i mod G}, so the G groups hold {@code q = ⌊N/G⌋}
 *       or {@code q + 1} nodes (the first {@code N mod G} groups are the larger), and member k of
 *       group g is position {@code g + k·G}. A node that joins at the end of the ring joins one
 *       group and moves no other node.
 *   <li>Phases: every node of group g opens at {@code φ_g = ⌊t·g/G⌋}, whatever the power (a power
 *       change only changes the window length, so it moves no data). Every node gets the same
 *       window, so the power is balanced exactly.
 *   <li>Positions: a block of r ≤ G replicas takes one node from each of the groups
 *       {@code s + ⌊j·G/r⌋ mod G} (j = 0..r−1, s its start group): the even spacing of
 *       {@link AlignedStagger} on a ring of G groups. With r > G it visits the groups round from s
 *       and takes the next member each time (only G phases exist, so the extra replicas add
 *       redundancy, not coverage). Inside a group the member is chosen by the block's anchor
 *       (below), so every member of a group holds the same share.
 * </ul>
 * With {@code G = r} (the design for one replication) every block takes one node from each group
 * and all its gaps are {@code ⌊t/r⌋} or {@code ⌈t/r⌉}. With {@code G = N} the groups are single
 * nodes and the design is exactly {@code aligned} ({@link AlignedStagger}). With G a multiple of
 * several replications (G = 6 for r ∈ {1, 2, 3, 6}) each of them reaches its bound.
 *
 * <h2>Condition</h2>
 * A block's gaps are those of the even layout on the G-ring ({@link AlignedStagger#gapsMs} with
 * {@code min(r, G)} replicas), so it is readable at every phase exactly when the window is the
 * whole interval or {@code L = w − m ≥ D} with
 * {@code D = AlignedStagger.maxGapMs(G, min(r, G), t)}.
 * For {@code G = r}: {@code D = ⌈t/r⌉}, and since L is a whole number of milliseconds
 * {@code L ≥ ⌈t/r⌉ ⇔ r·L ≥ t}: the condition is the bound itself, for every N ≥ r. With the
 * window of the blink policies ({@code w = ⌊a·t⌋ − T_tr}):
 * <pre>  a ≥ (⌈t/r⌉ + T_tr + m) / t</pre>
 *
 * <h2>Below the condition</h2>
 * The mean wait is {@code Σ (Δ − L)₊² / (2t)} over the block's gaps ({@link #meanWaitMs}); for
 * {@code G = r} every block has the same near-equal gaps, which minimise that sum among gaps of
 * whole milliseconds summing to t, so no equal-window schedule waits less
 * ({@link AlignedStagger#lowerBoundWaitMs}, equal when r divides t).
 *
 * <h2>Anchors</h2>
 * The {@link #anchorCount()} anchors {@code a = s + G·c} ({@code 0 ≤ c < P}, P the least common
 * multiple of the group sizes) name the layouts: start group {@code s = a mod G}, and the k-th
 * visit to group g takes member {@code (c + k) mod |g|}. Over all anchors every member of a group
 * appears equally often, so a hash of the block ID reduced modulo {@link #anchorCount()} gives
 * every node of a group the same expected share ({@link #share}).
 *
 * <p>Worked example (N = 10, r = G = 3, t = 60 s): groups {0, 3, 6, 9}, {1, 4, 7}, {2, 5, 8} open
 * at 0, 20 000 and 40 000 ms; P = 12; anchor 0 is [0, 1, 2], anchor 3 ({@code s = 0, c = 1}) is
 * [3, 4, 5], anchor 9 ({@code c = 3}) is [9, 1, 2]. Every block is readable throughout once
 * {@code L ≥ 20 000 ms} (a ≥ 1/3 with no transition and no read window); a node of group 0 holds
 * 1/4 of the blocks, one of groups 1 and 2 holds 1/3.
 *
 * <h2>Explicit groups</h2>
 * {@link #explicit} takes each position's group from a persisted membership
 * ({@link GroupMembership}) instead of {@code i mod G}, so a node keeps its group (and phase) when
 * others join or leave and positions are renumbered. Groups may then differ in size by more than
 * one; phases, gaps and the condition are unchanged (they depend on G only), the shares are still
 * {@code r/(G·|g|)}, and the anchors need P = lcm of the sizes ({@link #anchorCount} refuses when
 * that does not fit a long; the membership's layout names members by rendezvous hashing
 * instead). Member k of a group is its k-th position in ring order.
 *
 * <p>Immutable; pure, no Hadoop import.
 */
public final class PhaseGroups {
  private final int nodeCount;
  private final int groupCount;
  /** P, or −1 when the lcm of the group sizes overflows a long. */
  private final long period;
  /** Explicit groups: each position's group and index in it, each group's positions; else null. */
  private final int[] groupOfPosition;
  private final int[] indexInGroup;
  private final int[][] members;

  /**
   * The ring of {@code nodeCount} nodes in {@code groupCount} phase groups.
   *
   * @throws IllegalArgumentException when nodeCount &lt; 1 or groupCount outside 1..nodeCount
   */
  public PhaseGroups(int nodeCount, int groupCount) {
    if (nodeCount < 1) {
      throw new IllegalArgumentException("nodeCount must be at least 1, got " + nodeCount
          + ": give the number of ring DataNodes");
    }
    if (groupCount < 1 || groupCount > nodeCount) {
      throw new IllegalArgumentException("phase groups must be within 1.." + nodeCount + ", got "
          + groupCount + ": a ring of " + nodeCount + " nodes has at most one group per node;"
          + " use the replication (groups = r) for r <= N");
    }
    this.nodeCount = nodeCount;
    this.groupCount = groupCount;
    long q = nodeCount / groupCount;
    this.period = nodeCount % groupCount == 0 ? q : q * (q + 1);
    this.groupOfPosition = null;
    this.indexInGroup = null;
    this.members = null;
  }

  private PhaseGroups(int groupCount, int[] groupOfPosition) {
    this.nodeCount = groupOfPosition.length;
    this.groupCount = groupCount;
    this.groupOfPosition = groupOfPosition;
    this.indexInGroup = new int[nodeCount];
    int[] sizes = new int[groupCount];
    for (int p = 0; p < nodeCount; p++) {
      indexInGroup[p] = sizes[groupOfPosition[p]]++;
    }
    this.members = new int[groupCount][];
    for (int g = 0; g < groupCount; g++) {
      members[g] = new int[sizes[g]];
    }
    for (int p = 0; p < nodeCount; p++) {
      members[groupOfPosition[p]][indexInGroup[p]] = p;
    }
    long lcm = 1;
    for (int size : sizes) {
      lcm = lcm < 0 ? lcm : lcmOrMinusOne(lcm, size);
    }
    this.period = lcm;
  }

  /**
   * Phase groups whose group of position p is {@code groupOfPosition[p]} (a persisted membership,
   * class comment), G = {@code groupCount}; every group must have a member.
   *
   * @throws IllegalArgumentException when the array is empty, a group is outside 0..G−1 or a
   *     group has no member
   */
  public static PhaseGroups explicit(int[] groupOfPosition, int groupCount) {
    if (groupOfPosition.length < 1) {
      throw new IllegalArgumentException("groupOfPosition is empty: give the group of each ring"
          + " node (at least one node)");
    }
    if (groupCount < 1 || groupCount > groupOfPosition.length) {
      throw new IllegalArgumentException("phase groups must be within 1.."
          + groupOfPosition.length + ", got " + groupCount + ": a ring of "
          + groupOfPosition.length + " nodes has at most one group per node");
    }
    boolean[] seen = new boolean[groupCount];
    for (int p = 0; p < groupOfPosition.length; p++) {
      int g = groupOfPosition[p];
      if (g < 0 || g >= groupCount) {
        throw new IllegalArgumentException("group of ring position " + p + " must be within 0.."
            + (groupCount - 1) + ", got " + g + ": the ring has " + groupCount + " phase groups");
      }
      seen[g] = true;
    }
    for (int g = 0; g < groupCount; g++) {
      if (!seen[g]) {
        throw new IllegalArgumentException("phase group " + g + " of " + groupCount
            + " has no member: every group needs a node (move one into it, or lower G)");
      }
    }
    return new PhaseGroups(groupCount, groupOfPosition.clone());
  }

  /** True when the groups are explicit ({@link #explicit}), not {@code i mod G}. */
  public boolean isExplicit() {
    return groupOfPosition != null;
  }

  /** The index of ring position {@code position} among its group's members (ring order). */
  public int memberIndex(int position) {
    requirePosition(position);
    return groupOfPosition == null ? position / groupCount : indexInGroup[position];
  }

  private static long lcmOrMinusOne(long a, long b) {
    long x = a;
    long y = b;
    while (y != 0) {
      long t = x % y;
      x = y;
      y = t;
    }
    try {
      return Math.multiplyExact(a / x, b);
    } catch (ArithmeticException e) {
      return -1;
    }
  }

  public int nodeCount() {
    return nodeCount;
  }

  public int groupCount() {
    return groupCount;
  }

  /** The group of ring position {@code position}: {@code position mod G}, or the explicit one. */
  public int groupOf(int position) {
    requirePosition(position);
    return groupOfPosition == null ? position % groupCount : groupOfPosition[position];
  }

  /** How many nodes group {@code group} holds: {@code ⌊N/G⌋}, plus one for the first N mod G. */
  public int groupSize(int group) {
    requireGroup(group);
    if (members != null) {
      return members[group].length;
    }
    return nodeCount / groupCount + (group < nodeCount % groupCount ? 1 : 0);
  }

  /** The ring position of member {@code member} of {@code group}: {@code g + k·G}. */
  public int member(int group, int member) {
    requireGroup(group);
    if (member < 0 || member >= groupSize(group)) {
      throw new IllegalArgumentException("member must be within 0.." + (groupSize(group) - 1)
          + ", got " + member + ": group " + group + " holds " + groupSize(group) + " nodes");
    }
    return members != null ? members[group][member] : group + member * groupCount;
  }

  /** The opening time of ring position {@code position}: {@code ⌊t·(i mod G)/G⌋}. */
  public long phaseMs(int position, long intervalMs) {
    return AlignedStagger.phaseMs(groupOf(position), groupCount, intervalMs);
  }

  /**
   * The groups of the replicas of a block with start group {@code startGroup}, in write order (a
   * group appears several times when r &gt; G).
   *
   * @throws IllegalArgumentException when startGroup is outside 0..G−1 or replicas outside 1..N
   */
  public int[] blockGroups(int startGroup, int replicas) {
    requireGroup(startGroup);
    requireReplicas(replicas);
    int[] groups = new int[replicas];
    if (replicas <= groupCount) {
      int[] offsets = AlignedStagger.replicaOffsets(groupCount, replicas);
      for (int j = 0; j < replicas; j++) {
        groups[j] = (startGroup + offsets[j]) % groupCount;
      }
      return groups;
    }
    int[] visits = new int[groupCount];
    int g = startGroup;
    for (int j = 0; j < replicas; j++) {
      while (visits[g] == groupSize(g)) {
        g = (g + 1) % groupCount;
      }
      groups[j] = g;
      visits[g]++;
      g = (g + 1) % groupCount;
    }
    return groups;
  }

  /**
   * How many anchors name the layouts: {@code G · P} (class comment).
   *
   * @throws IllegalStateException when explicit groups' P overflows a long
   */
  public long anchorCount() {
    if (period < 0 || period > Long.MAX_VALUE / groupCount) {
      throw new IllegalStateException("the lcm of the group sizes of " + this + " does not fit"
          + " a long: name members by rendezvous hashing (GroupMembership) instead of anchors");
    }
    return groupCount * period;
  }

  /**
   * The ring positions of the block with {@code anchor} and {@code replicas} replicas, in write
   * order, distinct.
   *
   * @throws IllegalArgumentException when anchor is outside 0..anchorCount−1 or replicas outside
   *     1..N
   */
  public int[] positions(long anchor, int replicas) {
    if (anchor < 0 || anchor >= anchorCount()) {
      throw new IllegalArgumentException("anchor must be within 0.." + (anchorCount() - 1)
          + ", got " + anchor + ": reduce the block's hash modulo anchorCount()");
    }
    int start = (int) (anchor % groupCount);
    long c = anchor / groupCount;
    int[] groups = blockGroups(start, replicas);
    int[] visits = new int[groupCount];
    int[] out = new int[replicas];
    for (int j = 0; j < replicas; j++) {
      int g = groups[j];
      int size = groupSize(g);
      out[j] = member(g, (int) ((c + visits[g]++) % size));
    }
    return out;
  }

  /**
   * The share of all blocks of {@code replicas} replicas that ring position {@code position}
   * holds, over all anchors (each equally likely): {@code r/(G·|g|)} for r ≤ G, so
   * {@code 1/|g|} for G = r.
   */
  public double share(int position, int replicas) {
    int g = groupOf(position);
    requireReplicas(replicas);
    long visits = 0;
    for (int s = 0; s < groupCount; s++) {
      for (int h : blockGroups(s, replicas)) {
        visits += h == g ? 1 : 0;
      }
    }
    return visits / ((double) groupCount * groupSize(g));
  }

  /** The largest gap between consecutive openings of a block's replicas: D (class comment). */
  public long maxGapMs(int replicas, long intervalMs) {
    requireReplicas(replicas);
    return AlignedStagger.maxGapMs(groupCount, Math.min(replicas, groupCount), intervalMs);
  }

  /** The gaps of the block with start group {@code startGroup}, from its first replica on. */
  public long[] gapsMs(int startGroup, int replicas, long intervalMs) {
    requireGroup(startGroup);
    requireReplicas(replicas);
    return AlignedStagger.gapsMs(startGroup, groupCount, Math.min(replicas, groupCount),
        intervalMs);
  }

  /** The condition: every block of r replicas is readable at every phase (class comment). */
  public boolean alwaysReadable(int replicas, long intervalMs, long windowMs,
      long readWindowMs) {
    requireReplicas(replicas);
    return AlignedStagger.alwaysReadable(groupCount, Math.min(replicas, groupCount), intervalMs,
        windowMs, readWindowMs);
  }

  /** Fraction of the interval a block cannot be read, averaged over start groups. */
  public double unavailableFraction(int replicas, long intervalMs, long windowMs,
      long readWindowMs) {
    requireReplicas(replicas);
    return AlignedStagger.unavailableFraction(groupCount, Math.min(replicas, groupCount),
        intervalMs, windowMs, readWindowMs);
  }

  /**
   * Expected wait of a read at a uniform phase, averaged over start groups (equally likely over
   * the anchors): {@code Σ (Δ − L)₊² / (2t)}; empty when no replica ever serves.
   */
  public OptionalDouble meanWaitMs(int replicas, long intervalMs, long windowMs,
      long readWindowMs) {
    requireReplicas(replicas);
    return AlignedStagger.meanWaitMs(groupCount, Math.min(replicas, groupCount), intervalMs,
        windowMs, readWindowMs);
  }

  @Override
  public String toString() {
    return "PhaseGroups[N=" + nodeCount + ", G=" + groupCount
        + (groupOfPosition == null ? "" : ", explicit") + "]";
  }

  private void requirePosition(int position) {
    if (position < 0 || position >= nodeCount) {
      throw new IllegalArgumentException("ring position must be within 0.." + (nodeCount - 1)
          + ", got " + position + ": the ring has " + nodeCount + " nodes");
    }
  }

  private void requireGroup(int group) {
    if (group < 0 || group >= groupCount) {
      throw new IllegalArgumentException("group must be within 0.." + (groupCount - 1)
          + ", got " + group + ": the ring has " + groupCount + " phase groups");
    }
  }

  private void requireReplicas(int replicas) {
    if (replicas < 1 || replicas > nodeCount) {
      throw new IllegalArgumentException("replicas must be within 1.." + nodeCount + ", got "
          + replicas + ": a ring of " + nodeCount + " nodes holds at most one replica per node");
    }
  }
}
