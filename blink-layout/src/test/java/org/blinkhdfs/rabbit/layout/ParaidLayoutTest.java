package org.blinkhdfs.rabbit.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Le, Hikida and Yokota, Table 1: PARAID on 7 nodes, group 1 = n1, n2, group 2 = n3..n7.
 *
 * <pre>
 *            n1       n2       n3       n4       n5       n6       n7
 * original   B_1      B_2      B_3      B_4      B_5      B_6      B_7
 * replica    B_3(1/2) B_3(1/2)
 *            B_4(1/2) B_4(1/2) B_4(1/3)
 *            B_5(1/2) B_5(1/2) B_5(1/4) B_5(1/4)
 *            B_6(1/2) B_6(1/2) B_6(1/5) B_6(1/5) B_6(1/5)
 *            B_7(1/2) B_7(1/2) B_7(1/6) B_7(1/6) B_7(1/6) B_7(1/6)
 * </pre>
 *
 * <p>Per node with B_i = B/7, by hand: n1 = n2 = B/7 + 5·(B/7)/2 = 7B/14 = B/2; n3 = (B/7)(1 +
 * 1/3 + 1/4 + 1/5 + 1/6) = (B/7)·1.95 = 0.278571·B; n4 = (B/7)(1 + 1/4 + 1/5 + 1/6) =
 * (B/7)·97/60 = 0.230952·B; n5 = (B/7)(1 + 1/5 + 1/6) = (B/7)·41/30 = 0.195238·B; n6 =
 * (B/7)(7/6) = B/6; n7 = B/7. In all B + 5B/7 (group-1 copies) + (B/7)(1/3 + 2/4 + 3/5 + 4/6)
 * (skewed) = B + 0.714286·B + 0.3·B = 2.014286·B replicas.
 */
class ParaidLayoutTest {
  private static final int B = 100_000;
  private final ParaidLayout layout = ParaidLayout.of(Chain.numbered(7), ParaidSpec.of(2, 5));

  @Test
  void reproducesTable1CellByCell() {
    // table[origin][holder] for origins 1..7 (rows) and holders 1..7 (columns).
    double h = 1.0 / 2;
    double[][] table = {
        {0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0},
        {h, h, 0, 0, 0, 0, 0},
        {h, h, 1.0 / 3, 0, 0, 0, 0},
        {h, h, 1.0 / 4, 1.0 / 4, 0, 0, 0},
        {h, h, 1.0 / 5, 1.0 / 5, 1.0 / 5, 0, 0},
        {h, h, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6, 0},
    };
    for (int origin = 1; origin <= 7; origin++) {
      for (int holder = 1; holder <= 7; holder++) {
        assertEquals(table[origin - 1][holder - 1], layout.replicaFraction(origin, holder), 0,
            "B_" + origin + " on n" + holder);
      }
    }
  }

  @Test
  void analyticPerNodeTable() {
    LayoutTable t = layout.expectedBlocks(B);
    assertEquals(50_000, t.expected(1), 1e-6);
    assertEquals(50_000, t.expected(2), 1e-6);
    assertEquals(27_857.143, t.expected(3), 1e-3);
    assertEquals(23_095.238, t.expected(4), 1e-3);
    assertEquals(19_523.810, t.expected(5), 1e-3);
    assertEquals(16_666.667, t.expected(6), 1e-3);
    assertEquals(14_285.714, t.expected(7), 1e-3);
    assertEquals(201_428.571, t.totalReplicas(), 1e-3);
  }

  @Test
  void placingBlockIdsReproducesTheTable() {
    PlacementCounts.assertMatches(layout.expectedBlocks(B), PlacementCounts.byBlockId(layout, B));
  }

  @Test
  void drawingWithoutBlockIdsReproducesTheTable() {
    PlacementCounts.assertMatches(layout.expectedBlocks(B),
        PlacementCounts.byRandom(layout, B, 7));
  }

