package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;

/** The auto policy's choice, demand loop and hysteresis on hand-worked inputs. */
class AutoChooserTest {
  private static final Clock CLOCK = Clock.fixed(Instant.ofEpochMilli(1_790_000_000_000L),
      ZoneOffset.UTC);

  private static AutoCandidate activation(int k) {
    return new AutoCandidate(AutoCandidate.Kind.ACTIVATION, k);
  }

  /** 9 nodes, 25 W / 10 W, no transitions, t = 60 s, m = 500 ms, 70% = 157.5 W. */
  private static AutoInputs sleepyNodes(LoadSignals load) {
    PowerModel model = PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(10).build();
    return new AutoInputs(model, 3, 3, new PowerLevel.Percent(70), 60_000, 500, load, 0.8);
  }

  @Test
  void atFortyPercentOneGroupOnBeatsBlinkingThatWaits() {
    AutoChooser c = new AutoChooser(AutoSettings.defaults(), CLOCK);
    AutoDecision d = c.decide(AutoEvaluatorTest.nineAtSixSeconds(40));
    assertEquals(activation(3), d.chosen().candidate());
    assertTrue(d.switched());
    assertEquals(1_790_000_000_000L, d.decidedAtMs());
    assertEquals("activation 3 on + 6 off (first decision): fully available, 3.00 node-eq for"
        + " 75.00 W (0.0400/W); blinking: a = 0.4000 < 0.4395 for every block readable,"
        + " unavailable 11.85%, mean wait 14.0 ms, 2.64 node-eq for 90.00 W (0.0294/W);"
        + " best activation 3 on + 6 off: fully available, 3.00 node-eq for 75.00 W (0.0400/W);"
        + " best hybrid 3 on + 6 blinking: fully available, 3.00 node-eq for 90.00 W (0.0333/W);"
        + " no utilization sample: demand unbounded; a switch moves no data (one layout)",
        d.reason());
  }

