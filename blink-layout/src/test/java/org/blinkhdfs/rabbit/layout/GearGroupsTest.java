package org.blinkhdfs.rabbit.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Gear groups and recovery groups (Rabbit §3.5): geometry, sizes against Table 1, per-server
 * loads, and which nodes to wake when a primary fails.
 *
 * <p>Small example by hand: chain n1..n8, p = 2, g = 2, r = 2. p/g = 1, so the recovery group
 * size is the smallest G with Σ_{i=1..G} 1/(1 + i) ≥ 1: 1/2 + 1/3 = 0.833, + 1/4 = 1.083, G = 3,
 * N = 2 + 2·3 = 8. c = 1/(13/12) = 12/13. A server of gear group i holds c·B/(2 + 2i): with B =
 * 13, 3 (i = 1), 2 (i = 2) and 1.5 (i = 3); a recovery group holds 3 + 2 + 1.5 = 6.5 = B/2, one
 * replica of its primary's 6.5 blocks.
 */
class GearGroupsTest {
  private final EqualWorkLayout small =
      EqualWorkLayout.of(Chain.numbered(8), EqualWorkSpec.of(2, 2).withGearSize(2));

  @Test
  void gridOfTheSmallExample() {
    GearGroups groups = small.groups();
    assertEquals(3, groups.gearGroupCount());
    assertEquals(List.of("n3", "n4"), groups.gearGroup(1));
    assertEquals(List.of("n5", "n6"), groups.gearGroup(2));
    assertEquals(List.of("n7", "n8"), groups.gearGroup(3));
    assertEquals(List.of("n3", "n5", "n7"), groups.recoveryGroup(1));
    assertEquals(List.of("n4", "n6", "n8"), groups.recoveryGroup(2));
    assertEquals(1, groups.recoveryGroupOfPrimary(1));
    assertEquals(2, groups.recoveryGroupOfPrimary(2));
    assertEquals(2, groups.gearGroupOf("n6"));
    assertEquals(0, groups.gearGroupOf("n2"));
    assertEquals(2, groups.recoveryGroupOf("n6"));
    assertEquals(1, groups.recoveryGroupOf("n1"));
    assertEquals(List.of(2, 4, 6, 8), small.gearSizes());
    assertEquals(List.of("n3", "n5", "n7"), small.recoveryGroup("n1"));
  }

  @Test
  void perServerLoadsOfTheSmallExample() {
    LayoutTable table = small.expectedBlocks(13);
    double[] expected = {6.5, 6.5, 3, 3, 2, 2, 1.5, 1.5};
    for (int rank = 1; rank <= 8; rank++) {
      assertEquals(expected[rank - 1], table.expected(rank), 1e-12, "rank " + rank);
    }
  }

  @Test
  void secondariesStayInThePrimarysRecoveryGroup() {
    for (long id = 0; id < 20_000; id++) {
      List<String> t = small.targets(id);
      List<String> group = small.recoveryGroup(t.get(0));
      assertTrue(group.contains(t.get(1)), "id=" + id + " " + t);
    }
    PlacementCounts.assertMatches(small.expectedBlocks(100_000),
        PlacementCounts.byBlockId(small, 100_000));
  }

  @Test
  void nodesToWakeInTheSmallExample() {
    // r = 2: the whole recovery group is band 1. n1 fails with only the primaries on: wake its
    // group [n3, n5, n7]; with gear group 1 on (4 nodes) n3 is already awake.
    assertEquals(List.of("n3", "n5", "n7"), small.nodesToWake("n1", 2));
    assertEquals(List.of("n5", "n7"), small.nodesToWake("n1", 4));
    assertEquals(List.of("n8"), small.nodesToWake("n2", 6));
    assertEquals(List.of(), small.nodesToWake("n2", 8));
  }

  @Test
  void withThreeReplicasOnlyTheFirstBandWakes() {
    // Plain equal work (g = 1), p = 2, r = 3, N = 19 (the exact spread): c = 2/f(2, 19) =
    // 2/2.04774 = 0.97669. Band 1 ends where c·Σ_{i=3..s} 1/i ≥ 1, i.e. Σ ≥ 1.02387:
    // Σ_{3..6} = 0.95, Σ_{3..7} = 1.0929, so nodes 3..7 hold one replica of every block: a failed
    // primary wakes 5 nodes, not all 17 secondaries.
    EqualWorkLayout layout = EqualWorkLayout.of(Chain.numbered(19), EqualWorkSpec.of(2, 3));
    assertEquals(0.97669, layout.scale(), 1e-5);
    assertEquals(List.of("n3", "n4", "n5", "n6", "n7"), layout.nodesToWake("n1", 2));
    assertEquals(17, layout.recoveryGroup("n1").size());
  }

