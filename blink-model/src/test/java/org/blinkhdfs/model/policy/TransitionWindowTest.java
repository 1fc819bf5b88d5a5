package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.power.TransitionModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * Windows with transitions and a minimum useful window, worked by hand on 9 Mac minis (25 W / 1
 * W): at 20% the DataNodes get 45 W, {@code f = (45 − 9)/(225 − 9) = 1/6}, so a node is powered
 * 1 000 ms of a 6 s interval and 10 000 ms of a 60 s one.
 */
class TransitionWindowTest {
  private static PowerModel model(long transitionMs, long minWindowMs) {
    return PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(1).overheadWatts(40)
        .transitionMs(transitionMs).minWindowMs(minWindowMs).build();
  }

  private static PolicyResult plan(BlinkPolicy p, PowerModel m, long intervalMs, double percent,
      Map<String, Double> popularity) {
    return p.plan(PolicyRequest.builder().ring(PolicyTest.ring(m.nodeCount())).model(m)
        .level(new PowerLevel.Percent(percent)).intervalMs(intervalMs)
        .intervalStartMs(1_790_000_000_000L).epoch(3).popularity(popularity).build());
  }

  private static Schedule schedule(PolicyResult r) {
    return r.schedule().orElseThrow();
  }

  @Test
  void sixSecondsAtTwentyPercent() {
    // Without transitions: the whole 1 000 ms powered time is the window (BlinkFS's t_active).
    PolicyResult none = plan(new StaggeredPolicy(), model(0, 0), 6_000, 20, Map.of());
    assertEquals(1_000, schedule(none).nodes().get(0).activeMs());
    assertEquals("planned", none.message());
    // The measured transitions scaled to 6 s: 115 + 22 = 137 ms; powered 1 000, window 863.
    long planned = TransitionModel.measured().plannedTransitionMs(6_000);
    assertEquals(137, planned);
    PolicyResult measured = plan(new StaggeredPolicy(), model(planned, 0), 6_000, 20, Map.of());
    for (NodeSchedule n : schedule(measured).nodes()) {
      assertEquals(NodeMode.BLINK, n.mode());
      assertEquals(863, n.activeMs());
    }
    // The plan still draws the budget: powered = window + transitions at active power.
    assertEquals(45.0, measured.drawnNodeWatts(), 1e-9);
    // Staggered offsets (t − window)·i/8: node 8 ends at the interval end.
    assertEquals(5_137, schedule(measured).nodes().get(8).activeOffsetMs());
    assertEquals("", measured.note());
  }

  @Test
  void aWindowBelowTheMinimumIsOffAndSaysWhy() {
    // 863 ms < 1 s minimum: a cycle would spend 137 ms to serve less than the minimum, and
    // staying awake 6 000 ms would draw 225 W > 45 W: every ring node OFF.
    PolicyResult r = plan(new StaggeredPolicy(), model(137, 1_000), 6_000, 20, Map.of());
    assertEquals(PolicyResult.Status.PLANNED, r.status());
    schedule(r).nodes().forEach(n -> assertEquals(NodeMode.OFF, n.mode()));
    assertEquals("9 ring node(s) OFF rather than blinking: 1000 ms powered minus 137 ms of"
        + " transitions leaves 863 ms, below the 1000 ms minimum useful window"
        + " (blink.power.transition.min.window), and staying awake the whole interval would"
        + " exceed the budget", r.note());
    assertEquals(9.0, r.drawnNodeWatts(), 1e-9); // all asleep: under the 45 W budget
    // Exactly the minimum is kept: 863 ms with an 863 ms minimum.
    PolicyResult exact = plan(new StaggeredPolicy(), model(137, 863), 6_000, 20, Map.of());
    assertEquals(863, schedule(exact).nodes().get(0).activeMs());
  }

  @Test
  void theFallbackTransitionsAtSixtySeconds() {
    // 300 ms enter + 1 s resume, unscaled at 60 s: powered 10 000, window 8 700 >= 1 s: blinks.
    PolicyResult r = plan(new StaggeredCircularPolicy(), model(1_300, 1_000), 60_000, 20,
        Map.of());
    assertEquals(8_700, schedule(r).nodes().get(0).activeMs());
    assertEquals(6_666, schedule(r).nodes().get(1).activeOffsetMs()); // t·i/N
    // At 6 s, scaled to 130 ms: window 870 ms, below 1 s: OFF.
    PolicyResult shortInterval = plan(new AlignedPolicy(), model(130, 1_000), 6_000, 20,
        Map.of());
    schedule(shortInterval).nodes().forEach(n -> assertEquals(NodeMode.OFF, n.mode()));
    assertTrue(shortInterval.note().startsWith("9 ring node(s) OFF"));
    // Transitions longer than the powered time: OFF even without a minimum (as before).
    PolicyResult swallowed = plan(new StaggeredPolicy(), model(1_367, 0), 6_000, 20, Map.of());
    schedule(swallowed).nodes().forEach(n -> assertEquals(NodeMode.OFF, n.mode()));
    assertTrue(swallowed.note().contains("1000 ms powered minus 1367 ms of transitions leaves"
        + " 0 ms, below the 1 ms minimum"), swallowed.note());
  }

  @Test
  void loadProportionalTurnsOnlyTheShortWindowsOff() {
    // 3 nodes at 52%: f = 0.5, total powered 90 000 ms of a 60 s interval; weights 4, 1, 1 give
    // 60 000 (ACTIVE), 15 000, 15 000. Transitions 1 300 leave windows of 13 700 ms; a 14 s
    // minimum turns the two blinking nodes OFF, the ACTIVE one stays.
    PowerModel m = PowerModel.builder().nodeCount(3).activeWatts(25).sleepWatts(1)
        .transitionMs(1_300).minWindowMs(14_000).build();
    Map<String, Double> pop = Map.of("dn1:9866", 4.0, "dn2:9866", 1.0, "dn3:9866", 1.0);
    PolicyResult r = plan(new LoadProportionalPolicy(), m, 60_000, 52, pop);
    assertEquals(NodeMode.ACTIVE, schedule(r).nodes().get(0).mode());
    assertEquals(NodeMode.OFF, schedule(r).nodes().get(1).mode());
    assertEquals(NodeMode.OFF, schedule(r).nodes().get(2).mode());
    assertTrue(r.note().startsWith("2 ring node(s) OFF rather than blinking: 15000 ms powered"
        + " minus 1300 ms of transitions leaves 13700 ms, below the 14000 ms"), r.note());
    PowerModel lower = PowerModel.builder().nodeCount(3).activeWatts(25).sleepWatts(1)
        .transitionMs(1_300).minWindowMs(13_700).build();
    assertEquals(13_700, schedule(plan(new LoadProportionalPolicy(), lower, 60_000, 52, pop))
        .nodes().get(1).activeMs());
  }
}
