package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;

/** The covering set's domains and plans against numbers worked by hand, then properties. */
class CoveringSetTest {
  private static PowerBudget percent(int n, double p) {
    return new PowerLevel.Percent(p).resolve(PowerModel.macMini(n));
  }

  @Test
  void nineNodesInThreeDomainsOfThree() {
    CoveringSet s = CoveringSet.of(9, 3);
    int[] expected = {0, 0, 0, 1, 1, 1, 2, 2, 2};
    for (int i = 0; i < 9; i++) {
      assertEquals(expected[i], s.domainOf(i), "node " + i);
    }
    assertEquals(List.of(0, 3, 6, 9), List.of(s.nodesInDomains(0), s.nodesInDomains(1),
        s.nodesInDomains(2), s.nodesInDomains(3)));
  }

  @Test
  void unevenDomainsPutTheSmallestFirst() {
    // 10 = 3 + 3 + 4; 7 = 3 + 4 (bench gears' ring at r = 2); 5 = 1 + 1 + 1 + 2 at r = 4.
    CoveringSet ten = CoveringSet.of(10, 3);
    assertEquals(List.of(3, 3, 4), List.of(ten.domainSize(0), ten.domainSize(1),
        ten.domainSize(2)));
    int[] expected = {0, 0, 0, 1, 1, 1, 2, 2, 2, 2};
    for (int i = 0; i < 10; i++) {
      assertEquals(expected[i], ten.domainOf(i), "node " + i);
    }
    assertEquals(6, ten.nodesInDomains(2));
    CoveringSet seven = CoveringSet.of(7, 2);
    assertEquals(3, seven.domainSize(0));
    assertEquals(4, seven.domainSize(1));
    assertEquals(1, seven.domainOf(3));
    CoveringSet five = CoveringSet.of(5, 4);
    assertEquals(List.of(0, 1, 2, 3, 3), List.of(five.domainOf(0), five.domainOf(1),
        five.domainOf(2), five.domainOf(3), five.domainOf(4)));
  }

  @Test
  void plansOnTheMacMiniModelMatchTheWorkedExamples() {
    CoveringSet s = CoveringSet.of(9, 3);
    // 100%: 225 W, k = (225 - 9)/24 = 9: all three domains, 225 W.
    assertPlan(s.plan(percent(9, 100)), 3, 9, 9, 225, 225);
    // 80%: 180 W, k = floor(171/24) = 7: two domains (6 nodes), 6*25 + 3*1 = 153 W.
    assertPlan(s.plan(percent(9, 80)), 2, 6, 7, 153, 180);
    // 60%: 135 W, k = floor(126/24) = 5: one domain, 3*25 + 6*1 = 81 W.
    assertPlan(s.plan(percent(9, 60)), 1, 3, 5, 81, 135);
    // 40%: 90 W, k = floor(81/24) = 3: one domain, 81 W, exactly what it affords.
    assertPlan(s.plan(percent(9, 40)), 1, 3, 3, 81, 90);
    assertFalse(s.plan(percent(9, 40)).overBudget());
  }

  @Test
  void oneDomainIsKeptAboveABudgetThatCannotPayForIt() {
    // 20%: 45 W, k = floor(36/24) = 1 < 3: domain 0 kept, 81 W, 36 W = 80% over.
    CoveringSet.Plan p = CoveringSet.of(9, 3).plan(percent(9, 20));
    assertPlan(p, 1, 3, 1, 81, 45);
    assertTrue(p.overBudget());
    assertEquals(0.8, p.overBudgetFraction(), 1e-12);
    assertTrue(p.isActive(2));
    assertFalse(p.isActive(3));
  }

  @Test
  void theUnevenRingKeepsWholeDomainsOnly() {
    // 10 nodes (3, 3, 4), 70%: 175 W, k = floor((175 - 10)/24) = 6: domains 0 and 1.
    assertPlan(CoveringSet.of(10, 3).plan(percent(10, 70)), 2, 6, 6, 154, 175);
    // 90%: 225 W, k = floor(215/24) = 8 < 10: still two domains, 2 nodes' worth unused.
    assertPlan(CoveringSet.of(10, 3).plan(percent(10, 90)), 2, 6, 8, 154, 225);
  }

  @Test
  void badShapesNameTheFix() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CoveringSet.of(2, 3));
    assertTrue(e.getMessage().contains("3 upgrade domains on 2 ring nodes"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> CoveringSet.of(0, 1));
    assertThrows(IllegalArgumentException.class, () -> CoveringSet.of(9, 3).domainOf(9));
    assertThrows(IllegalArgumentException.class, () -> CoveringSet.of(9, 3).plan(percent(8, 50)));
  }

  @Test
  void everyBlockKeepsAnAwakeReplicaAndWholeDomainsStayWithinTheBudget() {
    for (long seed = 0; seed < 500; seed++) {
      Random rnd = new Random(seed);
      int n = 1 + rnd.nextInt(40);
      int r = 1 + rnd.nextInt(Math.min(n, 6));
      double active = 5 + rnd.nextDouble() * 200;
      PowerModel model = PowerModel.builder().nodeCount(n).activeWatts(active)
          .sleepWatts(rnd.nextDouble() * active * 0.2).overheadWatts(rnd.nextDouble() * 50)
          .build();
      PowerBudget budget = new PowerLevel.Percent(rnd.nextDouble() * 100).resolve(model);
      CoveringSet set = CoveringSet.of(n, r);
      CoveringSet.Plan plan = set.plan(budget);
      String ctx = "seed " + seed + ": " + set + ", " + plan;
      // Blocks as BlockPlacementPolicyWithUpgradeDomain places them: one replica per domain.
      for (int b = 0; b < 50; b++) {
        boolean awake = false;
        for (List<Integer> members : members(set)) {
          awake |= plan.isActive(members.get(rnd.nextInt(members.size())));
        }
        assertTrue(awake, ctx + ": block " + b + " has no ACTIVE replica");
      }
      // Whole domains only: the ACTIVE nodes end where a domain ends.
      assertEquals(plan.activeNodes(), set.nodesInDomains(plan.activeDomains()), ctx);
      if (plan.affordableNodes() >= set.domainSize(0)) {
        assertFalse(plan.overBudget(), ctx);
        assertTrue(plan.activeNodes() <= plan.affordableNodes(), ctx);
        // The largest such prefix: one more domain would not fit.
        assertTrue(plan.activeDomains() == r
            || set.nodesInDomains(plan.activeDomains() + 1) > plan.affordableNodes(), ctx);
      } else {
        assertEquals(1, plan.activeDomains(), ctx);
      }
    }
  }

  private static List<List<Integer>> members(CoveringSet set) {
    List<List<Integer>> out = new ArrayList<>();
    for (int d = 0; d < set.domains(); d++) {
      out.add(new ArrayList<>());
    }
    for (int i = 0; i < set.nodes(); i++) {
      out.get(set.domainOf(i)).add(i);
    }
    for (int d = 0; d < set.domains(); d++) {
      assertEquals(set.domainSize(d), out.get(d).size(), "domain " + d);
    }
    return out;
  }

  private static void assertPlan(CoveringSet.Plan p, int domains, int nodes, int affordable,
      double watts, double budget) {
    assertEquals(domains, p.activeDomains(), p.toString());
    assertEquals(nodes, p.activeNodes(), p.toString());
    assertEquals(affordable, p.affordableNodes(), p.toString());
    assertEquals(watts, p.plannedWatts(), 1e-9, p.toString());
    assertEquals(budget, p.budgetWatts(), 1e-9, p.toString());
  }
}
