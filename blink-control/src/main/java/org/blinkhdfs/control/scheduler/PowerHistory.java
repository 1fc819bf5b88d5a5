package org.blinkhdfs.control.scheduler;

import java.util.ArrayList;
import java.util.List;

/**
 * A bounded ring buffer of {@link PowerSample}s: the newest {@code capacity} samples, taken at
 * least {@code spacingMs} apart (samples closer than that to the previous one are dropped, so a
 * fast ticker cannot flush the history).
 *
 * <p>Worked example: capacity 3, spacing 1 000; samples at 0, 500, 1 000, 2 000, 3 000 keep
 * 1 000, 2 000, 3 000 (500 was too close to 0; 0 was pushed out).
 *
 * <p>Not thread-safe; {@link PowerScheduler} guards it.
 */
final class PowerHistory {
  private final PowerSample[] samples;
  private final long spacingMs;
  private int next;
  private int size;
  private long lastAtMs = Long.MIN_VALUE;

  PowerHistory(int capacity, long spacingMs) {
    this.samples = new PowerSample[capacity];
    this.spacingMs = spacingMs;
  }

  /** Adds {@code s} unless it is closer than the spacing to the last sample kept. */
  void add(PowerSample s) {
    if (lastAtMs != Long.MIN_VALUE && s.atMs() - lastAtMs < spacingMs) {
      return;
    }
    samples[next] = s;
    next = (next + 1) % samples.length;
    size = Math.min(size + 1, samples.length);
    lastAtMs = s.atMs();
  }

  /** Oldest first. */
  List<PowerSample> snapshot() {
    List<PowerSample> out = new ArrayList<>(size);
    int start = (next - size + samples.length) % samples.length;
    for (int i = 0; i < size; i++) {
      out.add(samples[(start + i) % samples.length]);
    }
    return out;
  }
}
