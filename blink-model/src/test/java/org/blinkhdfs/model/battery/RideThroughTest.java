package org.blinkhdfs.model.battery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.blinkhdfs.model.battery.RideThroughDecision.Verdict;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;

class RideThroughTest {
  private static final long HOUR = 3_600_000;
  private static final PowerModel MAC_MINIS = PowerModel.macMini(9);

  private static RideThrough eightHours() {
    return new RideThrough(new RideThroughPlanner(new BatteryModel(2000, 0.9, 0.2), MAC_MINIS,
        MAC_MINIS.inactiveWatts(), 60_000), 8 * HOUR, 180_000);
  }

  private static BatteryReading battery(long at, double soc) {
    return BatteryReading.builder(at, true, "t").stateOfCharge(soc).build();
  }

  private static BatteryReading grid(long at) {
    return BatteryReading.builder(at, false, "t").stateOfCharge(1).build();
  }

  @Test
  void theOutageStartsAtItsFirstBatteryReadingAndTheGridEndsIt() {
    RideThrough rt = eightHours();
    assertEquals(Verdict.GRID, rt.observe(grid(0), 0).verdict());
    assertTrue(rt.outageStartMs().isEmpty());
    // Outage from 60 s: 756 Wh over 8 h = 94.5 W.
    assertEquals(94.5, rt.observe(battery(60_000, 0.62), 60_000).plannedClusterWatts(), 1e-9);
    assertEquals(60_000, rt.outageStartMs().getAsLong());
    // One hour later at 55%: 0.9 x (1 100 - 400) = 630 Wh over 7 h = 90 W.
    RideThroughDecision d = rt.observe(battery(60_000 + HOUR, 0.55), 60_000 + HOUR);
    assertEquals(90, d.plannedClusterWatts(), 1e-9);
    assertEquals(7 * HOUR, d.timeLeftMs());
    assertEquals(Verdict.GRID, rt.observe(grid(2 * HOUR), 2 * HOUR).verdict());
    assertTrue(rt.outageStartMs().isEmpty());
  }

  @Test
  void theAdminsTargetCountsFromTheOutagesStart() {
    RideThrough rt = eightHours();
    rt.observe(battery(0, 0.62), 0);
    rt.setTargetMs(4 * HOUR);
    // Two hours in, 4 h target: 2 h left; 756 / 2 = 378 W: full power.
    assertEquals(Verdict.FULL_POWER_LASTS, rt.observe(battery(2 * HOUR, 0.62), 2 * HOUR)
        .verdict());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> rt.setTargetMs(0));
    assertTrue(e.getMessage().startsWith("ride-through target = 0 ms must be > 0"));
  }

  @Test
  void aShutdownIsLatchedUntilTheGridReturns() {
    RideThrough rt = eightHours();
    rt.observe(battery(0, 0.62), 0);
    assertEquals(Verdict.SHUTDOWN, rt.observe(battery(60_000, 0.2), 60_000).verdict());
    // The resting battery reads 25% again: still shutting down.
    RideThroughDecision again = rt.observe(battery(120_000, 0.25), 120_000);
    assertEquals(Verdict.SHUTDOWN, again.verdict());
    assertTrue(again.reason().startsWith("shutdown under way since 60000 ms"), again.reason());
    assertEquals(Verdict.SHUTDOWN, rt.readingFailed("upsc timed out", 130_000).verdict());
    assertEquals(Verdict.GRID, rt.observe(grid(180_000), 180_000).verdict());
    assertEquals(Verdict.RIDE_THROUGH, rt.observe(battery(240_000, 0.62), 240_000).verdict());
  }

  @Test
  void aStaleReadingHoldsTheLastBatteryPlanWhileItsEnergyLasts() {
    RideThrough rt = eightHours();
    rt.observe(battery(0, 0.62), 0);
    // 180 001 ms old: stale, hold the 94.5 W plan.
    RideThroughDecision held = rt.observe(battery(0, 0.62), 180_001);
    assertEquals(Verdict.FAIL_SAFE, held.verdict());
    assertEquals(new PowerLevel.Watts(94.5), held.level());
    assertTrue(held.reason().contains("readAtMs = '0' is 180001 ms old"), held.reason());
    // The plan's energy lasts 8 h from the reading; at 8 h - 60 s it is spent: shut down.
    assertEquals(Verdict.FAIL_SAFE, rt.readingFailed("x", 8 * HOUR - 60_001).verdict());
    RideThroughDecision spent = rt.readingFailed("Error: Data stale", 8 * HOUR - 60_000);
    assertEquals(Verdict.SHUTDOWN, spent.verdict());
    assertTrue(spent.reason().endsWith("(Error: Data stale)"), spent.reason());
  }

  @Test
  void withoutAnOutageABadReadingIsFullPower() {
    RideThrough rt = eightHours();
    RideThroughDecision d = rt.readingFailed("battery.charge = '140' ...", 0);
    assertEquals(Verdict.FAIL_SAFE, d.verdict());
    assertEquals(new PowerLevel.Percent(100), d.level());
    rt.observe(grid(0), 0);
    assertEquals(new PowerLevel.Percent(100), rt.readingFailed("x", 1).level());
  }

  @Test
  void aNewPlannerKeepsTheOutageAndPlansWithItsMinimum() {
    RideThrough rt = eightHours();
    rt.observe(battery(0, 0.62), 0);
    // 20 h target: 756 Wh / 20 h = 37.8 W < 49 W (every Mac mini asleep): the minimum, 49 W.
    rt.setTargetMs(20 * HOUR);
    assertEquals(49, rt.observe(battery(0, 0.62), 0).plannedClusterWatts(), 1e-9);
    // A policy whose least state is every node io-server at 10 W: 40 + 9 x 10 = 130 W minimum.
    rt.setPlanner(new RideThroughPlanner(new BatteryModel(2000, 0.9, 0.2), MAC_MINIS, 90,
        60_000));
    RideThroughDecision d = rt.observe(battery(HOUR, 0.62), HOUR);
    assertEquals(Verdict.CANNOT_REACH_TARGET, d.verdict());
    assertEquals(130, d.plannedClusterWatts(), 1e-9);
    assertEquals(0, rt.outageStartMs().getAsLong(), "the outage still starts at 0");
    assertEquals(19 * HOUR, d.timeLeftMs());
  }
}
