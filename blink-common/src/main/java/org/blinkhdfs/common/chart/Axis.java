package org.blinkhdfs.common.chart;

import java.util.Objects;

/**
 * One axis of a {@link LineChart}: its label, scale and optional fixed ends.
 *
 * <p>{@code min}/{@code max} are {@link Double#NaN} for "fit the data". A fixed end is a floor
 * for the visible range, never a clip: data outside it widens the axis, so no point is ever drawn
 * outside the plot. A LINEAR axis with automatic ends starts at 0 when all data are
 * non-negative (latency and throughput are read against zero).
 *
 * @param label axis title, e.g. {@code "power (% of all DataNodes awake)"}
 * @param scale LINEAR or LOG10
 * @param min fixed lower end or NaN
 * @param max fixed upper end or NaN
 */
public record Axis(String label, AxisScale scale, double min, double max) {

  public Axis {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(scale, "scale");
    if (Double.isInfinite(min) || Double.isInfinite(max)) {
      throw new IllegalArgumentException("axis '" + label + "': ends must be finite or NaN (auto),"
          + " got min=" + min + ", max=" + max);
    }
    if (!Double.isNaN(min) && !Double.isNaN(max) && !(min < max)) {
      throw new IllegalArgumentException("axis '" + label + "': min " + min
          + " must be below max " + max);
    }
    if (scale == AxisScale.LOG10 && ((!Double.isNaN(min) && min <= 0)
        || (!Double.isNaN(max) && max <= 0))) {
      throw new IllegalArgumentException("axis '" + label + "': a LOG10 axis needs ends > 0,"
          + " got min=" + min + ", max=" + max);
    }
  }

  /** A linear axis fitted to the data. */
  public static Axis linear(String label) {
    return new Axis(label, AxisScale.LINEAR, Double.NaN, Double.NaN);
  }

  /** A log10 axis fitted to the data. */
  public static Axis log(String label) {
    return new Axis(label, AxisScale.LOG10, Double.NaN, Double.NaN);
  }

  /** This axis with fixed ends (still widened by data outside them). */
  public Axis withRange(double newMin, double newMax) {
    return new Axis(label, scale, newMin, newMax);
  }
}
