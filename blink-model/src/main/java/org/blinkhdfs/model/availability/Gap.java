package org.blinkhdfs.model.availability;

/**
 * A stretch of one blink interval during which none of a block's replicas is awake: it starts at
 * {@code startMs} (in {@code [0, intervalMs)}) and lasts {@code lengthMs}, wrapping past the
 * interval end when {@code startMs + lengthMs > intervalMs}.
 *
 * <p>Why a gap may wrap: the schedule repeats every interval, so an uncovered tail
 * {@code [50 000, 60 000)} followed by an uncovered head {@code [0, 5 000)} is one 15 s outage, not
 * two 10 s and 5 s ones. A request arriving at 50 000 waits 15 s. Treating them as two would
 * understate the expected wait ({@code (10²+5²)/2} instead of {@code 15²/2}).
 *
 * <p>Worked example: interval 60 000 ms, replicas covering {@code [5 000, 50 000)} leave one gap
 * {@code Gap(50 000, 15 000)}, {@link #endMs()} 65 000, i.e. phase 5 000 of the next interval.
 *
 * <p>Immutable and thread-safe.
 *
 * @param startMs first uncovered phase, in {@code [0, intervalMs)}
 * @param lengthMs length of the outage, {@code > 0}
 */
public record Gap(long startMs, long lengthMs) {

  public Gap {
    if (startMs < 0) {
      throw new IllegalArgumentException(
          "startMs must be >= 0, got " + startMs + ": give a phase inside the blink interval");
    }
    if (lengthMs <= 0) {
      throw new IllegalArgumentException(
          "lengthMs must be > 0, got " + lengthMs + ": an empty gap is no gap, leave it out");
    }
  }

  /** First covered instant after the gap; may exceed the interval length when the gap wraps. */
  public long endMs() {
    return startMs + lengthMs;
  }
}
