package org.blinkhdfs.agent;

import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.blinkhdfs.common.time.Sleeper;

/**
 * The production {@link Sleeper}: sleeps the thread until the wall clock reaches the target, in
 * chunks of at most {@link #MAX_CHUNK_MS}, so a clock step (NTP) is noticed within a second and
 * an interrupt (shutdown) ends the wait at once.
 *
 * <p>Clock steps: the schedule's windows are wall-clock times, so a step <em>forward</em> ends the
 * sleep early (the window the node wakes for has come). A step <em>backward</em> must not stretch
 * it: the wait also ends once the duration asked for at the start ({@code wakeAt − now} then) has
 * passed on the monotonic clock. Without that, a wall clock stepped back 600 s while a node is
 * frozen kept it frozen 600 s too long, past its window and towards HDFS's dead interval.
 *
 * <p>Stateless apart from the clocks; thread-safe.
 */
final class WallClockSleeper implements Sleeper {
  static final long MAX_CHUNK_MS = 1000;

  private final Clock clock;
  private final LongSupplier nanoTime;

  WallClockSleeper(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    this.nanoTime = System::nanoTime;
  }

  @Override
  public void sleepUntil(long wakeAtMs) throws InterruptedException {
    long startNs = nanoTime.getAsLong();
    long budgetMs = wakeAtMs - clock.millis();
    for (long left = budgetMs; left > 0; left = Math.min(wakeAtMs - clock.millis(),
        budgetMs - TimeUnit.NANOSECONDS.toMillis(nanoTime.getAsLong() - startNs))) {
      Thread.sleep(Math.min(left, MAX_CHUNK_MS));
    }
  }
}