  @Test
  void belowTheMinimumNoPlanIsChosen() {
    PowerModel model = PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(10).build();
    AutoInputs in = new AutoInputs(model, 3, 3, new PowerLevel.Percent(39), 60_000, 500,
        LoadSignals.UNKNOWN, 0.8);
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class,
        () -> new AutoChooser(AutoSettings.defaults(), CLOCK).decide(in));
    assertEquals("39% leaves 87.75 W for the DataNodes, below the 90.00 W they draw all asleep:"
        + " no plan fits; report BELOW_MINIMUM instead", e.getMessage());
  }

  @Test
  void belowACoveringSetBlinkingIsChosen() {
    AutoDecision d = new AutoChooser(AutoSettings.defaults(), CLOCK)
        .decide(AutoEvaluatorTest.nineAtSixSeconds(20));
    assertEquals(AutoCandidate.Kind.BLINKING, d.chosen().candidate().kind());
    assertTrue(d.reason().contains("activation: none affordable"), d.reason());
  }

  /** 9 nodes, 25 W / 1 W, no transitions, t = 60 s, m = 500 ms. */
  private static AutoInputs oneWattNodes(double percent, LoadSignals load) {
    PowerModel model = PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(1).build();
    return new AutoInputs(model, 3, 3, new PowerLevel.Percent(percent), 60_000, 500, load, 0.8);
  }

  @Test
  void demandSizesTheAwakeSet() {
    // 70% = 157.5 W affords 6 nodes ACTIVE: activation 3 (81 W) and 6 (153 W). Blinking
    // (41 250 ms) and the hybrids spend all 157.5 W and deliver no more than their activation:
    // blinking 3, hybrid 3 3, hybrid 6 6 node-eq. Unbounded: activation 6 (6/153 = 0.03922/W).
    AutoChooser c = new AutoChooser(new AutoSettings(3, 1, 0, 0.8), CLOCK);
    AutoDecision unbounded = c.decide(oneWattNodes(70, LoadSignals.UNKNOWN));
    assertEquals(activation(6), unbounded.chosen().candidate());
    assertEquals(6 / 153.0, unbounded.chosen().perWatt(), 1e-12);
    // u = 0.5 on 3 nodes: demand 1.875 node-eq; every plan carries it, the cheapest wins.
    AutoChooser low = new AutoChooser(new AutoSettings(3, 1, 0, 0.8), CLOCK);
    assertEquals(activation(3), low.decide(oneWattNodes(70, LoadSignals.utilization(0.5, 3)))
        .chosen().candidate());
    // u = 1.0 on 3 nodes: demand 3.75; activation 3 cannot carry it, activation 6 can.
    AutoChooser high = new AutoChooser(new AutoSettings(3, 1, 0, 0.8), CLOCK);
    assertEquals(activation(6), high.decide(oneWattNodes(70, LoadSignals.utilization(1.0, 3)))
        .chosen().candidate());
    // 25 W / 10 W: activation 6 needs 180 W. Hybrid 3 spends all 157.5 W and delivers activation
    // 3's 3 node-eq (it was 4.5 when every awake node-second counted): activation 3 (135 W) wins.
    AutoChooser sleepy = new AutoChooser(new AutoSettings(3, 1, 0, 0.8), CLOCK);
    AutoDecision d = sleepy.decide(sleepyNodes(LoadSignals.UNKNOWN));
    assertEquals(activation(3), d.chosen().candidate());
    assertTrue(d.reason().contains("best hybrid 3 on + 6 blinking: fully available, 3.00 node-eq"
        + " for 157.50 W (0.0190/W)"), d.reason());
  }

  @Test
  void hysteresisWaitsForThreeDecisionsBeyondTheMargin() {
    AutoChooser c = new AutoChooser(AutoSettings.defaults(), CLOCK);
    AutoInputs low = oneWattNodes(70, LoadSignals.utilization(0.5, 3));
    assertEquals(activation(3), c.decide(low).chosen().candidate());
    // Reads held: demand unbounded, activation 6 gives 6/153 against 3/81: 486/459 − 1 = +5.9%.
    AutoInputs held = oneWattNodes(70, LoadSignals.utilization(0.5, 3).withBacklog(5, -1));
    AutoDecision first = c.decide(held);
    assertEquals(activation(3), first.chosen().candidate());
    assertEquals(activation(6), first.best().candidate());
    assertFalse(first.switched());
    assertTrue(first.reason().startsWith("activation 3 on + 6 off (kept: activation 6 on + 3 off"
        + " gives 5.9% more per joule, 1 of 3 decisions)"), first.reason());
    assertEquals(activation(3), c.decide(held).chosen().candidate());
    AutoDecision third = c.decide(held);
    assertEquals(activation(6), third.chosen().candidate());
    assertTrue(third.switched());
    assertTrue(third.reason().startsWith("activation 6 on + 3 off (activation 6 on + 3 off"
        + " gives 5.9% more per joule for 3 decisions (margin 5%))"), third.reason());
    // An interruption resets the count.
    AutoChooser d = new AutoChooser(AutoSettings.defaults(), CLOCK);
    d.decide(low);
    d.decide(held);
    d.decide(low);
    d.decide(held);
    assertEquals(activation(3), d.decide(held).chosen().candidate());
    assertEquals(activation(6), d.decide(held).chosen().candidate());
  }

  @Test
  void aGainWithinTheMarginNeverSwitches() {
    // 100% = 225 W: with demand 3.75 (u = 1.0 on 3) activation 6 (153 W) is the cheapest plan
    // that carries it. Unbounded, activation 9 (= blinking with whole windows) gives 9/225 =
    // 0.04/W, only 0.04·153/6 − 1 = 2.0% more than 6/153.
    AutoInputs demand = oneWattNodes(100, LoadSignals.utilization(1.0, 3));
    AutoChooser c = new AutoChooser(AutoSettings.defaults(), CLOCK);
    assertEquals(activation(6), c.decide(demand).chosen().candidate());
    AutoInputs unbounded = demand.withLoad(LoadSignals.UNKNOWN);
    for (int i = 0; i < 10; i++) {
      AutoDecision d = c.decide(unbounded);
      assertEquals(activation(6), d.chosen().candidate());
      assertEquals(activation(9), d.best().candidate());
      assertEquals(0.04, d.best().perWatt(), 1e-12);
      assertTrue(d.reason().contains("gives 2.0% more per joule, within the 5% margin"),
          d.reason());
    }
  }

  @Test
  void lessAvailableOrOverBudgetSwitchesAtOnce() {
    AutoChooser c = new AutoChooser(new AutoSettings(3, 5, 0.05, 0.8), CLOCK);
    assertEquals(activation(3), c.decide(AutoEvaluatorTest.nineAtSixSeconds(40)).chosen()
        .candidate());
    AutoDecision down = c.decide(AutoEvaluatorTest.nineAtSixSeconds(20));
    assertEquals(AutoCandidate.Kind.BLINKING, down.chosen().candidate().kind());
    assertTrue(down.reason().startsWith("blinking 9 nodes (activation 3 on + 6 off is no longer"
        + " a candidate)"), down.reason());
    AutoDecision up = c.decide(AutoEvaluatorTest.nineAtSixSeconds(40));
    assertEquals(activation(3), up.chosen().candidate());
    assertTrue(up.reason().startsWith("activation 3 on + 6 off (blinking 9 nodes is less"
        + " available)"), up.reason());
  }
}
