package org.blinkhdfs.workload;

import java.time.Duration;
import java.util.Optional;

/**
 * The stop rule every workload loop checks before each operation: the phase's time limit on the
 * injected monotonic clock, and the running thread's interrupt flag (left set for the caller).
 *
 * <p>Immutable and thread-safe.
 */
final class Deadline {
  private final WorkloadClock clock;
  private final long deadlineNanos;

  Deadline(WorkloadClock clock, long startNanos, Duration limit) {
    this.clock = clock;
    this.deadlineNanos = startNanos + limit.toNanos();
  }

  /** Empty while the loop may go on, else why it must stop. */
  Optional<StopReason> stopNow() {
    if (Thread.currentThread().isInterrupted()) {
      return Optional.of(StopReason.INTERRUPTED);
    }
    if (clock.nanos() - deadlineNanos >= 0) {
      return Optional.of(StopReason.TIME_LIMIT);
    }
    return Optional.empty();
  }

  /** Nanoseconds left, never negative. */
  long remainingNanos() {
    return Math.max(0, deadlineNanos - clock.nanos());
  }
}
