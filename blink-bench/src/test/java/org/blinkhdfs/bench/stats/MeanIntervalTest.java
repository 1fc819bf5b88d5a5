package org.blinkhdfs.bench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MeanIntervalTest {
  @Test
  void theClassCommentsWorkedExample() {
    MeanInterval m = MeanInterval.of(new double[] {1.02, 0.95, 0.99, 1.04, 0.97});
    assertEquals(5, m.count());
    assertEquals(0.994, m.mean(), 1e-12);
    assertEquals(0.04528, m.halfWidth(), 1e-5);
    assertEquals("0.994 (0.949 .. 1.039)", m.format("%.3f"));
    assertTrue(m.hasInterval());
  }

  @Test
  void tQuantilesMatchTheTablesAndApproachTheNormal() {
    assertEquals(12.706, MeanInterval.tQuantile975(1), 1e-9);
    assertEquals(2.776, MeanInterval.tQuantile975(4), 1e-9);
    assertEquals(2.042, MeanInterval.tQuantile975(30), 1e-9);
    assertEquals(2.021, MeanInterval.tQuantile975(40), 1e-3);
    assertEquals(2.000, MeanInterval.tQuantile975(60), 1e-3);
    assertEquals(1.980, MeanInterval.tQuantile975(120), 1e-3);
    assertThrows(IllegalArgumentException.class, () -> MeanInterval.tQuantile975(0));
  }

  @Test
  void oneValueHasNoInterval() {
    MeanInterval m = MeanInterval.of(List.of(2.5));
    assertFalse(m.hasInterval());
    assertTrue(Double.isNaN(m.halfWidth()));
    assertEquals("2.50 (one round, no interval)", m.format("%.2f"));
  }

  @Test
  void badInputIsRefusedWithTheReason() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> MeanInterval.of(new double[0]));
    assertTrue(e.getMessage().contains("at least one"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> MeanInterval.of(new double[] {1, Double.NaN}));
  }
}
