package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;

/** The predictions of the auto policy against numbers worked by hand. */
class AutoEvaluatorTest {
  /** 9 nodes, 25 W awake, 0 W asleep (so a = P), T_tr = 137 ms: the 6 s example. */
  static AutoInputs nineAtSixSeconds(double percent) {
    PowerModel model = PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(0)
        .transitionMs(137).build();
    return new AutoInputs(model, 3, 3, new PowerLevel.Percent(percent), 6_000, 500,
        LoadSignals.UNKNOWN, 0.8);
  }

  @Test
  void coverIsOneGroupForGEqualsRAndGMinusRPlusOneOtherwise() {
    assertEquals(1, AutoEvaluator.coverGroups(3, 3));
    assertEquals(1, AutoEvaluator.coverGroups(3, 6));
    assertEquals(4, AutoEvaluator.coverGroups(6, 3));
    // 10 nodes in 3 groups: {0,3,6,9}, {1,4,7}, {2,5,8}; smallest first.
    PhaseGroups ten = new PhaseGroups(10, 3);
    assertArrayEquals(new int[] {2, 5, 8, 1, 4, 7, 0, 3, 6, 9}, AutoEvaluator.activeOrder(ten));
    assertEquals(3, AutoEvaluator.coverNodes(ten, 3));
    // r = 2 of G = 3: a block misses one group, so two groups (the smallest: 3 + 3) cover.
    assertEquals(6, AutoEvaluator.coverNodes(new PhaseGroups(10, 3), 2));
  }

  @Test
  void nineNodesSixSecondsAtFortyPercent() {
    AutoInputs in = nineAtSixSeconds(40);
    List<AutoPrediction> all = AutoEvaluator.evaluate(in);
    assertEquals(3, all.size());
    AutoPrediction blink = all.get(0);
    // a = 0.40: 2400 ms powered, 2263 ms window, L = 1763 < 2000 ms gaps.
    assertEquals(2263, blink.windowMs());
    assertFalse(blink.fullyAvailable());
    assertEquals(3 * 237 / 6000.0, blink.unavailableFraction(), 1e-12);
    assertEquals(3 * 237.0 * 237 / 12_000, blink.meanWaitMs(), 1e-9);
    assertEquals(90, blink.drawWatts(), 1e-9);
    // Read order: the group opened last serves alone, for min(L, gap) = 1 763 of each 2 000 ms.
    assertEquals(3 * 1763 * 3 / 6000.0, blink.capacityNodes(), 1e-12);
    assertEquals((2000 + 500 + 137) / 6000.0, AutoEvaluator.fullyAvailableFraction(in), 1e-12);

    AutoPrediction act = all.get(1);
    assertEquals(new AutoCandidate(AutoCandidate.Kind.ACTIVATION, 3), act.candidate());
    assertTrue(act.fullyAvailable());
    assertEquals(75, act.drawWatts(), 1e-9);
    assertEquals(0.04, act.perWatt(), 1e-12);

    AutoPrediction hyb = all.get(2);
    assertEquals(new AutoCandidate(AutoCandidate.Kind.HYBRID, 3), hyb.candidate());
    // 15 W left for 6 nodes: f = 15/150 = 0.1, 600 ms powered, 463 ms window.
    assertEquals(463, hyb.windowMs());
    assertEquals(90, hyb.drawWatts(), 1e-9);
    // Every block has an ACTIVE replica, so the blinking nodes serve no read.
    assertEquals(3, hyb.capacityNodes(), 1e-12);
    assertEquals(3.0 / 90, hyb.perWatt(), 1e-12);
  }

  /**
   * The figure's case (AutoGoalCaseTest): N = 9, r = 3, t = 60 s, no transitions, m = 0,
   * 25 W / 1 W, 40% = 90 W. Blinking 22 500 ms delivers 3·20 000·3/60 000 = 3 node-eq for 90 W
   * (0.0333/W), activation 3 delivers 3 for 81 W (0.0370/W), hybrid 3 (3 750 ms windows) 3 for
   * 90 W: activation 3 is the best per joule.
   */
  @Test
  void nineNodesSixtySecondsAtFortyPercentUnderTheReadOrder() {
    PowerModel model = PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(1).build();
    AutoInputs in = new AutoInputs(model, 3, 3, new PowerLevel.Percent(40), 60_000, 0,
        LoadSignals.UNKNOWN, 0.8);
    List<AutoPrediction> all = AutoEvaluator.evaluate(in);
    assertEquals(3, all.size());
    assertEquals(22_500, all.get(0).windowMs());
    assertEquals(3, all.get(0).capacityNodes(), 1e-12);
    assertEquals(90, all.get(0).drawWatts(), 1e-9);
    assertEquals(3, all.get(1).capacityNodes(), 1e-12);
    assertEquals(81, all.get(1).drawWatts(), 1e-9);
    assertEquals(3_750, all.get(2).windowMs());
    assertEquals(3, all.get(2).capacityNodes(), 1e-12);
    assertEquals(90, all.get(2).drawWatts(), 1e-9);
    assertEquals(new AutoCandidate(AutoCandidate.Kind.ACTIVATION, 3), all.stream()
        .min(AutoPrediction.BEST_FIRST).orElseThrow().candidate());
  }

