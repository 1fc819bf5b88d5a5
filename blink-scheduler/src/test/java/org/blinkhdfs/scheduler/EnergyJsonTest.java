package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.control.scheduler.EnergyReport;
import org.blinkhdfs.control.scheduler.PowerScheduler;
import org.blinkhdfs.control.scheduler.SchedulerSettings;
import org.blinkhdfs.model.policy.StaggeredPolicy;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.wire.EnergyCounters;
import org.blinkhdfs.model.wire.NodeStatus;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /v1/energy}'s body and the status page's energy line, from a real scheduler fed the
 * worked example: 3 nodes, each 1.2 s awake, 0.2 s in transition, 4.6 s asleep of t = 6 s at
 * 20% (90 J budget): 118.8 J drawn, over budget; dn3's agent is old and estimated.
 */
class EnergyJsonTest {
  final ManualClock clock = new ManualClock(600_000);

  EnergyReport books() {
    SchedulerSettings s = SchedulerSettings.builder().ring(List.of("dn1:1", "dn2:1", "dn3:1"))
        .model(PowerModel.builder().nodeCount(3).activeWatts(25).sleepWatts(1).overheadWatts(40)
            .transitionMs(200).build()).intervalMs(6_000).build();
    PowerScheduler ps = new PowerScheduler(s, new StaggeredPolicy(), clock);
    ps.setPowerOverride(new PowerLevel.Percent(20));
    ps.tick(600_000);
    for (String n : List.of("dn1:1", "dn2:1")) {
      post(ps, n, NodeStatus.State.AWAKE, 600_000, new EnergyCounters(0, 0, 0, 0, 0));
      post(ps, n, NodeStatus.State.ASLEEP, 601_200, new EnergyCounters(0, 1_200, 0, 0, 0));
      post(ps, n, NodeStatus.State.AWAKE, 606_000, new EnergyCounters(0, 1_200, 4_600, 200, 0));
    }
    post(ps, "dn3:1", NodeStatus.State.AWAKE, 606_000, null);
    ps.tick(606_000);
    clock.set(607_000);
    return ps.energy(607_000);
  }

  private void post(PowerScheduler ps, String node, NodeStatus.State state, long atMs,
      EnergyCounters c) {
    clock.set(atMs);
    ps.recordStatus(new NodeStatus(node, state, 1, atMs, 0, -1, "", Optional.ofNullable(c)));
  }

  @Test
  void theEndpointsBodyFollowsTheContract() {
    // dn3 (no counters) is estimated from its plan: staggered at 20% gives each node 5 W, i.e.
    // ((a + 200) × 25 + (5 800 − a) × 1) / 6 000 = 5: a = 800 ms awake, 200 ms transition,
    // 5 000 ms asleep per 6 s (30 J). Over 7 s: 933 awake, 233 transition, 5 834 asleep ms =
    // 23.325 + 5.825 + 5.834 = 34.984 J. dn1 and dn2 measured 39.6 J each in the first
    // interval (109.2 J with dn3's 30 J, over the 90 J budget), then are extrapolated awake
    // from their last AWAKE at 606 000: + 25 J each. Budget 15 W × 7 s = 105 J. The judged
    // interval leaves a debt of 109.2 − 90 = 19.2 J; the epoch in force was planned before it.
    String json = SchedulerJson.energy(books()).toString();
    assertEquals("{\"atMs\":607000,\"sinceMs\":600000,\"intervalMs\":6000,"
        + "\"model\":{\"nodes\":3,\"activeWatts\":25.0,\"sleepWatts\":1.0,"
        + "\"transitionWatts\":25.0,\"ioServerWatts\":25.0,\"overheadWatts\":40.0},"
        + "\"cluster\":{\"joules\":164.184,\"overheadJoules\":280.0,\"budgetJoules\":105.0,"
        + "\"accountedMs\":7000,\"overBudgetMs\":6000,\"meanWatts\":23.454857142857144,"
        + "\"budgetWatts\":15.0,\"tolerance\":0.01,\"debtJoules\":19.19999999999999,"
        + "\"paybackWatts\":0.0,\"estimatedNodes\":1},"
        + "\"nodes\":[{\"node\":\"dn1:1\",\"awakeMs\":2200,\"asleepMs\":4600,"
        + "\"transitionMs\":200,\"ioServerMs\":0,\"joules\":64.6,\"lastReportAtMs\":606000,"
        + "\"estimated\":false,\"estimatedMs\":0,\"resets\":0},"
        + "{\"node\":\"dn2:1\",\"awakeMs\":2200,\"asleepMs\":4600,\"transitionMs\":200,"
        + "\"ioServerMs\":0,\"joules\":64.6,\"lastReportAtMs\":606000,\"estimated\":false,"
        + "\"estimatedMs\":0,\"resets\":0},"
        + "{\"node\":\"dn3:1\",\"awakeMs\":933,\"asleepMs\":5834,\"transitionMs\":233,"
        + "\"ioServerMs\":0,\"joules\":34.984,\"lastReportAtMs\":606000,\"estimated\":true,"
        + "\"estimatedMs\":7000,\"resets\":0}],"
        + "\"intervals\":[{\"startMs\":600000,\"endMs\":606000,\"drawnJoules\":109.19999999999999,"
        + "\"budgetJoules\":90.0,\"overBudget\":true}]}", json);
  }

  @Test
  void theStatusPageSaysDrawnAgainstBudget() {
    assertEquals("DataNodes drew 164.2 J (23.45 W mean) against a budget of 105.0 J (15.00 W"
        + " now) over 7.0 s; 6.0 s over budget; overhead 280.0 J; 1 node(s) estimated from the"
        + " schedule (no energy counters)", StatusPageServlet.energyLine(books()));
  }
}
