package org.blinkhdfs.layout.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.ScheduleView;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * The layout port without a NameNode: from a schedule, the keys and a seed (or a block ID), every
 * layout gives a new block's targets. Exact examples worked by hand, the papers' per-node shares,
 * and the port's contract as properties over seeds.
 */
class NewBlockPortTest {
  private static final Function<String, String> DEFAULTS = key -> null;
  /** BlinkFS's ring by name: these examples are its bisection spacing, not the default. */
  private static final Function<String, String> BISECTION =
      key -> key.equals(RingSpacing.KEY) ? RingSpacing.BISECTION.value() : null;

  /** Nodes n1..n{count} (10.0.0.i:9866), those in {@code awake} ACTIVE, the others OFF. */
  private static Schedule ring(int count, Set<Integer> awake) {
    Schedule.Builder b = Schedule.builder().intervalStartMs(0).intervalMs(60_000);
    for (int i = 0; i < count; i++) {
      b.add(NodeSchedule.of("10.0.0." + (i + 1) + ":9866",
          awake.contains(i) ? NodeMode.ACTIVE : NodeMode.OFF));
    }
    return b.build();
  }

  /** {@code count} nodes, each awake with probability {@code awakeIn / outOf}, else OFF. */
  private static Schedule randomRing(Random dice, int count, int awakeIn, int outOf) {
    Set<Integer> awake = new HashSet<>();
    for (int i = 0; i < count; i++) {
      if (dice.nextInt(outOf) < awakeIn) {
        awake.add(i);
      }
    }
    return ring(count, awake);
  }

  /** The ring positions a schedule has ACTIVE (for messages). */
  private static Set<Integer> awakePositions(Schedule s) {
    Set<Integer> out = new HashSet<>();
    for (int i = 0; i < s.ring().size(); i++) {
      if (s.isAwake(s.ring().get(i), 0)) {
        out.add(i);
      }
    }
    return out;
  }

  private static Set<Integer> all(int count) {
    Set<Integer> out = new HashSet<>();
    for (int i = 0; i < count; i++) {
      out.add(i);
    }
    return out;
  }

  private static List<Integer> newBlock(LayoutModel model, Schedule s, int r, long seed) {
    return model.newBlock(r, ScheduleView.of(s, new Random(seed)).build());
  }

  // ------------------------------------------------------------------ exact examples

  @Test
  void ringAllAwakeStartsAtTheWriterAndSplitsTheLargestGaps() {
    // N = 9, r = 3: offsets [0, floor(9/2) = 4, 4 + floor(5/2) = 6]; the writer n3 is position 2.
    Schedule s = ring(9, all(9));
    LayoutModel model = LayoutCatalog.byName("power-balanced", BISECTION).apply(s);
    assertEquals(List.of(2, 6, 8),
        model.newBlock(3, ScheduleView.of(s, new Random(7)).writer("10.0.0.3:9866").build()));
  }

  @Test
  void ringWithOnlyOneWholeLayoutAwakePicksItForEverySeed() {
    // Awake: positions 2, 6, 8. Of the nine layouts {f, f+4, f+6}, only f = 2 lies inside them.
    Schedule s = ring(9, Set.of(2, 6, 8));
    LayoutModel model = LayoutCatalog.powerBalanced(BISECTION).apply(s);
    for (long seed = 0; seed < 50; seed++) {
      assertEquals(List.of(2, 6, 8), newBlock(model, s, 3, seed), "seed " + seed);
    }
  }

  @Test
  void ringAvoidsLayoutsThroughADeadNode() {
    // n7 (position 6) is dead: layouts f = 0 ({0,4,6}), 2 ({2,6,8}) and 6 hold it.
    Schedule s = ring(9, all(9));
    LayoutModel model = LayoutCatalog.powerBalanced(BISECTION).apply(s);
    List<String> live = new ArrayList<>(s.ring());
    live.remove("10.0.0.7:9866");
    Set<Integer> firsts = new HashSet<>();
    for (long seed = 0; seed < 200; seed++) {
      firsts.add(model.newBlock(3, ScheduleView.of(s, new Random(seed)).live(live).build())
          .get(0));
    }
    assertEquals(Set.of(1, 3, 4, 5, 7, 8), firsts);
  }

