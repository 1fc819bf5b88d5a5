package org.blinkhdfs.model.battery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.blinkhdfs.model.battery.RideThroughDecision.Verdict;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;

/** The class comment's worked example: 9 Mac minis (P_min 49 W, P_peak 265 W), 2 000 Wh. */
class RideThroughPlannerTest {
  private static final long HOUR = 3_600_000;
  private static final PowerModel MAC_MINIS = PowerModel.macMini(9);
  private static final RideThroughPlanner PLANNER = new RideThroughPlanner(
      new BatteryModel(2000, 0.9, 0.2), MAC_MINIS, MAC_MINIS.inactiveWatts(), 60_000);

  private static BatteryReading onBattery(double soc) {
    return BatteryReading.builder(1_000, true, "t").stateOfCharge(soc).build();
  }

  @Test
  void eightHoursLeftPlansUsableOverTimeLeft() {
    // E = 0.9 x (1 240 - 400) = 756 Wh over 8 h: 94.5 W for the cluster, 54.5 W for the
    // DataNodes = 24.2% of 225 W.
    RideThroughDecision d = PLANNER.plan(onBattery(0.62), 2_000, 1_000 + 8 * HOUR);
    assertEquals(Verdict.RIDE_THROUGH, d.verdict());
    assertEquals(94.5, d.plannedClusterWatts(), 1e-9);
    assertEquals(94.5, ((PowerLevel.Watts) d.level()).watts(), 1e-9);
    assertEquals(54.5, d.level().resolve(MAC_MINIS).nodeWatts(), 1e-9);
    assertEquals(756, d.usableWh(), 1e-9);
    assertEquals(1240, d.storedWh(), 1e-9);
    assertEquals(400, d.reserveWh(), 1e-9);
    assertEquals(8 * HOUR, d.timeLeftMs());
    assertEquals(8 * HOUR, d.lastsMs());
    assertEquals(2_000, d.decidedAtMs());
    assertEquals(1_000, d.readingAtMs());
    assertEquals("on battery: 756.0 Wh usable above the 20% reserve (1240.0 Wh stored, 400.0 Wh"
        + " reserve, x0.90 to the load) over 8h00m to the target: plan 94.5 W for the whole"
        + " cluster (40.0 W overhead, 54.5 W for the DataNodes, 24.2% of all awake)", d.reason());
  }

  @Test
  void twoHoursLeftIsCappedAtFullPower() {
    // 756 Wh / 2 h = 378 W >= 265 W: full power, which lasts 756 / 265 h = 2.853 h.
    RideThroughDecision d = PLANNER.plan(onBattery(0.62), 1_000, 1_000 + 2 * HOUR);
    assertEquals(Verdict.FULL_POWER_LASTS, d.verdict());
    assertEquals(new PowerLevel.Percent(100), d.level());
    assertEquals(265, d.plannedClusterWatts(), 1e-9);
    assertEquals(Math.round(756.0 / 265 * HOUR), d.lastsMs());
  }

  @Test
  void twentyHoursLeftCannotBeReachedEvenAtTheMinimum() {
    // 756 / 20 = 37.8 W < 49 W: plan the minimum, which lasts 756 / 49 h = 15h25m.
    RideThroughDecision d = PLANNER.plan(onBattery(0.62), 1_000, 1_000 + 20 * HOUR);
    assertEquals(Verdict.CANNOT_REACH_TARGET, d.verdict());
    assertEquals(49, d.plannedClusterWatts(), 1e-9);
    assertEquals(Math.round(756.0 / 49 * HOUR), d.lastsMs());
    PowerLevel.Watts w = assertInstanceOf(PowerLevel.Watts.class, d.level());
    assertEquals(49, w.watts(), 1e-5);
    assertTrue(!w.resolve(MAC_MINIS).belowMinimum());
    assertTrue(d.reason().endsWith("which lasts 15h25m"), d.reason());
  }

