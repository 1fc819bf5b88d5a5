package org.blinkhdfs.layout.migrate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.Substitutes;
import org.blinkhdfs.layout.phase.PhaseGroupLayoutModel;
import org.blinkhdfs.model.policy.PhaseGroups;

/**
 * Plans a layout change on a cluster with data (issue 39: moving blocks written under the ring's
 * bisection or even spacing to phase groups, or back): per block which replicas stay, which
 * leave and where copies arrive, and the totals an operator paces the change by.
 *
 * <p><b>Why the target's own check.</b> The NameNode decides what is mis-placed with the layout's
 * {@link LayoutModel#check} on the held ring positions ({@code verifyBlockPlacement}), copies the
 * {@code missing} positions and deletes the {@code extra} ones. The check picks the layout that
 * keeps the most held replicas (the ring's {@code bestFirst}; phase groups' start group that fills
 * the most groups), so planning with it gives both what the NameNode will do and the least any
 * change to that target can move ({@code RelayoutPlannerPropertyTest} compares it with every
 * perfect placement). Holders off the ring are stand-ins: they leave, as the NameNode's
 * correction deletes them.
 *
 * <p><b>Destinations.</b> A ring position accepts only its node. A phase group accepts any member
 * that does not hold the block, and of two replicas in one group either may leave; {@link
 * DestinationRule} picks the check's members, or (the NameNode's choice) the fuller of the two to
 * leave and the member that ends up holding the fewest bytes to receive (largest blocks first).
 *
 * <p>Worked example (N = 9, r = 3, one block per first node f written under bisection, {f, f+4,
 * f+6}, to phase groups G = 3): f and f+6 share group f mod 3, so every block keeps two replicas
 * and moves one, 9 of 27 (1/3). With {@link DestinationRule#CHECK} every copy lands on nodes 3, 4
 * or 5 (the check's member is {@code (Σ held) mod 3 = 1} of the group, and {@code 3f + 10 ≡ 1}),
 * which then hold 5 replicas against 1 on nodes 6, 7, 8; {@link DestinationRule#BALANCED} leaves
 * every node with 3.
 *
 * <p>Pure (no Hadoop), deterministic; O(B·(r·log r + |group|)) for B blocks, plus a sort by size
 * for {@link DestinationRule#BALANCED}. Thread-safe: a plan keeps its state in locals.
 */
public final class RelayoutPlanner {
  // Slots of a node's flow counters.
  private static final int BEFORE_REPLICAS = 0;
  private static final int BEFORE_BYTES = 1;
  private static final int IN_REPLICAS = 2;
  private static final int IN_BYTES = 3;
  private static final int OUT_REPLICAS = 4;
  private static final int OUT_BYTES = 5;
  private static final int DELETED_REPLICAS = 6;
  private static final int DELETED_BYTES = 7;
  private static final int SLOTS = 8;

  private final List<String> ring;
  private final Map<String, Integer> position = new HashMap<>();
  private final LayoutModel target;
  private final DestinationRule rule;

  /**
   * A planner for {@code ring} (node names in ring order) towards {@code target}, a model built
   * for a ring of {@code ring.size()} nodes.
   *
   * @throws IllegalArgumentException when the ring is empty or names a node twice or blank
   */
  public RelayoutPlanner(List<String> ring, LayoutModel target, DestinationRule rule) {
    this.ring = List.copyOf(Objects.requireNonNull(ring, "ring"));
    this.target = Objects.requireNonNull(target, "target");
    this.rule = Objects.requireNonNull(rule, "rule");
    if (this.ring.isEmpty()) {
      throw new IllegalArgumentException("ring is empty: give the ring's DataNodes in ring order"
          + " (the schedule's ring)");
    }
    for (int i = 0; i < this.ring.size(); i++) {
      String name = this.ring.get(i);
      if (name.isBlank() || position.put(name, i) != null) {
        throw new IllegalArgumentException("ring node '" + name + "' at position " + i
            + " is blank or listed twice: give each DataNode once, in ring order");
      }
    }
  }

