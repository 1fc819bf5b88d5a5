package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.blinkhdfs.model.policy.AutoPolicy;
import org.blinkhdfs.model.policy.AutoSettings;
import org.blinkhdfs.model.policy.LoadSignals;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;

/**
 * The status page's auto load line, under the reason line: what {@code GET /v1/power} has in
 * {@code auto.load} (utilization, reads held, containers pending, demand), on plain objects.
 */
class StatusPageAutoLoadTest {
  @Test
  void aMeasuredLoadGivesItsDemandAtTheTarget() {
    // u = 0.5 on 3 ACTIVE nodes at T = 0.8: 0.5 * 3 / 0.8 = 1.875 node-eq.
    LoadSignals l = LoadSignals.utilization(0.5, 3).withBacklog(0, -1);
    assertEquals("load: utilization 0.50 on 3 ACTIVE nodes, reads held 0, containers pending"
        + " not measured, demand 1.88 node-eq at target 0.80",
        StatusPageServlet.loadLine(l, 0.8));
    assertEquals("load: utilization 1.00 on 1 ACTIVE node, reads held not measured, containers"
        + " pending 0, demand 2.00 node-eq at target 0.50",
        StatusPageServlet.loadLine(LoadSignals.utilization(1, 1).withBacklog(-1, 0), 0.5));
  }

  @Test
  void waitingWorkOrNoSampleMakeDemandUnbounded() {
    assertEquals("load: utilization 0.25 on 3 ACTIVE nodes, reads held 7, containers pending 2,"
        + " demand unbounded (work waiting)", StatusPageServlet.loadLine(
        LoadSignals.utilization(0.25, 3).withBacklog(7, 2), 0.8));
    assertEquals("load: utilization not measured, reads held not measured, containers pending"
        + " not measured, demand unbounded (no utilization sample)",
        StatusPageServlet.loadLine(LoadSignals.UNKNOWN, 0.8));
  }

  @Test
  void theLoadLineFollowsTheReasonLine() {
    // The worked example of docs/scheduler.md: 9 nodes, 25 W / 0 W, 40%: activation 3.
    Clock clock = Clock.fixed(Instant.ofEpochMilli(600_000), ZoneOffset.UTC);
    AutoPolicy p = new AutoPolicy(AutoSettings.defaults(), 500, clock);
    List<String> ring = new ArrayList<>();
    for (int i = 1; i <= 9; i++) {
      ring.add("dn" + i + ":1");
    }
    p.plan(PolicyRequest.builder().ring(ring).model(PowerModel.builder().nodeCount(9)
        .activeWatts(25).sleepWatts(0).transitionMs(137).build())
        .level(new PowerLevel.Percent(40)).intervalMs(6_000).intervalStartMs(600_000).epoch(1)
        .build());
    p.observeUtilization(0.5, 3);
    p.observeBacklog(0, -1);
    String html = StatusPageServlet.autoLine(p);
    int reason = html.indexOf("<p id=\"auto\">auto: activation 3 on + 6 off");
    int load = html.indexOf("<p id=\"auto-load\">load: utilization 0.50 on 3 ACTIVE nodes,"
        + " reads held 0, containers pending not measured, demand 1.88 node-eq at target 0.80"
        + "</p>");
    assertTrue(reason >= 0 && load > reason, html);
  }
}
