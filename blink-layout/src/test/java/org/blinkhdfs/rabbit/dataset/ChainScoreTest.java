package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChainScoreTest {
  /**
   * 1/2 + 1/12 and 1/3 + 1/4 are both 7/12, so two nodes with these scores tie and node order
   * decides; as doubles the sums differ in the last bit, which would decide the order by rounding.
   */
  @Test
  void equalSumsTieExactly() {
    ChainScore a = ChainScore.unit(2).plus(ChainScore.unit(12));
    ChainScore b = ChainScore.unit(3).plus(ChainScore.unit(4));
    assertEquals(0, a.compareTo(b));
    assertEquals(a, b);
    assertEquals("7/12", a.toString());
    assertNotEquals(1.0 / 2 + 1.0 / 12, 1.0 / 3 + 1.0 / 4); // what doubles would have done
  }

  @Test
  void orders() {
    assertTrue(ChainScore.unit(3).compareTo(ChainScore.unit(2)) < 0);
    assertTrue(ChainScore.ZERO.compareTo(ChainScore.unit(1000)) < 0);
    assertEquals(0.75, ChainScore.unit(2).plus(ChainScore.unit(4)).toDouble(), 0);
  }
}
