package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** Each policy against numbers worked by hand on the BlinkFS Mac-mini model (25 W / 1 W). */
class PolicyTest {
  static final long T = 60_000;

  static List<String> ring(int n) {
    List<String> out = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      out.add("dn" + i + ":9866");
    }
    return out;
  }

  static PolicyRequest.Builder request(int n, PowerLevel level) {
    return PolicyRequest.builder().ring(ring(n)).model(PowerModel.builder().nodeCount(n)
        .activeWatts(25).sleepWatts(1).overheadWatts(40).build()).level(level).intervalMs(T)
        .intervalStartMs(1_790_000_000_000L).epoch(7);
  }

  static Schedule plan(BlinkPolicy p, PolicyRequest r) {
    PolicyResult res = p.plan(r);
    assertEquals(PolicyResult.Status.PLANNED, res.status(), res.message());
    return res.schedule().orElseThrow();
  }

  @Test
  void staggeredAtHalfPowerMatchesThePaper() {
    // t_active = 60 000 * (112.5 - 9)/(225 - 9) = 60 000 * 103.5/216 = 28 750 ms
    // b_start_i = (60 000 - 28 750) * i / 8 = 3 906.25 * i, rounded down
    Schedule s = plan(new StaggeredPolicy(), request(9, new PowerLevel.Percent(50)).build());
    long[] expectedStarts = {0, 3906, 7812, 11718, 15625, 19531, 23437, 27343, 31250};
    for (int i = 0; i < 9; i++) {
      NodeSchedule n = s.nodes().get(i);
      assertEquals(NodeMode.BLINK, n.mode());
      assertEquals(28_750, n.activeMs(), "node " + i);
      assertEquals(expectedStarts[i], n.activeOffsetMs(), "node " + i);
    }
    // The last window ends exactly at the interval end.
    assertEquals(T, s.nodes().get(8).activeOffsetMs() + s.nodes().get(8).activeMs());
  }

  @Test
  void staggeredAt20PercentMatchesThePaper() {
    // p = 45 W: t_active = 60 000 * 36/216 = 10 000 ms; b_start_i = 50 000 * i/8 = 6 250 * i
    Schedule s = plan(new StaggeredPolicy(), request(9, new PowerLevel.Percent(20)).build());
    for (int i = 0; i < 9; i++) {
      assertEquals(10_000, s.nodes().get(i).activeMs());
      assertEquals(6_250L * i, s.nodes().get(i).activeOffsetMs());
    }
  }

  @Test
  void staggeredCircularSpreadsStartsOverTheCircle() {
    // 40%: p = 90 W, t_active = 60 000 * 81/216 = 22 500; b_start_i = 60 000 * i/9
    Schedule s = plan(new StaggeredCircularPolicy(), request(9, new PowerLevel.Percent(40))
        .build());
    long[] expected = {0, 6666, 13333, 20000, 26666, 33333, 40000, 46666, 53333};
    for (int i = 0; i < 9; i++) {
      assertEquals(22_500, s.nodes().get(i).activeMs());
      assertEquals(expected[i], s.nodes().get(i).activeOffsetMs());
    }
  }

  @Test
  void synchronousStartsEveryoneTogether() {
    Schedule s = plan(new SynchronousPolicy(), request(4, new PowerLevel.Percent(50)).build());
    for (NodeSchedule n : s.nodes()) {
      assertEquals(0, n.activeOffsetMs());
      // 4 nodes: p_total 100, p_inactive 4, p = 50: 60 000 * 46/96 = 28 750
      assertEquals(28_750, n.activeMs());
    }
  }

  @Test
  void activationAndGearsKeepTheNodesTheActiveSetChooses() {
    // Same 4 nodes as below, but the chooser (say, live groups' A(g)) names the last four.
    ActiveSet lastK = (ring, k) -> new java.util.LinkedHashSet<>(ring.subList(ring.size() - k,
        ring.size()));
    Schedule s = plan(new ActivationPolicy(), request(9, new PowerLevel.Percent(50))
        .activeSet(lastK).build());
    Schedule g = plan(new GearShiftingPolicy(), request(9, new PowerLevel.Percent(50))
        .activeSet(lastK).build());
    for (int i = 0; i < 9; i++) {
      assertEquals(i >= 5 ? NodeMode.ACTIVE : NodeMode.OFF, s.nodes().get(i).mode());
      assertEquals(i >= 5 ? NodeMode.ACTIVE : NodeMode.OFF, g.nodes().get(i).mode());
    }
    ActiveSet broken = (ring, k) -> java.util.Set.of("elsewhere:1");
    IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalStateException.class, () -> new ActivationPolicy().plan(
            request(9, new PowerLevel.Percent(50)).activeSet(broken).build()));
    assertTrue(e.getMessage().contains("returned [elsewhere:1] for 4 of the ring"),
        e.getMessage());
  }

  @Test
  void activationKeepsAPrefixActive() {
    // 9 nodes at 50%: k = floor((112.5 - 9)/24) = floor(4.3125) = 4
    Schedule s = plan(new ActivationPolicy(), request(9, new PowerLevel.Percent(50)).build());
    for (int i = 0; i < 9; i++) {
      assertEquals(i < 4 ? NodeMode.ACTIVE : NodeMode.OFF, s.nodes().get(i).mode());
    }
    PolicyResult r = new ActivationPolicy().plan(request(9, new PowerLevel.Percent(50)).build());
    assertEquals(4 * 25 + 5 * 1, r.drawnNodeWatts(), 1e-9);
  }

  @Test
  void loadProportionalWaterFillsByPopularity() {
    // 3 nodes, 25/1 W; choose p so f = 0.5: p = 3 + 0.5 * 72 = 39 W = 52% of 75 W.
    // total = 3 * 30 000 = 90 000; weights 4,1,1: lambda 15 000 → 60 000 (cap), 15 000, 15 000.
    PolicyRequest r = request(3, new PowerLevel.Percent(52)).popularity(
        Map.of("dn1:9866", 4.0, "dn2:9866", 1.0, "dn3:9866", 1.0)).build();
    Schedule s = plan(new LoadProportionalPolicy(), r);
    assertEquals(NodeMode.ACTIVE, s.nodes().get(0).mode());
    assertEquals(15_000, s.nodes().get(1).activeMs());
    assertEquals(15_000, s.nodes().get(2).activeMs());
    assertEquals(20_000, s.nodes().get(1).activeOffsetMs());
    assertEquals(40_000, s.nodes().get(2).activeOffsetMs());
    // Weights 9,1,1 cap node 0 and give the 30 000 ms left to the others equally.
    double[] w = LoadProportionalPolicy.waterFill(new double[] {9, 1, 1}, 90_000, 60_000);
    assertEquals(60_000, w[0], 1e-9);
    assertEquals(15_000, w[1], 1e-9);
    assertEquals(15_000, w[2], 1e-9);
    // Without weights it is staggered-circular.
    Schedule eq = plan(new LoadProportionalPolicy(), request(3, new PowerLevel.Percent(52))
        .build());
    assertEquals(30_000, eq.nodes().get(2).activeMs());
  }

  @Test
  void transitionsComeOutOfTheWindow() {
    PolicyRequest r = request(9, new PowerLevel.Percent(50)).model(PowerModel.macMini(9)).build();
    Schedule s = plan(new StaggeredPolicy(), r);
    assertEquals(27_750, s.nodes().get(0).activeMs()); // 28 750 powered - 1 000 transitions
    assertEquals(112.5, new StaggeredPolicy().plan(r).drawnNodeWatts(), 1e-9);
    // Full power: nobody transitions, everyone ACTIVE.
    Schedule full = plan(new StaggeredPolicy(), request(9, new PowerLevel.Percent(100))
        .model(PowerModel.macMini(9)).build());
    full.nodes().forEach(n -> assertEquals(NodeMode.ACTIVE, n.mode()));
  }

  @Test
  void belowTheMinimumIsSaidNotClamped() {
    PolicyResult r = new StaggeredPolicy().plan(request(9, new PowerLevel.Percent(2)).build());
    assertEquals(PolicyResult.Status.BELOW_MINIMUM, r.status());
    assertTrue(r.schedule().isEmpty());
    // 2% = 4.5 W; all asleep needs 9 W: short by 4.5 W.
    assertTrue(r.message().contains("short by 4.50 W"), r.message());
    PolicyResult w = new ActivationPolicy().plan(request(9, new PowerLevel.Watts(45)).build());
    assertEquals(PolicyResult.Status.BELOW_MINIMUM, w.status()); // 45 - 40 = 5 W < 9 W
    // Exactly at the minimum: everyone OFF, nothing clamped.
    Schedule off = plan(new StaggeredPolicy(), request(9, new PowerLevel.Percent(4)).build());
    off.nodes().forEach(n -> assertEquals(NodeMode.OFF, n.mode()));
  }

  @Test
  void stagingNodesFollowTheRingAsActive() {
    Schedule s = plan(new StaggeredPolicy(), request(3, new PowerLevel.Percent(50))
        .stagingNodes(List.of("st1:9866")).build());
    assertEquals(List.of("dn1:9866", "dn2:9866", "dn3:9866"), s.ring());
    assertEquals(List.of("st1:9866"), s.stagingNodes());
    assertEquals(NodeMode.ACTIVE, s.entry("st1:9866").mode());
  }

  @Test
  void requestValidation() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> request(3, new PowerLevel.Percent(5)).ring(ring(4)).build());
    assertTrue(e.getMessage().contains("counts 3 DataNodes but the ring has 4"));
    e = assertThrows(IllegalArgumentException.class, () -> request(3, new PowerLevel.Percent(5))
        .popularity(Map.of("x:1", 1.0)).build());
    assertTrue(e.getMessage().contains("'x:1'"));
    e = assertThrows(IllegalArgumentException.class, () -> Policies.byName("--policy", "zigzag"));
    assertTrue(e.getMessage().contains(
        "staggered|staggered-circular|aligned|phase-groups|synchronous|activation"));
  }
}
