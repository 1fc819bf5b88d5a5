package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * The backlog (reads held, YARN containers pending) reaches the auto policy's decision through
 * {@link BlinkPolicy#observeBacklog}, apart from the utilization sample: 9 nodes, no transitions,
 * t = 60 s, 70%, hysteresis 1, margin 0 (AutoChooserTest's numbers): 25 W / 1 W (157.5 W affords
 * activation 3 and 6) and 25 W / 10 W (45% affords no ACTIVE node).
 */
class AutoPolicyBacklogTest {
  private static final PowerModel MODEL =
      PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(10).build();
  private static final PowerModel ONE_WATT =
      PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(1).build();
  private final AutoPolicy policy = new AutoPolicy(new AutoSettings(3, 1, 0, 0.8), 500,
      Clock.fixed(Instant.ofEpochMilli(1_790_000_000_000L), ZoneOffset.UTC));

  private Schedule plan() {
    return policy.plan(PolicyRequest.builder().ring(PolicyTest.ring(9)).model(ONE_WATT)
        .level(new PowerLevel.Percent(70)).intervalMs(60_000).epoch(1).build()).schedule()
        .orElseThrow();
  }

  private static long count(Schedule s, NodeMode mode) {
    return s.nodes().stream().filter(e -> e.mode() == mode).count();
  }

  @Test
  void heldReadsMakeDemandUnboundedAndTheirEndBoundsItAgain() {
    policy.observeUtilization(0.5, 3);
    // u = 0.5 on 3 at T = 0.8: demand 1.875 node-eq; every plan carries it, activation 3
    // (81 W) is the cheapest.
    Schedule low = plan();
    assertEquals(3, count(low, NodeMode.ACTIVE));
    assertEquals(6, count(low, NodeMode.OFF));
    assertEquals(new LoadSignals(0.5, 3, -1, -1), policy.load());
    // 5 reads held: demand unbounded; activation 6 on + 3 off gives 6 node-eq for 153 W
    // (0.03922/W) against activation 3's 3 for 81 W (0.03704/W).
    policy.observeBacklog(5, -1);
    assertEquals(new LoadSignals(0.5, 3, 5, -1), policy.load());
    Schedule held = plan();
    assertEquals(6, count(held, NodeMode.ACTIVE));
    assertEquals(3, count(held, NodeMode.OFF));
    String reason = policy.lastDecision().orElseThrow().reason();
    assertTrue(reason.startsWith("activation 6 on + 3 off"), reason);
    assertTrue(reason.contains("5 reads held: demand unbounded"), reason);
    // the backlog is replaced at every call: nothing held any more, the sample bounds demand
    policy.observeBacklog(0, 0);
    assertEquals(6, count(plan(), NodeMode.OFF));
    assertTrue(policy.lastDecision().orElseThrow().reason()
        .contains("demand 1.88 node-eq (u=0.50 on 3 ACTIVE, target 0.80)"));
  }

  @Test
  void pendingContainersCountAsWorkWaiting() {
    policy.observeUtilization(0.5, 3);
    policy.observeBacklog(-1, 12);
    plan();
    String reason = policy.lastDecision().orElseThrow().reason();
    assertTrue(reason.contains("12 YARN containers pending: demand unbounded"), reason);
    assertEquals(new LoadSignals(0.5, 3, -1, 12), policy.load());
  }

  @Test
  void aPlanWithoutActiveNodesForgetsTheSampleButKeepsTheBacklog() {
    // 45%: 101.25 W, 11.25 W above all asleep, less than the 15 W one ACTIVE node adds
    policy.observeUtilization(0.5, 3);
    policy.observeBacklog(2, 7);
    Schedule s = policy.plan(PolicyRequest.builder().ring(PolicyTest.ring(9)).model(MODEL)
        .level(new PowerLevel.Percent(45)).intervalMs(60_000).epoch(1).build()).schedule()
        .orElseThrow();
    assertEquals(0, count(s, NodeMode.ACTIVE));
    assertEquals(new LoadSignals(-1, 0, 2, 7), policy.load());
  }

  @Test
  void policiesThatIgnoreLoadIgnoreTheBacklog() {
    BlinkPolicy staggered = new StaggeredPolicy();
    staggered.observeBacklog(5, 5);
    assertEquals("", staggered.loadState());
  }
}
