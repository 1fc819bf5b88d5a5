package org.blinkhdfs.bench.stats;

/**
 * A distribution-free 95% confidence interval for a quantile of measured latencies: the order
 * statistics whose ranks bracket {@code n·q} by 1.96 binomial standard deviations,
 * {@code l = ⌊n·q − 1.96·√(n·q·(1 − q))⌋} and {@code u = ⌈n·q + 1.96·√(n·q·(1 − q))⌉}, clamped to
 * {@code [1, n]} (the normal approximation of the binomial count of values below the quantile).
 * It needs no assumption about the latency distribution, which under blinking is far from normal
 * (most reads fast, some waiting up to a whole sleep).
 *
 * <p>Worked example: 100 values 1..100, q = 0.9: {@code n·q = 90}, {@code √(100·0.9·0.1) = 3},
 * {@code 1.96·3 = 5.88}: ranks 84 and 96, so the p90 of 90 lies in [84, 96].
 *
 * <p>Stateless.
 */
public final class QuantileInterval {
  private static final double Z975 = 1.959964;

  private QuantileInterval() {}

  /**
   * {@code [low, high]} for quantile {@code q} of ascending {@code sorted}.
   *
   * @throws IllegalArgumentException when sorted is empty or q is outside (0, 1)
   */
  public static double[] of(double[] sorted, double q) {
    if (!(q > 0 && q < 1)) {
      throw new IllegalArgumentException("q must be in (0, 1), got " + q
          + ": give the quantile as a fraction, e.g. 0.9 for p90");
    }
    int n = sorted.length;
    if (n == 0) {
      throw new IllegalArgumentException("sorted must hold at least one value: no interval of"
          + " nothing");
    }
    double centre = n * q;
    double spread = Z975 * Math.sqrt(n * q * (1 - q));
    int low = Math.max(1, (int) Math.floor(centre - spread + 1e-9));
    int high = Math.min(n, (int) Math.ceil(centre + spread - 1e-9));
    return new double[] {sorted[low - 1], sorted[high - 1]};
  }

  /** Half the width of the 95% t interval of a mean, from a summary; NaN below 2 values. */
  public static double meanHalfWidth(LatencySummary s) {
    if (s.count() < 2) {
      return Double.NaN;
    }
    int df = (int) Math.min(Integer.MAX_VALUE, s.count() - 1);
    return MeanInterval.tQuantile975(df) * s.stdMs() / Math.sqrt(s.count());
  }
}
