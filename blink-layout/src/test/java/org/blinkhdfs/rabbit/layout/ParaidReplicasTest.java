package org.blinkhdfs.rabbit.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * PARAID with HDFS's fixed replication. By hand for N = 7, m = 2, r = 3 (B = 1):
 *
 * <ul>
 *   <li>origin n1 or n2 (2/7): [n1, n2, n3] or [n2, n1, n3] (fill n2/n1, then n3);
 *   <li>origin i ≥ 3 (1/7 each), copy c (1/2), slot s ≤ 2 (2/(i − 1)): [i, c, the other group-1
 *       node]; slot s ≥ 3: [i, c, s], Table 1 unchanged.
 * </ul>
 * n1 = 2/7 + Σ_{i=3..7} (1/7)(1/2 + (1/2)·2/(i − 1)) = 2/7 + (1/7)(5/2 + 1.45) = 0.85; n3 = its
 * Table 1 share 0.278571 + the fill of the group-1 origins 2/7 = 0.564286; n4..n7 as Table 1.
 * Total 3.
 */
class ParaidReplicasTest {
  private final ParaidLayout paraid = ParaidLayout.of(Chain.numbered(7), ParaidSpec.of(2, 5));

  @Test
  void tableForThreeReplicasIsTable1PlusFillOnTheFirstThreeNodes() {
    LayoutTable t = ParaidReplicas.of(paraid, 3).expectedBlocks(1);
    LayoutTable table1 = paraid.expectedBlocks(1);
    assertEquals(0.85, t.expected(1), 1e-12);
    assertEquals(0.85, t.expected(2), 1e-12);
    assertEquals(0.278571 + 2.0 / 7, t.expected(3), 1e-6);
    for (int rank = 4; rank <= 7; rank++) {
      assertEquals(table1.expected(rank), t.expected(rank), 1e-12, "n" + rank);
    }
    assertEquals(3, t.totalReplicas(), 1e-12);
  }

  @Test
  void twoReplicasKeepOriginAndGroupOneCopy() {
    // Origins in group 1 mirror inside it; the others lose their skewed copy.
    LayoutTable t = ParaidReplicas.of(paraid, 2).expectedBlocks(14);
    assertEquals(9, t.expected(1), 1e-12); // 14·(2/7 + (5/7)/2)
    assertEquals(9, t.expected(2), 1e-12);
    for (int rank = 3; rank <= 7; rank++) {
      assertEquals(2, t.expected(rank), 1e-12, "n" + rank);
    }
  }

  @Test
  void oneReplicaKeepsTheGroupOneCopy() {
    ParaidReplicas one = ParaidReplicas.of(paraid, 1);
    assertEquals(List.of("n2"), one.adjust(List.of("n5", "n2", "n4")));
    assertEquals(List.of("n1"), one.adjust(List.of("n1")));
  }

  /**
   * Every layout the policy can write is recognised as exactly its holders, has r distinct
   * replicas and one in group 1, for every r and two group splits (so no block is ever moved for
   * nothing).
   */
  @Test
  void everyWritableLayoutIsRecognisedAsPerfect() {
    for (ParaidSpec spec : List.of(ParaidSpec.of(2, 5), ParaidSpec.of(3, 1, 3))) {
      ParaidLayout p = ParaidLayout.of(Chain.numbered(7), spec);
      List<String> groupOne = p.chain().prefix(p.groupOneSize());
      for (int r = 1; r <= 7; r++) {
        ParaidReplicas layout = ParaidReplicas.of(p, r);
        int replication = r;
        double[] total = {0};
        p.forEachLayout((targets, probability) -> {
          List<String> written = layout.adjust(targets);
          assertEquals(replication, written.stream().distinct().count(), written.toString());
          assertTrue(Gears.covers(groupOne, written), written + " has no group-1 replica");
          assertTrue(layout.check(written).isPerfect(), spec + " r=" + replication + " "
              + written + " recognised as " + layout.bestFit(written));
          total[0] += probability;
        });
        assertEquals(1, total[0], 1e-12);
      }
    }
  }

  @Test
  void drawsFollowTheTable() {
    ParaidReplicas layout = ParaidReplicas.of(paraid, 3);
    PlacementCounts.assertMatches(layout.expectedBlocks(100_000),
        PlacementCounts.byRandom(layout, 100_000, 42));
  }

  @Test
  void replicationOutsideTheChainIsRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ParaidReplicas.of(paraid, 8));
    assertTrue(e.getMessage().contains("within 1..7"), e.getMessage());
  }
}
