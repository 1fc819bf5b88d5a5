package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.wire.EnergyCounters;
import org.blinkhdfs.model.wire.NodeStatus;
import org.junit.jupiter.api.Test;

/** The scheduler's energy books on numbers worked by hand (25 W awake, 1 W asleep, t = 6 s). */
class EnergyLedgerTest {
  static final List<String> RING = List.of("n1:1", "n2:1", "n3:1");
  static final PowerModel MODEL = PowerModel.builder().nodeCount(3).activeWatts(25).sleepWatts(1)
      .overheadWatts(40).build();
  static final double EPS = 1e-9;

  final EnergyLedger ledger = new EnergyLedger(MODEL, RING, 6_000, 0.01);

  static Map<String, ScheduledShares> all(ScheduledShares s) {
    Map<String, ScheduledShares> m = new LinkedHashMap<>();
    RING.forEach(n -> m.put(n, s));
    return m;
  }

  static NodeStatus status(String node, NodeStatus.State state, long atMs, EnergyCounters c) {
    return new NodeStatus(node, state, 1, atMs, 0, -1, "", Optional.ofNullable(c));
  }

  /**
   * Each node, per 6 s interval: awake 1.2 s, 0.2 s in transition, asleep 4.6 s: 25 × 1.4 + 1 ×
   * 4.6 = 39.6 J; three nodes 118.8 J.
   */
  void blinkOneInterval() {
    for (String n : RING) {
      ledger.record(status(n, NodeStatus.State.AWAKE, 60_000, new EnergyCounters(1, 100, 0, 0,
          0)), 60_000);
      ledger.record(status(n, NodeStatus.State.ASLEEP, 61_200, new EnergyCounters(1, 1_300, 0,
          0, 0)), 61_200);
      ledger.record(status(n, NodeStatus.State.AWAKE, 66_000, new EnergyCounters(1, 1_300,
          4_600, 200, 0)), 66_000);
    }
  }

  @Test
  void threeBlinkingNodesAt20PercentAreOverBudget() {
    // Budget: 20% of p_total = 0.2 × 75 W = 15 W; over 6 s, 90 J < 118.8 J.
    ledger.advance(60_000, 15, all(ScheduledShares.AWAKE));
    blinkOneInterval();
    ledger.advance(66_000, 15, all(ScheduledShares.AWAKE));
    EnergyReport r = ledger.report(66_000);
    assertEquals(118.8, r.joules(), EPS);
    assertEquals(90, r.budgetJoules(), EPS);
    assertEquals(6_000, r.accountedMs());
    assertEquals(6_000, r.overBudgetMs());
    assertEquals(19.8, r.meanWatts(), EPS);
    assertEquals(15, r.budgetWatts(), EPS);
    assertEquals(240, r.overheadJoules(), EPS, "40 W × 6 s, apart from the DataNodes");
    NodeEnergy n1 = r.nodes().get(0);
    assertEquals(new NodeEnergy("n1:1", 1_200, 4_600, 200, 0, n1.joules(),
        OptionalLong.of(66_000), 0, false, 0), n1);
    assertEquals(39.6, n1.joules(), EPS);
    assertEquals(List.of(new IntervalEnergy(60_000, 66_000, r.intervals().get(0).drawnJoules(),
        90, true)), r.intervals());
    assertEquals(118.8, r.intervals().get(0).drawnJoules(), EPS);
    assertEquals(19.8, r.intervals().get(0).drawnWatts(), EPS);
  }

  @Test
  void theSameNodesAt60PercentAreUnderBudget() {
    // 0.6 × 75 W = 45 W; 270 J over 6 s.
    ledger.advance(60_000, 45, all(ScheduledShares.AWAKE));
    blinkOneInterval();
    ledger.advance(66_000, 45, all(ScheduledShares.AWAKE));
    EnergyReport r = ledger.report(66_000);
    assertEquals(118.8, r.joules(), EPS);
    assertEquals(270, r.budgetJoules(), EPS);
    assertEquals(0, r.overBudgetMs());
    assertFalse(r.intervals().get(0).overBudget());
  }

  @Test
  void theToleranceForgivesOnePercent() {
    // 118.8 J drawn against a 118 J budget (19.6667 W): 0.68% over, within 1%.
    ledger.advance(60_000, 118.0 / 6, all(ScheduledShares.AWAKE));
    blinkOneInterval();
    ledger.advance(66_000, 118.0 / 6, all(ScheduledShares.AWAKE));
    assertEquals(0, ledger.report(66_000).overBudgetMs());
  }

  @Test
  void nodesWithoutCountersAreEstimatedFromTheSchedule() {
    // The same blink by the schedule: window 1 200 ms, transitions 200 ms of 6 000.
    ScheduledShares blink = ScheduledShares.blink(1_200, 6_000, 200);
    assertEquals(0.2, blink.awake(), EPS);
    assertEquals(1.0 / 30, blink.transition(), EPS);
    ledger.advance(0, 15, all(blink));
    ledger.record(status("n1:1", NodeStatus.State.AWAKE, 500, null), 500); // an old agent
    ledger.advance(6_000, 15, all(blink));
    EnergyReport r = ledger.report(6_000);
    assertEquals(118.8, r.joules(), EPS);
    assertEquals(new NodeEnergy("n1:1", 1_200, 4_600, 200, 0, r.nodes().get(0).joules(),
        OptionalLong.of(500), 6_000, true, 0), r.nodes().get(0));
    assertEquals(OptionalLong.empty(), r.nodes().get(1).lastReportAtMs(), "never heard");
    assertEquals(6_000, r.overBudgetMs());
  }

