package org.blinkhdfs.model.policy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Which phase group each ring node is in, as an explicit, persisted membership rather than
 * {@code position mod G} ({@link PhaseGroups}), so that adding or removing a node moves close to
 * the minimum of data (issue 40).
 *
 * <h2>Why</h2>
 * With {@code i mod G}, appending a node moves no other node's group, but removing position i
 * shifts the group of every later position, and a block whose replica sits on a shifted node is
 * out of layout (about 2/3 of all blocks). Here each node carries its group by name: the
 * phase-group layout accepts any member of the needed group for a block, so a change touches only
 * the data of the nodes that change.
 *
 * <h2>Rules</h2>
 * <ul>
 *   <li>{@link #fromRing}: today's groups, node i of the ring in group {@code i mod G'} with
 *       {@code G' = min(G, N)}, so adopting a membership moves nothing.
 *   <li>{@link #add}: the new node joins the smallest group (ties: the lowest index), so a group
 *       grows only when it is the most loaded per node; appending to a {@link #fromRing}
 *       membership gives exactly today's {@code i mod G} (the new node is position N).
 *       A ring smaller than G gets a new group instead (every phase then moves: G' changes).
 *   <li>{@link #remove}: the node's group keeps its other members (no other node changes group).
 *       Only when it was the last member does the last-joined member of the largest group move
 *       into the emptied group (a group must not be empty); a ring falling below G loses a group.
 *   <li>{@link #replace}: the new node takes the old one's group and place.
 * </ul>
 *
 * <h2>Movement ({@link #movedFraction})</h2>
 * With blocks spread evenly over the start groups and every member of a group holding the same
 * share, group g's blocks ({@code r/G} of all replicas for r ≤ G) sit evenly on its members; a
 * member keeps what it held up to its new share and receives the rest. So the minimum copied,
 * as a fraction of all replicas, is {@code (1/G)·Σ_g Σ_{x in g after} max(0, 1/s'_g − [x in g
 * before]/s_g)} (s, s' the sizes before and after). Adding a node to the smallest group (size
 * s) moves {@code 1/(G·(s + 1))}; removing a node of a group of size s moves {@code 1/(G·s)};
 * replacing moves {@code 1/(G·s)}.
 *
 * <h2>Bound</h2>
 * While every group has at least {@code 2N/(3G)} members ({@link #capacityFraction} ≥ 2/3), an
 * add moves at most {@code 1.5/(N + 1)} and a removal at most {@code 1.5/N} (issue 40's goal):
 * {@code 1/(G·(s_min + 1)) ≤ 1.5/(N + 1)} and {@code 1/(G·s) ≤ 1.5/N} both follow from
 * {@code G·s ≥ 2N/3}. Adds keep it (they fill the smallest group); removals concentrated on one
 * group can break it, and then {@link #rebalanceAdvice} names one move (a node of the largest
 * group into the smallest) that restores it, at {@code (1/G)(1/s_max + 1/(s_min + 1))}.
 *
 * <h2>Cost of unequal groups</h2>
 * Phases, gaps and availability depend on G only, not on the sizes. Storage and read load do: a
 * node of group g holds {@code r/(G·s_g)} of the blocks, so the smallest group fills first and
 * serves its window's reads with the fewest nodes; usable capacity and the sustainable read rate
 * are {@link #capacityFraction} {@code = G·s_min/N} of equal groups'.
 *
 * <p>Worked example (N = 9 → 10 → 9, G = 3): groups [a d g], [b e h], [c f i]; add j: it joins
 * group 0 (all of size 3, lowest index), moving {@code 1/(3·4) = 1/12} of the replicas; remove j
 * again: group 0 back to [a d g], {@code 1/12}. Remove a from the 9: group 0 is [d g],
 * {@code 1/(3·3) = 1/9 = 1/N}; today's {@code i mod G} would renumber b..i and move a third of
 * the nodes' groups.
 *
 * <p>Immutable and thread-safe; pure, no Hadoop import. Persisted with {@link
 * MembershipCodec}.
 */
public final class GroupMembership {
  /** The least capacity fraction that keeps the movement bound (class comment). */
  public static final double BALANCE_FLOOR = 2.0 / 3;

  private final int configuredGroups;
  private final List<List<String>> groups;
  private final Map<String, Integer> groupOf;
  private final long version;

  GroupMembership(int configuredGroups, List<List<String>> groups, long version) {
    this.configuredGroups = configuredGroups;
    List<List<String>> copy = new ArrayList<>(groups.size());
    Map<String, Integer> index = new HashMap<>();
    for (int g = 0; g < groups.size(); g++) {
      copy.add(List.copyOf(groups.get(g)));
      for (String node : groups.get(g)) {
        if (index.put(node, g) != null) {
          throw new IllegalArgumentException("node '" + node + "' is in two phase groups: a"
              + " node belongs to one group; remove it from all but one");
        }
      }
    }
    this.groups = Collections.unmodifiableList(copy);
    this.groupOf = Collections.unmodifiableMap(index);
    this.version = version;
  }

  /**
   * Today's groups on {@code ring}: node i in group {@code i mod G'}, {@code G' = min(G, N)}.
   *
   * @throws IllegalArgumentException when the ring is empty, a name is blank or repeated, or
   *     groups &lt; 1
   */
  public static GroupMembership fromRing(List<String> ring, int groups) {
    return fromRing(ring, groups, 0);
  }

  private static GroupMembership fromRing(List<String> ring, int groups, long version) {
    requireGroups(groups);
    if (ring.isEmpty()) {
      throw new IllegalArgumentException("the ring is empty: give at least one DataNode");
    }
    int effective = Math.min(groups, ring.size());
    List<List<String>> out = new ArrayList<>(effective);
    for (int g = 0; g < effective; g++) {
      out.add(new ArrayList<>());
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < ring.size(); i++) {
      String node = requireName(ring.get(i));
      if (!seen.add(node)) {
        throw new IllegalArgumentException("node '" + node + "' appears twice in the ring: list"
            + " each DataNode once");
      }
      out.get(i % effective).add(node);
    }
    return new GroupMembership(groups, out, version);
  }

  /** G as configured ({@code blink.phase.groups}). */
  public int configuredGroups() {
    return configuredGroups;
  }

  /** The groups in use: {@code min(G, N)}. */
  public int groupCount() {
    return groups.size();
  }

  /** How many nodes are members. */
  public int nodeCount() {
    return groupOf.size();
  }

  /** Bumped by every change, so a reader can tell a newer membership from an older one. */
  public long version() {
    return version;
  }

  /** The members of {@code group}, in the order they joined. */
  public List<String> members(int group) {
    requireGroup(group);
    return groups.get(group);
  }

  /** The size of {@code group}. */
  public int groupSize(int group) {
    return members(group).size();
  }

  /** True when {@code node} is a member. */
  public boolean contains(String node) {
    return groupOf.containsKey(node);
  }

  /**
   * The group of {@code node}.
   *
   * @throws IllegalArgumentException when it is not a member
   */
  public int groupOf(String node) {
    Integer g = groupOf.get(node);
    if (g == null) {
      throw new IllegalArgumentException("node '" + node + "' is not in the membership of "
          + nodeCount() + " nodes: add it first (bin/blink admin -addNode)");
    }
    return g;
  }

  /** The opening of {@code node}'s group in an interval of {@code intervalMs}: ⌊t·g/G'⌋. */
  public long phaseMs(String node, long intervalMs) {
    return AlignedStagger.phaseMs(groupOf(node), groupCount(), intervalMs);
  }

  /**
   * The ring order: member 0 of every group in group order, then member 1, and so on. For a
   * membership built by {@link #fromRing} and grown by {@link #add} this is the ring itself,
   * with position i in group {@code i mod G}; phases must still be taken from the groups
   * ({@link #phaseGroups}), since after a removal they no longer follow positions.
   */
  public List<String> ring() {
    List<String> out = new ArrayList<>(nodeCount());
    int largest = groups.stream().mapToInt(List::size).max().orElse(0);
    for (int k = 0; k < largest; k++) {
      for (List<String> members : groups) {
        if (k < members.size()) {
          out.add(members.get(k));
        }
      }
    }
    return List.copyOf(out);
  }

  /**
   * The phase groups of a schedule's {@code ring} (its positions) under this membership, for the
   * layout and the policy to agree by name whatever the ring order.
   *
   * @throws IllegalArgumentException when the ring does not hold exactly the members
   */
  public PhaseGroups phaseGroups(List<String> ring) {
    if (ring.size() != nodeCount() || !ring.stream().allMatch(this::contains)) {
      throw new IllegalArgumentException("the ring has " + ring.size() + " nodes but the"
          + " membership has " + nodeCount() + ": " + difference(ring)
          + "; add or remove nodes so both hold the same DataNodes");
    }
    int[] out = new int[ring.size()];
    Set<String> seen = new HashSet<>();
    for (int p = 0; p < ring.size(); p++) {
      String node = ring.get(p);
      if (!seen.add(node)) {
        throw new IllegalArgumentException("node '" + node + "' appears twice in the ring: list"
            + " each DataNode once");
      }
      out[p] = groupOf(node);
    }
    return PhaseGroups.explicit(out, groupCount());
  }

  /** {@link #phaseGroups(List)} on {@link #ring()}. */
  public PhaseGroups phaseGroups() {
    return phaseGroups(ring());
  }

  /**
   * The membership with {@code node} added to the smallest group (class comment).
   *
   * @throws IllegalArgumentException when the node is already a member or its name is blank
   */
  public GroupMembership add(String node) {
    requireName(node);
    if (contains(node)) {
      throw new IllegalArgumentException("node '" + node + "' is already in phase group "
          + groupOf(node) + ": add a node once (use replace to swap hardware)");
    }
    if (groupCount() < configuredGroups) {
      List<String> ring = new ArrayList<>(ring());
      ring.add(node);
      return fromRing(ring, configuredGroups, version + 1);
    }
    int smallest = 0;
    for (int g = 1; g < groupCount(); g++) {
      if (groupSize(g) < groupSize(smallest)) {
        smallest = g;
      }
    }
    List<List<String>> next = mutableGroups();
    next.get(smallest).add(node);
    return new GroupMembership(configuredGroups, next, version + 1);
  }

  /**
   * The membership without {@code node} (class comment).
   *
   * @throws IllegalArgumentException when the node is not a member or is the only one
   */
  public GroupMembership remove(String node) {
    int g = groupOf(node);
    if (nodeCount() == 1) {
      throw new IllegalArgumentException("node '" + node + "' is the only member: a ring needs"
          + " at least one DataNode; add another before removing it");
    }
    List<List<String>> next = mutableGroups();
    next.get(g).remove(node);
    if (!next.get(g).isEmpty()) {
      return new GroupMembership(configuredGroups, next, version + 1);
    }
    int largest = largestGroup();
    if (groupSize(largest) < 2) {
      List<String> ring = new ArrayList<>(ring());
      ring.remove(node);
      return fromRing(ring, configuredGroups, version + 1);
    }
    List<String> donor = next.get(largest);
    next.get(g).add(donor.remove(donor.size() - 1));
    return new GroupMembership(configuredGroups, next, version + 1);
  }

  /**
   * The membership with {@code node} in {@code old}'s group and place.
   *
   * @throws IllegalArgumentException when old is not a member or node already is
   */
  public GroupMembership replace(String old, String node) {
    int g = groupOf(old);
    requireName(node);
    if (contains(node)) {
      throw new IllegalArgumentException("node '" + node + "' is already in phase group "
          + groupOf(node) + ": replace a member by a node that is not one");
    }
    List<List<String>> next = mutableGroups();
    List<String> members = next.get(g);
    members.set(members.indexOf(old), node);
    return new GroupMembership(configuredGroups, next, version + 1);
  }

  /**
   * {@code G'·s_min/N}: the usable storage and sustainable read rate against equal groups (the
   * smallest group fills first and serves its window with the fewest nodes); 1 when equal.
   */
  public double capacityFraction() {
    int smallest = Integer.MAX_VALUE;
    for (List<String> members : groups) {
      smallest = Math.min(smallest, members.size());
    }
    return (double) groupCount() * smallest / nodeCount();
  }

  /**
   * One rebalancing move when the capacity fraction is below {@link #BALANCE_FLOOR} (then the
   * next removal from the smallest group could move more than 1.5/N): the last-joined member of
   * the largest group into the smallest. Empty while the groups are balanced enough, or when no
   * move makes them more even.
   */
  public Optional<Rebalance> rebalanceAdvice() {
    if (capacityFraction() >= BALANCE_FLOOR) {
      return Optional.empty();
    }
    int largest = largestGroup();
    int smallest = 0;
    for (int g = 1; g < groupCount(); g++) {
      if (groupSize(g) < groupSize(smallest)) {
        smallest = g;
      }
    }
    if (groupSize(largest) - groupSize(smallest) < 2) {
      return Optional.empty();
    }
    List<String> donor = groups.get(largest);
    String node = donor.get(donor.size() - 1);
    List<List<String>> next = mutableGroups();
    next.get(largest).remove(node);
    next.get(smallest).add(node);
    GroupMembership after = new GroupMembership(configuredGroups, next, version + 1);
    return Optional.of(new Rebalance(node, largest, smallest, movedFraction(this, after),
        after));
  }

  /**
   * The least fraction of all replicas copied when the membership changes from {@code before} to
   * {@code after} (class comment), for blocks of r ≤ G' replicas spread evenly over start
   * groups.
   *
   * @throws IllegalArgumentException when the group counts differ (the ring crossed G: every
   *     phase moves, so the layout check, not this formula, says what moves)
   */
  public static double movedFraction(GroupMembership before, GroupMembership after) {
    if (before.groupCount() != after.groupCount()) {
      throw new IllegalArgumentException("the group count changes from " + before.groupCount()
          + " to " + after.groupCount() + ": every group's phase moves and blocks are re-laid;"
          + " measure it with bin/blink sim --resize");
    }
    double sum = 0;
    for (int g = 0; g < after.groupCount(); g++) {
      List<String> was = before.members(g);
      double oldShare = 1.0 / was.size();
      double newShare = 1.0 / after.groupSize(g);
      Set<String> kept = new HashSet<>(was);
      for (String node : after.members(g)) {
        sum += Math.max(0, newShare - (kept.contains(node) ? oldShare : 0));
      }
    }
    return sum / after.groupCount();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GroupMembership m && m.configuredGroups == configuredGroups
        && m.groups.equals(groups) && m.version == version;
  }

  @Override
  public int hashCode() {
    return Objects.hash(configuredGroups, groups, version);
  }

  @Override
  public String toString() {
    return "GroupMembership[G=" + configuredGroups + ", version " + version + ", " + groups + "]";
  }

  /** One rebalancing move: {@code node} from group {@code from} to {@code to}, its cost. */
  public record Rebalance(String node, int from, int to, double movedFraction,
      GroupMembership after) {}

  private int largestGroup() {
    int largest = 0;
    for (int g = 1; g < groupCount(); g++) {
      if (groupSize(g) > groupSize(largest)) {
        largest = g;
      }
    }
    return largest;
  }

  private List<List<String>> mutableGroups() {
    List<List<String>> out = new ArrayList<>(groups.size());
    for (List<String> members : groups) {
      out.add(new ArrayList<>(members));
    }
    return out;
  }

  private String difference(List<String> ring) {
    for (String node : ring) {
      if (!contains(node)) {
        return "'" + node + "' is in the ring only";
      }
    }
    Set<String> inRing = new HashSet<>(ring);
    for (String node : groupOf.keySet()) {
      if (!inRing.contains(node)) {
        return "'" + node + "' is in the membership only";
      }
    }
    return "a node is listed twice";
  }

  private void requireGroup(int group) {
    if (group < 0 || group >= groupCount()) {
      throw new IllegalArgumentException("group must be within 0.." + (groupCount() - 1)
          + ", got " + group + ": the membership has " + groupCount() + " phase groups");
    }
  }

  static void requireGroups(int groups) {
    if (groups < 1) {
      throw new IllegalArgumentException("phase groups must be at least 1, got " + groups
          + ": give blink.phase.groups, the replication the design serves (3 for"
          + " dfs.replication = 3)");
    }
  }

  /** A node name: non-blank, without whitespace, ',' or '=' (the persisted form's separators). */
  static String requireName(String node) {
    if (node == null || node.isBlank()) {
      throw new IllegalArgumentException("node name '" + node + "' is blank: give the DataNode"
          + " as host:port, e.g. dn1:9866");
    }
    for (int i = 0; i < node.length(); i++) {
      char c = node.charAt(i);
      if (Character.isWhitespace(c) || c == ',' || c == '=') {
        throw new IllegalArgumentException("node name '" + node + "' contains '" + c + "': give"
            + " the DataNode as host:port without spaces, ',' or '=', e.g. dn1:9866");
      }
    }
    return node;
  }
}
