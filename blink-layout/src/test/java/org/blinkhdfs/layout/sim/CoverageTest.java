package org.blinkhdfs.layout.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.blinkhdfs.core.schedule.ActiveWindow;
import org.junit.jupiter.api.Test;

class CoverageTest {
  private static final long T = 60_000;

  @Test
  void unionOfTwoWindowsHasTwoGaps() {
    Coverage c = new Coverage(List.of(new ActiveWindow(0, 20_000, T),
        new ActiveWindow(30_000, 10_000, T)), T);
    c.compute(List.of(0, 1));
    assertEquals(30_000, c.coveredMs());
    assertEquals(2, c.gapCount());
    assertEquals(10_000, c.gapMs(0));
    assertEquals(20_000, c.gapMs(1));
  }

  @Test
  void aGapAcrossTheIntervalEndIsOneGap() {
    // [50 s, 60 s) + [0, 10 s) wraps; [20 s, 30 s) beside it: gaps 10-20 s and 30-50 s.
    Coverage c = new Coverage(List.of(new ActiveWindow(50_000, 20_000, T),
        new ActiveWindow(20_000, 10_000, T)), T);
    c.compute(List.of(1, 0));
    assertEquals(30_000, c.coveredMs());
    assertEquals(List.of(10_000L, 20_000L), List.of(c.gapMs(0), c.gapMs(1)));
  }

  @Test
  void overlappingAndAlwaysAndNever() {
    Coverage c = new Coverage(List.of(new ActiveWindow(0, 30_000, T),
        new ActiveWindow(10_000, 30_000, T), ActiveWindow.always(T), ActiveWindow.never(T)), T);
    c.compute(List.of(0, 1));
    assertEquals(40_000, c.coveredMs());
    assertEquals(1, c.gapCount());
    assertEquals(20_000, c.gapMs(0));
    c.compute(List.of(0, 2));
    assertEquals(T, c.coveredMs());
    assertEquals(0, c.gapCount());
    c.compute(List.of(3));
    assertTrue(c.never());
    assertEquals(0, c.gapCount());
  }
}
