package org.blinkhdfs.layout.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.phase.PhaseGroupLayoutModel;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.junit.jupiter.api.Test;

/**
 * Random clusters (seeded): N ≤ 20, r ≤ 4, targets bisection, even and phase groups of every G,
 * holders anywhere on the ring or a stand-in off it. After the plan every block is a perfect
 * target layout with its replica count and no node twice; the plan moves exactly as few replicas
 * as the best perfect placement allows (found by trying every r-subset of the ring); flows add up.
 */
class RelayoutPlannerPropertyTest {

  @Test
  void everyPlanEndsPerfectAndMovesTheLeast() {
    Random random = new Random(39);
    for (int trial = 0; trial < 400; trial++) {
      int n = 1 + random.nextInt(20);
      int r = 1 + random.nextInt(Math.min(4, n));
      LayoutModel target = switch (random.nextInt(3)) {
        case 0 -> new RingLayoutModel(n, RingSpacing.BISECTION);
        case 1 -> new RingLayoutModel(n, RingSpacing.EVEN);
        default -> new PhaseGroupLayoutModel(n, 1 + random.nextInt(n));
      };
      List<String> ring = RelayoutPlannerTest.ring(n);
      List<Set<Integer>> perfect = perfectSets(target, n, r);
      List<BlockReplicas> blocks = new ArrayList<>();
      for (int b = 0; b < 1 + random.nextInt(6); b++) {
        List<Integer> positions = new ArrayList<>();
        for (int p = 0; p < n; p++) {
          positions.add(p);
        }
        Collections.shuffle(positions, random);
        List<String> holders = new ArrayList<>();
        for (int p : positions.subList(0, r)) {
          holders.add("n" + p);
        }
        if (random.nextInt(5) == 0) {
          holders.set(random.nextInt(r), "staging" + random.nextInt(2));
        }
        blocks.add(new BlockReplicas(b, 1 + random.nextInt(1000), r, holders));
      }
      String what = "trial " + trial + ": N = " + n + ", r = " + r + ", " + target.name();
      RelayoutPlan check = new RelayoutPlanner(ring, target, DestinationRule.CHECK).plan(blocks);
      RelayoutPlan balanced = new RelayoutPlanner(ring, target, DestinationRule.BALANCED)
          .plan(blocks);
      assertEquals(check.replicasMoved(), balanced.replicasMoved(), what);
      for (RelayoutPlan plan : List.of(check, balanced)) {
        verify(plan, blocks, target, perfect, r, what);
      }
    }
  }

  private static void verify(RelayoutPlan plan, List<BlockReplicas> blocks, LayoutModel target,
      List<Set<Integer>> perfect, int r, String what) {
    long moved = 0;
    for (BlockReplicas b : blocks) {
      BlockChange c = plan.changes().stream().filter(x -> x.blockId() == b.blockId())
          .findFirst().orElse(new BlockChange(b.blockId(), b.bytes(), b.holders(), List.of(),
              List.of()));
      Set<String> before = new HashSet<>(b.holders());
      assertTrue(before.containsAll(c.stay()) && before.containsAll(c.leave()), what);
      assertEquals(b.holders().size(), c.stay().size() + c.leave().size(), what);
      List<String> afterList = new ArrayList<>(c.stay());
      afterList.addAll(c.arrive());
      Set<Integer> after = new HashSet<>();
      for (String node : afterList) {
        assertTrue(node.startsWith("n"), what + ": " + node + " is off the ring");
        after.add(Integer.parseInt(node.substring(1)));
      }
      assertEquals(r, afterList.size(), what + ": replica count");
      assertEquals(r, after.size(), what + ": a node holds two replicas of block " + b.blockId());
      assertTrue(target.check(after, r).isPerfect(), what + ": block " + b.blockId() + " ends"
          + " on " + after);
      assertEquals(c.leave().size(), c.arrive().size(), what);
      Set<Integer> heldOnRing = new HashSet<>();
      for (String h : b.holders()) {
        if (h.startsWith("n")) {
          heldOnRing.add(Integer.parseInt(h.substring(1)));
        }
      }
      int best = 0;
      for (Set<Integer> s : perfect) {
        Set<Integer> shared = new HashSet<>(s);
        shared.retainAll(heldOnRing);
        best = Math.max(best, shared.size());
      }
      assertEquals(r - best, c.moves(), what + ": block " + b.blockId() + " on " + b.holders()
          + " moves more than needed");
      moved += c.moves();
    }
    assertEquals(moved, plan.replicasMoved(), what);
    assertTrue(plan.replicasMoved() <= plan.replicas(), what);
    assertEquals(0, plan.replicasAdded() + plan.replicasDeleted(), what);
    long in = 0;
    long out = 0;
    long before = 0;
    long afterBytes = 0;
    for (NodeFlow f : plan.nodes()) {
      in += f.bytesIn();
      out += f.bytesOut();
      before += f.bytesBefore();
      afterBytes += f.bytesAfter();
    }
    assertEquals(plan.bytesCopied(), in, what);
    assertEquals(plan.bytesCopied(), out, what);
    assertEquals(before, afterBytes, what);
    assertEquals(plan.bytesStored(), before, what);
  }

  /** Every r-subset of the ring the target recognises as perfect. */
  private static List<Set<Integer>> perfectSets(LayoutModel target, int n, int r) {
    List<Set<Integer>> out = new ArrayList<>();
    subsets(n, r, 0, new ArrayList<>(), s -> {
      if (target.check(s, r).isPerfect()) {
        out.add(new HashSet<>(s));
      }
    });
    return out;
  }

  private static void subsets(int n, int r, int from, List<Integer> chosen,
      java.util.function.Consumer<List<Integer>> visit) {
    if (chosen.size() == r) {
      visit.accept(chosen);
      return;
    }
    for (int p = from; p <= n - (r - chosen.size()); p++) {
      chosen.add(p);
      subsets(n, r, p + 1, chosen, visit);
      chosen.remove(chosen.size() - 1);
    }
  }
}