  @Test
  void rabbitTable1Sizes() {
    // p = 100, r = 2; chain N = p + g·G with the exact G (Table 1 minus one, see SpreadMathTest).
    int[] gearSizes = {1, 5, 10, 20, 50, 100};
    int[] recoverySizes = {173, 36, 19, 10, 5, 3};
    for (int k = 0; k < gearSizes.length; k++) {
      int g = gearSizes[k];
      int rows = recoverySizes[k];
      EqualWorkLayout layout = EqualWorkLayout.of(Chain.numbered(100 + g * rows),
          EqualWorkSpec.of(100, 2).withGearSize(g));
      GearGroups groups = layout.groups();
      assertEquals(rows, groups.gearGroupCount(), "g=" + g);
      assertEquals(g, groups.gearGroup(1).size(), "g=" + g);
      assertEquals(rows, groups.recoveryGroup(1).size(), "g=" + g);
      assertEquals(rows, layout.recoveryGroup("n1").size(), "g=" + g);
      // r = 2: waking the whole recovery group is needed and enough.
      assertEquals(layout.recoveryGroup("n1"), layout.nodesToWake("n1", 100), "g=" + g);
    }
  }

  @Test
  void table1SmallestGearWithTheFailedPrimaryCovered() {
    // g = 100: G = 3, N = 400, c = 1/(1/2 + 1/3 + 1/4) = 12/13. Gear group i holds
    // c·B/(100 + 100i): 12/13·B/200 = 0.0046154·B, 12/13·B/300 = 0.0030769·B, 12/13·B/400 =
    // 0.0023077·B. Each recovery group serves one primary's B/100 blocks, one replica each:
    // 0.0046154 + 0.0030769 + 0.0023077 = 0.01. With B = 10^6: 4615.385, 3076.923, 2307.692.
    EqualWorkLayout layout = EqualWorkLayout.of(Chain.numbered(400),
        EqualWorkSpec.of(100, 2).withGearSize(100));
    LayoutTable table = layout.expectedBlocks(1_000_000);
    assertEquals(4615.385, table.expected(101), 1e-3);
    assertEquals(3076.923, table.expected(201), 1e-3);
    assertEquals(2307.692, table.expected(301), 1e-3);
    assertEquals(List.of("n101", "n201", "n301"), layout.nodesToWake("n1", 100));
    assertEquals(List.of("n102", "n202", "n302"), layout.nodesToWake("n2", 100));
  }

  @Test
  void plainLayoutFailureCostsAboutEpMinusOne() {
    // §3.5: without gearing a failed primary leaves a minimum power setting of e·p − 1. p = 100,
    // r = 2, N = 273 (exact spread): all 173 secondaries are band 1, so 99 + 173 = 272 nodes,
    // against e·100 − 1 = 270.8.
    EqualWorkLayout layout = EqualWorkLayout.of(Chain.numbered(273), EqualWorkSpec.of(100, 2));
    int onDuringFailure = 99 + layout.nodesToWake("n7", 100).size();
    assertEquals(272, onDuringFailure);
    assertEquals(Math.E * 100 - 1, onDuringFailure, 1.5);
  }

  @Test
  void wakingRestoresEveryBlockOfTheFailedPrimary() {
    EqualWorkLayout layout = EqualWorkLayout.of(Chain.numbered(60),
        EqualWorkSpec.of(4, 3).withGearSize(2));
    for (int active : layout.gearSizes()) {
      for (String failed : layout.groups().primaryNodes()) {
        Set<String> on = new HashSet<>(layout.activeNodes(active));
        on.remove(failed);
        on.addAll(layout.nodesToWake(failed, active));
        for (long id = 0; id < 3000; id++) {
          List<String> t = layout.targets(id);
          assertTrue(Gears.covers(on, t), "active=" + active + " failed=" + failed + " " + t);
        }
      }
    }
  }

  @Test
  void rejectsWhatIsNotAGearOrNotAPrimary() {
    assertThrows(IllegalArgumentException.class, () -> small.nodesToWake("n3", 2));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> small.nodesToWake("n1", 5));
    assertTrue(e.getMessage().contains("gears have [2, 4, 6, 8] nodes"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> small.activeNodes(3));
  }
}
