package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * Wall-clock steps during a sleep: back must not stretch it (the monotonic clock bounds it to
 * the duration asked for), forward ends it (the window has come).
 */
class WallClockSleeperTest {
  /** The real time shifted by an offset the test changes. */
  private static final class SteppedClock extends Clock {
    volatile long offsetMs;

    @Override
    public Instant instant() {
      return Instant.ofEpochMilli(System.currentTimeMillis() + offsetMs);
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }
  }

  @Test
  void aClockSteppedBack600sDoesNotStretchTheSleep() {
    SteppedClock clock = new SteppedClock();
    WallClockSleeper sleeper = new WallClockSleeper(clock);
    long wakeAt = clock.millis() + 1_500;
    Thread stepper = new Thread(() -> {
      try {
        Thread.sleep(300);
        clock.offsetMs = -600_000;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    stepper.start();
    long t0 = System.nanoTime();
    assertTimeoutPreemptively(Duration.ofSeconds(20), () -> sleeper.sleepUntil(wakeAt),
        "the sleep followed the stepped-back wall clock");
    long tookMs = (System.nanoTime() - t0) / 1_000_000;
    assertTrue(tookMs >= 1_400, "ended early: " + tookMs + " ms");
  }

  @Test
  void aClockSteppedForwardEndsTheSleep() {
    SteppedClock clock = new SteppedClock();
    WallClockSleeper sleeper = new WallClockSleeper(clock);
    long wakeAt = clock.millis() + 600_000;
    Thread stepper = new Thread(() -> {
      try {
        Thread.sleep(300);
        clock.offsetMs = 600_000;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    stepper.start();
    assertTimeoutPreemptively(Duration.ofSeconds(20), () -> sleeper.sleepUntil(wakeAt),
        "a forward step must end the sleep within a chunk");
  }
}
