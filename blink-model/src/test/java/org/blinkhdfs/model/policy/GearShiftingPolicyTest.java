package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** PARAID gear shifting (Le et al. §2.1.2) against hand-worked numbers, and its hysteresis. */
class GearShiftingPolicyTest {
  static PolicyRequest request(int n, double percent) {
    return PolicyRequest.builder().ring(PolicyTest.ring(n))
        .model(PowerModel.builder().nodeCount(n).activeWatts(25).sleepWatts(1).build())
        .level(new PowerLevel.Percent(percent)).intervalMs(60_000).build();
  }

  static int activeCount(PolicyResult r) {
    Schedule s = r.schedule().orElseThrow();
    return (int) s.nodes().stream().filter(x -> x.mode() == NodeMode.ACTIVE).count();
  }

  static GearShiftingPolicy paper(List<Integer> gears) {
    // T = 0.8, a window of 3 samples, no hysteresis: exactly PARAID's two inequalities.
    return new GearShiftingPolicy(new GearShiftingPolicy.Settings(gears, 0.8, 3, 0));
  }

  @Test
  void theWorkedExampleShiftsDownThenUp() {
    GearShiftingPolicy p = paper(List.of(2, 4, 7));
    assertFalse(p.observe(0.5, 7), "samples before the first plan are ignored");
    assertEquals(7, activeCount(p.plan(request(7, 100))), "starts at the top gear");
    // Gear 7, u = 0.3 on 7 nodes; gear-4 estimate 0.3*7/4 = 0.525, S' = 0; 0.525 < 0.8.
    assertFalse(p.observe(0.3, 7));
    assertFalse(p.observe(0.3, 7), "the window is not full yet");
    GearShiftingPolicy.GearState st = p.state();
    assertEquals(0.525, st.lowerMeanUtilization(), 1e-12);
    assertTrue(p.observe(0.3, 7), "U' + S' = 0.525 < 0.8: down-shift");
    assertEquals(4, p.gearNodes());
    assertEquals(4, activeCount(p.plan(request(7, 100))));
    // Gear 4: 0.5, 0.7, 0.6 -> U = 0.6, S = sqrt(0.02/3) = 0.08165, U + S = 0.6816 <= 0.8.
    // Gear-2 estimates min(1, 2u) = 1, 1, 1 -> U' + S' = 1: no down-shift.
    assertFalse(p.observe(0.5, 4));
    assertFalse(p.observe(0.7, 4));
    assertFalse(p.observe(0.6, 4));
    st = p.state();
    assertEquals(0.6, st.meanUtilization(), 1e-12);
    assertEquals(Math.sqrt(0.02 / 3), st.stdUtilization(), 1e-12);
    assertEquals(1.0, st.lowerMeanUtilization(), 1e-12);
    // 0.9 replaces 0.5: window 0.7, 0.6, 0.9 -> U = 0.7333, S = sqrt(0.046667/3) = 0.12472,
    // U + S = 0.8581 > 0.8: up-shift.
    assertTrue(p.observe(0.9, 4));
    assertEquals(7, p.gearNodes());
    assertEquals(2, p.state().shifts());
    assertEquals(0, p.state().samples(), "windows are cleared on a shift");
  }

  @Test
  void thePolicyInterfaceFeedsTheSameSamples() {
    // What the scheduler sees through BlinkPolicy, without knowing the policy is PARAID's.
    BlinkPolicy p = paper(List.of(2, 4, 7));
    assertTrue(p.observesUtilization());
    p.plan(request(7, 100));
    assertEquals("7 nodes", p.loadState());
    assertFalse(p.observeUtilization(0.3, 7));
    assertFalse(p.observeUtilization(0.3, 7));
    assertTrue(p.observeUtilization(0.3, 7), "the worked example's down-shift");
    assertEquals("4 nodes", p.loadState());
    // Its least state is every node asleep: 7 nodes at 1 W.
    assertEquals(7.0, p.minimumNodeWatts(request(7, 100).model()), 1e-12);
  }

