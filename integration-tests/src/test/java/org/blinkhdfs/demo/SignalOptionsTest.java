package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.signal.PowerSignal;
import org.junit.jupiter.api.Test;

class SignalOptionsTest {
  private static final PowerModel NINE = PowerModel.macMini(9);

  @Test
  void stepsSampleTheSignalAtTheirStartInWholePercent() {
    // BlinkFS's 50% oscillation alternating every 5 minutes: 67.5% then 22.5%, five-minute steps.
    SignalOptions o = new SignalOptions("oscillating:50", 3_600_000, 300_000, 20);
    PowerSignal s = o.signal(NINE);
    assertEquals(12, o.steps());
    SignalOptions.Step first = o.step(s, NINE, 0);
    assertEquals(67.5, first.signalPercent(), 1e-9);
    assertEquals(68, first.percent());
    assertFalse(first.clamped());
    SignalOptions.Step second = o.step(s, NINE, 1);
    assertEquals(5.0 / 60, second.signalHours(), 1e-12);
    assertEquals(23, second.percent());
  }

  @Test
  void levelsBelowTheFloorAreReplayedAtTheFloorAndCounted() {
    SignalOptions o = new SignalOptions("oscillating:100", 3_600_000, 300_000, 20);
    SignalOptions.Step low = o.step(o.signal(NINE), NINE, 1); // (45 - 45)% = 0%
    assertEquals(0.0, low.signalPercent(), 1e-9);
    assertEquals(20, low.percent());
    assertTrue(low.clamped());
  }

  @Test
  void theStepMustFitTheSpan() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new SignalOptions("steady:50%", 60_000, 120_000, 20));
    assertEquals("--signal-step 120000 ms must be positive and at most --signal-span 60000 ms",
        e.getMessage());
  }

  @Test
  void theFloorMustPayForSleep() {
    // 9 sleeping Mac minis draw 9 W of the 225 W p_total: 4%.
    SignalOptions.checkFloor(NINE, 4);
    assertThrows(IllegalArgumentException.class, () -> SignalOptions.checkFloor(NINE, 3));
  }
}
