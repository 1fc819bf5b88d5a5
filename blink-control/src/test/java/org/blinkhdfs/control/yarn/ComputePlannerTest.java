package org.blinkhdfs.control.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

class ComputePlannerTest {
  private static final ComputeResource FULL = new ComputeResource(8192, 8);
  private static final String A = "10.0.0.11:9866";
  private static final String B = "10.0.0.12:9866";
  private static final String C = "10.0.0.13:9866";
  private static final String D = "10.0.0.14:9866";
  private static final String E = "10.0.0.15:9866";
  private static final String S = "10.0.0.20:9866";

  /** The worked example of the class comment, plus one node of every other kind. */
  private static Schedule example() {
    return Schedule.builder().epoch(7).intervalStartMs(0).intervalMs(60_000)
        .add(NodeSchedule.blink(A, 20_000, 20_000)).add(NodeSchedule.of(C, NodeMode.ACTIVE))
        .add(NodeSchedule.of(D, NodeMode.IO_SERVER)).add(NodeSchedule.of(E, NodeMode.OFF))
        .add(NodeSchedule.staging(S)).build();
  }

  private static Map<String, ComputeResource> totals(String... nodes) {
    Map<String, ComputeResource> m = new LinkedHashMap<>();
    for (String n : nodes) {
      m.put(n, FULL);
    }
    return m;
  }

  /** A node no schedule names: it always offers, so rule (4) never applies in these plans. */
  private static final String OTHER = "10.0.0.99:9866";

  private static ComputePlan plan(Schedule s, long t, String... nodes) {
    Map<String, ComputeResource> totals = totals(nodes);
    totals.put(OTHER, FULL);
    return ComputePlanner.plan(Optional.of(s), totals, t, 10_000);
  }

  @Test
  void whenEveryNodeWouldOfferNothingTheNextToWakeKeepsItsTotal() {
    // A [20 000, 40 000), B [45 000, 55 000), E OFF; at 41 000 A and B sleep: B opens first
    Schedule s = Schedule.builder().intervalStartMs(0).intervalMs(60_000)
        .add(NodeSchedule.blink(A, 20_000, 20_000)).add(NodeSchedule.blink(B, 45_000, 10_000))
        .add(NodeSchedule.of(E, NodeMode.OFF)).build();
    ComputePlan p = ComputePlanner.plan(Optional.of(s), totals(E, A, B), 41_000, 1_000);
    assertEquals(FULL, p.nodes().get(B).resource());
    assertFalse(p.nodes().get(B).awake(), "kept, though asleep");
    assertEquals(ComputeResource.ZERO, p.nodes().get(A).resource());
    assertEquals(ComputeResource.ZERO, p.nodes().get(E).resource());
    // at 38 500 A is awake within the lead: it keeps its total (wait 0), B stays at zero
    p = ComputePlanner.plan(Optional.of(s), totals(E, A, B), 38_500, 2_000);
    assertEquals(FULL, p.nodes().get(A).resource());
    assertEquals(ComputeResource.ZERO, p.nodes().get(B).resource());
    // at 25 000 A offers on its own: nothing is kept
    p = ComputePlanner.plan(Optional.of(s), totals(E, A, B), 25_000, 1_000);
    assertEquals(FULL, p.nodes().get(A).resource());
    assertEquals(ComputeResource.ZERO, p.nodes().get(B).resource());
  }

  @Test
  void withoutBlinkNodesTheFirstNodeKeepsItsTotal() {
    // every node io-server (the io-server policy with k = 0) or OFF
    Schedule s = Schedule.builder().intervalMs(60_000).add(NodeSchedule.of(D, NodeMode.IO_SERVER))
        .add(NodeSchedule.of(E, NodeMode.OFF)).build();
    ComputePlan p = ComputePlanner.plan(Optional.of(s), totals(D, E), 5_000, 1_000);
    assertEquals(FULL, p.nodes().get(D).resource());
    assertEquals(ComputeResource.ZERO, p.nodes().get(E).resource());
  }

  @Test
  void neverZeroEverywhereOverSeeds() {
    java.util.Random r = new java.util.Random(1);
    for (int seed = 0; seed < 200; seed++) {
      Schedule.Builder b = Schedule.builder().intervalStartMs(0).intervalMs(10_000);
      String[] nodes = new String[1 + r.nextInt(5)];
      for (int i = 0; i < nodes.length; i++) {
        nodes[i] = "10.0.1." + i + ":9866";
        int kind = r.nextInt(4);
        b.add(kind == 0 ? NodeSchedule.of(nodes[i], NodeMode.OFF)
            : kind == 1 ? NodeSchedule.of(nodes[i], NodeMode.IO_SERVER)
            : NodeSchedule.blink(nodes[i], r.nextInt(10_000), 1 + r.nextInt(9_999)));
      }
      Schedule s = b.build();
      long t = r.nextInt(30_000);
      ComputePlan p = ComputePlanner.plan(Optional.of(s), totals(nodes), t, r.nextInt(3_000));
      long offering = p.nodes().values().stream()
          .filter(n -> !n.resource().equals(ComputeResource.ZERO)).count();
      assertTrue(offering >= 1, "seed " + seed + ": " + p.nodes());
    }
  }