  @Test
  void replicasPerBlockFollowTheOrigin() {
    // Origin in group 1: 1 replica. Origin n3: 2 (no skew slot outside group 1 below it).
    // Origin n7: 3 with probability 4/6 (slots n3..n6 of n1..n6), else 2.
    int sevenWithThree = 0;
    int sevenTotal = 0;
    for (long id = PlacementCounts.FIRST_HDFS_BLOCK_ID;
        id < PlacementCounts.FIRST_HDFS_BLOCK_ID + B; id++) {
      List<String> t = layout.targets(id);
      int origin = layout.chain().rank(t.get(0));
      if (origin <= 2) {
        assertEquals(1, t.size());
      } else if (origin == 3) {
        assertEquals(2, t.size());
      } else if (origin == 7) {
        sevenTotal++;
        sevenWithThree += t.size() == 3 ? 1 : 0;
      }
      if (t.size() > 1) {
        assertTrue(layout.chain().rank(t.get(1)) <= 2, "group-1 copy " + t);
      }
      if (t.size() > 2) {
        int skew = layout.chain().rank(t.get(2));
        assertTrue(skew > 2 && skew < origin, "skewed copy below the origin " + t);
      }
    }
    // 4σ for Binomial(≈14 286, 2/3): ±225.
    double expected = sevenTotal * 4.0 / 6;
    assertTrue(Math.abs(sevenWithThree - expected) < 4 * Math.sqrt(sevenTotal * 2.0 / 9) + 1,
        sevenWithThree + " of " + sevenTotal);
  }

  @Test
  void gearsAreGroupPrefixes() {
    assertEquals(List.of(2, 7), layout.gearSizes());
    assertEquals(List.of("n1", "n2"), layout.activeNodes(2));
    assertEquals(layout.chain().nodes(), layout.activeNodes(7));
    assertThrows(IllegalArgumentException.class, () -> layout.activeNodes(4));
    assertEquals(List.of("n1", "n2"), Gears.activeNodes(layout, 1));
    assertEquals(layout.chain().nodes(), Gears.activeNodes(layout, 3));
  }

  @Test
  void workedTargetsArePinned() {
    // Golden values (see EqualWorkLeTable2Test#layoutsArePinned).
    assertEquals(List.of("n4", "n2", "n3"), layout.targets(1_073_741_825L));
    assertEquals(List.of("n4", "n2"), layout.targets(1_073_741_826L));
    assertEquals(List.of("n5", "n1", "n4"), layout.targets(1_073_741_827L));
    assertEquals(List.of("n7", "n2"), layout.targets(1_073_741_828L));
  }

  @Test
  void bestFitRecognisesTheLayoutFromItsHolders() {
    assertEquals(List.of("n5", "n1", "n4"), layout.bestFit(List.of("n4", "n1", "n5")));
    assertEquals(List.of("n6", "n2"), layout.bestFit(List.of("n2", "n6")));
    assertEquals(List.of("n1"), layout.bestFit(List.of("n1")));
    // A stand-in (n9, off the chain) instead of the group-1 copy: origin n6 and skew n3 are
    // held; the copy is missing (defaults to n1).
    PlacementCheck c = layout.check(List.of("n6", "n3", "n9"));
    assertEquals(List.of("n6", "n1", "n3"), c.layout());
    assertEquals(List.of("n1"), c.missing());
    assertEquals(List.of("n9"), c.standIns());
  }

  @Test
  void groupsMustCoverTheChain() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ParaidLayout.of(Chain.numbered(8), ParaidSpec.of(2, 5)));
    assertTrue(e.getMessage().contains("add up to 7 nodes, but the chain has 8"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ParaidSpec.of(2, 0));
    assertThrows(IllegalArgumentException.class, () -> ParaidSpec.of());
  }

  @Test
  void countsFromBlockIdsAndRandomAgreeForThreeGroups() {
    // Groups 2, 3, 4 (gears of 2, 5, 9 nodes): only group 1 is special in the layout.
    ParaidLayout three = ParaidLayout.of(Chain.numbered(9), ParaidSpec.of(2, 3, 4));
    assertEquals(List.of(2, 5, 9), three.gearSizes());
    Map<String, Integer> counts = PlacementCounts.byBlockId(three, B);
    PlacementCounts.assertMatches(three.expectedBlocks(B), counts);
    // Group 1 of 2 nodes holds B/9 originals + (7/9)·B/2 copies = B/2 each again.
    assertEquals(B / 2.0, three.expectedBlocks(B).expected(1), 1e-6);
  }
}
