package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Random;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * Auto's demand window and its fast scale-up: a reader that pauses between bursts keeps the awake
 * set it needs, and a demand the plan in force does not carry grows the set at once. 9 nodes,
 * 25 W / 1 W, no transitions, t = 60 s, 70% = 157.5 W (AutoChooserTest's numbers: activation 3 is
 * 81 W, activation 6 is 153 W), T = 0.8, margin 0.
 */
class AutoDemandWindowTest {
  private static final PowerModel ONE_WATT =
      PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(1).build();
  private static final Clock CLOCK =
      Clock.fixed(Instant.ofEpochMilli(1_790_000_000_000L), ZoneOffset.UTC);

  private static AutoPolicy policy(int hysteresis, int window) {
    return new AutoPolicy(new AutoSettings(3, hysteresis, 0, 0.8, window), 500, CLOCK);
  }

  private static long active(AutoPolicy p) {
    Schedule s = p.plan(PolicyRequest.builder().ring(PolicyTest.ring(9)).model(ONE_WATT)
        .level(new PowerLevel.Percent(70)).intervalMs(60_000).epoch(1).build()).schedule()
        .orElseThrow();
    return s.nodes().stream().filter(e -> e.mode() == NodeMode.ACTIVE).count();
  }

  @Test
  void theDemandIsTheLargestWorkOfTheLastDSamples() {
    // D = 3, H = 1. u = 0.9 on 6: work 5.4, demand 5.4 / 0.8 = 6.75 node-eq: more than
    // activation 6's 6, so no activation carries it and activation 6 (the most per watt) stays.
    // Then u = 0 on 6 twice: the 0.9 sample is still one of the last three.
    AutoPolicy p = policy(1, 3);
    p.observeUtilization(0.9, 6);
    assertEquals(6, active(p));
    p.observeUtilization(0, 6);
    assertEquals(6, active(p));
    p.observeUtilization(0, 6);
    assertEquals(new LoadSignals(0.9, 6, -1, -1), p.load());
    assertEquals(6, active(p));
    // the fourth sample pushes it out: demand 0, the cheapest plan carries it: activation 3
    p.observeUtilization(0, 6);
    assertEquals(new LoadSignals(0, 6, -1, -1), p.load());
    assertEquals(3, active(p));
    assertTrue(p.lastDecision().orElseThrow().reason()
        .contains("demand 0.00 node-eq (u=0.00 on 6 ACTIVE, target 0.80)"));
  }

  @Test
  void withOneSampleTheLastAloneCounts() {
    AutoPolicy p = policy(1, 1);
    p.observeUtilization(0.9, 6);
    assertEquals(6, active(p));
    p.observeUtilization(0, 6);
    assertEquals(3, active(p));
  }

  @Test
  void aDemandThePlanDoesNotCarryGrowsTheSetAtOnceDespiteHysteresis() {
    // H = 5: u = 0.5 on 3 (demand 1.875) keeps activation 3. Then u = 1.0 on 3: demand 3.75,
    // which activation 3 cannot carry and activation 6 can: switched at the first decision.
    AutoPolicy p = policy(5, 10);
    p.observeUtilization(0.5, 3);
    assertEquals(3, active(p));
    p.observeUtilization(1.0, 3);
    assertEquals(6, active(p));
    AutoDecision d = p.lastDecision().orElseThrow();
    assertTrue(d.switched());
    assertTrue(d.reason().startsWith("activation 6 on + 3 off (activation 3 on + 6 off does not"
        + " carry the demand)"), d.reason());
    // shrinking waits for both: the 1.0 sample leaves the window after 10 more samples, then
    // H = 5 decisions
    int plans = 0;
    long on = 6;
    while (on == 6) {
      p.observeUtilization(0.1, 6);
      on = active(p);
      plans++;
    }
    assertEquals(3, on);
    assertEquals(10 + 5 - 1, plans, "10 samples push the 1.0 out, the 5th decision after switches");
  }

  @Test
  void nothingActiveForgetsTheWindow() {
    // 10 W asleep: 45% = 101.25 W affords no ACTIVE node; the window starts again after it.
    AutoPolicy p = policy(1, 10);
    p.observeUtilization(0.9, 6);
    PowerModel sleepy = PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(10).build();
    p.plan(PolicyRequest.builder().ring(PolicyTest.ring(9)).model(sleepy)
        .level(new PowerLevel.Percent(45)).intervalMs(60_000).epoch(1).build());
    assertEquals(LoadSignals.UNKNOWN, p.load());
  }

  @Test
  void theLoadIsAlwaysTheLargestOfTheWindow() {
    // property: over random sample streams, load() is the sample of most work among the last D
    Random rnd = new Random(39);
    for (int run = 0; run < 200; run++) {
      int window = 1 + rnd.nextInt(6);
      AutoPolicy p = policy(1, window);
      double[] work = new double[40];
      for (int i = 0; i < work.length; i++) {
        double u = rnd.nextInt(11) / 10.0;
        int n = 1 + rnd.nextInt(9);
        p.observeUtilization(u, n);
        work[i] = u * n;
        double most = 0;
        for (int j = Math.max(0, i - window + 1); j <= i; j++) {
          most = Math.max(most, work[j]);
        }
        assertEquals(most, p.load().work(), 1e-12, "run " + run + " sample " + i);
      }
    }
  }

  @Test
  void aWindowOutsideItsRangeNamesTheKey() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new AutoSettings(3, 3, 0.05, 0.8, 0));
    assertTrue(e.getMessage().startsWith("blink.scheduler.auto.demand.window must be within"
        + " 1..10080, got 0"), e.getMessage());
  }
}
