package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Hand-worked moves and ρ of {@link MigrationCost}, and its monotonicity. */
class MigrationCostTest {
  private static final double MIB = 1 << 20;
  private static final double GIB = 1 << 30;
  private static final double INF = Double.POSITIVE_INFINITY;

  /** 4 nodes × 10 GiB (D = 40 GiB), 100 MiB/s per node, 60 s steps. */
  private static final MigrationCost FOUR = new MigrationCost(40 * GIB, 100 * MIB, INF);

  @Test
  void oneOfFourNodesOff() {
    // The leaving node sends its 10 GiB = 10 240 MiB at 100 MiB/s: 102.4 s; each of the 3
    // staying nodes receives 10/3 GiB (34.1 s). ρ = 102.4 / 60 = 1.7067.
    assertEquals(10 * GIB, FOUR.bytes(4, 3), 1e-3);
    assertEquals(102.4, FOUR.seconds(4, 3), 1e-9);
    assertEquals(102.4 / 60, FOUR.rho(4, 3, 60_000), 1e-12);
  }

  @Test
  void fourDownToOneIsBoundByTheReceiver() {
    // 3 senders of 10 GiB each (102.4 s); the one node left receives 30 GiB = 30 720 MiB:
    // 307.2 s, ρ = 5.12.
    assertEquals(30 * GIB, FOUR.bytes(4, 1), 1e-3);
    assertEquals(307.2, FOUR.seconds(4, 1), 1e-9);
    assertEquals(5.12, FOUR.rho(4, 1, 60_000), 1e-12);
  }

  @Test
  void aRiseIsTheMirrorOfADrop() {
    // 2 -> 4: each new node receives D/4 = 10 GiB (102.4 s), each old node sends 20 - 10 GiB.
    assertEquals(20 * GIB, FOUR.bytes(2, 4), 1e-3);
    assertEquals(102.4, FOUR.seconds(2, 4), 1e-9);
    assertEquals(FOUR.seconds(4, 2), FOUR.seconds(2, 4), 1e-9);
  }

  @Test
  void theSharedLinkCanBeTheLimit() {
    // 1000 MiB on 10 nodes, 10 -> 8: 200 MiB over a 100 MiB/s link = 2 s (MigrationBaselineTest's
    // example); per node the leaving nodes send 100 MiB each, 0.1 s at 1000 MiB/s.
    MigrationCost c = new MigrationCost(1000 * MIB, 1000 * MIB, 100 * MIB);
    assertEquals(2.0, c.seconds(10, 8), 1e-9);
    assertEquals(0.1, new MigrationCost(1000 * MIB, 1000 * MIB, INF).seconds(10, 8), 1e-9);
  }

  @Test
  void nothingMovesWithoutAChangeOrWithNothingOn() {
    assertEquals(0, FOUR.seconds(4, 4));
    assertEquals(0, FOUR.seconds(4, 0));
    assertEquals(0, FOUR.bytes(0, 3));
  }

  @Test
  void theInverseGivesTheDataForARatio() {
    // ρ = 1.7067 on 4 -> 3 at 100 MiB/s and 60 s steps is the 40 GiB of the example.
    assertEquals(40 * GIB, MigrationCost.storedBytesFor(102.4 / 60, 4, 3, 100 * MIB, 60_000),
        1);
    assertThrows(IllegalArgumentException.class,
        () -> MigrationCost.storedBytesFor(1, 3, 3, 100 * MIB, 60_000));
  }

  @Test
  void costGrowsWithDataAndFallsWithBandwidth() {
    Random r = new Random(5);
    for (int i = 0; i < 2000; i++) {
      int a = 1 + r.nextInt(50);
      int b = 1 + r.nextInt(50);
      double d = r.nextDouble() * 1e13;
      double w = 1 + r.nextDouble() * 1e9;
      MigrationCost c = new MigrationCost(d, w, INF);
      MigrationCost more = new MigrationCost(d * (1 + r.nextDouble()), w, INF);
      MigrationCost faster = new MigrationCost(d, w * (1 + r.nextDouble()), INF);
      assertTrue(more.seconds(a, b) >= c.seconds(a, b), a + "->" + b);
      assertTrue(more.bytes(a, b) >= c.bytes(a, b));
      assertTrue(faster.seconds(a, b) <= c.seconds(a, b));
      // The slowest node never beats the bytes spread over every node involved.
      assertTrue(c.seconds(a, b) * w >= c.bytes(a, b) / Math.max(a, b) * (1 - 1e-12));
    }
  }
}
