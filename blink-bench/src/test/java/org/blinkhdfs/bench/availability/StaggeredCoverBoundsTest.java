package org.blinkhdfs.bench.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.junit.jupiter.api.Test;

class StaggeredCoverBoundsTest {

  private static PowerBudget macMini(double percent) {
    return new PowerLevel.Percent(percent).resolve(PowerModel.macMini(9));
  }

  @Test
  void activeFractionChargesSleepDraw() {
    assertEquals(0.375, StaggeredCoverBounds.activeFraction(macMini(40)), 1e-15); // 81/216
    assertEquals(36.0 / 216, StaggeredCoverBounds.activeFraction(macMini(20)), 1e-15);
    assertEquals(0.0625, StaggeredCoverBounds.activeFraction(macMini(10)), 1e-15);
    assertEquals(1.0, StaggeredCoverBounds.activeFraction(macMini(100)), 0);
  }

  @Test
  void macMiniReplicaCounts() {
    assertEquals(OptionalInt.of(3), StaggeredCoverBounds.replicasForFullAvailability(9, 0.375));
    assertEquals(OptionalInt.of(9), StaggeredCoverBounds.replicasForFullAvailability(9, 1.0 / 6));
    assertEquals(OptionalInt.of(3), StaggeredCoverBounds.replicasForFullAvailability(9, 0.4));
    assertEquals(OptionalInt.of(5), StaggeredCoverBounds.replicasForFullAvailability(9, 0.2));
    assertTrue(StaggeredCoverBounds.replicasForFullAvailability(9, 0.0625).isEmpty());
    assertEquals(OptionalInt.of(2), StaggeredCoverBounds.replicasForFullAvailability(9, 0.5));
    assertEquals(OptionalInt.of(1), StaggeredCoverBounds.replicasForFullAvailability(9, 1));
    assertTrue(StaggeredCoverBounds.replicasForFullAvailability(1, 0.99).isEmpty());
    assertTrue(StaggeredCoverBounds.replicasForFullAvailability(9, 0).isEmpty());
  }

  @Test
  void minimumUnavailableFraction() {
    assertEquals(0.4375, StaggeredCoverBounds.minimumUnavailableFraction(macMini(10)), 1e-15);
    assertEquals(0.0, StaggeredCoverBounds.minimumUnavailableFraction(macMini(20)), 0);
    // just above all-asleep: 9.9 W -> a = 0.9/216, 1 − 9·a = 1 − 8.1/216
    PowerBudget low = new PowerLevel.Percent(4.4).resolve(PowerModel.macMini(9));
    assertEquals(1 - 9 * (0.044 * 225 - 9) / 216,
        StaggeredCoverBounds.minimumUnavailableFraction(low), 1e-12);
  }

  @Test
  void badInputIsRejected() {
    PowerBudget below = new PowerLevel.Watts(45).resolve(PowerModel.macMini(9)); // 5 W < 9 W
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> StaggeredCoverBounds.activeFraction(below));
    assertTrue(e.getMessage().contains("nodeWatts = 5.0") && e.getMessage().contains("9.0"),
        e.getMessage());
    IllegalArgumentException n = assertThrows(IllegalArgumentException.class,
        () -> StaggeredCoverBounds.replicasForFullAvailability(0, 0.5));
    assertTrue(n.getMessage().contains("nodeCount") && n.getMessage().contains("got 0"));
    IllegalArgumentException a = assertThrows(IllegalArgumentException.class,
        () -> StaggeredCoverBounds.replicasForFullAvailability(9, 1.5));
    assertTrue(a.getMessage().contains("activeFraction") && a.getMessage().contains("1.5"));
    assertThrows(IllegalArgumentException.class,
        () -> StaggeredCoverBounds.replicasForFullAvailability(9, Double.NaN));
  }

  /** Closed form against the exact cover on integer-ms paper schedules, 200 seeds. */
  @Test
  void closedFormMatchesExactCoverOnPaperOffsets() {
    for (long seed = 0; seed < 200; seed++) {
      Random rnd = new Random(seed);
      int nodeCount = 2 + rnd.nextInt(11);
      long spacingMs = 1 + rnd.nextInt(50);
      long activeMs = 1 + rnd.nextInt(300);
      long intervalMs = activeMs + (nodeCount - 1) * spacingMs;
      List<ActiveWindow> windows = new ArrayList<>();
      for (int i = 0; i < nodeCount; i++) {
        windows.add(new ActiveWindow(i * spacingMs, activeMs, intervalMs));
      }
      assertEquals(windows, StaggeredWindows.paper(nodeCount, activeMs, intervalMs));
      double a = (double) activeMs / intervalMs;
      assertEquals(MinimumReplicaCover.minimumReplicas(windows),
          StaggeredCoverBounds.replicasForFullAvailability(nodeCount, a),
          "seed " + seed + " N=" + nodeCount + " s=" + spacingMs + " w=" + activeMs);
    }
  }
}
