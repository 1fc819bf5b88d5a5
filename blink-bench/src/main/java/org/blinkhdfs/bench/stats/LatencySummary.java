package org.blinkhdfs.bench.stats;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;

/**
 * Count, mean, standard deviation, extremes and the 50th/90th/99th percentiles of a set of
 * request durations in milliseconds: the numbers BlinkFS reports for its latency benchmark
 * (Table 2: standard deviation and 90th percentile; Figures 8 and 12: mean).
 *
 * <p>Definitions, fixed so two runs and two tools agree:
 *
 * <ul>
 *   <li>{@code stdMs} is the <em>sample</em> standard deviation, {@code sqrt(Σ(x − mean)² / (n −
 *       1))}, computed in two passes (mean first) to avoid cancellation; 0 for a single value.
 *   <li>Percentiles use the <em>nearest-rank</em> method: the {@code p}-th percentile ({@code 0 <
 *       p ≤ 100}) of {@code n} sorted values {@code x[1..n]} is {@code x[ceil(p·n/100)]}. It is
 *       always one of the measured values (no interpolation), never below the minimum nor above
 *       the maximum. {@code ceil(p·n/100)} is computed in decimal arithmetic, so {@code p = 90},
 *       {@code n = 10} gives rank 9 exactly, not 10 through binary rounding.
 *   <li>No values: {@code count = 0} and every other field 0 (not NaN, so reports stay valid
 *       JSON); check {@code count} before reading the rest.
 * </ul>
 *
 * <p>Worked example: {@code {4, 1, 3}} ms: mean {@code 8/3 ≈ 2.667}; deviations {@code 4/3, −5/3,
 * 1/3}, squares summing to {@code 42/9}, over {@code n − 1 = 2}: variance {@code 7/3}, std {@code
 * ≈ 1.528}; sorted {@code 1, 3, 4}: p50 is rank {@code ceil(1.5) = 2}, 3 ms; p90 is rank {@code
 * ceil(2.7) = 3}, 4 ms; p99 is 4 ms.
 *
 * <p>Immutable and thread-safe.
 *
 * @param count number of durations
 * @param meanMs arithmetic mean
 * @param stdMs sample standard deviation ({@code n − 1} in the denominator)
 * @param minMs smallest duration
 * @param maxMs largest duration
 * @param p50Ms nearest-rank median
 * @param p90Ms nearest-rank 90th percentile
 * @param p99Ms nearest-rank 99th percentile
 */
public record LatencySummary(long count, double meanMs, double stdMs, double minMs, double maxMs,
    double p50Ms, double p90Ms, double p99Ms) {

  /** The summary of no durations. */
  public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);

  public LatencySummary {
    if (count < 0) {
      throw new IllegalArgumentException(
          "count must be >= 0, got " + count + ": give the number of durations summarised");
    }
  }

  /** Summarises durations in ms; the array is not modified. NaN or infinite values are refused. */
  public static LatencySummary of(double[] durationsMs) {
    double[] sorted = durationsMs.clone();
    for (double d : sorted) {
      if (!Double.isFinite(d)) {
        throw new IllegalArgumentException("durations must be finite, got " + d
            + ": record only requests that completed, with a measured duration");
      }
    }
    if (sorted.length == 0) {
      return EMPTY;
    }
    Arrays.sort(sorted);
    double mean = mean(sorted);
    return new LatencySummary(sorted.length, mean, sampleStd(sorted, mean), sorted[0],
        sorted[sorted.length - 1], percentileOfSorted(sorted, 50), percentileOfSorted(sorted, 90),
        percentileOfSorted(sorted, 99));
  }

  /** Summarises durations in ms given as boxed numbers (for example a {@code List<Double>}). */
  public static LatencySummary of(Collection<? extends Number> durationsMs) {
    double[] a = new double[durationsMs.size()];
    int i = 0;
    for (Number n : durationsMs) {
      a[i++] = n.doubleValue();
    }
    return of(a);
  }

  /**
   * The nearest-rank {@code p}-th percentile of ascending {@code sorted}: {@code
   * sorted[ceil(p·n/100) − 1]}.
   *
   * @param p percentile in {@code (0, 100]}
   */
  public static double percentileOfSorted(double[] sorted, double p) {
    if (!(p > 0 && p <= 100)) {
      throw new IllegalArgumentException(
          "p must be in (0, 100], got " + p + ": give a percentile such as 50, 90 or 99");
    }
    if (sorted.length == 0) {
      throw new IllegalArgumentException(
          "sorted must hold at least one value: a percentile of nothing is undefined");
    }
    return sorted[nearestRank(p, sorted.length) - 1];
  }

  /** {@code ceil(p·n/100)} in exact decimal arithmetic, clamped to {@code [1, n]}. */
  static int nearestRank(double p, int n) {
    BigDecimal rank = BigDecimal.valueOf(p).multiply(BigDecimal.valueOf(n))
        .divide(BigDecimal.valueOf(100)).setScale(0, RoundingMode.CEILING);
    return Math.max(1, Math.min(n, rank.intValueExact()));
  }

  /** One line for progress output: {@code n=3 mean=2.67 std=1.53 p50=3.00 p90=4.00 ...}. */
  public String format() {
    return String.format(Locale.ROOT,
        "n=%d mean=%.2fms std=%.2fms min=%.2fms p50=%.2fms p90=%.2fms p99=%.2fms max=%.2fms",
        count, meanMs, stdMs, minMs, p50Ms, p90Ms, p99Ms, maxMs);
  }

  private static double mean(double[] xs) {
    double sum = 0;
    for (double x : xs) {
      sum += x;
    }
    return sum / xs.length;
  }

  private static double sampleStd(double[] xs, double mean) {
    if (xs.length < 2) {
      return 0;
    }
    double ss = 0;
    for (double x : xs) {
      double d = x - mean;
      ss += d * d;
    }
    return Math.sqrt(ss / (xs.length - 1));
  }
}
