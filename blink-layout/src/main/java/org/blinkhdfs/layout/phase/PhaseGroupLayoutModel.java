package org.blinkhdfs.layout.phase;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.NewBlockView;
import org.blinkhdfs.model.policy.GroupMembership;
import org.blinkhdfs.model.policy.PhaseGroups;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.rabbit.layout.BlockHash;

/**
 * Phase groups ({@link PhaseGroups}) as a {@link LayoutModel}: the layout half of the design
 * whose schedule half is {@code PhaseGroupsPolicy}. Both must use the same group count G (the
 * policy's {@code effectiveGroups}), or the blocks' groups no longer open t/G apart.
 *
 * <p>New block: the start group whose needed groups can take the most replicas now, then the most
 * once every live node is awake (score {@code takeable·(r + 1) + fillable}, counted per position
 * with {@link NewBlockView#usable} and {@code fillable} of one position); among the best, one
 * whose first group holds the usable writer (HDFS locality), else a seeded-random one. In each
 * needed group the writer when it is usable and there, else a seeded-random usable member, else a
 * fillable one, else any: every member of a group is equally likely, so each holds the same
 * expected share. O(N + G·r) per block.
 *
 * <p>Block ID ({@link #targets}): anchor {@code BlockHash.draw(id, HASH_SEED, 0)} reduced
 * (unsigned) modulo {@link PhaseGroups#anchorCount()}.
 *
 * <p>Check and deletion: {@link PhaseGroupLayout}. Never refuses a replication of 1..N.
 *
 * <p>Substitutes ({@link #substitutes}): a missing replica may go to any member of its group,
 * tried in ring order after the suggested one, since all open at the same phase.
 *
 * <p>Schedule ({@link #scheduleMismatch}): every blinking ring node i must open at its group's
 * phase {@code ⌊t·(i mod G)/G⌋}, as {@code PhaseGroupsPolicy} with the same G plans it; any
 * other schedule (another policy, another {@code blink.phase.groups} on the scheduler) is named.
 *
 * <p>With a persisted membership ({@link #of}): the groups come from each node's own group
 * ({@link GroupMembership#phaseGroups(List)}) instead of {@code i mod G}, and {@link #targets}
 * names the member of each group by rendezvous hashing (the member whose {@code
 * BlockHash.draw(id, nodeKey(name), 1)} is highest, {@link #nodeKey}): the start group is still
 * the ID's hash modulo G, so a node joining a group of s takes over only the blocks it now wins,
 * {@code 1/(s + 1)} of the group's, and every other block keeps its targets.
 *
 * <p>Immutable and thread-safe.
 */
public final class PhaseGroupLayoutModel implements LayoutModel {
  /** The hash seed of {@link #targets}: fixed, so every process maps a block ID alike. */
  public static final long HASH_SEED = 0;
  /** The BlockHash stream of the rendezvous scores (the start group uses stream 0). */
  static final int RENDEZVOUS_STREAM = 1;

  private final PhaseGroups groups;
  private final PhaseGroupLayout layout;
  /** G as configured ({@code blink.phase.groups}), for messages; the ring may use fewer. */
  private final int configuredGroups;
  /** Rendezvous keys of the ring's nodes, by position; null: anchors ({@link #targets}). */
  private final long[] nodeKeys;

  /**
   * The layout on a ring of {@code ringSize} nodes with {@code groupCount} phase groups; a ring
   * smaller than that gets one group per node (as the policy does).
   *
   * @throws IllegalArgumentException when ringSize &lt; 1 or groupCount &lt; 1
   */
  public PhaseGroupLayoutModel(int ringSize, int groupCount) {
    if (groupCount < 1) {
      throw new IllegalArgumentException("phase groups must be at least 1, got " + groupCount
          + ": give the replication the design serves (3 for dfs.replication = 3)");
    }
    this.groups = new PhaseGroups(ringSize, Math.min(groupCount, Math.max(1, ringSize)));
    this.layout = new PhaseGroupLayout(groups);
    this.configuredGroups = groupCount;
    this.nodeKeys = null;
  }