  @Test
  void atTheReserveItShutsDown() {
    // 20.3%: E = 0.9 x 6 = 5.4 Wh >= 49 W x 60 s = 0.817 Wh: still planned; over 5 min that is
    // 5.4 x 12 = 64.8 W.
    RideThroughDecision still = PLANNER.plan(onBattery(0.203), 1_000, 1_000 + 300_000);
    assertEquals(Verdict.RIDE_THROUGH, still.verdict());
    assertEquals(64.8, still.plannedClusterWatts(), 1e-9);
    // 20.01%: E = 0.18 Wh < 0.817 Wh: not one more minute at the minimum.
    RideThroughDecision d = PLANNER.plan(onBattery(0.2001), 1_000, 1_000 + HOUR);
    assertEquals(Verdict.SHUTDOWN, d.verdict());
    assertTrue(d.shutdown());
    assertTrue(d.reason().startsWith("at the reserve:"), d.reason());
    assertEquals(Verdict.SHUTDOWN, PLANNER.plan(onBattery(0.1), 1_000, 1_000 + HOUR).verdict());
  }

  @Test
  void lowBatteryFromTheUpsShutsDownWhateverTheCharge() {
    BatteryReading lb = BatteryReading.builder(0, true, "t").lowBattery(true)
        .stateOfCharge(0.9).build();
    assertEquals(Verdict.SHUTDOWN, PLANNER.plan(lb, 0, 8 * HOUR).verdict());
  }

  @Test
  void lessThanOneReplanLeftPlansForOneReplan() {
    // 10 s to the target: plan E / max(10 s, 60 s); 5.4 Wh / 60 s = 324 W >= 265: full power.
    RideThroughDecision d = PLANNER.plan(onBattery(0.203), 1_000, 11_000);
    assertEquals(Verdict.FULL_POWER_LASTS, d.verdict());
    // 0.9 x 1 Wh (20.05%) over 60 s: 54 W.
    RideThroughDecision e = PLANNER.plan(onBattery(0.2005), 1_000, 11_000);
    assertEquals(Verdict.RIDE_THROUGH, e.verdict());
    assertEquals(54, e.plannedClusterWatts(), 1e-9);
  }

  @Test
  void pastTheTargetServesAtFullPowerUntilTheReserve() {
    // 756 Wh at 265 W lasts 2h51m.
    RideThroughDecision d = PLANNER.plan(onBattery(0.62), HOUR, 1_000 - HOUR);
    assertEquals(Verdict.TARGET_PASSED, d.verdict());
    assertEquals(new PowerLevel.Percent(100), d.level());
    assertEquals(265, d.plannedClusterWatts(), 1e-9);
    assertEquals(-HOUR, d.timeLeftMs());
    assertEquals("the target passed 1h00m ago: 756.0 Wh usable above the 20% reserve (1240.0 Wh"
        + " stored, 400.0 Wh reserve, x0.90 to the load); 265.0 W (full power is 265.0 W) until"
        + " the reserve, which lasts 2h51m; raise the target to stretch it", d.reason());
    // At 20.2% (0.9 x 4 = 3.6 Wh) full power would not last the minute to the next reading:
    // 3.6 Wh / 60 s = 216 W.
    RideThroughDecision last = PLANNER.plan(onBattery(0.202), HOUR, 0);
    assertEquals(Verdict.TARGET_PASSED, last.verdict());
    assertEquals(216, last.plannedClusterWatts(), 1e-6);
    assertEquals(60_000, last.lastsMs());
  }

  @Test
  void onTheGridFullPower() {
    BatteryReading grid = BatteryReading.builder(0, false, "t").stateOfCharge(0.05)
        .loadWatts(250).build();
    RideThroughDecision d = PLANNER.plan(grid, 0, 0);
    assertEquals(Verdict.GRID, d.verdict());
    assertEquals(new PowerLevel.Percent(100), d.level());
    assertEquals(250, d.measuredLoadWatts().getAsDouble(), 1e-9);
    assertEquals("on the grid: full power (on the grid, 5.0%, 250.0 W load (t)); the UPS measures"
        + " 250.0 W", d.reason());
  }

  @Test
  void badSettingsAreRefused() {
    BatteryModel b = new BatteryModel(2000, 0.9, 0.2);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new RideThroughPlanner(b, MAC_MINIS, 9, 0));
    assertTrue(e.getMessage().startsWith("replanMs = 0 must be > 0"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> new RideThroughPlanner(b, MAC_MINIS, 226, 60_000));
  }
}
