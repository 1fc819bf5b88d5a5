package org.blinkhdfs.model.signal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.blinkhdfs.model.power.PowerLevel;
import org.junit.jupiter.api.Test;

class OscillatingSignalTest {
  private static final long FIVE_MIN_MS = 300_000;

  private static double percentAt(PowerSignal s, long elapsedMs) {
    return ((PowerLevel.Percent) s.levelAt(elapsedMs)).percent();
  }

  @Test
  void n50SwingsBetween67Point5And22Point5() {
    // 45 + 0.45*50 = 45 + 22.5 = 67.5 ; 45 - 22.5 = 22.5
    OscillatingSignal s = OscillatingSignal.of(50);
    assertEquals(67.5, s.high().percent(), 1e-12);
    assertEquals(22.5, s.low().percent(), 1e-12);
    assertEquals(67.5, percentAt(s, 0), 1e-12);
    assertEquals(22.5, percentAt(s, FIVE_MIN_MS), 1e-12);
  }

  @Test
  void n100SwingsBetween90And0() {
    // 45 + 0.45*100 = 90 ; 45 - 45 = 0
    OscillatingSignal s = OscillatingSignal.of(100);
    assertEquals(90.0, percentAt(s, 0), 1e-12);
    assertEquals(0.0, percentAt(s, FIVE_MIN_MS), 1e-12);
  }

  @Test
  void n0IsSteady45AndN20Is54And36() {
    OscillatingSignal zero = OscillatingSignal.of(0);
    assertEquals(45.0, percentAt(zero, 0), 1e-12);
    assertEquals(45.0, percentAt(zero, FIVE_MIN_MS), 1e-12);
    // 45 + 0.45*20 = 54 ; 45 - 9 = 36
    OscillatingSignal twenty = OscillatingSignal.of(20);
    assertEquals(54.0, percentAt(twenty, 0), 1e-12);
    assertEquals(36.0, percentAt(twenty, FIVE_MIN_MS), 1e-12);
  }

  @Test
  void highDuringEvenPeriodsLowDuringOdd() {
    OscillatingSignal s = OscillatingSignal.of(50);
    assertEquals(67.5, percentAt(s, FIVE_MIN_MS - 1), 1e-12);
    assertEquals(22.5, percentAt(s, 2 * FIVE_MIN_MS - 1), 1e-12);
    assertEquals(67.5, percentAt(s, 2 * FIVE_MIN_MS), 1e-12);
    assertEquals(22.5, percentAt(s, 3 * FIVE_MIN_MS), 1e-12);
    assertEquals(67.5, percentAt(s, 1000 * FIVE_MIN_MS), 1e-12);
  }

  @Test
  void periodIsConfigurable() {
    OscillatingSignal s = new OscillatingSignal(50, 60_000);
    assertEquals(67.5, percentAt(s, 59_999), 1e-12);
    assertEquals(22.5, percentAt(s, 60_000), 1e-12);
    assertEquals(67.5, percentAt(s, 120_000), 1e-12);
    assertEquals(60_000, s.periodMs());
  }

  @Test
  void levelsAverageTo45ForEveryN() {
    for (int n = 0; n <= 100; n++) {
      OscillatingSignal s = OscillatingSignal.of(n);
      assertEquals(45.0, (s.high().percent() + s.low().percent()) / 2, 1e-9, "N=" + n);
    }
  }

  @Test
  void rejectsBadArguments() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> OscillatingSignal.of(101));
    assertTrue(e.getMessage().contains("oscillationPercent") && e.getMessage().contains("101"),
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> OscillatingSignal.of(-1));
    assertThrows(IllegalArgumentException.class, () -> OscillatingSignal.of(Double.NaN));
    e = assertThrows(IllegalArgumentException.class, () -> new OscillatingSignal(50, 0));
    assertTrue(e.getMessage().contains("periodMs"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> OscillatingSignal.of(50).levelAt(-1));
    assertTrue(e.getMessage().contains("elapsedMs") && e.getMessage().contains("-1"),
        e.getMessage());
  }

  @Test
  void steadyHoldsItsLevel() {
    PowerLevel level = new PowerLevel.Percent(40);
    SteadySignal s = new SteadySignal(level);
    assertSame(level, s.levelAt(0));
    assertSame(level, s.levelAt(Long.MAX_VALUE));
    assertEquals("steady 40%", s.describe());
    assertThrows(IllegalArgumentException.class, () -> s.levelAt(-5));
    assertThrows(NullPointerException.class, () -> new SteadySignal(null));
  }

  @Test
  void describeNamesLevelsAndPeriod() {
    assertEquals("oscillating 50%: 67.5% / 22.5% every 300 s", OscillatingSignal.of(50).describe());
  }
}
