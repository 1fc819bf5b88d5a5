package org.blinkhdfs.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import org.blinkhdfs.group.GroupReplicationPlanner.Decision;
import org.blinkhdfs.group.GroupReplicationPlanner.Demand;
import org.blinkhdfs.group.GroupReplicationPlanner.Quality;
import org.junit.jupiter.api.Test;

/** The class comment's worked example, lazy keeping, unreachable targets, and seeds. */
class GroupReplicationPlannerTest {
  private static final long GB = 1_000_000_000L;

  private static Demand demand(Group g, int current, int base, long bytesPerReplica,
      double... p90s) {
    SortedMap<Integer, Quality> q = new TreeMap<>();
    SortedMap<Integer, Long> extra = new TreeMap<>();
    for (int i = 0; i < p90s.length; i++) {
      q.put(base + i, new Quality(OptionalDouble.of(p90s[i]), 0.5 + 0.1 * i));
      extra.put(base + i, i * bytesPerReplica);
    }
    return new Demand(g, current, q, extra);
  }

  private static Group group(String name, int priority, long target) {
    return Group.live(name, List.of("/" + name), priority).withP90TargetMs(OptionalLong.of(target));
  }

  @Test
  void workedExample() {
    List<Decision> d = GroupReplicationPlanner.plan(List.of(
        demand(group("logs", 1, 700), 3, 3, 4 * GB, 1200, 800, 650),
        demand(group("web", 10, 500), 3, 3, 2 * GB, 900, 600, 450, 300)), 10 * GB, 20);
    assertEquals("logs", d.get(0).group());
    assertEquals(4, d.get(0).replication());
    assertFalse(d.get(0).met());
    assertEquals("needs 5 replicas (p90 wait 650 ms, least available 0.700), but the capacity"
        + " budget of 10000000000 bytes left 6000000000 for it: 4 replicas, p90 wait 800 ms,"
        + " least available 0.600", d.get(0).reason());
    assertEquals(5, d.get(1).replication());
    assertTrue(d.get(1).met());
    assertEquals("", d.get(1).reason());
  }

  @Test
  void replicasAreKeptLazilyWhileTheBudgetAllows() {
    // Power rose: web now needs only 3, but holds 6; the budget still has room, so it keeps 6.
    Group web = group("web", 10, 1000);
    assertEquals(6, GroupReplicationPlanner.plan(List.of(
        demand(web, 6, 3, GB, 900, 600, 450, 300)), 10 * GB, 20).get(0).replication());
    // With room for only 2 extra GB it drops to 5.
    assertEquals(5, GroupReplicationPlanner.plan(List.of(
        demand(web, 6, 3, GB, 900, 600, 450, 300)), 2 * GB, 20).get(0).replication());
  }

  @Test
  void anUnreachableTargetIsReported() {
    Decision d = GroupReplicationPlanner.plan(List.of(
        demand(group("web", 10, 100), 3, 3, GB, 900, 600)), 100 * GB, 20).get(0);
    assertEquals(4, d.replication());
    assertFalse(d.met());
    assertEquals("even 4 replicas give p90 wait 600 ms, least available 0.600: target p90 100"
        + " ms, min availability none (service allowance 20 ms); more power, or a lower target",
        d.reason());
  }

  @Test
  void noTargetMeansNoExtraReplicas() {
    Group plain = Group.live("plain", List.of("/p"), 1);
    Decision d = GroupReplicationPlanner.plan(List.of(demand(plain, 3, 3, GB, 900, 600)),
        100 * GB, 20).get(0);
    assertEquals(3, d.replication());
    assertTrue(d.met());
  }

  /**
   * Seeds: grants stay in range and within the budget; each group, in priority order, gets its
   * need or as much as fits after the groups above it; met is exactly "targets hold at the grant".
   */
  @Test
  void priorityOrderAndBudgetOverSeeds() {
    for (long seed = 0; seed < 500; seed++) {
      Random random = new Random(seed);
      List<Demand> demands = new ArrayList<>();
      int groups = 1 + random.nextInt(5);
      for (int i = 0; i < groups; i++) {
        int base = 1 + random.nextInt(3);
        int span = 1 + random.nextInt(4);
        double[] p90 = new double[span];
        double v = 200 + random.nextInt(2000);
        for (int k = 0; k < span; k++) {
          p90[k] = v;
          v *= 0.5 + 0.5 * random.nextDouble();
        }
        demands.add(demand(group("g" + i, 1 + random.nextInt(5), 100 + random.nextInt(1500)),
            base, base, 1 + random.nextInt(10), p90));
      }
      long budget = random.nextInt(40);
      List<Decision> plan = GroupReplicationPlanner.plan(demands, budget, 20);
      String where = "seed " + seed;
      long used = 0;
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < groups; i++) {
        order.add(i);
        Demand d = demands.get(i);
        int r = plan.get(i).replication();
        assertTrue(r >= d.base() && r <= d.most(), where);
        used += d.extraBytes().get(r);
        assertEquals(GroupReplicationPlanner.meets(d.group(), d.quality().get(r), 20),
            plan.get(i).met(), where);
      }
      assertTrue(used <= budget, where);
      order.sort(Comparator.comparingInt((Integer i) -> -demands.get(i).group().priority())
          .thenComparingInt(i -> i));
      long above = 0;
      for (int i : order) {
        Demand d = demands.get(i);
        int r = plan.get(i).replication();
        int need = GroupReplicationPlanner.need(d, 20);
        int want = need < 0 ? d.most() : need;
        assertTrue(r == want || above + d.extraBytes().get(r + 1) > budget, where + " g" + i);
        above += d.extraBytes().get(r);
      }
    }
  }
}
