package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * Auto's predictions follow the NameNode's read order ({@code blink.read.order}): numbers worked
 * by hand for N = 9, G = r = 3, t = 60 s, 25 W awake, 1 W asleep, no transitions, m = 0.
 */
class AutoReadOrderTest {
  private static final Clock CLOCK = Clock.fixed(Instant.ofEpochMilli(1_790_000_000_000L),
      ZoneOffset.UTC);
  private static final PowerModel NINE = PowerModel.builder().nodeCount(9).activeWatts(25)
      .sleepWatts(1).build();

  private static AutoInputs inputs(double percent, ReadOrderMode order) {
    return new AutoInputs(NINE, 3, 3, new PowerLevel.Percent(percent), 60_000, 0,
        LoadSignals.UNKNOWN, 0.8, order);
  }

  /**
   * 40% = 90 W. Blinking 22 500 ms windows overlap by 2 500 ms per gap of 20 000: balanced
   * 9·22 500/60 000 = 3.375 node-eq for 90 W (0.0375/W); activation 3 gives 3 for 81 W
   * (0.0370/W); hybrid 3 with 3 750 ms windows 3 + 2·3·3 750/60 000 = 3.375 for 90 W. Blinking
   * and the hybrid tie per watt (with no transitions both deliver the usable node-seconds the
   * same watts buy); equal draws, so the kind decides: the hybrid, fewer nodes cycling.
   */
  @Test
  void balancedCountsEveryUsableNodeAtFortyPercent() {
    List<AutoPrediction> all = AutoEvaluator.evaluate(inputs(40, ReadOrderMode.BALANCED));
    assertEquals(3, all.size());
    assertEquals(22_500, all.get(0).windowMs());
    assertEquals(3.375, all.get(0).capacityNodes(), 1e-12);
    assertEquals(3, all.get(1).capacityNodes(), 1e-12);
    assertEquals(81, all.get(1).drawWatts(), 1e-9);
    assertEquals(3_750, all.get(2).windowMs());
    assertEquals(3.375, all.get(2).capacityNodes(), 1e-12);
    assertEquals(new AutoCandidate(AutoCandidate.Kind.HYBRID, 3), all.stream()
        .min(AutoPrediction.BEST_FIRST).orElseThrow().candidate());
  }

  /**
   * 70% = 157.5 W: blinking windows of (157.5 − 9)/(9·24)·60 000 = 41 250 ms, balanced
   * 9·41 250/60 000 = 6.1875 node-eq (0.03929/W), the longest window 3·20 000·3/60 000 = 3.
   * Hybrid 3 (6 nodes blinking (157.5 − 75 − 6)/(6·24)·60 000 = 31 875 ms): balanced
   * 3·(1 + 2·31 875/60 000) = 6.1875 for 157.5 W too, and wins the tie. Activation 6 gives 6
   * for 153 W (0.03922/W): the hybrid wins under balanced by 0.2%, activation 6 under the
   * longest window (the hybrid delivers its activation's 3 there).
   */
  @Test
  void theChoiceFollowsTheOrderAtSeventyPercent() {
    List<AutoPrediction> balanced = AutoEvaluator.evaluate(inputs(70, ReadOrderMode.BALANCED));
    assertEquals(41_250, balanced.get(0).windowMs());
    assertEquals(6.1875, balanced.get(0).capacityNodes(), 1e-12);
    AutoPrediction best = balanced.stream().min(AutoPrediction.BEST_FIRST).orElseThrow();
    assertEquals(new AutoCandidate(AutoCandidate.Kind.HYBRID, 3), best.candidate());
    assertEquals(31_875, best.windowMs());
    assertEquals(6.1875, best.capacityNodes(), 1e-12);
    List<AutoPrediction> longest = AutoEvaluator.evaluate(inputs(70,
        ReadOrderMode.LONGEST_WINDOW));
    assertEquals(3, longest.get(0).capacityNodes(), 1e-12);
    assertEquals(new AutoCandidate(AutoCandidate.Kind.ACTIVATION, 6), longest.stream()
        .min(AutoPrediction.BEST_FIRST).orElseThrow().candidate());
  }

  @Test
  void theOldConstructorAndTheCopiesKeepTheOrder() {
    AutoInputs old = new AutoInputs(NINE, 3, 3, new PowerLevel.Percent(40), 60_000, 0,
        LoadSignals.UNKNOWN, 0.8);
    assertEquals(ReadOrderMode.LONGEST_WINDOW, old.readOrder());
    AutoInputs b = inputs(40, ReadOrderMode.BALANCED);
    assertEquals(ReadOrderMode.BALANCED, b.withLevel(new PowerLevel.Percent(50)).readOrder());
    assertEquals(ReadOrderMode.BALANCED, b.withLoad(LoadSignals.utilization(0.5, 3))
        .readOrder());
    assertThrows(NullPointerException.class, () -> new AutoInputs(NINE, 3, 3,
        new PowerLevel.Percent(40), 60_000, 0, LoadSignals.UNKNOWN, 0.8, null));
  }

  @Test
  void thePolicyPlansWhatItsOrderPredicts() {
    PolicyRequest req = PolicyRequest.builder().ring(PolicyTest.ring(9)).model(NINE)
        .level(new PowerLevel.Percent(40)).intervalMs(60_000).epoch(1).build();
    AutoPolicy balanced = new AutoPolicy(AutoSettings.defaults(), 0, ReadOrderMode.BALANCED,
        CLOCK);
    assertEquals(ReadOrderMode.BALANCED, balanced.readOrder());
    Schedule s = balanced.plan(req).schedule().orElseThrow();
    assertEquals("hybrid 3 on + 6 blinking", balanced.loadState());
    for (int i = 0; i < 9; i++) {
      String node = "dn" + (i + 1) + ":9866";
      if (i % 3 == 2) {
        assertEquals(NodeMode.ACTIVE, s.entry(node).mode(), "position " + i);
      } else {
        assertEquals(NodeMode.BLINK, s.entry(node).mode(), "position " + i);
        assertEquals(3_750, s.entry(node).activeMs(), "position " + i);
        assertEquals(20_000L * (i % 3), s.entry(node).activeOffsetMs(), "position " + i);
      }
    }
    assertEquals(3.375, balanced.lastDecision().orElseThrow().chosen().capacityNodes(), 1e-12);
    AutoPolicy longest = new AutoPolicy(AutoSettings.defaults(), 0, CLOCK);
    assertEquals(ReadOrderMode.LONGEST_WINDOW, longest.readOrder());
    longest.plan(req);
    assertEquals("activation 3 on + 6 off", longest.loadState());
  }
}
