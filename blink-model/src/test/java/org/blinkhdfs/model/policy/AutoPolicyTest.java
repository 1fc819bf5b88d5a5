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
  void hybridBlinksTheOtherGroupsInTheirPhases() {
    // 25 W / 10 W, no transitions, t = 60 s, 70%: hybrid 3 (AutoChooserTest): positions 2, 5, 8
    // ACTIVE, the others blink 15 000 ms (f = 22.5/90) at 0 (group 0) and 20 000 ms (group 1).
    PowerModel model = PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(10).build();
    AutoPolicy p = new AutoPolicy(AutoSettings.defaults(), 500, CLOCK);
    Schedule s = p.plan(request(model, 70, 60_000)).schedule().orElseThrow();
    for (int i = 0; i < 9; i++) {
      NodeSchedule e = s.entry("dn" + (i + 1) + ":9866");
      if (i % 3 == 2) {
        assertEquals(NodeMode.ACTIVE, e.mode());
      } else {
        assertEquals(NodeMode.BLINK, e.mode());
        assertEquals(15_000, e.activeMs());
        assertEquals(i % 3 == 0 ? 0 : 20_000, e.activeOffsetMs());
      }
    }
    assertEquals(157.5, SchedulePower.averageNodeWatts(s, model), 1e-9);
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
