package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.energy.EnergySnapshot;
import org.junit.jupiter.api.Test;

/**
 * Which snapshot a cell's power is judged from ({@link EnergyProbe#windowStart}): the latest one
 * of the level at least the window before the cell's end, never after the cell's start, and
 * only at the cell's budget.
 */
class EnergyProbeWindowTest {
  static EnergySnapshot at(long accountedMs, double budgetWatts) {
    return new EnergySnapshot(accountedMs, 0, 0, 0, accountedMs, 0, budgetWatts, Map.of());
  }

  @Test
  void theLatestSnapshotAWindowBeforeTheEnd() {
    EnergySnapshot a = at(0, 135);
    EnergySnapshot b = at(5_000, 135);
    EnergySnapshot c = at(12_000, 135);
    EnergySnapshot start = at(28_000, 135);
    Deque<EnergySnapshot> level = new ArrayDeque<>(List.of(a, b, c, start));
    // Cell 28-30 s, window 18 s (3 intervals of 6 s): from c, the latest at or before 12 s.
    assertSame(c, EnergyProbe.windowStart(level, start, at(30_000, 135), 18_000));
    // Window 26 s: from a (0 s), the latest at or before 4 s.
    assertSame(a, EnergyProbe.windowStart(level, start, at(30_000, 135), 26_000));
    // Window 40 s: the level has not run that long: its earliest snapshot.
    assertSame(a, EnergyProbe.windowStart(level, start, at(30_000, 135), 40_000));
  }

  @Test
  void neverAfterTheStartNorAtAnotherBudget() {
    EnergySnapshot old = at(0, 225);
    EnergySnapshot start = at(10_000, 135);
    EnergySnapshot later = at(11_000, 135);
    Deque<EnergySnapshot> level = new ArrayDeque<>(List.of(old, start, later));
    assertSame(start, EnergyProbe.windowStart(level, start, at(12_000, 135), 18_000),
        "the 100% snapshot is another level; 11 s is inside the cell");
  }
}
