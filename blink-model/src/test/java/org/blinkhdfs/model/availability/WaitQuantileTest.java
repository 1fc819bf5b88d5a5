package org.blinkhdfs.model.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Random;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.junit.jupiter.api.Test;

/** The exact wait quantile: the class comment's hand-worked example, edge cases, and seeds. */
class WaitQuantileTest {
  private static final long T = 6000;

  private static BlockAvailability block(long... offsetLength) {
    List<ActiveWindow> w = new ArrayList<>();
    for (int i = 0; i < offsetLength.length; i += 2) {
      w.add(new ActiveWindow(offsetLength[i], offsetLength[i + 1], T));
    }
    return BlockAvailability.of(w);
  }

  @Test
  void handWorkedExample() {
    // A: awake 1000 of 6000 ms (one 5000 ms gap); B: awake 2000 ms (one 4000 ms gap).
    assertEquals(3900.0, WaitQuantile.of(List.of(block(0, 1000), block(0, 2000)), 0.9)
        .getAsDouble(), 1e-9);
    // One block alone: F(w) = (5000 − w)/6000 = 0.1 at w = 4400.
    assertEquals(4400.0, WaitQuantile.of(List.of(block(0, 1000)), 0.9).getAsDouble(), 1e-9);
    assertEquals(0.5, WaitQuantile.minAvailable(List.of(block(0, 3000), block(0, 4000))));
  }

  @Test
  void mostlyAwakeBlocksWaitNothingAtTheQuantile() {
    // 5% of phases wait at all: the 90th percentile wait is 0.
    assertEquals(0.0, WaitQuantile.of(List.of(block(0, 5700)), 0.9).getAsDouble());
  }

  @Test
  void neverAvailableBlocks() {
    BlockAvailability never = BlockAvailability.of(List.of(ActiveWindow.never(T)));
    assertEquals(OptionalDouble.empty(), WaitQuantile.of(List.of(never, block(0, 6000)), 0.9));
    // 1 of 20 blocks never awake uses half of the 10%: the rest must cover 5% = 6000 ms of 120000.
    List<BlockAvailability> blocks = new ArrayList<>(List.of(never));
    for (int i = 0; i < 19; i++) {
      blocks.add(block(0, 3000));
    }
    // 19 gaps of 3000: (19·3000 − 6000)/19 = 2684.21...
    assertEquals((19 * 3000.0 - 6000) / 19, WaitQuantile.of(blocks, 0.9).getAsDouble(), 1e-9);
    assertThrows(IllegalArgumentException.class, () -> WaitQuantile.of(List.of(), 0.9));
    assertThrows(IllegalArgumentException.class,
        () -> WaitQuantile.of(List.of(block(0, 1)), 1.0));
  }

  /** Over seeds: the share of (block, phase) pairs on a 1 ms grid waiting longer than w. */
  @Test
  void matchesAPhaseByPhaseCountOverSeeds() {
    for (long seed = 0; seed < 60; seed++) {
      Random random = new Random(seed);
      List<BlockAvailability> blocks = new ArrayList<>();
      int n = 1 + random.nextInt(6);
      for (int b = 0; b < n; b++) {
        int replicas = 1 + random.nextInt(3);
        long[] w = new long[2 * replicas];
        for (int r = 0; r < replicas; r++) {
          w[2 * r] = random.nextInt((int) T);
          w[2 * r + 1] = 1 + random.nextInt(2500);
        }
        blocks.add(block(w));
      }
      double q = 0.5 + 0.45 * random.nextDouble();
      double w = WaitQuantile.of(blocks, q).getAsDouble();
      assertTrue(share(blocks, w) <= 1 - q + 1e-3, "seed " + seed + " w=" + w);
      if (w >= 1) {
        assertTrue(share(blocks, w - 1) > 1 - q - 1e-3, "seed " + seed + " w=" + w);
      }
    }
  }

  private static double share(List<BlockAvailability> blocks, double w) {
    long longer = 0;
    for (BlockAvailability b : blocks) {
      for (long phase = 0; phase < T; phase++) {
        if (b.waitMs(phase).getAsLong() > w) {
          longer++;
        }
      }
    }
    return longer / (double) (blocks.size() * T);
  }
}
