package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.model.policy.StaggeredPolicy;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.wire.EnergyCounters;
import org.blinkhdfs.model.wire.NodeStatus;
import org.junit.jupiter.api.Test;

/**
 * The scheduler keeps the energy books: ring nodes only (staging is overhead), estimated from the
 * schedule it plans until agents send counters, and the 20% example measured.
 */
class PowerSchedulerEnergyTest {
  static final long T = 6_000;
  final ManualClock clock = new ManualClock(600_000);

  PowerScheduler scheduler(double percent) {
    SchedulerSettings s = SchedulerSettings.builder().ring(List.of("dn1:1", "dn2:1", "dn3:1"))
        .stagingNodes(List.of("st:1")).model(PowerModel.builder().nodeCount(3).activeWatts(25)
            .sleepWatts(1).overheadWatts(40).transitionMs(200).build()).intervalMs(T).build();
    PowerScheduler ps = new PowerScheduler(s, new StaggeredPolicy(), clock);
    ps.setPowerOverride(new PowerLevel.Percent(percent));
    return ps;
  }

  @Test
  void withoutCountersTheBooksFollowThePlan() {
    PowerScheduler ps = scheduler(20);
    ps.tick(600_000);
    double planned = ps.status().plannedWatts();
    clock.set(606_000);
    ps.tick(606_000);
    EnergyReport r = ps.energy(606_000);
    assertEquals(planned * 6, r.joules(), 1e-6, "estimates charge what the plan charges");
    assertEquals(3, r.nodes().size(), "ring nodes only");
    assertTrue(r.nodes().stream().allMatch(NodeEnergy::estimated));
    assertEquals(90, r.budgetJoules(), 1e-9);
    assertFalse(r.intervals().get(0).overBudget(), "the plan fits its budget");
  }

  @Test
  void measuredCountersReplaceTheEstimate() {
    PowerScheduler ps = scheduler(20);
    ps.tick(600_000);
    for (String n : List.of("dn1:1", "dn2:1", "dn3:1")) {
      post(ps, n, NodeStatus.State.AWAKE, 600_000, new EnergyCounters(0, 0, 0, 0, 0));
      post(ps, n, NodeStatus.State.ASLEEP, 601_200, new EnergyCounters(0, 1_200, 0, 0, 0));
      post(ps, n, NodeStatus.State.AWAKE, 606_000, new EnergyCounters(0, 1_200, 4_600, 200, 0));
    }
    post(ps, "st:1", NodeStatus.State.AWAKE, 606_000, new EnergyCounters(0, 6_000, 0, 0, 0));
    ps.tick(606_000);
    EnergyReport r = ps.energy(606_000);
    assertEquals(118.8, r.joules(), 1e-9);
    assertEquals(6_000, r.overBudgetMs(), "118.8 J > 90 J");
    assertFalse(r.nodes().get(0).estimated());
  }

  /**
   * The measured 118.8 J against 90 J is a 28.8 J debt; the plan at the next boundary that sees
   * the judged interval repays it over 4 intervals: 15 W − 28.8 J / 24 s = 13.8 W.
   */
  @Test
  void drawnAboveBudgetIsRepaidByTheNextPlans() {
    PowerScheduler ps = scheduler(20);
    ps.tick(600_000);
    for (String n : List.of("dn1:1", "dn2:1", "dn3:1")) {
      post(ps, n, NodeStatus.State.AWAKE, 600_000, new EnergyCounters(0, 0, 0, 0, 0));
      post(ps, n, NodeStatus.State.AWAKE, 606_000, new EnergyCounters(0, 1_200, 4_600, 200, 0));
    }
    ps.tick(606_000);
    assertEquals(15, ps.status().plannedWatts(), 0.5, "planned before the interval was judged");
    clock.set(612_000);
    ps.tick(612_000);
    EnergyReport r = ps.energy(612_000);
    assertEquals(28.8, r.debtJoules(), 1e-9);
    assertEquals(1.2, r.paybackWatts(), 1e-9);
    assertTrue(ps.status().plannedWatts() <= 13.8 + 1e-9, ps.status().message());
    assertTrue(ps.status().message().contains("repaying 29 J drawn above budget over 4"
        + " intervals: planned for 13.80 W of 15.00 W"), ps.status().message());
  }

  @Test
  void withPaybackOffThePlanKeepsTheWholeBudget() {
    SchedulerSettings s = SchedulerSettings.builder().ring(List.of("dn1:1", "dn2:1", "dn3:1"))
        .model(PowerModel.builder().nodeCount(3).activeWatts(25).sleepWatts(1)
            .overheadWatts(40).transitionMs(200).build()).intervalMs(T)
        .energyPaybackIntervals(0).build();
    PowerScheduler ps = new PowerScheduler(s, new StaggeredPolicy(), clock);
    ps.setPowerOverride(new PowerLevel.Percent(20));
    ps.tick(600_000);
    double planned = ps.status().plannedWatts();
    for (String n : List.of("dn1:1", "dn2:1", "dn3:1")) {
      post(ps, n, NodeStatus.State.AWAKE, 600_000, new EnergyCounters(0, 0, 0, 0, 0));
      post(ps, n, NodeStatus.State.AWAKE, 606_000, new EnergyCounters(0, 1_200, 4_600, 200, 0));
    }
    ps.tick(606_000);
    clock.set(612_000);
    ps.tick(612_000);
    assertEquals(0, ps.energy(612_000).debtJoules());
    assertEquals(planned, ps.status().plannedWatts(), 1e-9);
  }

  private void post(PowerScheduler ps, String node, NodeStatus.State state, long atMs,
      EnergyCounters c) {
    clock.set(atMs);
    ps.recordStatus(new NodeStatus(node, state, 1, atMs, 0, -1, "", Optional.of(c)));
  }
}