  @Test
  void onlyWholeGroupsAreActiveTheLargerWhenAffordable() {
    // N = 10, G = 3: groups {0,3,6,9} (4), {1,4,7} (3), {2,5,8} (3). 25 W / 1 W, 50% = 125 W
    // affords (125 − 10)/24 = 4.8, so 4 nodes: the smallest group (k = 3) or the largest (k = 4).
    // One group ACTIVE delivers its size: 3 for 82 W (0.0366/W), 4 for 106 W (0.0377/W).
    PowerModel model = PowerModel.builder().nodeCount(10).activeWatts(25).sleepWatts(1).build();
    AutoInputs in = new AutoInputs(model, 3, 3, new PowerLevel.Percent(50), 60_000, 0,
        LoadSignals.UNKNOWN, 0.8);
    List<AutoPrediction> all = AutoEvaluator.evaluate(in);
    assertEquals(List.of("blinking 10 nodes", "activation 3 on + 7 off",
        "hybrid 3 on + 7 blinking", "activation 4 on + 6 off", "hybrid 4 on + 6 blinking"),
        all.stream().map(p -> p.candidate().describe(10)).toList());
    assertEquals(3, all.get(1).capacityNodes(), 1e-12);
    assertEquals(4, all.get(3).capacityNodes(), 1e-12);
    assertEquals(106, all.get(3).drawWatts(), 1e-9);
    assertEquals(new AutoCandidate(AutoCandidate.Kind.ACTIVATION, 4), all.stream()
        .min(AutoPrediction.BEST_FIRST).orElseThrow().candidate());
    PhaseGroups ten = new PhaseGroups(10, 3);
    assertEquals(List.of(2, 5, 8), AutoEvaluator.activePositions(ten, 3));
    assertEquals(List.of(0, 3, 6, 9), AutoEvaluator.activePositions(ten, 4));
    assertEquals(List.of(1, 2, 4, 5, 7, 8), AutoEvaluator.activePositions(ten, 6));
    // 80% = 200 W, 7.9 nodes: k = 3, 4 and 6 (groups 2 and 1: 2·3 = 6 node-eq); 7 (groups 2 and
    // 0) is no candidate: it would deliver 2·3 as well, for one node more.
    List<AutoPrediction> at80 = AutoEvaluator.evaluate(in.withLevel(new PowerLevel.Percent(80)));
    assertEquals(List.of(0, 3, 3, 4, 4, 6, 6), at80.stream()
        .map(p -> p.candidate().activeNodes()).toList());
    assertEquals(6, at80.get(5).capacityNodes(), 1e-12);
    assertEquals(10 * 20_000 / 60_000.0, at80.get(0).capacityNodes(), 1e-12);
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> AutoEvaluator.activeGroups(ten, 5));
    assertEquals("5 ACTIVE nodes are not whole phase groups of PhaseGroups[N=10, G=3]: give j·4"
        + " (j <= 1) or the nodes of the j smallest groups", e.getMessage());
  }

  @Test
  void blinkingIsFullyAvailableFromTheExactFraction() {
    // a >= 2637/6000 = 0.4395: 44% gives L = 2003 ms, 43.9% L = 1997 ms.
    AutoPrediction at44 = AutoEvaluator.evaluate(nineAtSixSeconds(44)).get(0);
    assertEquals(2503, at44.windowMs());
    assertTrue(at44.fullyAvailable());
    assertEquals(0, at44.meanWaitMs(), 0);
    AutoPrediction at439 = AutoEvaluator.evaluate(nineAtSixSeconds(43.9)).get(0);
    assertEquals(2497, at439.windowMs());
    assertFalse(at439.fullyAvailable());
    assertEquals(3 * 3.0 * 3 / 12_000, at439.meanWaitMs(), 1e-12);
    assertTrue(AutoEvaluator.evaluate(nineAtSixSeconds(43.95)).get(0).fullyAvailable());
  }

  @Test
  void belowOneGroupOnlyBlinkingIsACandidate() {
    // 20% = 45 W affords 1 node ACTIVE (25 W); a covering set needs 3.
    List<AutoPrediction> all = AutoEvaluator.evaluate(nineAtSixSeconds(20));
    assertEquals(1, all.size());
    assertEquals(AutoCandidate.Kind.BLINKING, all.get(0).candidate().kind());
  }

  @Test
  void demandCapsWhatAPlanDelivers() {
    // u = 0.25 on 3 ACTIVE nodes at T = 0.8: 0.9375 node-eq.
    AutoInputs in = nineAtSixSeconds(40).withLoad(LoadSignals.utilization(0.25, 3));
    for (AutoPrediction p : AutoEvaluator.evaluate(in)) {
      assertEquals(0.9375, p.demandNodes(), 1e-12);
      assertEquals(Math.min(0.9375, p.capacityNodes()), p.deliveredNodes(), 1e-12);
    }
    AutoInputs held = in.withLoad(LoadSignals.utilization(0.25, 3).withBacklog(4, -1));
    assertTrue(Double.isInfinite(AutoEvaluator.evaluate(held).get(1).demandNodes()));
  }
}
