package org.blinkhdfs.bench.energy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.blinkhdfs.bench.report.Metrics;
import org.junit.jupiter.api.Test;

class CellEnergyTest {
  private static EnergySnapshot at(long accountedMs, double joules, double overhead,
      double budget, long overMs) {
    return new EnergySnapshot(1_000_000 + accountedMs, joules, overhead, budget, accountedMs,
        overMs, 45, Map.of());
  }

  @Test
  void classWorkedExample() {
    // 60 s: DataNodes 2 880 J (48 W) against a 2 700 J (45 W) budget, 12 s of intervals over.
    CellEnergy e = CellEnergy.between(at(10_000, 100, 400, 450, 6_000),
        at(70_000, 2_980, 2_800, 3_150, 18_000));
    assertEquals(60.0, e.seconds(), 1e-9);
    assertEquals(2_880.0, e.joules(), 1e-9);
    assertEquals(2_400.0, e.overheadJoules(), 1e-9); // 40 W overhead
    assertEquals(48.0, e.meanWatts(), 1e-9);
    assertEquals(45.0, e.budgetWatts(), 1e-9);
    assertEquals(12.0, e.overBudgetSeconds(), 1e-9);
    assertTrue(e.overBudget(CellEnergy.DEFAULT_TOLERANCE)); // 6.7% over
    assertFalse(e.overBudget(0.07));
    Map<String, Double> m = e.metricsWithBytes(300L << 20);
    assertEquals(300 / 2_880.0, m.get(Metrics.MIB_PER_J), 1e-12); // 0.104 MiB/J
    assertEquals(1.0, m.get(Metrics.OVER_BUDGET));
    assertEquals(48.0, m.get(Metrics.MEAN_POWER_W), 1e-9);
  }

  @Test
  void judgedOverTheLongerWindow() {
    // The worked example of CellEnergy.judged: a 2 s cell at 214 W (428 J) inside 20 s at 120 W
    // (2 400 J) against 135 W (2 700 J): 240 J against 270 J.
    EnergySnapshot window = at(0, 0, 0, 0, 0);
    EnergySnapshot from = at(18_000, 1_972, 720, 2_430, 0);
    EnergySnapshot to = at(20_000, 2_400, 800, 2_700, 6_000);
    assertTrue(CellEnergy.between(from, to).overBudget(CellEnergy.DEFAULT_TOLERANCE), "214 W");
    CellEnergy e = CellEnergy.judged(window, from, to);
    assertEquals(2.0, e.seconds(), 1e-9);
    assertEquals(240.0, e.joules(), 1e-9);
    assertEquals(270.0, e.budgetJoules(), 1e-9);
    assertEquals(80.0, e.overheadJoules(), 1e-9, "the cell's own overhead");
    assertEquals(6.0, e.overBudgetSeconds(), 1e-9, "the cell's own judged intervals");
    assertFalse(e.overBudget(CellEnergy.DEFAULT_TOLERANCE));
    assertEquals(CellEnergy.between(from, to), CellEnergy.judged(from, from, to),
        "a window no longer than the cell is the cell");
  }

  @Test
  void withinToleranceIsNotOverBudget() {
    // 10 s at 46.2 W against 45 W: 2.7% over, inside the 3% tolerance; 46.4 W is 3.1% over.
    CellEnergy e = CellEnergy.between(at(0, 0, 0, 0, 0), at(10_000, 462, 400, 450, 0));
    assertFalse(e.overBudget(CellEnergy.DEFAULT_TOLERANCE));
    assertEquals(0.0, e.metrics().get(Metrics.OVER_BUDGET));
    assertTrue(CellEnergy.between(at(0, 0, 0, 0, 0), at(10_000, 464, 400, 450, 0))
        .overBudget(CellEnergy.DEFAULT_TOLERANCE));
    // 20 reads in 462 J: 43.29 per kJ.
    assertEquals(20_000 / 462.0, e.metricsWithOps(20).get(Metrics.OPS_PER_KJ), 1e-9);
  }

  @Test
  void roundsAddUp() {
    CellEnergy a = CellEnergy.between(at(0, 0, 0, 0, 0), at(10_000, 500, 400, 450, 6_000));
    CellEnergy b = CellEnergy.between(at(20_000, 900, 800, 900, 6_000),
        at(30_000, 1_300, 1_200, 1_350, 6_000));
    CellEnergy both = a.plus(b);
    assertEquals(20.0, both.seconds(), 1e-9);
    assertEquals(900.0, both.joules(), 1e-9); // 500 + 400
    assertEquals(45.0, both.budgetWatts(), 1e-9);
    assertEquals(45.0, both.meanWatts(), 1e-9);
    assertEquals(6.0, both.overBudgetSeconds(), 1e-9);
    assertFalse(both.overBudget(CellEnergy.DEFAULT_TOLERANCE));
  }

  @Test
  void snapshotsOutOfOrderSayWhy() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CellEnergy.between(at(5_000, 10, 0, 0, 0), at(5_000, 20, 0, 0, 0)));
    assertTrue(e.getMessage().contains("accountedMs 5000 then 5000"), e.getMessage());
  }
}
