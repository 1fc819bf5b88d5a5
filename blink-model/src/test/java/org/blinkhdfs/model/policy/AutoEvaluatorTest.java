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
    assertEquals(9 * 2263 / 6000.0, blink.capacityNodes(), 1e-12);
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
    assertEquals(3 + 6 * 463 / 6000.0, hyb.capacityNodes(), 1e-12);
    assertEquals(3.463 / 90, hyb.perWatt(), 1e-12);
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
