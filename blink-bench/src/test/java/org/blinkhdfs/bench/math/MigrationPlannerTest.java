package org.blinkhdfs.bench.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.blinkhdfs.bench.math.MigrationPlanner.Move;
import org.junit.jupiter.api.Test;

class MigrationPlannerTest {
  @Test
  void loweringMovesWhatTheLeavingNodeHoldsOntoTheKeptOnes() {
    Map<Long, List<String>> holders = new TreeMap<>(Map.of(1L, List.of("a", "b"),
        2L, List.of("b", "c"), 3L, List.of("c", "a")));
    assertEquals(List.of(new Move(2, "c", "a"), new Move(3, "c", "b")),
        MigrationPlanner.plan(holders, List.of("a", "b"), 2));
  }

  @Test
  void raisingFillsTheNewNodesWithTheSimulatorsShare() {
    Map<Long, List<String>> holders = new TreeMap<>();
    for (long b = 1; b <= 4; b++) {
      holders.put(b, List.of("a", "b"));
    }
    assertEquals(List.of(new Move(1, "a", "c"), new Move(1, "b", "d"), new Move(2, "a", "c"),
        new Move(2, "b", "d")), MigrationPlanner.plan(holders, List.of("a", "b", "c", "d"), 2));
  }

  @Test
  void nothingMovesWhenTheDataIsAlreadyEvenOnTheTargets() {
    Map<Long, List<String>> holders = Map.of(1L, List.of("a"), 2L, List.of("b"));
    assertTrue(MigrationPlanner.plan(holders, List.of("a", "b"), 1).isEmpty());
    assertTrue(MigrationPlanner.plan(holders, List.of(), 1).isEmpty());
  }

  @Test
  void fewerTargetsThanReplicasKeepOneCopyPerTarget() {
    // r = 3 on one kept node: each block needs 1 replica there; the others stay where they are.
    Map<Long, List<String>> holders = Map.of(1L, List.of("b", "c", "d"), 2L,
        List.of("a", "c", "d"));
    assertEquals(List.of(new Move(1, "b", "a")), MigrationPlanner.plan(holders, List.of("a"), 3));
  }

  @Test
  void afterThePlanEveryBlockIsOnTheTargetsEvenlyOverSeeds() {
    for (long seed = 0; seed < 200; seed++) {
      Random rnd = new Random(seed);
      int nodes = 2 + rnd.nextInt(9);
      int r = 1 + rnd.nextInt(Math.min(3, nodes));
      List<String> all = new ArrayList<>();
      for (int i = 0; i < nodes; i++) {
        all.add("n" + i);
      }
      Map<Long, List<String>> holders = new TreeMap<>();
      int blocks = rnd.nextInt(60);
      for (long b = 0; b < blocks; b++) {
        List<String> shuffled = new ArrayList<>(all);
        java.util.Collections.shuffle(shuffled, rnd);
        holders.put(b, List.copyOf(shuffled.subList(0, r)));
      }
      List<String> targets = new ArrayList<>(all.subList(0, 1 + rnd.nextInt(nodes)));
      List<Move> moves = MigrationPlanner.plan(holders, targets, r);
      Map<Long, Set<String>> after = new HashMap<>();
      holders.forEach((b, h) -> after.put(b, new LinkedHashSet<>(h)));
      for (Move m : moves) {
        Set<String> h = after.get(m.block());
        assertTrue(h.remove(m.from()), "seed " + seed + ": " + m + " moves a missing replica");
        assertTrue(h.add(m.to()), "seed " + seed + ": " + m + " lands on a holder");
        assertTrue(targets.contains(m.to()), "seed " + seed + ": " + m + " off the targets");
      }
      int need = Math.min(r, targets.size());
      Map<String, Integer> load = new HashMap<>();
      targets.forEach(t -> load.put(t, 0));
      for (Set<String> h : after.values()) {
        assertEquals(r, h.size(), "seed " + seed + ": replication changed");
        assertTrue(h.stream().filter(targets::contains).count() >= need, "seed " + seed);
        h.stream().filter(targets::contains).forEach(t -> load.merge(t, 1, Integer::sum));
      }
      int max = load.values().stream().max(Integer::compare).orElse(0);
      int min = load.values().stream().min(Integer::compare).orElse(0);
      assertTrue(max - min <= 1, "seed " + seed + ": loads " + load);
    }
  }
}