  private PhaseGroupLayoutModel(PhaseGroups groups, int configuredGroups, long[] nodeKeys) {
    this.groups = groups;
    this.layout = new PhaseGroupLayout(groups);
    this.configuredGroups = configuredGroups;
    this.nodeKeys = nodeKeys;
  }

  /**
   * The layout on a schedule's {@code ring} whose groups come from {@code membership} by node
   * name (class comment).
   *
   * @throws IllegalArgumentException when the ring does not hold exactly the members
   */
  public static PhaseGroupLayoutModel of(GroupMembership membership, List<String> ring) {
    PhaseGroups groups = membership.phaseGroups(ring);
    long[] keys = new long[ring.size()];
    for (int p = 0; p < keys.length; p++) {
      keys[p] = nodeKey(ring.get(p));
    }
    return new PhaseGroupLayoutModel(groups, membership.configuredGroups(), keys);
  }

  /** A node's rendezvous key: the 64-bit FNV-1a hash of its name's UTF-8 bytes. */
  public static long nodeKey(String node) {
    long h = 0xcbf29ce484222325L;
    for (byte b : node.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    return h;
  }

  public PhaseGroups groups() {
    return groups;
  }

  @Override
  public String name() {
    return "phase-groups (G = " + groups.groupCount() + ")";
  }

  @Override
  public Optional<String> refusal(int replicas) {
    return Optional.empty();
  }

  @Override
  public List<Integer> newBlock(int replicas, NewBlockView view) {
    int n = groups.nodeCount();
    int g = groups.groupCount();
    int[] usableIn = new int[g];
    int[] fillableIn = new int[g];
    boolean[] usable = new boolean[n];
    boolean[] fillable = new boolean[n];
    for (int p = 0; p < n; p++) {
      usable[p] = view.usable(p);
      fillable[p] = usable[p] || view.fillable(List.of(p)) == 1;
      usableIn[groups.groupOf(p)] += usable[p] ? 1 : 0;
      fillableIn[groups.groupOf(p)] += fillable[p] ? 1 : 0;
    }
    int writer = view.writerPosition();
    int writerGroup = writer >= 0 && writer < n && usable[writer] ? groups.groupOf(writer) : -1;
    List<Integer> best = new ArrayList<>();
    long bestScore = -1;
    for (int s = 0; s < g; s++) {
      int[] need = new int[g];
      for (int h : groups.blockGroups(s, replicas)) {
        need[h]++;
      }
      long takeable = 0;
      long canFill = 0;
      for (int h = 0; h < g; h++) {
        takeable += Math.min(need[h], usableIn[h]);
        canFill += Math.min(need[h], fillableIn[h]);
      }
      long score = takeable * (replicas + 1) + canFill;
      if (score > bestScore) {
        bestScore = score;
        best.clear();
      }
      if (score == bestScore) {
        best.add(s);
      }
    }
    int start = best.contains(writerGroup) ? writerGroup
        : view.withRandom(random -> best.get(random.nextInt(best.size())));
    List<Integer> out = new ArrayList<>(replicas);
    for (int h : groups.blockGroups(start, replicas)) {
      out.add(member(h, writer, usable, fillable, out, view));
    }
    return out;
  }

  @Override
  public List<Integer> targets(long blockId, int replicas) {
    if (nodeKeys != null) {
      return rendezvousTargets(blockId, replicas);
    }
    long anchor = Long.remainderUnsigned(BlockHash.draw(blockId, HASH_SEED, 0),
        groups.anchorCount());
    List<Integer> out = new ArrayList<>(replicas);
    for (int p : groups.positions(anchor, replicas)) {
      out.add(p);
    }
    return List.copyOf(out);
  }

  /**
   * Targets by rendezvous: start group from the ID's hash, then in each needed group the member
   * of highest score not yet chosen. O(N) for r = G.
   */
  private List<Integer> rendezvousTargets(long blockId, int replicas) {
    if (replicas < 1 || replicas > groups.nodeCount()) {
      throw new IllegalArgumentException("replicas must be within 1.." + groups.nodeCount()
          + ", got " + replicas + ": a ring of " + groups.nodeCount() + " nodes holds at most one"
          + " replica per node");
    }
    int start = (int) Long.remainderUnsigned(BlockHash.draw(blockId, HASH_SEED, 0),
        groups.groupCount());
    List<Integer> out = new ArrayList<>(replicas);
    for (int h : groups.blockGroups(start, replicas)) {
      int best = -1;
      long bestScore = 0;
      for (int k = 0; k < groups.groupSize(h); k++) {
        int p = groups.member(h, k);
        long score = BlockHash.draw(blockId, nodeKeys[p], RENDEZVOUS_STREAM);
        if (!out.contains(p) && (best < 0 || Long.compareUnsigned(score, bestScore) > 0)) {
          best = p;
          bestScore = score;
        }
      }
      out.add(best);
    }
    return List.copyOf(out);
  }

  @Override
  public LayoutCheck check(Collection<Integer> held, int replicas) {
    return layout.check(held, replicas);
  }

  @Override
  public List<Integer> deletionOrder(Collection<Integer> held, int replicas) {
    return layout.deletionOrder(held, replicas);
  }

  /**
   * The other members of {@code position}'s group, in ring order after it. Example (N = 10,
   * G = 3): 4 → [7, 1]; 9 → [0, 3, 6]; with one member per group, none.
   *
   * @throws IllegalArgumentException when position is not on the ring
   */
  @Override
  public List<Integer> substitutes(int position) {
    int g = groups.groupOf(position);
    int size = groups.groupSize(g);
    int k = groups.memberIndex(position);
    List<Integer> out = new ArrayList<>(size - 1);
    for (int j = 1; j < size; j++) {
      out.add(groups.member(g, (k + j) % size));
    }
    return List.copyOf(out);
  }

  /**
   * The first blinking ring node that does not open at its group's phase, if any (class
   * comment). Nodes awake or off the whole interval say nothing about phases and pass.
   *
   * @throws IllegalArgumentException when the schedule's ring is not this layout's
   */
  @Override
  public Optional<String> scheduleMismatch(Schedule schedule) {
    List<String> ring = schedule.ring();
    if (ring.size() != groups.nodeCount()) {
      throw new IllegalArgumentException("the schedule's ring has " + ring.size()
          + " nodes but this layout was built for " + groups.nodeCount()
          + ": build the layout on the schedule's ring");
    }
    long t = schedule.intervalMs();
    for (int i = 0; i < ring.size(); i++) {
      NodeSchedule e = schedule.entry(ring.get(i));
      long phase = groups.phaseMs(i, t);
      if (e.mode() == NodeMode.BLINK && e.activeOffsetMs() != phase) {
        int g = groups.groupOf(i);
        return Optional.of(String.format(Locale.ROOT, "ring node %s (position %d, phase group"
            + " %d of %d) opens at %d ms of the %d ms interval, but the phase-group layout"
            + " (blink.ring.spacing = groups, blink.phase.groups = %d) needs its group open at"
            + " %d ms: run the scheduler with blink.scheduler.policy = phase-groups and"
            + " blink.phase.groups = %d, or set blink.ring.spacing to the layout of the"
            + " scheduler's policy", ring.get(i), i, g, groups.groupCount(),
            e.activeOffsetMs(), t, configuredGroups, phase, configuredGroups));
      }
    }
    return Optional.empty();
  }

  /** The member of {@code group} for one replica (class comment). */
  private int member(int group, int writer, boolean[] usable, boolean[] fillable,
      List<Integer> chosen, NewBlockView view) {
    if (writer >= 0 && writer < usable.length && usable[writer]
        && groups.groupOf(writer) == group && !chosen.contains(writer)) {
      return writer;
    }
    for (boolean[] mask : new boolean[][] {usable, fillable, null}) {
      List<Integer> candidates = new ArrayList<>();
      for (int k = 0; k < groups.groupSize(group); k++) {
        int p = groups.member(group, k);
        if ((mask == null || mask[p]) && !chosen.contains(p)) {
          candidates.add(p);
        }
      }
      if (!candidates.isEmpty()) {
        return view.withRandom(random -> candidates.get(random.nextInt(candidates.size())));
      }
    }
    throw new IllegalStateException("group " + group + " has no free member for "
        + chosen.size() + " replicas on a ring of " + groups.nodeCount());
  }
}
