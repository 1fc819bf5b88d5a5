package org.blinkhdfs.workload;

import java.time.Clock;
import java.util.function.LongSupplier;

/**
 * The two time sources a workload needs, injected so tests can drive time: a wall clock to stamp
 * when a phase started (to line operations up with the blink schedule, which is in epoch ms), and
 * a monotonic nanosecond counter to measure durations and enforce time limits.
 *
 * @param wall wall clock; only {@link Clock#millis()} is used
 * @param nanoTime monotonic nanoseconds, like {@link System#nanoTime()}
 */
public record WorkloadClock(Clock wall, LongSupplier nanoTime) {

  public WorkloadClock {
    if (wall == null || nanoTime == null) {
      throw new IllegalArgumentException(
          "wall and nanoTime must not be null: use WorkloadClock.system() outside tests");
    }
  }

  /** The system UTC clock and {@link System#nanoTime()}. */
  public static WorkloadClock system() {
    return new WorkloadClock(Clock.systemUTC(), System::nanoTime);
  }

  long nanos() {
    return nanoTime.getAsLong();
  }
}
