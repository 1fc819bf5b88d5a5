package org.blinkhdfs.model.schedule;

import java.util.ArrayList;
import java.util.List;

/**
 * The part of every blink interval a node is awake: {@code [offsetMs, offsetMs + lengthMs)}
 * measured from the interval start, wrapping at {@code intervalMs}.
 *
 * <p>Two special shapes: {@code lengthMs == intervalMs} is awake the whole interval (an
 * {@code ACTIVE} or {@code IO_SERVER} node), {@code lengthMs == 0} never awake (an {@code OFF}
 * node). Example: interval 60 000, offset 50 000, length 20 000 is awake during
 * {@code [50 000, 60 000)} and {@code [0, 10 000)} of each interval.
 *
 * <p>Immutable; validated on construction.
 */
public record ActiveWindow(long offsetMs, long lengthMs, long intervalMs) {

  public ActiveWindow {
    if (intervalMs <= 0) {
      throw new IllegalArgumentException("intervalMs must be > 0, got " + intervalMs);
    }
    if (offsetMs < 0 || offsetMs >= intervalMs) {
      throw new IllegalArgumentException(
          "offsetMs must be in [0, intervalMs=" + intervalMs + "), got " + offsetMs);
    }
    if (lengthMs < 0 || lengthMs > intervalMs) {
      throw new IllegalArgumentException(
          "lengthMs must be in [0, intervalMs=" + intervalMs + "], got " + lengthMs);
    }
  }

  /** Awake for the whole interval. */
  public static ActiveWindow always(long intervalMs) {
    return new ActiveWindow(0, intervalMs, intervalMs);
  }

  /** Never awake. */
  public static ActiveWindow never(long intervalMs) {
    return new ActiveWindow(0, 0, intervalMs);
  }

  public boolean isAlways() {
    return lengthMs == intervalMs;
  }

  public boolean isNever() {
    return lengthMs == 0;
  }

  /**
   * The part of this window in which a read can start: one that needs {@code minReadWindowMs}
   * of the window left ({@code blink.read.min.window.ms} on readers) starts no later than that
   * before the close, so the window is {@code lengthMs − minReadWindowMs} long, never when that is
   * not positive; a window of the whole interval is not trimmed (it never closes). Example:
   * offset 1 000, length 2 250 of 6 000, 500 ms needed: offset 1 000, length 1 750.
   */
  public ActiveWindow readable(long minReadWindowMs) {
    if (minReadWindowMs < 0) {
      throw new IllegalArgumentException("minReadWindowMs must be >= 0, got " + minReadWindowMs
          + ": give the read window in milliseconds");
    }
    if (isAlways() || isNever() || minReadWindowMs == 0) {
      return this;
    }
    if (lengthMs <= minReadWindowMs) {
      return never(intervalMs);
    }
    return new ActiveWindow(offsetMs, lengthMs - minReadWindowMs, intervalMs);
  }

  /**
   * {@code floorMod(phaseMs - offsetMs, intervalMs)}; without a division for a phase inside the
   * interval (the usual case: readers sort replicas by it on every block they return).
   */
  private long sinceOffset(long phaseMs) {
    if (phaseMs >= 0 && phaseMs < intervalMs) {
      long d = phaseMs - offsetMs;
      return d < 0 ? d + intervalMs : d;
    }
    return Math.floorMod(phaseMs - offsetMs, intervalMs);
  }

  /** True when awake at {@code phaseMs} in {@code [0, intervalMs)}. */
  public boolean contains(long phaseMs) {
    if (isAlways()) {
      return true;
    }
    long rel = sinceOffset(phaseMs);
    return rel < lengthMs;
  }

  /**
   * Milliseconds from {@code phaseMs} until the window closes, 0 if asleep at {@code phaseMs}.
   * For an always-awake window the answer is {@link Long#MAX_VALUE}.
   */
  public long remainingMs(long phaseMs) {
    if (isAlways()) {
      return Long.MAX_VALUE;
    }
    long rel = sinceOffset(phaseMs);
    return rel < lengthMs ? lengthMs - rel : 0;
  }

  /**
   * Milliseconds from {@code phaseMs} until the window next opens, 0 if awake now,
   * {@link Long#MAX_VALUE} if it never opens.
   */
  public long untilOpenMs(long phaseMs) {
    if (isNever()) {
      return Long.MAX_VALUE;
    }
    long rel = sinceOffset(phaseMs);
    return rel < lengthMs ? 0 : intervalMs - rel;
  }

  /**
   * The window as one or two half-open {@link Segment}s inside {@code [0,
   * intervalMs)}, sorted by start; empty for a never-awake window.
   */
  public List<Segment> segments() {
    List<Segment> out = new ArrayList<>(2);
    if (lengthMs == 0) {
      return out;
    }
    long end = offsetMs + lengthMs;
    if (end <= intervalMs) {
      out.add(new Segment(offsetMs, end));
    } else {
      out.add(new Segment(0, end - intervalMs));
      out.add(new Segment(offsetMs, intervalMs));
    }
    return out;
  }
}
