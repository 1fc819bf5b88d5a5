package org.blinkhdfs.rabbit.layout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** Chain, block hash and systematic sampler. */
class BasicsTest {
  private static final long UNIT = BlockHash.UNIT;

  @Test
  void chainRanksAndPrefixes() {
    Chain chain = Chain.of("a", "b", "c");
    assertEquals(2, chain.rank("b"));
    assertEquals("c", chain.node(3));
    assertEquals(List.of("a", "b"), chain.prefix(2));
    assertEquals(0, chain.rankOrZero("z"));
    assertThrows(IllegalArgumentException.class, () -> chain.rank("z"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Chain.of("a", "b", "a"));
    assertTrue(e.getMessage().contains("node a appears twice in the chain, at ranks 1 and 3"),
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Chain.of(List.of()));
    assertThrows(IllegalArgumentException.class, () -> Chain.of("a", " "));
  }

  @Test
  void chainFromScheduleSkipsStagingNodes() {
    Schedule schedule = Schedule.builder().intervalMs(60_000)
        .add(NodeSchedule.of("10.0.0.11:9866", NodeMode.ACTIVE))
        .add(NodeSchedule.staging("10.0.0.20:9866"))
        .add(NodeSchedule.of("10.0.0.12:9866", NodeMode.ACTIVE))
        .build();
    assertEquals(List.of("10.0.0.11:9866", "10.0.0.12:9866"),
        Chain.fromSchedule(schedule).nodes());
  }

  @Test
  void hashIsDeterministicAndStreamsDiffer() {
    assertEquals(BlockHash.draw(42, 7, 0), BlockHash.draw(42, 7, 0));
    assertTrue(BlockHash.draw(42, 7, 0) != BlockHash.draw(42, 7, 1));
    assertTrue(BlockHash.draw(42, 7, 0) != BlockHash.draw(42, 8, 0));
    for (long id = -100; id < 100; id++) {
      long u = BlockHash.units(id, 3, 1);
      assertTrue(u >= 0 && u < UNIT);
      int i = BlockHash.index(id, 3, 0, 7);
      assertTrue(i >= 0 && i < 7);
    }
  }

  @Test
  void sequentialBlockIdsLookIndependent() {
    // Mean |u_{k+1} − u_k| of independent uniforms is 1/3 (σ of the mean ≈ 0.236/√n = 0.00024
    // for n = 10^6); the covariance of two streams of one block is 0 (σ ≈ 1/12/√n = 0.00008).
    int n = 1_000_000;
    long base = PlacementCounts.FIRST_HDFS_BLOCK_ID;
    double previous = BlockHash.units(base, 0, 1) / (double) UNIT;
    double jumps = 0;
    double covariance = 0;
    for (long id = base + 1; id <= base + n; id++) {
      double u = BlockHash.units(id, 0, 1) / (double) UNIT;
      double v = BlockHash.units(id, 0, 0) / (double) UNIT;
      jumps += Math.abs(u - previous);
      covariance += (u - 0.5) * (v - 0.5);
      previous = u;
    }
    assertEquals(1.0 / 3, jumps / n, 0.001);
    assertEquals(0, covariance / n, 0.0004);
  }

  @Test
  void samplerWorkedExample() {
    // π = (6/13, 4/13, 3/13), one pick: intervals [0, 6/13), [6/13, 10/13), [10/13, 1).
    SystematicSampler s = new SystematicSampler(new double[] {6.0 / 13, 4.0 / 13, 3.0 / 13}, 1);
    assertArrayEquals(new int[] {1}, s.select(UNIT / 2));
    assertArrayEquals(new int[] {2}, s.select((long) (0.8 * UNIT)));
    assertArrayEquals(new int[] {0}, s.select(0));
    assertEquals(3, s.selections().size());
    assertEquals(3, s.bandEnd(1));
    assertEquals(0, s.bandEnd(0));
  }

  @Test
  void samplerHitsEachItemWithItsProbability() {
    // Two picks from π = (0.9, 0.6, 0.3, 0.2): on a grid of M u-values an item's interval of
    // length π (possibly split across the band boundary) holds π·M points ± 2.
    double[] pi = {0.9, 0.6, 0.3, 0.2};
    SystematicSampler s = new SystematicSampler(pi, 2);
    int grid = 100_000;
    int[] hits = new int[pi.length];
    for (int k = 0; k < grid; k++) {
      int[] picked = s.select(UNIT / grid * k);
      assertEquals(2, picked.length);
      assertTrue(picked[0] < picked[1], "distinct and ascending");
      for (int item : picked) {
        hits[item]++;
      }
    }
    for (int i = 0; i < pi.length; i++) {
      assertEquals(pi[i] * grid, hits[i], 2.0, "item " + i);
    }
    // Bands: [0, 1) is item 0 (0.9) and the start of item 1; so band 1 ends after 2 items.
    assertEquals(2, s.bandEnd(1));
    assertEquals(4, s.bandEnd(2));
    // Distinct selections by increasing u: {0,1}, {0,2}, {0,3}, {1,3}. Breakpoints 0, 0.5, 0.8,
    // 0.9: u in [0, 0.5) → 0 and (u + 1 in [0.9, 1.5)) 1; [0.5, 0.8) → 0, 2; [0.8, 0.9) → 0, 3;
    // [0.9, 1) → 1, 3.
    List<int[]> all = s.selections();
    assertEquals(4, all.size());
    assertArrayEquals(new int[] {0, 1}, all.get(0));
    assertArrayEquals(new int[] {0, 2}, all.get(1));
    assertArrayEquals(new int[] {0, 3}, all.get(2));
    assertArrayEquals(new int[] {1, 3}, all.get(3));
  }

  @Test
  void samplerAcceptsCertainItems() {
    // π = 1 for every item: all picked, whatever u.
    SystematicSampler s = new SystematicSampler(new double[] {1, 1, 1}, 3);
    assertArrayEquals(new int[] {0, 1, 2}, s.select(UNIT - 1));
    assertArrayEquals(new int[] {0, 1, 2}, s.select(0));
  }

  @Test
  void samplerRejectsBadProbabilities() {
    assertThrows(IllegalArgumentException.class,
        () -> new SystematicSampler(new double[] {0.5, 0.4}, 1));
    assertThrows(IllegalArgumentException.class,
        () -> new SystematicSampler(new double[] {1.5, 0.5}, 2));
    assertThrows(IllegalArgumentException.class,
        () -> new SystematicSampler(new double[] {0.5, 0.5}, 3));
  }
}
