package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.blinkhdfs.model.battery.RideThroughDecision.Verdict;
import org.blinkhdfs.sim.UpsCase.Outcome;
import org.blinkhdfs.sim.UpsCase.Spec;
import org.junit.jupiter.api.Test;

class UpsCaseTest {
  private static final long HOUR = 3_600_000;

  @Test
  void nineMacMinisRideFourHoursOnHalfAKilowattHour() {
    // Usable 0.9 x (500 - 100) = 360 Wh over 4 h = 90 W: 40 W overhead, 50 W for 9 DataNodes,
    // 5.56 W each = 1 + 24 f, f = 0.19: 11.39 s powered of 60 s, less 1.367 s of transitions,
    // a 10.02 s window (10 s rounded). Groups open at 0, 20 and 40 s: a block, one replica per
    // group, is readable 30 s of every 60: unavailable 0.5.
    Outcome o = UpsCase.run(new Spec(9, 500, 4 * HOUR), new UpsCase.Availability(9, 0));
    assertEquals("feasible", o.kind());
    assertEquals(4 * HOUR, o.achievedMs());
    assertTrue(o.shutdown());
    // The policy plans at most its budget (windows are whole ms): within 0.1 Wh of it.
    assertEquals(0.2, o.minSoc(), 1e-6);
    assertEquals(400, o.batteryWh(), 0.1);
    assertEquals(360, o.loadWh(), 0.1);
    assertEquals(90, o.meanWatts(), 0.01);
    assertEquals(0.5, o.unavailable(), 1e-12);
    assertTrue(o.restored());
    assertEquals(240, o.verdicts().get(Verdict.RIDE_THROUGH));
    assertTrue(UpsFigure.ok(o));
  }

  @Test
  void aBatteryFullPowerOutlastsRunsAtFullPowerUntilTheGridReturns() {
    // 265 W for 45 min (30 min to the target, 15 past it) at 0.9: 220.83 Wh from 500 Wh, SoC
    // (500 - 220.83) / 500 = 0.558; the grid returns first.
    Outcome o = UpsCase.run(new Spec(9, 500, HOUR / 2), new UpsCase.Availability(9, 0));
    assertEquals("capped", o.kind());
    assertFalse(o.shutdown());
    assertEquals(45 * 60_000, o.achievedMs());
    assertEquals(265.0 * 0.75 / 0.9, o.batteryWh(), 1e-6);
    assertEquals((500 - 265.0 * 0.75 / 0.9) / 500, o.minSoc(), 1e-9);
    assertEquals(0, o.unavailable(), 1e-12);
    assertTrue(UpsFigure.ok(o));
  }

  @Test
  void anUnreachableTargetLastsWhatTheMinimumGives() {
    // 100 nodes: minimum 100 x 1 W + 444.4 W = 544.4 W; 360 Wh lasts 39.7 min; the shutdown
    // comes at the reading where less than one minute at the minimum is left, minute 39.
    Outcome o = UpsCase.run(new Spec(100, 500, HOUR), new UpsCase.Availability(100, 0));
    assertEquals("unreachable", o.kind());
    assertEquals(39 * 60_000, o.achievedMs());
    assertEquals(Math.round(360 * HOUR / (100 + 4000.0 / 9)), o.lastsAtMinMs());
    assertEquals(1.0, o.unavailable(), 1e-12);
    assertTrue(o.minSoc() >= UpsCase.RESERVE);
    assertTrue(UpsFigure.ok(o));
  }
}
