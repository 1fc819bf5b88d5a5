package org.blinkhdfs.rabbit.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rabbit Fig 2: N = 100, B = 10^4, p = 5, r = 4. Primaries flat at B/p = 2000, then node i holds
 * about B/i, decreasing.
 *
 * <p>By hand: f(5, 100) = H(100) − H(5) = 5.18738 − 2.28333 = 2.90404 &lt; 3, so 95 nodes at B/i
 * hold only 2.904 of the 3 secondary replicas; the scale c = 3/2.90404 = 1.03304 lifts every
 * secondary by 3.3%: node 6 holds 1.03304·10^4/6 = 1721.7 (paper's B/6 = 1666.7), node 100
 * holds 103.3 (B/100 = 100). (The paper's own bound s ≥ p·e^(r−1) = 100.43 says 100 nodes are
 * slightly short; see ChainLengthCheck.) Contrast §2.1's "simple" layout, which gives each
 * secondary B(r − 1)/(N − p) = 3·10^4/95 = 315.8 blocks.
 */
class EqualWorkRabbitFig2Test {
  private static final int B = 10_000;
  private final EqualWorkLayout layout =
      EqualWorkLayout.of(Chain.numbered(100), EqualWorkSpec.of(5, 4));

  @Test
  void primariesFlatThenDecreasingLikeOneOverI() {
    LayoutTable table = layout.expectedBlocks(B);
    for (int i = 1; i <= 5; i++) {
      assertEquals(2000, table.expected(i), 1e-9, "primary " + i);
    }
    assertEquals(1.033042, layout.scale(), 1e-6);
    assertEquals(1721.737, table.expected(6), 1e-3);
    assertEquals(103.304, table.expected(100), 1e-3);
    for (int i = 6; i <= 100; i++) {
      assertTrue(table.expected(i) < table.expected(i - 1), "decreasing at " + i);
      double paper = (double) B / i;
      assertEquals(0.033042, table.expected(i) / paper - 1, 1e-6, "i=" + i);
    }
    // Four replicas of every block: 4·10^4.
    assertEquals(4.0 * B, table.totalReplicas(), 1e-6);
  }

  @Test
  void equalWorkHoldsAtEveryGear() {
    // Rabbit's necessary condition: with n nodes on, every node i ≤ n holds at least B/n.
    LayoutTable table = layout.expectedBlocks(B);
    for (int n = 5; n <= 100; n++) {
      for (int i = 1; i <= n; i++) {
        assertTrue(table.expected(i) >= (double) B / n, "n=" + n + " i=" + i);
      }
    }
  }

  @Test
  void placingBlockIdsReproducesTheTable() {
    int blocks = 100_000;
    Map<String, Integer> counts = PlacementCounts.byBlockId(layout, blocks);
    PlacementCounts.assertMatches(layout.expectedBlocks(blocks), counts);
  }

  @Test
  void secondariesAreStackedInBands() {
    // Fig 2 stacks replica 2, 3, 4 over consecutive stretches of the chain: replica 2 from node
    // 6 until c·f(5, s) reaches 1, i.e. f(5, s) ≥ 1/c = 0.96801: f(5, 13) = 0.89680 falls short,
    // f(5, 14) = 0.96823 does not, so nodes 6..14; replica 3 then until f ≥ 2/c = 1.93603 (node
    // 14 straddles both bands but holds at most one replica of a block), and so on.
    for (long id = PlacementCounts.FIRST_HDFS_BLOCK_ID; id < PlacementCounts.FIRST_HDFS_BLOCK_ID
        + 10_000; id++) {
      List<String> targets = layout.targets(id);
      Chain chain = layout.chain();
      assertTrue(chain.rank(targets.get(0)) <= 5);
      int second = chain.rank(targets.get(1));
      assertTrue(second >= 6 && second <= 14, "id=" + id + " " + targets);
      assertTrue(chain.rank(targets.get(2)) > second && chain.rank(targets.get(3))
          > chain.rank(targets.get(2)), "id=" + id + " " + targets);
    }
  }
}
