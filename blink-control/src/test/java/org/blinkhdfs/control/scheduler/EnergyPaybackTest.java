package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The payback rule on the worked example of {@link EnergyPayback}, its bounds and a property. */
class EnergyPaybackTest {
  static final long T = 6_000;

  static IntervalEnergy interval(int i, double drawn, double budget) {
    return new IntervalEnergy(i * T, (i + 1) * T, drawn, budget, drawn > budget * 1.01);
  }

  @Test
  void theWorkedExample() {
    EnergyPayback p = new EnergyPayback(4, T, 0.01, 1_000);
    assertEquals(135, p.planWatts(135, 9), "no debt: the whole budget");
    p.observe(List.of(interval(0, 1_290, 810)));
    assertEquals(480, p.debtJoules(), 1e-9);
    p.observe(List.of(interval(0, 1_290, 810), interval(1, 1_050, 810)));
    assertEquals(720, p.debtJoules(), 1e-9, "interval 0 is booked once");
    assertEquals(105, p.planWatts(135, 9), 1e-9, "135 - 720 J / 24 s");
    assertEquals("repaying 720 J drawn above budget over 4 intervals: planned for 105.00 W of"
        + " 135.00 W", p.describe(135, 105));
    p.observe(List.of(interval(2, 630, 810)));
    assertEquals(540, p.debtJoules(), 1e-9, "an interval below budget repays 180 J");
    assertEquals(112.5, p.planWatts(135, 9), 1e-9);
  }

  @Test
  void nothingIsSavedUpAndTheDebtIsCapped() {
    EnergyPayback p = new EnergyPayback(4, T, 0.01, 1_000);
    p.observe(List.of(interval(0, 100, 810)));
    assertEquals(0, p.debtJoules(), "drawing below budget with no debt saves nothing");
    p.observe(List.of(interval(1, 100_000, 810)));
    assertEquals(3_240, p.debtJoules(), 1e-9, "capped at 4 intervals' budget, 4 x 810 J");
    assertEquals(9, p.planWatts(135, 9), 1e-9, "135 - 3 240 / 24 = 0 W: the policy's minimum");
    assertEquals(30, p.planWatts(30, 40), 1e-9, "a budget below the minimum is left alone");
  }

  @Test
  void overdrawWithinTheToleranceIsNoise() {
    EnergyPayback p = new EnergyPayback(4, T, 0.01, 1_000);
    p.observe(List.of(interval(0, 1_358, 1_350)));
    assertEquals(0, p.debtJoules(), "8 J over 1 350 J is within 1%: no debt at 100%");
    p.observe(List.of(interval(1, 1_400, 1_350)));
    assertEquals(50, p.debtJoules(), 1e-9, "50 J is above 13.5 J: all of it counts");
    p.observe(List.of(interval(2, 1_355, 1_350)));
    assertEquals(50, p.debtJoules(), 1e-9, "within the tolerance adds nothing");
    p.observe(List.of(interval(3, 1_330, 1_350)));
    assertEquals(30, p.debtJoules(), 1e-9, "below the budget repays");
  }

  @Test
  void nothingCountsAboveThePeak() {
    EnergyPayback p = new EnergyPayback(4, T, 0.01, 225);
    p.observe(List.of(interval(0, 1_420, 1_350)));
    assertEquals(0, p.debtJoules(), "at 100% the budget is the peak, 225 W x 6 s: noise");
    p.observe(List.of(interval(1, 1_420, 810)));
    assertEquals(540, p.debtJoules(), 1e-9, "at 60%: 1 350 J (the peak) - 810 J");
  }

  @Test
  void aDebtWaitsForALevelBelowThePeak() {
    // 15 J carried from a 45% step into 100% (225 W, the peak): repaying it would plan 224.38 W,
    // sleeps shorter than the transitions with no node writable for part of each interval. The
    // plan stays at the peak, the debt stays, and the next level below the peak repays it:
    // 101.25 W - 15 / 24 = 100.625 W.
    EnergyPayback p = new EnergyPayback(4, T, 0.01, 225);
    p.observe(List.of(interval(0, 622.5, 607.5)));
    assertEquals(15, p.debtJoules(), 1e-9);
    assertEquals(225, p.planWatts(225, 9), 1e-12);
    assertEquals("", p.describe(225, 225));
    p.observe(List.of(interval(1, 1_350, 1_350)));
    assertEquals(15, p.debtJoules(), 1e-9, "drawn = budget = the peak neither adds nor repays");
    assertEquals(100.625, p.planWatts(101.25, 9), 1e-12);
  }

  @Test
  void zeroIntervalsTurnsItOff() {
    EnergyPayback p = new EnergyPayback(0, T, 0.01, 1_000);
    p.observe(List.of(interval(0, 5_000, 810)));
    assertEquals(0, p.debtJoules());
    assertEquals(135, p.planWatts(135, 9));
    assertEquals("", p.describe(135, 135));
    assertEquals("payback intervals must be >= 0, got -1",
        assertThrows(IllegalArgumentException.class, () -> new EnergyPayback(-1, T, 0.01, 1_000))
            .getMessage());
  }

  /**
   * Property, 500 seeded histories: the debt stays in [0, k × budget] and equals the clamped
   * running sum; the plan stays between the minimum (or the budget, if lower) and the budget.
   */
  @Test
  void debtAndPlanStayInBounds() {
    Random r = new Random(38);
    for (int seed = 0; seed < 500; seed++) {
      int k = 1 + r.nextInt(8);
      EnergyPayback p = new EnergyPayback(k, T, 0, 1_000);
      double debt = 0;
      List<IntervalEnergy> seen = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        double budget = 6 * (10 + r.nextInt(200));
        double drawn = budget * (0.5 + r.nextDouble());
        seen.add(interval(i, drawn, budget));
        p.observe(seen);
        debt = Math.min(k * budget, Math.max(0, debt + drawn - budget));
        assertEquals(debt, p.debtJoules(), 1e-6, "seed " + seed + " interval " + i);
        double minimum = r.nextInt(50);
        double watts = budget / 6;
        double plan = p.planWatts(watts, minimum);
        assertTrue(plan <= watts + 1e-9 && plan >= Math.min(watts, minimum) - 1e-9,
            "seed " + seed + ": plan " + plan + " for budget " + watts + ", minimum " + minimum);
      }
    }
  }
}