  /** The plan for {@code blocks} (class comment). */
  public RelayoutPlan plan(List<BlockReplicas> blocks) {
    Map<String, long[]> flows = new TreeMap<>();
    List<Pending> pending = new ArrayList<>();
    long withoutReplica = 0;
    long beyondRing = 0;
    long replicas = 0;
    long stored = 0;
    for (BlockReplicas b : blocks) {
      if (b.holders().isEmpty()) {
        withoutReplica++;
        continue;
      }
      beyondRing += b.replication() > ring.size() ? 1 : 0;
      replicas += b.holders().size();
      stored += b.bytes() * b.holders().size();
      for (String h : b.holders()) {
        long[] f = flow(flows, h);
        f[BEFORE_REPLICAS]++;
        f[BEFORE_BYTES] += b.bytes();
      }
      pending.add(pend(b));
    }
    List<Pending> order = new ArrayList<>(pending);
    if (rule == DestinationRule.BALANCED) {
      order.sort(Comparator.comparingLong((Pending p) -> -p.block.bytes()));
    }
    for (Pending p : order) {
      leave(p, flows);
      for (String h : p.leave) {
        flow(flows, h)[DELETED_REPLICAS]++;
        flow(flows, h)[DELETED_BYTES] += p.block.bytes();
      }
    }
    for (Pending p : order) {
      for (int m : p.missing) {
        int to = destination(m, p, flows);
        p.layout.remove(m);
        p.layout.add(to);
        p.arrive.add(to);
        long[] f = flow(flows, ring.get(to));
        f[IN_REPLICAS]++;
        f[IN_BYTES] += p.block.bytes();
      }
    }
    List<BlockChange> changes = new ArrayList<>();
    long moved = 0;
    long added = 0;
    long deleted = 0;
    long copied = 0;
    for (Pending p : pending) {
      BlockChange c = new BlockChange(p.block.blockId(), p.block.bytes(), p.stay, p.leave,
          p.arrive.stream().map(ring::get).toList());
      if (c.untouched()) {
        continue;
      }
      changes.add(c);
      moved += c.moves();
      added += c.arrive().size() - c.moves();
      deleted += c.leave().size() - c.moves();
      copied += c.arrive().size() * c.bytes();
      for (int i = 0; i < c.arrive().size(); i++) {
        long[] f = flow(flows, c.sender(i));
        f[OUT_REPLICAS]++;
        f[OUT_BYTES] += c.bytes();
      }
    }
    return new RelayoutPlan(target.name(), ring, pending.size(), withoutReplica, beyondRing,
        changes.size(), replicas, moved, added, deleted, stored, copied, nodes(flows), changes);
  }

  /** The block's check: who stays, who leaves, which positions it lacks. */
  private Pending pend(BlockReplicas b) {
    List<Integer> held = new ArrayList<>();
    List<String> offRing = new ArrayList<>();
    for (String h : b.holders()) {
      Integer p = position.get(h);
      if (p == null) {
        offRing.add(h);
      } else {
        held.add(p);
      }
    }
    int r = Math.min(b.replication(), ring.size());
    LayoutCheck check = target.check(held, r);
    return new Pending(b, new LinkedHashSet<>(check.layout()), check.missing(),
        Set.copyOf(held), check.extra(), offRing);
  }

  /**
   * Who of the block's holders stays and who leaves: the check's extra positions and the holders
   * off the ring leave; with {@link DestinationRule#BALANCED}, an extra that is interchangeable
   * with a held layout replica (two members of one phase group) stays when that replica's node
   * holds more bytes now, before this and later deletions, and that replica leaves instead
   * ({@link Substitutes#trade}, as the NameNode's deletion chooses by load).
   */
  private void leave(Pending p, Map<String, long[]> flows) {
    List<Integer> kept = new ArrayList<>();
    for (int pos : p.layout) {
      if (p.held.contains(pos)) {
        kept.add(pos);
      }
    }
    List<Integer> order = rule == DestinationRule.BALANCED
        ? Substitutes.trade(target, p.extra, kept, q -> bytesLeft(q, flows))
        : concat(p.extra, kept);
    int extras = p.extra.size();
    for (int i = 0; i < order.size(); i++) {
      int pos = order.get(i);
      if (i < extras) {
        p.leave.add(ring.get(pos));
        p.layout.remove(pos);
      } else {
        p.stay.add(ring.get(pos));
        p.layout.add(pos);
      }
    }
    p.leave.addAll(p.offRing);
  }

