package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.power.SchedulePower;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** The covering policy on the Mac-mini model (25 W / 1 W, 40 W overhead), 9 nodes, r = 3. */
class CoveringPolicyTest {
  private static List<NodeMode> modes(Schedule s) {
    return s.nodes().stream().filter(n -> n.role() != org.blinkhdfs.model.schedule.NodeRole
        .STAGING).map(NodeSchedule::mode).toList();
  }

  private static List<NodeMode> firstOn(int on, int n) {
    List<NodeMode> out = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(i < on ? NodeMode.ACTIVE : NodeMode.OFF);
    }
    return out;
  }

  @Test
  void wholeDomainsAreActiveAndTheRestOff() {
    CoveringPolicy p = new CoveringPolicy(3);
    // 80%: two domains, 153 W of 180 W.
    Schedule s = PolicyTest.plan(p, PolicyTest.request(9, new PowerLevel.Percent(80)).build());
    assertEquals(firstOn(6, 9), modes(s));
    assertEquals(153, SchedulePower.averageNodeWatts(s, PowerModel.builder().nodeCount(9)
        .activeWatts(25).sleepWatts(1).build()), 1e-9);
    // 50%: activation would keep 4 nodes (a domain and a third); the covering set keeps one.
    s = PolicyTest.plan(p, PolicyTest.request(9, new PowerLevel.Percent(50)).build());
    assertEquals(firstOn(3, 9), modes(s));
    s = PolicyTest.plan(p, PolicyTest.request(9, new PowerLevel.Percent(100)).build());
    assertEquals(firstOn(9, 9), modes(s));
  }

  @Test
  void oneDomainAboveTheBudgetIsBelowMinimum() {
    PolicyResult r = new CoveringPolicy(3).plan(PolicyTest.request(9,
        new PowerLevel.Percent(20)).build());
    assertEquals(PolicyResult.Status.BELOW_MINIMUM, r.status());
    assertTrue(r.schedule().isEmpty());
    // 45 W for the DataNodes, below 3*25 + 6*1 = 81 W: short by 36 W.
    assertTrue(r.message().contains("45.00 W") && r.message().contains("81.00 W")
        && r.message().contains("short by 36.00 W"), r.message());
    assertEquals(81, new CoveringPolicy(3).minimumNodeWatts(PowerModel.macMini(9)), 1e-9);
  }

  @Test
  void stagingNodesStayOnAndTheNameResolves() {
    PolicyRequest req = PolicyTest.request(9, new PowerLevel.Percent(60))
        .stagingNodes(List.of("st:9866")).build();
    Schedule s = PolicyTest.plan(Policies.byName("p", CoveringPolicy.NAME), req);
    assertEquals(10, s.nodes().size());
    assertEquals(NodeMode.ACTIVE, s.nodes().get(9).mode());
    assertEquals(List.of(CoveringPolicy.NAME), Policies.layoutBoundNames());
    assertTrue(Policies.allNames().contains(CoveringPolicy.NAME));
    assertEquals(CoveringPolicy.DEFAULT_DOMAINS,
        ((CoveringPolicy) Policies.byName("p", CoveringPolicy.NAME)).domains());
  }

  @Test
  void moreDomainsThanNodesIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new CoveringPolicy(0));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new CoveringPolicy(4).plan(PolicyTest.request(3, new PowerLevel.Percent(50))
            .build()));
    assertTrue(e.getMessage().contains("4 upgrade domains on 3 ring nodes"), e.getMessage());
  }

  @Test
  void plannedSchedulesStayWithinTheBudgetAndCoverDomainZero() {
    for (long seed = 0; seed < 300; seed++) {
      Random rnd = new Random(seed);
      int n = 1 + rnd.nextInt(24);
      int r = 1 + rnd.nextInt(Math.min(n, 5));
      double active = 5 + rnd.nextDouble() * 300;
      PowerModel model = PowerModel.builder().nodeCount(n).activeWatts(active)
          .sleepWatts(rnd.nextDouble() * active * 0.2).overheadWatts(rnd.nextDouble() * 100)
          .build();
      PolicyRequest req = PolicyRequest.builder().ring(PolicyTest.ring(n)).model(model)
          .level(new PowerLevel.Percent(rnd.nextDouble() * 100)).intervalMs(60_000).build();
      CoveringPolicy p = new CoveringPolicy(r);
      PolicyResult res = p.plan(req);
      String ctx = "seed " + seed + " n " + n + " r " + r + " " + req.level();
      double budget = res.budget().nodeWatts();
      if (res.status() == PolicyResult.Status.BELOW_MINIMUM) {
        assertTrue(p.minimumNodeWatts(model) > budget, ctx);
        continue;
      }
      assertTrue(res.drawnNodeWatts() <= budget + 1e-6, ctx);
      List<NodeMode> m = modes(res.schedule().orElseThrow());
      int on = (int) m.stream().filter(x -> x == NodeMode.ACTIVE).count();
      assertEquals(firstOn(on, n), m, ctx);
      CoveringSet set = p.coveringSet(n);
      assertTrue(on >= set.domainSize(0), ctx);
      boolean wholeDomains = false;
      for (int d = 1; d <= r; d++) {
        wholeDomains |= set.nodesInDomains(d) == on;
      }
      assertTrue(wholeDomains, ctx + ": " + on + " ACTIVE nodes is not a run of whole domains");
    }
  }
}
