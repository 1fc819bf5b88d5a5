package org.blinkhdfs.agent;

import java.time.Clock;
import java.util.Objects;
import org.blinkhdfs.core.agent.Sleeper;

/**
 * The production {@link Sleeper}: sleeps the thread until the wall clock reaches the target, in
 * chunks of at most {@link #MAX_CHUNK_MS}, so a clock step (NTP) is noticed within a second and
 * an interrupt (shutdown) ends the wait at once.
 *
 * <p>Stateless apart from the clock; thread-safe.
 */
final class WallClockSleeper implements Sleeper {
  static final long MAX_CHUNK_MS = 1000;

  private final Clock clock;

  WallClockSleeper(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public void sleepUntil(long wakeAtMs) throws InterruptedException {
    for (long left = wakeAtMs - clock.millis(); left > 0; left = wakeAtMs - clock.millis()) {
      Thread.sleep(Math.min(left, MAX_CHUNK_MS));
    }
  }
}
