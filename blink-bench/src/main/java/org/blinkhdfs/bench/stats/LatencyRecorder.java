package org.blinkhdfs.bench.stats;

import java.util.Arrays;
import java.util.Random;

/**
 * A bounded, thread-safe collector of request durations that yields a {@link LatencySummary}
 * however long a run lasts.
 *
 * <p>Hard constraint: memory is bounded by {@code capacity} doubles. Soft goal: the summary is
 * exact while the run is small, and otherwise exact where exactness is cheap.
 *
 * <p>Algorithm: count, mean and standard deviation are accumulated over <em>every</em> value with
 * Welford's online update, and min/max directly, so they are exact for any run length. Percentiles
 * need the values themselves: the first {@code capacity} are kept; after that, Vitter's reservoir
 * sampling (Algorithm R) keeps a uniform random sample of {@code capacity} of all values seen,
 * using the injected {@link Random} (seeded: the same inputs give the same summary). While {@code
 * count ≤ capacity} ({@link #isExact()}), {@link #summary()} equals {@link
 * LatencySummary#of(double[])} of everything recorded.
 *
 * <p>Example: capacity 10 000 and a one-hour run at 50 reads/s (180 000 values): mean and std
 * are exact, p90 is estimated from 10 000 uniformly sampled values (standard error of the rank
 * about {@code sqrt(0.9·0.1/10 000) = 0.3} percentage points).
 *
 * <p>Thread-safe: every method is synchronized (recording is a few arithmetic operations).
 */
public final class LatencyRecorder {
  /** Upper bound on {@code capacity}: 16 M doubles = 128 MB. */
  public static final int MAX_CAPACITY = 1 << 24;

  private final double[] reservoir;
  private final Random random;
  private long count;
  private double mean;
  private double m2;
  private double min = Double.POSITIVE_INFINITY;
  private double max = Double.NEGATIVE_INFINITY;

  /**
   * @param capacity values kept for percentiles, in {@code 1..MAX_CAPACITY}
   * @param random source for reservoir replacement once more than {@code capacity} are recorded
   */
  public LatencyRecorder(int capacity, Random random) {
    if (capacity < 1 || capacity > MAX_CAPACITY) {
      throw new IllegalArgumentException("capacity must be in 1.." + MAX_CAPACITY + ", got "
          + capacity + ": give how many durations to keep for percentiles, e.g. 10000");
    }
    if (random == null) {
      throw new IllegalArgumentException(
          "random must not be null: pass a seeded java.util.Random for reproducible runs");
    }
    this.reservoir = new double[capacity];
    this.random = random;
  }

  /** Records one duration in ms; must be finite and {@code >= 0}. */
  public synchronized void record(double durationMs) {
    if (!(durationMs >= 0) || Double.isInfinite(durationMs)) {
      throw new IllegalArgumentException("durationMs must be finite and >= 0, got " + durationMs
          + ": measure with a monotonic clock (System.nanoTime)");
    }
    count++;
    double delta = durationMs - mean;
    mean += delta / count;
    m2 += delta * (durationMs - mean);
    min = Math.min(min, durationMs);
    max = Math.max(max, durationMs);
    if (count <= reservoir.length) {
      reservoir[(int) (count - 1)] = durationMs;
    } else {
      long j = (long) (random.nextDouble() * count); // uniform in [0, count)
      if (j < reservoir.length) {
        reservoir[(int) j] = durationMs;
      }
    }
  }

  public synchronized long count() {
    return count;
  }

  /** Whether every recorded value is kept, so percentiles are exact. */
  public synchronized boolean isExact() {
    return count <= reservoir.length;
  }

  /** The kept values (all of them while {@link #isExact()}), in recording/reservoir order. */
  public synchronized double[] samples() {
    return Arrays.copyOf(reservoir, (int) Math.min(count, reservoir.length));
  }

  /** Summary of everything recorded; percentiles are estimated once not {@link #isExact()}. */
  public synchronized LatencySummary summary() {
    double[] kept = samples();
    LatencySummary fromKept = LatencySummary.of(kept);
    if (isExact()) {
      return fromKept;
    }
    double std = Math.sqrt(m2 / (count - 1));
    return new LatencySummary(count, mean, std, min, max, fromKept.p50Ms(), fromKept.p90Ms(),
        fromKept.p99Ms());
  }
}
