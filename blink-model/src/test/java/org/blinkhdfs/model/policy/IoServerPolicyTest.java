package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.power.SchedulePower;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** Amur &amp; Schwan's io-server control against the paper's 4-node numbers (Table 2, Ast-I). */
class IoServerPolicyTest {
  /** Obelix max-perf 252 W, Asterix-I io-server 77 W; S3 and overhead are not in the paper. */
  static final PowerModel PAPER = PowerModel.builder().nodeCount(4).activeWatts(252)
      .ioServerWatts(77).sleepWatts(5).overheadWatts(0).build();

  static PolicyRequest request(double watts) {
    return PolicyRequest.builder().ring(PolicyTest.ring(4)).model(PAPER)
        .level(new PowerLevel.Watts(watts)).intervalMs(60_000).intervalStartMs(0).epoch(1)
        .build();
  }

  static List<NodeMode> modes(Schedule s) {
    return s.nodes().stream().map(NodeSchedule::mode).toList();
  }

  @Test
  void maxPerfCountFollowsThePapersTable() {
    // all io-server: 4 * 77 = 308 W; one step to max-perf costs 252 - 77 = 175 W.
    // 1008: (1008-308)/175 = 4; 833: 525/175 = 3; 700: 392/175 = 2.24 -> 2;
    // 483: 175/175 = 1; 482.9: 0.999 -> 0; 308: 0.
    double[] watts = {1008, 833, 700, 658, 483, 482.9, 308};
    int[] expected = {4, 3, 2, 2, 1, 0, 0};
    for (int i = 0; i < watts.length; i++) {
      PolicyResult r = new IoServerPolicy().plan(request(watts[i]));
      assertEquals(PolicyResult.Status.PLANNED, r.status(), "at " + watts[i] + " W");
      Schedule s = r.schedule().orElseThrow();
      long active = modes(s).stream().filter(m -> m == NodeMode.ACTIVE).count();
      assertEquals(expected[i], active, "max-perf nodes at " + watts[i] + " W");
      assertEquals(4 - expected[i], modes(s).stream().filter(m -> m == NodeMode.IO_SERVER)
          .count());
    }
  }

  @Test
  void drawMatchesTable2AstI() {
    // Table 2, Ast-I column: 1 server 483 W, 2 -> 658 W, 3 -> 833 W, 4 -> 1008 W.
    // 700 W affords 2: 2*252 + 2*77 = 658 W.
    Schedule s = new IoServerPolicy().plan(request(700)).schedule().orElseThrow();
    assertEquals(658, SchedulePower.averageNodeWatts(s, PAPER), 1e-9);
    s = new IoServerPolicy().plan(request(833)).schedule().orElseThrow();
    assertEquals(833, SchedulePower.averageNodeWatts(s, PAPER), 1e-9);
    s = new IoServerPolicy().plan(request(483)).schedule().orElseThrow();
    assertEquals(483, SchedulePower.averageNodeWatts(s, PAPER), 1e-9);
  }

  @Test
  void belowEveryNodeIoServerIsBelowMinimum() {
    // 307 W < 4 * 77 = 308 W: no node can even be io-server.
    PolicyResult r = new IoServerPolicy().plan(request(307));
    assertEquals(PolicyResult.Status.BELOW_MINIMUM, r.status());
    assertTrue(r.schedule().isEmpty());
    assertEquals(-1, IoServerPolicy.maxPerfNodes(r.budget()));
    assertEquals(308, IoServerPolicy.allIoServerWatts(PAPER), 1e-9);
    assertEquals(308, new IoServerPolicy().minimumNodeWatts(PAPER), 1e-9);
    assertEquals("every DataNode io-server", new IoServerPolicy().minimumState());
  }

  @Test
  void highestComputeLoadStaysMaxPerfTiesInRingOrder() {
    // 833 W affords 3 max-perf nodes. Loads: dn2 = dn4 = 9 (tie: dn2 first), dn3 = 5, dn1 = 1.
    IoServerPolicy p = new IoServerPolicy().withComputeLoad(
        Map.of("dn1:9866", 1.0, "dn2:9866", 9.0, "dn3:9866", 5.0, "dn4:9866", 9.0));
    Schedule s = p.plan(request(833)).schedule().orElseThrow();
    assertEquals(List.of(NodeMode.IO_SERVER, NodeMode.ACTIVE, NodeMode.ACTIVE, NodeMode.ACTIVE),
        modes(s));
    // 700 W affords 2: dn2 and dn4.
    s = p.plan(request(700)).schedule().orElseThrow();
    assertEquals(List.of(NodeMode.IO_SERVER, NodeMode.ACTIVE, NodeMode.IO_SERVER,
        NodeMode.ACTIVE), modes(s));
    // 483 W affords 1: the tie at 9 goes to dn2, earlier in the ring.
    s = p.plan(request(483)).schedule().orElseThrow();
    assertEquals(List.of(NodeMode.IO_SERVER, NodeMode.ACTIVE, NodeMode.IO_SERVER,
        NodeMode.IO_SERVER), modes(s));
    // No load information: ring order.
    s = new IoServerPolicy().plan(request(700)).schedule().orElseThrow();
    assertEquals(List.of(NodeMode.ACTIVE, NodeMode.ACTIVE, NodeMode.IO_SERVER,
        NodeMode.IO_SERVER), modes(s));
  }