  @Test
  void equalWorkPutsOnePrimaryOnN1OrN2AndKeepsBlocksInsideALowGear() {
    // Le et al.'s 7 nodes, p = 2, r = 2. All awake: primary on n1/n2, secondary on n3..n7.
    // Gear 3 (n4..n7 OFF): the draws that fit n1..n3 win, so every block is [n1|n2, n3].
    Function<String, String> p2 = Map.of("blink.equalwork.primaries", "2")::get;
    Schedule awake = ring(7, all(7));
    Schedule gear3 = ring(7, Set.of(0, 1, 2));
    LayoutModel model = LayoutCatalog.byName("equal-work", p2).apply(awake);
    for (long seed = 0; seed < 100; seed++) {
      List<Integer> b = newBlock(model, awake, 2, seed);
      assertTrue(b.get(0) <= 1 && b.get(1) >= 2, b.toString());
      List<Integer> low = newBlock(model, gear3, 2, seed);
      assertTrue(low.get(0) <= 1 && low.get(1) == 2, "seed " + seed + ": " + low);
    }
  }

  @Test
  void equalWorkSharesMatchLeEtAlTable2() {
    // 7 nodes, p = 2, r = 2: n3..n7 hold 0.305, 0.229, 0.183, 0.153 and 0.131 of B blocks.
    Schedule s = ring(7, all(7));
    LayoutModel model = LayoutCatalog.equalWork(Map.of("blink.equalwork.primaries", "2")::get,
        path -> Optional.empty()).apply(s);
    double[] shares = shares(model, s, 2, 7, 40_000);
    double[] expected = {0.5, 0.5, 0.305, 0.229, 0.183, 0.153, 0.131};
    for (int i = 0; i < 7; i++) {
      assertEquals(expected[i], shares[i], 0.01, "n" + (i + 1));
    }
  }

  @Test
  void paraidSharesMatchLeEtAlTable1WithFill() {
    // 7 nodes, groups 2 + 5, r = 3: n1 = n2 = 0.85, n3 = 0.564, n4..n7 = 0.231, 0.195, 1/6, 1/7.
    Schedule s = ring(7, all(7));
    LayoutModel model = LayoutCatalog.paraid(Map.of("blink.paraid.groups", "2")::get).apply(s);
    double[] shares = shares(model, s, 3, 7, 40_000);
    double[] expected = {0.85, 0.85, 0.564, 0.231, 0.195, 1.0 / 6, 1.0 / 7};
    for (int i = 0; i < 7; i++) {
      assertEquals(expected[i], shares[i], 0.01, "n" + (i + 1));
    }
  }

  @Test
  void aDatasetsBlocksFollowItsOwnChain() {
    // Datasets a=/a on 7 nodes, p = 2: a's chain starts n7 n6, so /a's primaries are there.
    Schedule s = ring(7, all(7));
    Function<String, String> keys = Map.of("blink.equalwork.primaries", "2",
        "blink.rabbit.datasets", "a=/a")::get;
    LayoutModel model = LayoutCatalog.equalWork(keys,
        path -> path.startsWith("/a/") ? Optional.of("a") : Optional.empty()).apply(s);
    for (long seed = 0; seed < 50; seed++) {
      int aPrimary = newBlock(model.forFile("/a/f"), s, 2, seed).get(0);
      assertTrue(aPrimary == 6 || aPrimary == 5, "seed " + seed + ": " + aPrimary);
      int otherPrimary = newBlock(model.forFile("/b/f"), s, 2, seed).get(0);
      assertTrue(otherPrimary <= 1, "seed " + seed + ": " + otherPrimary);
    }
  }

