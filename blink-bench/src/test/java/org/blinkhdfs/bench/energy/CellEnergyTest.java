package org.blinkhdfs.bench.energy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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

  private static EnergySnapshot withIntervals(long atMs, double joules, double budgetWatts,
      List<JudgedInterval> intervals) {
    return new EnergySnapshot(atMs, joules, 0, 0, atMs, 0, budgetWatts, Map.of(), intervals);
  }

  @Test
  void judgedOverWholeIntervals() {
    // The worked example of CellEnergy.judged: a 2 s cell at 214 W inside a level whose last
    // three judged 6 s intervals drew 800, 760 and 840 J of 810 J: 133.3 W, 266.7 J of 270 J.
    List<JudgedInterval> judged = List.of(new JudgedInterval(0, 6_000, 1_350, 1_350),
        new JudgedInterval(6_000, 12_000, 1_000, 950), // the power changed in it
        new JudgedInterval(12_000, 18_000, 900, 810), new JudgedInterval(18_000, 24_000, 800, 810),
        new JudgedInterval(24_000, 30_000, 760, 810), new JudgedInterval(30_000, 36_000, 840, 810));
    EnergySnapshot from = withIntervals(40_000, 5_000, 135, List.of());
    EnergySnapshot to = withIntervals(42_000, 5_428, 135, judged);
    assertTrue(CellEnergy.between(from, to).joules() == 428, "214 W in its own window");
    CellEnergy e = CellEnergy.judged(from, to, 6_000, 3);
    assertEquals(2.0, e.seconds(), 1e-9);
    assertEquals(2_400.0 / 18 * 2, e.joules(), 1e-9);
    assertEquals(270.0, e.budgetJoules(), 1e-9);
    assertFalse(e.overBudget(CellEnergy.DEFAULT_TOLERANCE));
    // A cell of 28 s from 8 s takes every judged interval starting within it, not the one it
    // started in: 900 + 800 + 760 + 840 = 3 300 J of 3 240 J over 24 s.
    EnergySnapshot early = withIntervals(8_000, 1_000, 135, List.of());
    CellEnergy longer = CellEnergy.judged(early, withIntervals(36_000, 3_800, 135, judged),
        6_000, 3);
    assertEquals(3_300.0 / 24 * 28, longer.joules(), 1e-9);
    assertEquals(3_240.0 / 24 * 28, longer.budgetJoules(), 1e-9);
    // A cell from 5 s spans the power change: the interval that changed counts with its own
    // budget, 4 300 J drawn of 4 190 J over 30 s.
    CellEnergy across = CellEnergy.judged(withIntervals(5_000, 900, 225, List.of()),
        withIntervals(36_000, 3_800, 135, judged), 6_000, 3);
    assertEquals(4_300.0 / 30 * 31, across.joules(), 1e-9);
    assertEquals(4_190.0 / 30 * 31, across.budgetJoules(), 1e-9);
    // A cell that starts with the power change and has no whole interval judged yet: the
    // newest judged interval is the one that changed, at another budget: its own window.
    List<JudgedInterval> changed = judged.subList(0, 2);
    assertEquals(200.0, CellEnergy.judged(withIntervals(11_000, 1_000, 135, List.of()),
        withIntervals(13_000, 1_200, 135, changed), 6_000, 3).joules(), 1e-9);
    // No judged interval at the cell's budget yet: the cell's own window.
    EnergySnapshot young = withIntervals(42_000, 5_428, 90, judged);
    assertEquals(428.0, CellEnergy.judged(from, young, 6_000, 3).joules(), 1e-9);
  }

  @Test
  void judgedAgainstTheLevelItEnters() {
    // A migration baseline moving for 20 s at 225 W before the scheduler's power falls to 20%:
    // 4 500 J against the level's 45 W (900 J), not the scheduler's 225 W.
    CellEnergy moving = CellEnergy.between(at(0, 0, 0, 0, 0), at(20_000, 4_500, 800, 4_500, 0));
    assertFalse(moving.overBudget(CellEnergy.DEFAULT_TOLERANCE));
    CellEnergy judged = moving.withBudgetWatts(45);
    assertEquals(900.0, judged.budgetJoules(), 1e-9);
    assertEquals(4_500.0, judged.joules(), 1e-9);
    assertTrue(judged.overBudget(CellEnergy.DEFAULT_TOLERANCE));
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