  /** The bytes node {@code q} holds before the copies, less the deletions planned so far. */
  private long bytesLeft(int q, Map<String, long[]> flows) {
    long[] f = flows.get(ring.get(q));
    return f == null ? 0 : f[BEFORE_BYTES] - f[DELETED_BYTES];
  }

  private static List<Integer> concat(List<Integer> a, List<Integer> b) {
    List<Integer> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  /** Where the replica for missing position {@code m} goes ({@link DestinationRule}). */
  private int destination(int m, Pending p, Map<String, long[]> flows) {
    if (rule == DestinationRule.CHECK || !(target instanceof PhaseGroupLayoutModel model)) {
      return m;
    }
    PhaseGroups groups = model.groups();
    int group = groups.groupOf(m);
    int best = m;
    long[] bestKey = key(m, m, flows);
    for (int k = 0; k < groups.groupSize(group); k++) {
      int q = groups.member(group, k);
      if (q == m || p.held.contains(q) || p.layout.contains(q)) {
        continue;
      }
      long[] key = key(q, m, flows);
      if (Arrays.compare(key, bestKey) < 0) {
        best = q;
        bestKey = key;
      }
    }
    return best;
  }

  /** Sort key of a candidate: bytes after, bytes received, not the check's own, ring order. */
  private long[] key(int q, int m, Map<String, long[]> flows) {
    long[] f = flows.get(ring.get(q));
    long after = f == null ? 0 : f[BEFORE_BYTES] - f[DELETED_BYTES] + f[IN_BYTES];
    long in = f == null ? 0 : f[IN_BYTES];
    return new long[] {after, in, q == m ? 0 : 1, q};
  }

  private List<NodeFlow> nodes(Map<String, long[]> flows) {
    List<NodeFlow> out = new ArrayList<>();
    for (String n : ring) {
      out.add(node(n, true, flows.getOrDefault(n, new long[SLOTS])));
    }
    for (Map.Entry<String, long[]> e : flows.entrySet()) {
      if (!position.containsKey(e.getKey())) {
        out.add(node(e.getKey(), false, e.getValue()));
      }
    }
    return out;
  }

  private static NodeFlow node(String name, boolean onRing, long[] f) {
    return new NodeFlow(name, onRing, f[BEFORE_REPLICAS], f[BEFORE_BYTES], f[IN_REPLICAS],
        f[IN_BYTES], f[OUT_REPLICAS], f[OUT_BYTES], f[DELETED_REPLICAS], f[DELETED_BYTES]);
  }

  private static long[] flow(Map<String, long[]> flows, String node) {
    return flows.computeIfAbsent(node, n -> new long[SLOTS]);
  }

  /** One block between the check and the choice of its destinations. */
  private static final class Pending {
    final BlockReplicas block;
    final Set<Integer> layout;
    final List<Integer> missing;
    final Set<Integer> held;
    final List<String> stay = new ArrayList<>();
    final List<String> leave = new ArrayList<>();
    final List<Integer> arrive = new ArrayList<>();

    final List<Integer> extra;
    final List<String> offRing;

    Pending(BlockReplicas block, Set<Integer> layout, List<Integer> missing, Set<Integer> held,
        List<Integer> extra, List<String> offRing) {
      this.block = block;
      this.layout = layout;
      this.missing = missing;
      this.held = held;
      this.extra = extra;
      this.offRing = offRing;
    }
  }
}
