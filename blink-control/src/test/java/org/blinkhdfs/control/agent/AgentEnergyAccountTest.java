package org.blinkhdfs.control.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.model.wire.EnergyCounters;
import org.junit.jupiter.api.Test;

/** The agent's actuator-independent time account, on numbers worked by hand. */
class AgentEnergyAccountTest {
  final ManualClock clock = new ManualClock(0);

  @Test
  void theClassCommentsWorkedExample() {
    AgentEnergyAccount a = new AgentEnergyAccount(clock);
    clock.set(6_000);
    // Window end 1 200, serving again 6 000, 4 600 ms truly asleep: 200 ms in transition.
    a.sleep(new SleepReport(1_200, 6_000, 4_600, "test"));
    assertEquals(new EnergyCounters(0, 1_200, 4_600, 200, 0), a.counters());
    clock.set(7_000);
    a.computeMode(ComputeMode.IO_SERVER);
    clock.set(9_000);
    assertEquals(new EnergyCounters(0, 2_200, 4_600, 200, 2_000), a.counters());
    assertEquals(9_000, a.counters().totalMs(), "the states cover the time since the start");
  }

  @Test
  void ioServerTimeEndsWithTheModeAndSleepsCloseIt() {
    clock.set(1_000);
    AgentEnergyAccount a = new AgentEnergyAccount(clock);
    a.computeMode(ComputeMode.IO_SERVER);
    clock.set(3_000);
    a.computeMode(ComputeMode.MAX_PERF);
    clock.set(4_000);
    a.computeMode(ComputeMode.IO_SERVER);
    clock.set(10_000);
    // io-server 1 000..3 000 and 4 000..5 000, then a sleep 5 000..9 000 (3 500 asleep).
    a.sleep(new SleepReport(5_000, 9_000, 3_500, "test"));
    assertEquals(new EnergyCounters(1_000, 1_000, 3_500, 500, 4_000), a.counters());
  }

  @Test
  void aReportClaimingMoreSleepThanItsCycleIsCappedAndTimeNeverRunsBackwards() {
    AgentEnergyAccount a = new AgentEnergyAccount(clock);
    clock.set(5_000);
    a.sleep(new SleepReport(1_000, 5_000, 9_999, "clock step"));
    assertEquals(new EnergyCounters(0, 1_000, 4_000, 0, 0), a.counters());
    // A report reaching back before what is already accounted counts only the new part.
    clock.set(8_000);
    a.sleep(new SleepReport(4_000, 8_000, 1_000, "overlap"));
    assertEquals(new EnergyCounters(0, 1_000, 5_000, 2_000, 0), a.counters());
    // A clock that went back: nothing is subtracted.
    clock.set(7_000);
    assertEquals(new EnergyCounters(0, 1_000, 5_000, 2_000, 0), a.counters());
  }

  @Test
  void aDryRunSleepIsAllTransitionNeverSleep() {
    // The dry-run actuator measures 0 ms asleep: the node never really slept, so none of it can
    // be charged at sleep watts.
    AgentEnergyAccount a = new AgentEnergyAccount(clock);
    clock.set(9_000);
    a.sleep(new SleepReport(5_000, 9_000, 0, "dry-run"));
    assertEquals(new EnergyCounters(0, 5_000, 0, 4_000, 0), a.counters());
  }
}