  @Test
  void anUnknownLayoutNameSaysWhichExist() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LayoutCatalog.byName("random", DEFAULTS));
    assertEquals("'random' is not a layout: give one of power-balanced, equal-work, paraid",
        e.getMessage());
  }

  // ------------------------------------------------------------------ properties over seeds

  @Test
  void everyLayoutsNewBlockIsDistinctPerfectAndRepeatableForItsSeed() {
    Function<String, String> keys = Map.of("blink.equalwork.primaries", "1",
        "blink.paraid.groups", "2")::get;
    for (long seed = 0; seed < 300; seed++) {
      Random dice = new Random(seed);
      Schedule s = randomRing(dice, 5 + dice.nextInt(8), 2, 3);
      int n = s.ring().size();
      Set<Integer> awake = awakePositions(s);
      for (String name : LayoutCatalog.NAMES) {
        LayoutModel model = LayoutCatalog.byName(name, keys).apply(s);
        int r = 1 + dice.nextInt(3);
        if (model.refusal(r).isPresent()) {
          continue;
        }
        String where = name + ", seed " + seed + ", n " + n + ", r " + r + ", awake " + awake;
        List<Integer> b = newBlock(model, s, r, seed);
        assertEquals(r, new HashSet<>(b).size(), where + ": " + b);
        assertTrue(b.stream().allMatch(p -> p >= 0 && p < n), where + ": " + b);
        assertTrue(model.check(b, r).isPerfect(), where + ": " + b);
        assertEquals(b, newBlock(model, s, r, seed), where);
        List<Integer> byId = model.targets(seed * 0x9E3779B97F4A7C15L, r);
        assertTrue(model.check(byId, r).isPerfect(), where + ", by ID: " + byId);
        assertEquals(byId, model.targets(seed * 0x9E3779B97F4A7C15L, r), where);
      }
    }
  }

  @Test
  void datasetLayoutsNewBlocksArePerfectInTheCompositeForEverySeed() {
    // Two datasets beside the default chain: whatever file a block belongs to, the composite
    // (which sees no path) recognises its new layout as perfect, so no correction starts.
    Function<String, String> keys = Map.of("blink.equalwork.primaries", "1",
        "blink.rabbit.datasets", "a=/a,b=/b")::get;
    int checked = 0;
    for (long seed = 0; seed < 200; seed++) {
      Random dice = new Random(seed);
      Schedule s = randomRing(dice, 4 + dice.nextInt(8), 3, 4);
      int n = s.ring().size();
      LayoutModel model = LayoutCatalog.equalWork(keys, path -> path.length() > 2
          ? Optional.of(path.substring(1, 2)).filter(d -> !d.equals("c")) : Optional.empty())
          .apply(s);
      for (String file : List.of("/a/f", "/b/f", "/c/f")) {
        int r = 1 + dice.nextInt(2);
        if (model.refusal(r).isPresent()) {
          continue;
        }
        List<Integer> b = newBlock(model.forFile(file), s, r, seed);
        assertTrue(model.check(b, r).isPerfect(), file + ", seed " + seed + ", n " + n
            + ", r " + r + ": " + b);
        checked++;
      }
    }
    assertTrue(checked > 400, "only " + checked + " of 600 cases were placeable");
  }

  @Test
  void theRingsNewBlockTakesAsManyReplicasNowAsAnyRotation() {
    for (long seed = 0; seed < 300; seed++) {
      Random dice = new Random(seed);
      Schedule s = randomRing(dice, 3 + dice.nextInt(14), 1, 2);
      int n = s.ring().size();
      LayoutModel model = LayoutCatalog.powerBalanced(BISECTION).apply(s);
      int r = 1 + dice.nextInt(Math.min(n, 4));
      ScheduleView view = ScheduleView.of(s, new Random(seed)).build();
      List<Integer> some = model.targets(0, r);
      int best = 0;
      for (int first = 0; first < n; first++) {
        List<Integer> rotated = new ArrayList<>();
        for (int p : some) {
          rotated.add(Math.floorMod(p - some.get(0) + first, n));
        }
        best = Math.max(best, view.takeable(rotated));
      }
      assertEquals(best, view.takeable(model.newBlock(r, view)), "seed " + seed);
    }
  }

  @Test
  void ringTargetsByBlockIdSpreadOverTheRing() {
    LayoutModel model = LayoutCatalog.powerBalanced(BISECTION).apply(ring(9, all(9)));
    int[] firsts = new int[9];
    for (long id = 1_073_741_825L; id < 1_073_741_825L + 9000; id++) { // HDFS's first block IDs
      firsts[model.targets(id, 3).get(0)]++;
    }
    for (int count : firsts) {
      assertTrue(count > 800 && count < 1200, java.util.Arrays.toString(firsts));
    }
  }

  /** Each node's blocks over {@code blocks} new blocks, as a fraction of blocks. */
  private static double[] shares(LayoutModel model, Schedule s, int r, int n, int blocks) {
    int[] counts = new int[n];
    ScheduleView view = ScheduleView.of(s, new Random(42)).build();
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < blocks; i++) {
      all.clear();
      all.addAll(model.newBlock(r, view));
      for (int p : all) {
        counts[p]++;
      }
    }
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = (double) counts[i] / blocks;
    }
    return out;
  }
}