  @Test
  void computeLoadLimitsMaxPerfNodes() {
    // 1008 W affords 4, but the compute load needs only 1.
    Schedule s = new IoServerPolicy().withNodesForCompute(1).plan(request(1008)).schedule()
        .orElseThrow();
    assertEquals(List.of(NodeMode.ACTIVE, NodeMode.IO_SERVER, NodeMode.IO_SERVER,
        NodeMode.IO_SERVER), modes(s));
    // The limit never raises k: 700 W still affords only 2 of the 3 needed.
    s = new IoServerPolicy().withNodesForCompute(3).plan(request(700)).schedule().orElseThrow();
    assertEquals(2, modes(s).stream().filter(m -> m == NodeMode.ACTIVE).count());
  }

  @Test
  void withoutAnIoServerSavingPowerCoversEveryoneOrNoOne() {
    // ioServerWatts defaults to activeWatts: 4 * 252 = 1008 W is the minimum and the maximum.
    PowerModel flat = PowerModel.builder().nodeCount(4).activeWatts(252).sleepWatts(5).build();
    PolicyRequest full = PolicyRequest.builder().ring(PolicyTest.ring(4)).model(flat)
        .level(new PowerLevel.Watts(1008)).intervalMs(60_000).build();
    assertEquals(4, IoServerPolicy.maxPerfNodes(full.level().resolve(flat)));
    PolicyRequest less = PolicyRequest.builder().ring(PolicyTest.ring(4)).model(flat)
        .level(new PowerLevel.Watts(1000)).intervalMs(60_000).build();
    assertEquals(PolicyResult.Status.BELOW_MINIMUM, new IoServerPolicy().plan(less).status());
  }

  @Test
  void drawNeverExceedsBudgetOverSeeds() {
    for (long seed = 0; seed < 300; seed++) {
      Random rnd = new Random(seed);
      int n = 1 + rnd.nextInt(16);
      double active = 10 + rnd.nextDouble() * 300;
      double sleep = rnd.nextDouble() * active * 0.1;
      double io = sleep + rnd.nextDouble() * (active - sleep);
      PowerModel m = PowerModel.builder().nodeCount(n).activeWatts(active).sleepWatts(sleep)
          .ioServerWatts(io).build();
      double watts = rnd.nextDouble() * m.totalWatts() * 1.1;
      PolicyRequest req = PolicyRequest.builder().ring(PolicyTest.ring(n)).model(m)
          .level(new PowerLevel.Watts(watts)).intervalMs(1000).build();
      PolicyResult r = new IoServerPolicy().plan(req);
      String ctx = "seed " + seed;
      if (watts < n * io - 1e-9) {
        assertEquals(PolicyResult.Status.BELOW_MINIMUM, r.status(), ctx);
        continue;
      }
      Schedule s = r.schedule().orElseThrow();
      double drawn = SchedulePower.averageNodeWatts(s, m);
      assertTrue(drawn <= watts + 1e-6, ctx + ": " + drawn + " > " + watts);
      // Not wasteful: one more max-perf node would not fit (or all are max-perf already).
      long k = modes(s).stream().filter(x -> x == NodeMode.ACTIVE).count();
      assertTrue(k == n || drawn + (active - io) > watts - 1e-6, ctx);
      assertEquals(req.ring(), s.ring(), ctx);
    }
  }

  @Test
  void validationNamesTheValue() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new IoServerPolicy().withNodesForCompute(-1));
    assertTrue(e.getMessage().contains("-1"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new IoServerPolicy().withComputeLoad(Map.of("dn1:9866", -2.0)));
    assertTrue(e.getMessage().contains("dn1:9866") && e.getMessage().contains("-2.0"));
  }

  @Test
  void registeredByName() {
    assertEquals(IoServerPolicy.NAME, Policies.byName("p", "io-server").name());
    assertEquals(GearShiftingPolicy.NAME, Policies.byName("p", "gear-shifting").name());
    assertEquals(List.of("gear-shifting", "io-server", "auto"), Policies.loadDrivenNames());
    assertTrue(Policies.allNames().containsAll(Policies.names()));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Policies.byName("--policy", "zigzag"));
    assertTrue(e.getMessage().contains("gear-shifting|io-server"), e.getMessage());
  }
}
