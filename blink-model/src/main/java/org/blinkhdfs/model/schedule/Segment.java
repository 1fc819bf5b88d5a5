package org.blinkhdfs.model.schedule;

/**
 * A half-open span {@code [startMs, endMs)} of time inside one blink interval, measured from the
 * interval start. Produced by {@link ActiveWindow#segments()}.
 */
public record Segment(long startMs, long endMs) {
  public Segment {
    if (startMs < 0 || endMs < startMs) {
      throw new IllegalArgumentException(
          "segment [" + startMs + ", " + endMs + ") must have 0 <= start <= end");
    }
  }

  public long lengthMs() {
    return endMs - startMs;
  }
}