  @Test
  void workedExampleFollowsTheWindowAndTheLead() {
    Schedule s = example();
    ComputePlan p = plan(s, 25_000, A);
    assertEquals(new YarnNodeState(A, "BLINK", "RING", "at20000-for20000-of60000", true, FULL),
        p.nodes().get(A));
    assertEquals(30_000, p.nextChangeMs());

    p = plan(s, 30_000, A); // exactly the lead left: no longer offers, still awake
    assertEquals(ComputeResource.ZERO, p.nodes().get(A).resource());
    assertTrue(p.nodes().get(A).awake());
    assertEquals(40_000, p.nextChangeMs());

    p = plan(s, 40_000, A); // closed: asleep until the next opening
    assertFalse(p.nodes().get(A).awake());
    assertEquals(ComputeResource.ZERO, p.nodes().get(A).resource());
    assertEquals(80_000, p.nextChangeMs());

    p = plan(s, 80_000, A); // open again: the full total is back
    assertEquals(FULL, p.nodes().get(A).resource());
    assertEquals(90_000, p.nextChangeMs());
  }

  @Test
  void modesWithoutAWindow() {
    ComputePlan p = plan(example(), 25_000, C, D, E, S, B);
    assertEquals(new YarnNodeState(C, "ACTIVE", "RING", "always", true, FULL), p.nodes().get(C));
    assertEquals(new YarnNodeState(D, "IO_SERVER", "RING", "always", true,
        ComputeResource.ZERO), p.nodes().get(D));
    assertEquals(new YarnNodeState(E, "OFF", "RING", "never", false, ComputeResource.ZERO),
        p.nodes().get(E));
    assertEquals(new YarnNodeState(S, "ACTIVE", "STAGING", "always", true, FULL),
        p.nodes().get(S));
    // B is not in the schedule: treated as ACTIVE
    assertEquals(new YarnNodeState(B, "ACTIVE", "RING", "always", true, FULL), p.nodes().get(B));
    assertEquals(Long.MAX_VALUE, p.nextChangeMs());
  }

  @Test
  void attributesOfOneState() {
    YarnNodeState off = plan(example(), 0, E).nodes().get(E);
    assertEquals(Map.of("blink-hdfs-mode", "OFF", "blink-hdfs-role", "RING",
        "blink-hdfs-window", "never", "blink-hdfs-awake", "false", "blink-hdfs-compute", "false"),
        off.attributes());
  }

  @Test
  void wrappingWindowAndItsEdges() {
    // offset 50 000 length 20 000: awake [50 000, 60 000) and [0, 10 000); lead 10 000 edge at 0
    Schedule s = Schedule.builder().intervalStartMs(1_000).intervalMs(60_000)
        .add(NodeSchedule.blink(A, 50_000, 20_000)).build();
    ComputePlan p = plan(s, 1_000 + 55_000, A);
    assertEquals(FULL, p.nodes().get(A).resource());
    assertEquals(1_000 + 60_000, p.nextChangeMs()); // lead edge: phase 0
    p = plan(s, 1_000 + 60_000 + 5_000, A);
    assertEquals(ComputeResource.ZERO, p.nodes().get(A).resource());
    assertTrue(p.nodes().get(A).awake());
    assertEquals(1_000 + 60_000 + 10_000, p.nextChangeMs());
  }

  @Test
  void windowShorterThanTwiceTheLeadOffersItsFirstHalf() {
    // window [0, 10 000), lead 10 000: its lead is 5 000, so it offers on [0, 5 000)
    Schedule s = Schedule.builder().intervalMs(60_000).add(NodeSchedule.blink(A, 0, 10_000))
        .build();
    ComputePlan p = plan(s, 1_000, A);
    assertEquals(FULL, p.nodes().get(A).resource());
    assertEquals(5_000, p.nextChangeMs());
    p = plan(s, 5_000, A); // exactly the lead left
    assertTrue(p.nodes().get(A).awake());
    assertEquals(ComputeResource.ZERO, p.nodes().get(A).resource());
    assertEquals(10_000, p.nextChangeMs());
    assertEquals(750, ComputePlanner.effectiveLeadMs(2_250, 750));
    assertEquals(500, ComputePlanner.effectiveLeadMs(1_000, 750));
  }

