package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.bench.energy.EnergySnapshot;
import org.junit.jupiter.api.Test;

/** A cell's energy as prose, from two hand-made scheduler snapshots. */
class EnergyTextTest {
  /** CellEnergy's worked example: 60 s, 2 880 J of a 2 700 J budget, 12 s over budget. */
  private static CellEnergy over() {
    EnergySnapshot from = new EnergySnapshot(10_000, 500, 40, 450, 10_000, 6_000, 45, Map.of());
    EnergySnapshot to = new EnergySnapshot(70_000, 3_380, 640, 3_150, 70_000, 18_000, 45,
        Map.of());
    return CellEnergy.between(from, to);
  }

  @Test
  void aLineHasJoulesPowerOfBudgetSecondsOverWorkPerJouleAndTheMark() {
    // 300 MiB / 2880 J = 0.104 MiB/J; 120 reads x 1000 / 2880 J = 41.7 per kJ; 48 W is 6.7%
    // over 45 W, above the 3% tolerance.
    assertEquals("2880 J in 60.0 s: 48.0 of 45.0 W budget, 12.0 s over budget, 0.104 MiB/J,"
        + " 41.7 ops/kJ ‡ over budget", EnergyText.line(over(), 300L << 20, 120));
    assertTrue(EnergyText.over(over()));
  }

  @Test
  void negativeWorkIsLeftOutAndACellWithinToleranceHasNoMark() {
    // 2 780 J of 2 700: 46.3 W, 2.96% over, inside the 3% tolerance.
    EnergySnapshot from = new EnergySnapshot(0, 0, 0, 0, 0, 0, 45, Map.of());
    EnergySnapshot to = new EnergySnapshot(60_000, 2_780, 0, 2_700, 60_000, 6_000, 45,
        Map.of());
    CellEnergy e = CellEnergy.between(from, to);
    assertFalse(EnergyText.over(e));
    assertEquals("2780 J in 60.0 s: 46.3 of 45.0 W budget, 6.0 s over budget",
        EnergyText.line(e, -1, -1));
    assertEquals("", EnergyText.mark(e));
  }
}