  @Test
  void otherPoliciesIgnoreLoadAndSleepAtTheirMinimum() {
    BlinkPolicy staggered = Policies.byName("--policy", "staggered");
    assertFalse(staggered.observesUtilization());
    assertFalse(staggered.observeUtilization(1.0, 7), "load never changes its plan");
    assertEquals("", staggered.loadState());
    assertEquals(7.0, staggered.minimumNodeWatts(request(7, 100).model()), 1e-12);
    assertEquals("every DataNode asleep", staggered.minimumState());
  }

  @Test
  void upShiftNeedsStrictlyMoreThanT() {
    // Gear [2, 4], at 4 after... start at top=4; force to 2 with low load, then U + S = T exactly.
    GearShiftingPolicy p = paper(List.of(2, 4));
    p.plan(request(4, 100));
    for (int i = 0; i < 3; i++) {
      p.observe(0.1, 4); // estimate for 2: 0.2 < 0.8
    }
    assertEquals(2, p.gearNodes());
    // 0.8, 0.8, 0.8 on 2 nodes: U + S = 0.8, not > 0.8: stay (eq. 1 is strict).
    for (int i = 0; i < 3; i++) {
      assertFalse(p.observe(0.8, 2));
    }
    assertEquals(2, p.gearNodes());
    assertTrue(p.observe(0.81, 2), "0.8, 0.8, 0.81: U + S > 0.8");
    assertEquals(4, p.gearNodes());
  }

  @Test
  void downShiftNeedsLowerGearBelowTMinusHysteresis() {
    // Hysteresis 0.1: the gear-2 estimate must fall below 0.7, not just 0.8.
    GearShiftingPolicy p = new GearShiftingPolicy(
        new GearShiftingPolicy.Settings(List.of(2, 4), 0.8, 2, 0.1));
    p.plan(request(4, 100));
    // u = 0.375 on 4 nodes -> 0.75 on 2: below 0.8, not below 0.7.
    assertFalse(p.observe(0.375, 4));
    assertFalse(p.observe(0.375, 4));
    assertEquals(4, p.gearNodes());
    // u = 0.34 -> 0.68 on 2; window 0.75, 0.68: U' = 0.715, S' = 0.035, sum 0.75: still no.
    assertFalse(p.observe(0.34, 4));
    // window 0.68, 0.68: 0.68 < 0.7: down.
    assertTrue(p.observe(0.34, 4));
    assertEquals(2, p.gearNodes());
  }

  @Test
  void powerCapsTheGearWithActivationArithmetic() {
    GearShiftingPolicy p = paper(List.of(2, 4, 7));
    // 7 nodes, 25 W / 1 W. 50%: 87.5 W -> (87.5 - 7)/24 = 3.35 -> 3 affordable -> gear 2.
    assertEquals(2, activeCount(p.plan(request(7, 50))));
    // 60%: 105 W -> (105 - 7)/24 = 4.08 -> 4 -> gear 4.
    assertEquals(4, activeCount(p.plan(request(7, 60))));
    // 10%: 17.5 W -> (17.5 - 7)/24 = 0.44 -> 0 affordable: a partial gear of 0 nodes.
    assertEquals(0, activeCount(p.plan(request(7, 10))));
    // 3%: 5.25 W < 7 W all asleep: below the minimum.
    assertEquals(PolicyResult.Status.BELOW_MINIMUM, p.plan(request(7, 3)).status());
    // The cap did not move the load gear: full power gives all 7 again.
    assertEquals(7, p.gearNodes());
    assertEquals(7, activeCount(p.plan(request(7, 100))));
    // The first k ring nodes are the ACTIVE ones.
    Schedule s = p.plan(request(7, 60)).schedule().orElseThrow();
    List<NodeMode> modes = s.nodes().stream().map(NodeSchedule::mode).toList();
    assertEquals(List.of(NodeMode.ACTIVE, NodeMode.ACTIVE, NodeMode.ACTIVE, NodeMode.ACTIVE,
        NodeMode.OFF, NodeMode.OFF, NodeMode.OFF), modes);
  }

