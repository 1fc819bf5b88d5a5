package org.blinkhdfs.bench.stats;

import java.util.Collection;
import java.util.Locale;

/**
 * The mean of a few repeated measurements with its two-sided 95% Student-t confidence interval:
 * how benchmarks that run several rounds side by side report a paired ratio (e.g. relay MB/s over
 * direct WebHDFS MB/s in the same round), so a reader sees whether a goal such as "within 10%"
 * is met, missed, or not decided by the data.
 *
 * <p>Why Student-t and not the normal 1.96: rounds are few (5 to 10), and with n − 1 degrees of
 * freedom the t quantile is markedly wider (2.776 at n = 5). The rounds are assumed independent
 * and roughly normal; a ratio of throughputs measured side by side usually is.
 *
 * <p>Definitions: {@code mean} the arithmetic mean; {@code halfWidth = t(0.975, n−1) · s / √n} with
 * {@code s} the sample standard deviation ({@link LatencySummary}'s definition); {@code low/high =
 * mean ∓ halfWidth}. One value has no spread to estimate: its half width is reported as NaN and
 * {@link #hasInterval()} is false. The t quantiles for 1..30 degrees of freedom are the tabulated
 * values (to 3 decimals); above 30 the Cornish-Fisher expansion of the normal quantile, which
 * agrees with the tables to 0.001.
 *
 * <p>Worked example: ratios {1.02, 0.95, 0.99, 1.04, 0.97}: mean 0.994, s = 0.0365, t(0.975, 4) =
 * 2.776, half width 2.776 · 0.0365 / √5 = 0.0453: 0.994 (0.949 .. 1.039).
 *
 * <p>Immutable and thread-safe.
 *
 * @param count n, the number of measurements
 * @param mean their mean
 * @param halfWidth half the width of the 95% interval; NaN when {@code count < 2}
 */
public record MeanInterval(int count, double mean, double halfWidth) {
  /** t(0.975, df) for df = 1..30. */
  private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
      2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080,
      2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  private static final double Z975 = 1.959964;

  public MeanInterval {
    if (count < 1) {
      throw new IllegalArgumentException("count must be >= 1, got " + count
          + ": an interval needs at least one measurement");
    }
  }

  /** The mean and 95% interval of {@code values}; at least one, all finite. */
  public static MeanInterval of(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values: give at least one measurement (one per"
          + " round)");
    }
    LatencySummary s = LatencySummary.of(values); // refuses NaN and infinities
    if (values.length == 1) {
      return new MeanInterval(1, s.meanMs(), Double.NaN);
    }
    double half = tQuantile975(values.length - 1) * s.stdMs() / Math.sqrt(values.length);
    return new MeanInterval(values.length, s.meanMs(), half);
  }

  /** {@link #of(double[])} of boxed numbers. */
  public static MeanInterval of(Collection<? extends Number> values) {
    return of(values.stream().mapToDouble(Number::doubleValue).toArray());
  }

  /** The 0.975 quantile of Student's t with {@code df} degrees of freedom (df >= 1). */
  public static double tQuantile975(int df) {
    if (df < 1) {
      throw new IllegalArgumentException("degrees of freedom must be >= 1, got " + df);
    }
    if (df <= T975.length) {
      return T975[df - 1];
    }
    double z = Z975;
    double z3 = z * z * z;
    double z5 = z3 * z * z;
    return z + (z3 + z) / (4.0 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96.0 * df * df);
  }

  /** Whether there is an interval (two or more measurements). */
  public boolean hasInterval() {
    return count >= 2;
  }

  public double low() {
    return mean - halfWidth;
  }

  public double high() {
    return mean + halfWidth;
  }

  /** {@code 0.994 (0.949 .. 1.039)}, or {@code 0.994 (one round, no interval)}. */
  public String format(String numberFormat) {
    String m = String.format(Locale.ROOT, numberFormat, mean);
    if (!hasInterval()) {
      return m + " (one round, no interval)";
    }
    return m + " (" + String.format(Locale.ROOT, numberFormat, low()) + " .. "
        + String.format(Locale.ROOT, numberFormat, high()) + ")";
  }
}