  @Test
  void expiredOrMissingScheduleMeansEveryoneAwakeWithFullCompute() {
    Schedule s = Schedule.builder().intervalStartMs(0).intervalMs(60_000).validUntilMs(120_000)
        .add(NodeSchedule.blink(A, 20_000, 20_000)).add(NodeSchedule.of(E, NodeMode.OFF)).build();
    ComputePlan p = plan(s, 100_000, A, E); // asleep; the next opening is after the lease
    assertEquals(ComputeResource.ZERO, p.nodes().get(A).resource());
    assertEquals(120_000, p.nextChangeMs());
    p = plan(s, 120_000, A, E);
    assertEquals(FULL, p.nodes().get(A).resource());
    assertEquals(new YarnNodeState(E, "ACTIVE", "RING", "always", true, FULL), p.nodes().get(E));
    assertEquals(Long.MAX_VALUE, p.nextChangeMs());
    p = ComputePlanner.plan(Optional.empty(), totals(A), 5, 10_000);
    assertEquals(FULL, p.nodes().get(A).resource());
  }

  @Test
  void windowOutlastingTheLeaseKeepsOffering() {
    // lease ends at 35 000, inside A's window [20 000, 40 000): A never sleeps under it
    Schedule s = Schedule.builder().intervalStartMs(0).intervalMs(60_000).validUntilMs(35_000)
        .add(NodeSchedule.blink(A, 20_000, 20_000)).build();
    assertEquals(FULL, plan(s, 32_000, A).nodes().get(A).resource());
  }

  @Test
  void negativeLeadIsRefused() {
    assertThrows(IllegalArgumentException.class,
        () -> ComputePlanner.plan(Optional.empty(), totals(A), 0, -1));
  }

  /**
   * Over 300 random schedules: never offers compute to a node asleep, OFF, io-server or closing
   * within its lead (at most half its window); always offers an awake ACTIVE node its full total;
   * the plan is constant until {@code nextChangeMs}.
   */
  @Test
  void propertiesOverSeeds() {
    for (long seed = 0; seed < 300; seed++) {
      Random r = new Random(seed);
      long interval = 1_000 + r.nextInt(120_000);
      long lead = r.nextInt((int) interval);
      Schedule.Builder b = Schedule.builder().epoch(seed).intervalStartMs(r.nextInt(1_000_000))
          .intervalMs(interval);
      if (r.nextBoolean()) {
        b.validUntilMs(2_000_000 + r.nextInt(1_000_000));
      }
      Map<String, ComputeResource> totals = new LinkedHashMap<>();
      int n = 1 + r.nextInt(8);
      for (int i = 0; i < n; i++) {
        String node = "10.0.1." + i + ":9866";
        NodeMode mode = NodeMode.values()[r.nextInt(4)];
        b.add(mode == NodeMode.BLINK
            ? NodeSchedule.blink(node, r.nextInt((int) interval), r.nextInt((int) interval + 1))
            : NodeSchedule.of(node, mode));
        totals.put(node, new ComputeResource(1 + r.nextInt(65_536), 1 + r.nextInt(64)));
      }
      Schedule s = b.build();
      long t = r.nextInt(3_500_000);
      for (int step = 0; step < 20; step++) {
        ComputePlan p = ComputePlanner.plan(Optional.of(s), totals, t, lead);
        for (YarnNodeState st : p.nodes().values()) {
          String where = "seed " + seed + " t " + t + " " + st;
          ComputeResource full = totals.get(st.node());
          assertTrue(st.resource().isZero() || st.resource().equals(full), where);
          boolean expired = s.isExpired(t);
          NodeMode mode = s.entry(st.node()).mode();
          long offering = p.nodes().values().stream().filter(x -> !x.resource().isZero())
              .count();
          long ownLead = mode == NodeMode.BLINK ? ComputePlanner.effectiveLeadMs(
              s.entry(st.node()).window(interval).lengthMs(), lead) : lead;
          if (!expired && (!s.isAwake(st.node(), t) || mode == NodeMode.IO_SERVER
              || mode == NodeMode.OFF || s.remainingActiveMs(st.node(), t) <= ownLead)) {
            // zero, unless it is the one node kept so the cluster never offers nothing (4)
            assertTrue(st.resource().isZero() || offering == 1, where);
          }
          assertTrue(offering >= 1, where);
          if (expired || mode == NodeMode.ACTIVE) {
            assertEquals(full, st.resource(), where);
          }
        }
        assertTrue(p.nextChangeMs() > t, "seed " + seed);
        long before = p.nextChangeMs() == Long.MAX_VALUE ? t + interval
            : Math.min(p.nextChangeMs() - 1, t + 3 * interval);
        long probe = t + (long) (r.nextDouble() * (before - t));
        assertEquals(p.nodes(), ComputePlanner.plan(Optional.of(s), totals, probe, lead).nodes(),
            "seed " + seed + " constant from " + t + " to " + probe);
        assertEquals(p.nodes(), ComputePlanner.plan(Optional.of(s), totals, before, lead)
            .nodes(), "seed " + seed + " constant until " + before);
        t = p.nextChangeMs() == Long.MAX_VALUE ? t + interval : p.nextChangeMs();
      }
    }
  }
}
