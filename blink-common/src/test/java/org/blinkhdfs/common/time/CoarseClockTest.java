package org.blinkhdfs.common.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class CoarseClockTest {
  private static final long START = 1_790_000_000_000L;

  @Test
  void followsTheSourceWhileReadAndStopsWhenIdle() throws Exception {
    ManualClock source = new ManualClock(START);
    CoarseClock c = new CoarseClock(source, 1, 50, "test-coarse-clock");
    assertFalse(c.ticking());
    assertEquals(START, c.millis(), "the first reading asks the source");
    assertTrue(c.ticking());
    source.set(START + 7);
    awaitTrue(() -> c.millis() == START + 7, "the tick copies the source");
    source.set(START + 9);
    awaitTrue(() -> c.millis() == START + 9, "and keeps copying while read");
    // No reading for the idle time (50 ticks of 1 ms): the thread ends.
    awaitTrue(() -> !c.ticking(), "the thread ends when idle");
    // The next reading starts it again and asks the source.
    source.set(START + 2_000);
    assertEquals(START + 2_000, c.millis());
    assertTrue(c.ticking());
  }

  @Test
  void onTheSystemClockItLagsByAboutTheResolution() throws Exception {
    CoarseClock c = new CoarseClock(Clock.systemUTC(), 5, 10_000, "test-coarse-clock");
    c.millis();
    long worst = 0;
    for (int i = 0; i < 200; i++) {
      Thread.sleep(1);
      worst = Math.max(worst, System.currentTimeMillis() - c.millis());
    }
    // 5 ms resolution; a loaded test machine may delay the tick, so allow a generous bound.
    assertTrue(worst < 500, "lag " + worst + " ms");
    assertTrue(worst >= 0);
  }

  @Test
  void rejectsABadResolution() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new CoarseClock(Clock.systemUTC(), 0, 10, "x"));
    assertTrue(e.getMessage().contains("resolutionMs"), e.getMessage());
  }

  private static void awaitTrue(BooleanSupplier condition, String what) throws Exception {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out: " + what);
      }
      Thread.sleep(1);
    }
  }
}
