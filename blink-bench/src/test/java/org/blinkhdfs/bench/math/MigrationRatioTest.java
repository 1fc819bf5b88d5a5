package org.blinkhdfs.bench.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MigrationRatioTest {
  /** bench compare's defaults: 640 MiB, r = 3, 9 + 1 nodes, 10 MiB/s, 30 s steps. */
  private final MigrationRatio compare = new MigrationRatio(640, 3, 9, 1, 10, 30);

  @Test
  void classExampleByHand() {
    // 20%: k = 1, t = 2 targets; a block has 3 * 2 / 10 = 0.6 replicas there, needs 2.
    assertEquals(896, compare.movedMiB(1), 1e-9);
    assertEquals(44.8, compare.moveSeconds(1), 1e-9);
    assertEquals(1.4933, compare.rho(1), 1e-4);
    // 40%: k = 3, t = 4: 640 * (3 - 1.2) = 1152 MiB over 4 nodes = 28.8 s.
    assertEquals(1152, compare.movedMiB(3), 1e-9);
    assertEquals(0.96, compare.rho(3), 1e-9);
    // 60%: k = 5, t = 6: 640 * (3 - 1.8) = 768 MiB over 6 nodes = 12.8 s.
    assertEquals(12.8, compare.moveSeconds(5), 1e-9);
    assertEquals(640 / 10.0 / 30, compare.wholeSetRatio(), 1e-12);
  }

  @Test
  void everyNodeOnMovesNothingAndNoNodeOnKeepsTheData() {
    assertEquals(0, compare.movedMiB(9), 1e-9); // t = 10 = M: 3 - 3 = 0
    MigrationRatio noStaging = new MigrationRatio(100, 3, 9, 0, 10, 60);
    assertEquals(0, noStaging.movedMiB(0), 1e-12);
    assertEquals(0, noStaging.moveSeconds(0), 1e-12);
    // k = 1, no staging: 100 * (1 - 3/9) = 66.7 MiB into one node, 6.67 s of 60.
    assertEquals(100 * (1 - 3 / 9.0) / 10 / 60, noStaging.rho(1), 1e-12);
  }

  @Test
  void blinkFsFig10StatesItsRatioInTheSameTerms() {
    // 10 GB through one 1 Gb/s node (125 MB/s) in a 5-minute step.
    MigrationRatio fig10 = new MigrationRatio(10_000, 3, 10, 0, 125, 300);
    assertEquals(MigrationRatio.BLINKFS_LOW, fig10.wholeSetRatio(), 0.01);
  }

  @Test
  void badSizesNameThemselves() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new MigrationRatio(640, 3, 9, 1, 0, 30));
    assertTrue(e.getMessage().contains("0.0 MiB/s"), e.getMessage());
  }
}
