package org.blinkhdfs.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntToDoubleFunction;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.phase.PhaseGroupLayoutModel;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.policy.AlignedPolicy;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.policy.GroupMembership;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.policy.PolicyResult;
import org.blinkhdfs.model.policy.StaggeredPolicy;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * {@code bin/blink sim --resize +K|-K}: what adding or removing K ring nodes costs a block
 * population laid out before the change (issue 40), and the availability before and after.
 *
 * <h2>Model</h2>
 * <ul>
 *   <li>Blocks: the simulator's population ({@link BlockSample}: B block IDs from the seed, S of
 *       them visited), each on its layout targets on the ring of N nodes {@code dn1..dnN} before
 *       the change ({@link LayoutModel#targets}, exactly as {@code bin/blink sim} places them).
 *   <li>Change: K nodes {@code dn(N+1)..} inserted at {@code at} (last: appended), or the K
 *       nodes from ring index {@code at} removed; the ring keeps the others in order.
 *   <li>Per block, the held replicas (minus removed nodes) are mapped to their new positions and
 *       checked against the new layout ({@link LayoutModel#check}, what the NameNode does): a
 *       block with anything missing or extra is <em>out of layout</em>, and its missing replicas
 *       are the <em>corrections</em> (they include the removed nodes' replicas).
 *   <li>Fair share: after the corrections, each new node must hold its expected share under the
 *       new layout ({@code r/N'} of the blocks on a ring, {@code r/(G·|g|)} for phase groups);
 *       what it lacks is copied to it (the balancer). {@code replicasMovedFraction} = (corrections
 *       + fill) / (S·r). It is exact for phase groups (any member of a group may hold a replica,
 *       so a fill keeps every block in layout) and a lower bound on a ring (whose layout fixes
 *       each replica's position, so balancing there may move more).
 *   <li>Minimum: the new nodes' equal share, {@code K/(N + K)}, or the removed nodes',
 *       {@code K/N}.
 *   <li>Availability: the unavailable fraction and mean wait at the given power ({@link
 *       EpochSweep}, the simulator's sweep), before on the old ring and schedule, after on the new
 *       ring, its schedule, and every block in the new layout (corrected).
 * </ul>
 *
 * <p>Populations: {@code targets} (the default) places each block on {@link
 * LayoutModel#targets}, as every other simulator mode; for phase groups those are anchors, which
 * tie the members of different groups together (N = 9: every block sits on a row {3c, 3c + 1,
 * 3c + 2}). {@code written} draws what the NameNode's new blocks hold on an all-awake ring: a
 * uniform start group and an independent uniform member of each group (rendezvous hashing on
 * today's groups, {@link PhaseGroupLayoutModel#of}). On a ring both are a uniform first
 * position. Today's groups lose more under {@code written} when a removal renumbers the ring.
 *
 * <p>Schemes: {@code groups} (the default: phase groups, position i in group i mod G),
 * {@code membership} (phase groups whose groups are a persisted {@link GroupMembership}: a new
 * node joins the smallest group, a removed node's group keeps its other members), and the rings
 * {@code bisection} (BlinkFS, with the paper's staggered offsets) and {@code even} (with
 * {@code aligned}). The population before the change is the same for {@code groups} and {@code
 * membership} (the membership starts as today's groups).
 *
 * <p>Worked example (N = 9, G = r = 3, add 1, groups): positions keep their group, the new
 * position 9 joins group 0 (now 4 members): no block is out of layout, and the new node's share
 * is 1/4 of the blocks, {@code (S/4)/(3S) = 1/12} of the replicas, under the minimum 1/10.
 *
 * <p>Deterministic for a seed; O(S·(r·G + N/S)) time, O(N) memory besides the sweeps.
 */
final class ResizeMeasure {
  static final List<String> SCHEMES = List.of("groups", "membership", "bisection", "even");
  /** How the blocks before the change were placed ({@code --population}). */
  static final List<String> POPULATIONS = List.of("targets", "written");

  private ResizeMeasure() {}

  /** The change: {@code delta} nodes (negative: removed) at ring index {@code at}. */
  record Resize(int delta, int at) {}

  /** One side of the change: the ring, its layout, its policy, each position's share. */
  private record Side(List<String> ring, LayoutModel model, BlinkPolicy policy,
      IntToDoubleFunction share) {}

  /**
   * Parses {@code +K} or {@code -K} (K ≥ 1) and {@code at}: first, middle ({@code ⌊N/2⌋}),
   * last (N for an add, N − K for a removal) or a ring index.
   *
   * @throws IllegalArgumentException naming the flag, the value and the fix
   */
  static Resize parse(String resize, String at, int nodes) {
    int delta;
    try {
      if (!resize.startsWith("+") && !resize.startsWith("-")) {
        throw new NumberFormatException();
      }
      delta = Integer.parseInt(resize);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--resize '" + resize + "' must be +K (add K nodes) or"
          + " -K (remove K), e.g. +1");
    }
    if (delta == 0 || (delta < 0 && -delta >= nodes) || delta > 100_000) {
      throw new IllegalArgumentException("--resize " + resize + " must add 1..100000 nodes or"
          + " remove 1.." + (nodes - 1) + " of the " + nodes + " (--nodes)");
    }
    int room = delta > 0 ? nodes : nodes + delta;
    int index;
    switch (at) {
      case "first":
        index = 0;
        break;
      case "middle":
        index = Math.min(nodes / 2, room);
        break;
      case "last":
        index = room;
        break;
      default:
        try {
          index = Integer.parseInt(at);
        } catch (NumberFormatException e) {
          index = -1;
        }
        if (index < 0 || index > room) {
          throw new IllegalArgumentException("--at '" + at + "' must be first, middle, last or"
              + " a ring index within 0.." + room + " for --resize " + resize + " on "
              + nodes + " nodes");
        }
    }
    return new Resize(delta, index);
  }

  /**
   * Measures {@code resize} under {@code scheme} for {@code spec}'s ring, blocks, replication,
   * power ({@code spec.signal()} at 0), interval and model; the result's fields in output order.
   *
   * @throws IllegalArgumentException for an unknown scheme or a replication above the ring
   */
  static Map<String, Object> run(SimSpec spec, String scheme, Resize resize,
      String population) {
    if (!SCHEMES.contains(scheme)) {
      throw new IllegalArgumentException("--scheme '" + scheme + "' is not a resize scheme: give"
          + " one of " + String.join("|", SCHEMES));
    }
    if (!POPULATIONS.contains(population)) {
      throw new IllegalArgumentException("--population '" + population + "' is not a block"
          + " population: give one of " + String.join("|", POPULATIONS));
    }
    int n = spec.nodes();
    int r = spec.replication();
    int groups = new CoreConfig(spec.layoutKeys()).phaseGroups();
    List<String> ring = Simulator.ring(n);
    List<String> changed = new ArrayList<>();
    List<String> after = new ArrayList<>(ring);
    if (resize.delta() > 0) {
      for (int k = 0; k < resize.delta(); k++) {
        String node = "dn" + (n + k + 1) + ":9866";
        changed.add(node);
        after.add(resize.at() + k, node);
      }
    } else {
      for (int k = 0; k < -resize.delta(); k++) {
        changed.add(ring.get(resize.at() + k));
      }
      after.removeAll(changed);
    }
    if (r > after.size()) {
      throw new IllegalArgumentException("--replication " + r + " exceeds the " + after.size()
          + " nodes left after --resize " + resize.delta() + ": remove fewer nodes");
    }
    Side before = side(scheme, ring, groups, r, spec.layoutKeys(), null);
    if (population.equals("written") && before.model() instanceof PhaseGroupLayoutModel) {
      before = new Side(ring, PhaseGroupLayoutModel.of(GroupMembership.fromRing(ring, groups),
          ring), before.policy(), before.share());
    }
    GroupMembership membership = null;
    Side next;
    if (scheme.equals("membership")) {
      membership = GroupMembership.fromRing(ring, groups);
      for (String node : changed) {
        membership = resize.delta() > 0 ? membership.add(node) : membership.remove(node);
      }
      next = side(scheme, membership.ring(), groups, r, spec.layoutKeys(), membership);
    } else {
      next = side(scheme, after, groups, r, spec.layoutKeys(), null);
    }
    Map<String, Integer> newPosition = new HashMap<>();
    for (int p = 0; p < next.ring().size(); p++) {
      newPosition.put(next.ring().get(p), p);
    }
    Set<String> added = resize.delta() > 0 ? new HashSet<>(changed) : Set.of();
    BlockSample sample = new BlockSample(spec.blocks(), spec.sampleBlocks(), spec.seed());
    long out = 0;
    long corrections = 0;
    double[] load = new double[next.ring().size()];
    for (long j = 0; j < sample.visits(); j++) {
      LayoutCheck c = next.model().check(held(before, newPosition, sample.blockId(j), r), r);
      out += c.isPerfect() ? 0 : 1;
      corrections += c.missing().size();
      for (int p : c.layout()) {
        load[p]++;
      }
    }
    double fill = 0;
    for (String node : added) {
      int p = newPosition.get(node);
      fill += Math.max(0, next.share().applyAsDouble(p) * sample.visits() - load[p]);
    }
    double replicas = (double) sample.visits() * r;
    int k = Math.abs(resize.delta());
    double minimum = resize.delta() > 0 ? (double) k / (n + k) : (double) k / n;
    PowerLevel level = spec.signal().levelAt(0);
    Side old = before;
    Availability was = sweep(spec, before, level, id -> old.model().targets(id, r));
    Availability is = sweep(spec, next, level, id -> next.model().check(
        held(old, newPosition, id, r), r).layout());
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("scheme", scheme);
    m.put("resize", (resize.delta() > 0 ? "+" : "") + resize.delta());
    m.put("at", resize.at());
    m.put("changedNodes", String.join(",", changed));
    m.put("nodesBefore", n);
    m.put("nodesAfter", next.ring().size());
    m.put("replication", r);
    if (scheme.equals("groups") || scheme.equals("membership")) {
      m.put("phaseGroups", groups);
    }
    m.put("population", population);
    m.put("blocks", spec.blocks());
    m.put("visitedBlocks", sample.visits());
    m.put("blocksOutOfLayoutFraction", out / (double) sample.visits());
    m.put("correctionReplicasFraction", corrections / replicas);
    m.put("fairShareFillFraction", fill / replicas);
    m.put("replicasMovedFraction", (corrections + fill) / replicas);
    m.put("minimumMovedFraction", minimum);
    m.put("goalMovedFraction", 1.5 * minimum);
    if (membership != null) {
      GroupMembership m0 = GroupMembership.fromRing(ring, groups);
      if (m0.groupCount() == membership.groupCount()) {
        m.put("expectedMovedFraction", GroupMembership.movedFraction(m0, membership));
      }
      m.put("capacityFractionAfter", membership.capacityFraction());
      m.put("rebalanceAdvice", membership.rebalanceAdvice()
          .map(a -> String.format(Locale.ROOT, "move %s from group %d to %d (%.4g of replicas)",
              a.node(), a.from(), a.to(), a.movedFraction())).orElse("none"));
    }
    m.put("power", level.toString());
    m.put("intervalMs", spec.intervalMs());
    m.put("minWindowMs", spec.minWindowMs());
    m.put("unavailableFractionBefore", was.unavailable());
    m.put("unavailableFractionAfter", is.unavailable());
    m.put("meanWaitMsBefore", Double.isNaN(was.meanWaitMs()) ? null : was.meanWaitMs());
    m.put("meanWaitMsAfter", Double.isNaN(is.meanWaitMs()) ? null : is.meanWaitMs());
    m.put("seed", spec.seed());
    return m;
  }

  /** The block's held positions on the new ring: its old targets minus removed nodes. */
  private static List<Integer> held(Side before, Map<String, Integer> newPosition, long id,
      int r) {
    List<Integer> out = new ArrayList<>(r);
    for (int p : before.model().targets(id, r)) {
      Integer q = newPosition.get(before.ring().get(p));
      if (q != null) {
        out.add(q);
      }
    }
    return out;
  }

  private static Side side(String scheme, List<String> ring, int groups, int r,
      Function<String, String> keys, GroupMembership membership) {
    int n = ring.size();
    switch (scheme) {
      case "groups":
      case "membership":
        PhaseGroupLayoutModel model = membership == null
            ? new PhaseGroupLayoutModel(n, groups) : PhaseGroupLayoutModel.of(membership, ring);
        BlinkPolicy policy = membership == null
            ? new CoreConfig(keys).policy("--policy", PhaseGroupsPolicy.NAME)
            : new PhaseGroupsPolicy(membership);
        return new Side(ring, model, policy, p -> model.groups().share(p, r));
      case "bisection":
        return new Side(ring, new RingLayoutModel(n, RingSpacing.BISECTION),
            new CoreConfig(keys).policy("--policy", StaggeredPolicy.NAME), p -> (double) r / n);
      default:
        return new Side(ring, new RingLayoutModel(n, RingSpacing.EVEN),
            new CoreConfig(keys).policy("--policy", AlignedPolicy.NAME), p -> (double) r / n);
    }
  }

  private record Availability(double unavailable, double meanWaitMs) {}

  private static Availability sweep(SimSpec spec, Side side, PowerLevel level,
      ReplicaSets blocks) {
    PowerModel m = spec.model();
    PowerModel model = PowerModel.builder().nodeCount(side.ring().size())
        .activeWatts(m.activeWatts()).sleepWatts(m.sleepWatts()).overheadWatts(m.overheadWatts())
        .transitionMs(m.transitionMs()).minWindowMs(m.minWindowMs())
        .ioServerWatts(m.ioServerWatts()).transitionWatts(m.transitionWatts()).build();
    PolicyResult planned = side.policy().plan(PolicyRequest.builder().ring(side.ring())
        .model(model).level(level).intervalMs(spec.intervalMs()).intervalStartMs(0).epoch(0)
        .build());
    Schedule schedule;
    if (planned.status() == PolicyResult.Status.BELOW_MINIMUM) {
      Schedule.Builder b = Schedule.builder().intervalMs(spec.intervalMs());
      for (String node : side.ring()) {
        b.add(NodeSchedule.of(node, NodeMode.OFF));
      }
      schedule = b.build();
    } else {
      schedule = planned.schedule().orElseThrow();
    }
    BlockSample sample = new BlockSample(spec.blocks(), spec.sampleBlocks(), spec.seed());
    EpochStats s = EpochSweep.run(schedule, blocks, sample, spec.instants(), spec.minWindowMs(),
        spec.readOrder(), v -> { });
    OptionalDouble wait = s.servedBlocks() == 0 ? OptionalDouble.empty()
        : OptionalDouble.of(s.waitMsSum() / s.servedBlocks());
    return new Availability(s.unavailableSum() / s.visits(), wait.orElse(Double.NaN));
  }
}
