package org.blinkhdfs.bench.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import org.blinkhdfs.model.availability.BlockAvailability;
import org.blinkhdfs.model.availability.Gap;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.Segment;
import org.junit.jupiter.api.Test;

class BlockAvailabilityTest {
  private static final long T = 60_000;

  private static PowerBudget macMini(double percent) {
    return new PowerLevel.Percent(percent).resolve(PowerModel.macMini(9));
  }

  @Test
  void paperStaggerAt40PercentNodes036LeavesOneGapOf9375Ms() {
    long activeMs = StaggeredWindows.activeMs(macMini(40), T);
    assertEquals(22_500, activeMs);
    List<ActiveWindow> nodes = StaggeredWindows.paper(9, activeMs, T);
    assertEquals(0, nodes.get(0).offsetMs());
    assertEquals(14_062, nodes.get(3).offsetMs()); // 14 062.5 floored; inside the union anyway
    assertEquals(28_125, nodes.get(6).offsetMs());

    BlockAvailability b = BlockAvailability.forReplicas(nodes, List.of(0, 3, 6));
    assertEquals(List.of(new Segment(0, 50_625)), b.coveredSegments());
    assertEquals(List.of(new Gap(50_625, 9_375)), b.gaps());
    assertEquals(9_375, b.uncoveredMs());
    assertEquals(0.15625, b.unavailableFraction(), 1e-15);
    assertEquals(0.84375, b.availableFraction(), 1e-15);
    assertEquals(732.421875, b.expectedWaitMs().getAsDouble(), 1e-12); // 9.375²/2/60 s
    assertEquals(9_375, b.maxWaitMs().getAsLong());
    assertFalse(b.alwaysAvailable());
  }

  @Test
  void circularStaggerAt40PercentNodes036IsAlwaysAvailable() {
    List<ActiveWindow> nodes = StaggeredWindows.circular(9, 22_500, T);
    assertEquals(20_000, nodes.get(3).offsetMs());
    assertEquals(40_000, nodes.get(6).offsetMs());
    BlockAvailability b = BlockAvailability.forReplicas(nodes, List.of(0, 3, 6));
    assertTrue(b.alwaysAvailable());
    assertEquals(1.0, b.availableFraction(), 0);
    assertEquals(List.of(), b.gaps());
    assertEquals(0.0, b.expectedWaitMs().getAsDouble(), 0);
    assertEquals(0, b.maxWaitMs().getAsLong());
  }

  @Test
  void gapAcrossIntervalEndIsOneGap() {
    // covered [5 000, 50 000): the outage runs 50 000 -> 65 000 (= 5 000 next interval).
    BlockAvailability b = BlockAvailability.of(List.of(new ActiveWindow(5_000, 45_000, T)));
    assertEquals(List.of(new Gap(50_000, 15_000)), b.gaps());
    assertEquals(65_000, b.gaps().get(0).endMs());
    assertEquals(15_000.0 * 15_000 / 2 / T, b.expectedWaitMs().getAsDouble(), 1e-12);
    assertEquals(1_875.0, b.expectedWaitMs().getAsDouble(), 1e-12); // not (10²+5²)/2/60 s
    assertEquals(15_000, b.maxWaitMs().getAsLong());
    assertEquals(OptionalLong.of(15_000), b.waitMs(50_000));
    assertEquals(OptionalLong.of(5_000), b.waitMs(0));
    assertEquals(OptionalLong.of(0), b.waitMs(5_000));
  }

  @Test
  void twoGapsAndWrappingWindow() {
    // [50 000, 60 000) ∪ [0, 10 000) and [20 000, 30 000): gaps [10 000, 20 000), [30 000, 50 000)
    BlockAvailability b = BlockAvailability.of(List.of(
        new ActiveWindow(50_000, 20_000, T), new ActiveWindow(20_000, 10_000, T)));
    assertEquals(List.of(new Segment(0, 10_000), new Segment(20_000, 30_000),
        new Segment(50_000, 60_000)), b.coveredSegments());
    assertEquals(List.of(new Gap(10_000, 10_000), new Gap(30_000, 20_000)), b.gaps());
    assertEquals((100e6 + 400e6) / 2 / T, b.expectedWaitMs().getAsDouble(), 1e-9);
    assertEquals(20_000, b.maxWaitMs().getAsLong());
    assertEquals(0.5, b.unavailableFraction(), 0);
  }

  @Test
  void touchingWindowsLeaveNoGap() {
    BlockAvailability b = BlockAvailability.of(List.of(
        new ActiveWindow(0, 30_000, T), new ActiveWindow(30_000, 30_000, T)));
    assertTrue(b.alwaysAvailable());
    assertEquals(List.of(new Segment(0, 60_000)), b.coveredSegments());
  }

  @Test
  void neverAwakeReplicasHaveNoFiniteWait() {
    BlockAvailability b = BlockAvailability.of(
        List.of(ActiveWindow.never(T), ActiveWindow.never(T)));
    assertTrue(b.neverAvailable());
    assertEquals(0.0, b.availableFraction(), 0);
    assertEquals(List.of(new Gap(0, T)), b.gaps());
    assertTrue(b.expectedWaitMs().isEmpty());
    assertTrue(b.maxWaitMs().isEmpty());
    assertTrue(b.waitMs(123).isEmpty());
  }

  @Test
  void alwaysWindowCoversEverything() {
    BlockAvailability b = BlockAvailability.of(
        List.of(ActiveWindow.never(T), ActiveWindow.always(T)));
    assertTrue(b.alwaysAvailable());
    assertEquals(0.0, b.expectedWaitMs().getAsDouble(), 0);
  }

  @Test
  void mixedIntervalsAreRejectedNamingBothValues() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> BlockAvailability.of(List.of(ActiveWindow.always(60_000),
            new ActiveWindow(0, 10, 30_000))));
    assertTrue(e.getMessage().contains("replicaWindows[1].intervalMs = 30000"), e.getMessage());
    assertTrue(e.getMessage().contains("replicaWindows[0].intervalMs = 60000"), e.getMessage());
  }

  @Test
  void emptyNullAndBadIndexesAreRejected() {
    IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
        () -> BlockAvailability.of(List.of()));
    assertTrue(empty.getMessage().contains("replicaWindows is empty"), empty.getMessage());
    List<ActiveWindow> withNull = new ArrayList<>(Arrays.asList(ActiveWindow.always(T), null));
    IllegalArgumentException nul = assertThrows(IllegalArgumentException.class,
        () -> BlockAvailability.of(withNull));
    assertTrue(nul.getMessage().contains("replicaWindows[1] is null"), nul.getMessage());
    IllegalArgumentException idx = assertThrows(IllegalArgumentException.class,
        () -> BlockAvailability.forReplicas(List.of(ActiveWindow.always(T)), List.of(0, 7)));
    assertTrue(idx.getMessage().contains("node 7, outside 0..0"), idx.getMessage());
  }

  @Test
  void resultIsImmutable() {
    BlockAvailability b = BlockAvailability.of(List.of(new ActiveWindow(0, 10, 100)));
    assertThrows(UnsupportedOperationException.class, () -> b.gaps().clear());
    assertThrows(UnsupportedOperationException.class, () -> b.coveredSegments().clear());
    assertThrows(UnsupportedOperationException.class, () -> b.windows().clear());
  }
}
