package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Issue 39's first goal on the comparison's grid ({@link PhaseGroupsComparison}): r = 3 fully
 * available at 40% for every N, which aligned misses on 10 and 13 nodes; numbers by hand.
 */
class PhaseGroupsComparisonTest {

  @Test
  void threeReplicasAtFortyPercentForEveryRing() {
    for (int n : PhaseGroupsComparison.NODES) {
      assertEquals(0.0, PhaseGroupsComparison.groups(n, 3, 40).unavailable(), "N=" + n);
    }
    // N = 10: a = 9/24, w = 22 500; aligned's 4-position gap is 24 000: 1 500 ms per interval,
    // mean wait 1 500²/(2·60 000) = 18.75 ms.
    PhaseGroupsComparison.Cell ten = PhaseGroupsComparison.aligned(10, 3, 40);
    assertEquals(0.025, ten.unavailable(), 1e-12);
    assertEquals(18.75, ten.waitMs().getAsDouble(), 1e-9);
    // N = 13: 5-position gaps average 5t/13: 5/13 − 0.375 of the interval.
    assertEquals(5.0 / 13 - 0.375, PhaseGroupsComparison.aligned(13, 3, 40).unavailable(), 1e-12);
    assertEquals(0.0, PhaseGroupsComparison.aligned(11, 3, 40).unavailable());
  }

  /** r = 6 at 20%: w = 10 000 = t/6 exactly, so phase groups cover on every N ≥ 6. */
  @Test
  void sixReplicasAtTwentyPercent() {
    for (int n : PhaseGroupsComparison.NODES) {
      assertEquals(0.0, PhaseGroupsComparison.groups(n, 6, 20).unavailable(), "N=" + n);
    }
    // Aligned on 9: three 2-position gaps per block, 2t/9 on average, each 10 000 − 2t/9 short.
    assertEquals(1.0 / 6, PhaseGroupsComparison.aligned(9, 6, 20).unavailable(), 1e-12);
    String table = PhaseGroupsComparison.markdown();
    assertTrue(table.contains("| 10 |"), table);
    assertEquals(3, table.split("r = ", -1).length - 1, table);
  }
}