  @Test
  void samplesOnACappedGearAreScaledToTheLoadGear() {
    GearShiftingPolicy p = paper(List.of(2, 4, 7));
    p.plan(request(7, 100));
    // Power allowed only 2 nodes; u = 0.7 on 2 nodes is 1.4 node-equivalents:
    // on 7 nodes 0.2, on 4 nodes 0.35: both windows see the same work.
    p.observe(0.7, 2);
    assertEquals(0.2, p.state().meanUtilization(), 1e-12);
    assertEquals(0.35, p.state().lowerMeanUtilization(), 1e-12);
  }

  @Test
  void everySizeIsTheDefaultGearList() {
    GearShiftingPolicy p = new GearShiftingPolicy();
    assertEquals(5, activeCount(p.plan(request(5, 100))));
    // 50% of 5 nodes: 62.5 W -> (62.5 - 5)/24 = 2.40 -> 2, and 2 is a gear.
    assertEquals(2, activeCount(p.plan(request(5, 50))));
  }

  @Test
  void gearsLargerThanTheRingAreRejected() {
    GearShiftingPolicy p = paper(List.of(2, 9));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> p.plan(request(7, 100)));
    assertTrue(e.getMessage().contains("[2, 9]") && e.getMessage().contains("7"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new GearShiftingPolicy.Settings(List.of(4, 2), 0.8, 3, 0));
    assertTrue(e.getMessage().contains("[4, 2]"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> GearShiftingPolicy.Settings.defaults().withThreshold(1.5));
    assertTrue(e.getMessage().contains("1.5"), e.getMessage());
  }

  /**
   * No flapping: a stationary load with per-node noise bounded by δ never makes the gear reverse
   * direction when hysteresis ≥ δ·(2 + largest ratio of adjacent gears) (every size: ratio 2).
   */
  @Test
  void stationaryLoadNeverFlapsOverSeeds() {
    for (long seed = 0; seed < 300; seed++) {
      Random rnd = new Random(seed);
      Run run = stationaryRun(rnd, true);
      assertTrue(run.reversals == 0, "seed " + seed + ": gear sequence " + run.gears);
    }
  }

  /**
   * The same runs with PARAID's bare rule (no margin) do flap for some seeds: the margin matters.
   */
  @Test
  void withoutTheMarginSomeSeedsFlap() {
    int flapping = 0;
    for (long seed = 0; seed < 300; seed++) {
      if (stationaryRun(new Random(seed), false).reversals > 0) {
        flapping++;
      }
    }
    assertTrue(flapping > 0, "expected PARAID's bare rule to flap under noise for some seed");
  }

  private record Run(List<Integer> gears, int reversals) {}

  private static Run stationaryRun(Random rnd, boolean withMargin) {
    int n = 3 + rnd.nextInt(10);
    double t = 0.5 + rnd.nextDouble() * 0.4;
    int window = 2 + rnd.nextInt(6);
    double delta = 0.02 + rnd.nextDouble() * 0.08;
    double hysteresis = withMargin ? delta * (2 + 2) + 1e-9 : 0;
    // A load near a gear boundary: the hard case for flapping.
    int k = 1 + rnd.nextInt(n - 1);
    double load = k * (t + (rnd.nextDouble() - 0.5) * 0.1);
    GearShiftingPolicy p = new GearShiftingPolicy(
        new GearShiftingPolicy.Settings(List.of(), t, window, Math.min(hysteresis, t - 1e-6)));
    PolicyRequest full = request(n, 100);
    List<Integer> gears = new ArrayList<>();
    int lastDirection = 0;
    int reversals = 0;
    int gear = activeCount(p.plan(full));
    gears.add(gear);
    for (int i = 0; i < 400; i++) {
      double u = Math.max(0, Math.min(1, load / gear + (rnd.nextDouble() * 2 - 1) * delta));
      if (p.observe(u, gear)) {
        int next = activeCount(p.plan(full));
        int dir = Integer.signum(next - gear);
        if (lastDirection != 0 && dir != lastDirection) {
          reversals++;
        }
        lastDirection = dir;
        gear = next;
        gears.add(gear);
      }
    }
    return new Run(gears, reversals);
  }
}
