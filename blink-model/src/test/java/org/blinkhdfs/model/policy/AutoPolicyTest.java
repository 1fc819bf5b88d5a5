package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.power.SchedulePower;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** The windows the auto policy plans for its choice. */
class AutoPolicyTest {
  private static final Clock CLOCK = Clock.fixed(Instant.ofEpochMilli(1_790_000_000_000L),
      ZoneOffset.UTC);

  private static PolicyRequest request(PowerModel model, double percent, long intervalMs) {
    return PolicyRequest.builder().ring(PolicyTest.ring(model.nodeCount())).model(model)
        .level(new PowerLevel.Percent(percent)).intervalMs(intervalMs).epoch(1).build();
  }

  @Test
  void activationKeepsTheSmallestGroupOn() {
    PowerModel model = PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(0)
        .transitionMs(137).build();
    AutoPolicy p = new AutoPolicy(AutoSettings.defaults(), 500, CLOCK);
    Schedule s = p.plan(request(model, 40, 6_000)).schedule().orElseThrow();
    for (int i = 0; i < 9; i++) {
      NodeSchedule e = s.entry("dn" + (i + 1) + ":9866");
      assertEquals(i % 3 == 2 ? NodeMode.ACTIVE : NodeMode.OFF, e.mode(), "position " + i);
    }
    assertEquals(75, SchedulePower.averageNodeWatts(s, model), 1e-9);
    assertEquals("activation 3 on + 6 off", p.loadState());
    assertTrue(p.lastDecision().orElseThrow().reason().contains("a = 0.4000 < 0.4395"));
  }

  @Test
  void blinkingOpensEachGroupAtItsPhase() {
    // 20% = 45 W of 25 W / 0 W, t = 6 s, T_tr = 137 ms: no covering set affordable; every node
    // blinks 1 200 − 137 = 1 063 ms, group 0 at 0, group 1 at 2 000, group 2 at 4 000 ms.
    PowerModel model = PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(0)
        .transitionMs(137).build();
    AutoPolicy p = new AutoPolicy(AutoSettings.defaults(), 500, CLOCK);
    Schedule s = p.plan(request(model, 20, 6_000)).schedule().orElseThrow();
    for (int i = 0; i < 9; i++) {
      NodeSchedule e = s.entry("dn" + (i + 1) + ":9866");
      assertEquals(NodeMode.BLINK, e.mode(), "position " + i);
      assertEquals(1_063, e.activeMs());
      assertEquals(2_000L * (i % 3), e.activeOffsetMs(), "position " + i);
    }
    assertEquals("blinking 9 nodes", p.loadState());
  }

  @Test
  void aHybridIsNotChosenForItsBlinkingNodesServeNoRead() {
    // 25 W / 10 W, no transitions, t = 60 s, 70%: hybrid 3 (group 2 ACTIVE, the others blinking
    // 15 000 ms) spends all 157.5 W, but every block has an ACTIVE replica and the read order
    // reads it there: 3 node-eq, as activation 3 gives for 135 W. Positions 2, 5, 8 ACTIVE, the
    // others OFF.
    PowerModel model = PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(10).build();
    AutoPolicy p = new AutoPolicy(AutoSettings.defaults(), 500, CLOCK);
    Schedule s = p.plan(request(model, 70, 60_000)).schedule().orElseThrow();
    for (int i = 0; i < 9; i++) {
      NodeSchedule e = s.entry("dn" + (i + 1) + ":9866");
      assertEquals(i % 3 == 2 ? NodeMode.ACTIVE : NodeMode.OFF, e.mode(), "position " + i);
    }
    assertEquals(135, SchedulePower.averageNodeWatts(s, model), 1e-9);
    AutoDecision d = p.lastDecision().orElseThrow();
    AutoPrediction hybrid = d.candidates().stream()
        .filter(c -> c.candidate().kind() == AutoCandidate.Kind.HYBRID).findFirst().orElseThrow();
    assertEquals(15_000, hybrid.windowMs());
    assertEquals(3, hybrid.capacityNodes(), 1e-12);
    assertEquals(157.5, hybrid.drawWatts(), 1e-9);
  }

  @Test
  void aSampleSizesTheNextPlanAndBelowMinimumIsSaid() {
    PowerModel model = PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(10).build();
    AutoPolicy p = new AutoPolicy(new AutoSettings(3, 1, 0, 0.8), 500, CLOCK);
    assertTrue(p.observesUtilization());
    assertFalse(p.observeUtilization(0.5, 3));
    Schedule s = p.plan(request(model, 70, 60_000)).schedule().orElseThrow();
    assertEquals(135, SchedulePower.averageNodeWatts(s, model), 1e-9);
    assertEquals("activation 3 on + 6 off", p.loadState());
    assertEquals(PolicyResult.Status.BELOW_MINIMUM, p.plan(request(model, 39, 60_000)).status());
    assertTrue(Policies.loadDrivenNames().contains(AutoPolicy.NAME));
    assertEquals(AutoPolicy.NAME, Policies.byName("k", "auto").name());
    assertEquals("", new AutoPolicy().loadState());
  }
}