  @Test
  void anAgentRestartIsAResetNotNegativeEnergy() {
    ScheduledShares off = new ScheduledShares(0, 1, 0, 0);
    ledger.advance(0, 15, all(off));
    ledger.record(status("n1:1", NodeStatus.State.AWAKE, 0, new EnergyCounters(0, 50_000, 0, 0,
        0)), 0);
    // At 10 000 the agent reports counters that started at 7 000: 3 000 ms awake. The 7 000 ms
    // before are estimated (the schedule has it OFF: 1 W), never a negative 47 000 ms.
    ledger.record(status("n1:1", NodeStatus.State.AWAKE, 10_000, new EnergyCounters(7_000,
        3_000, 0, 0, 0)), 10_000);
    NodeEnergy n1 = ledger.report(10_000).nodes().get(0);
    assertEquals(3_000, n1.awakeMs());
    assertEquals(7_000, n1.asleepMs());
    assertEquals(7 + 75, n1.joules(), EPS);
    assertEquals(7_000, n1.estimatedMs());
    assertEquals(1, n1.resets());
    // A counter that went down within the same run is a reset too; counters longer than the
    // gap are scaled into it.
    ledger.record(status("n1:1", NodeStatus.State.AWAKE, 12_000, new EnergyCounters(7_000,
        4_000, 0, 0, 0)), 12_000);
    ledger.record(status("n1:1", NodeStatus.State.AWAKE, 13_000, new EnergyCounters(7_000,
        1_000, 1_000, 0, 0)), 13_000);
    n1 = ledger.report(13_000).nodes().get(0);
    assertEquals(2, n1.resets());
    assertEquals(3_000 + 1_000 + 500, n1.awakeMs());
    assertEquals(7_000 + 500, n1.asleepMs());
    assertTrue(n1.joules() > 0);
  }

  @Test
  void openPeriodsAreExtrapolatedAndLateIntervalsJudgedOneIntervalLate() {
    ledger.advance(0, 15, all(ScheduledShares.AWAKE));
    for (String n : RING) {
      ledger.record(status(n, NodeStatus.State.AWAKE, 0, EnergyCounters.zero(0)), 0);
      ledger.record(status(n, NodeStatus.State.ASLEEP, 1_200, new EnergyCounters(0, 1_200, 0, 0,
          0)), 1_200);
    }
    // Asleep since 1 200, no report yet: extrapolated at 1 W.
    EnergyReport r = ledger.report(4_000);
    assertEquals(3 * (30 + 2.8), r.joules(), EPS);
    assertEquals(2_800, r.nodes().get(0).asleepMs());
    ledger.advance(6_000, 15, all(ScheduledShares.AWAKE));
    assertTrue(ledger.report(6_000).intervals().isEmpty(), "nodes not yet heard past 6 000");
    ledger.advance(12_000, 15, all(ScheduledShares.AWAKE));
    IntervalEnergy first = ledger.report(12_000).intervals().get(0);
    // 30 J awake + 4.8 J asleep (1 200 .. 6 000 at 1 W) per node.
    assertEquals(3 * 34.8, first.drawnJoules(), EPS);
    assertTrue(first.overBudget(), "104.4 J > 90 J");
    assertEquals(1, ledger.report(12_000).intervals().size(), "6 000 .. 12 000 waits for them");
    // The wake at 13 000 reports 0.3 s of transition: the totals see it, the judged interval
    // keeps its verdict.
    for (String n : RING) {
      ledger.record(status(n, NodeStatus.State.AWAKE, 13_000, new EnergyCounters(0, 1_200,
          11_500, 300, 0)), 13_000);
    }
    r = ledger.report(13_000);
    assertEquals(3 * (30 + 11.5 + 7.5), r.joules(), EPS);
    assertEquals(first, r.intervals().get(0));
  }

  @Test
  void theFirstIntervalStartsWithTheAccounting() {
    ledger.advance(3_000, 15, all(ScheduledShares.AWAKE));
    ledger.advance(6_000, 15, all(ScheduledShares.AWAKE));
    EnergyReport r = ledger.report(6_000);
    // Never-heard nodes are estimated awake: 3 × 25 W × 3 s = 225 J against 45 J.
    assertEquals(225, r.joules(), EPS);
    assertEquals(new IntervalEnergy(3_000, 6_000, 225, 45, true), r.intervals().get(0));
    assertEquals(3_000, r.overBudgetMs());
  }

  @Test
  void beforeTheFirstTickNothingIsAccounted() {
    ledger.record(status("n1:1", NodeStatus.State.AWAKE, 5, EnergyCounters.zero(0)), 5);
    EnergyReport r = ledger.report(100);
    assertEquals(0, r.joules(), 0);
    assertEquals(100, r.sinceMs());
    assertEquals(0, r.accountedMs());
    assertEquals(0, r.meanWatts(), 0);
  }
}
