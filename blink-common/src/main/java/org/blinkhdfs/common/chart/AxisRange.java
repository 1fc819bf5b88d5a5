package org.blinkhdfs.common.chart;

import java.util.List;

/**
 * The visible range of one axis, its ticks, and the map from a value to a fraction of the axis
 * length. Fitted once per chart by {@code ChartLayout}; both renderers see the same result.
 *
 * <p>Fitting: collect the values the scale can show; widen by the axis' fixed ends; for LINEAR
 * with automatic ends, include 0 when the data are all non-negative; round out to nice ticks
 * ({@link Ticks}). LOG10 rounds out to whole decades. No data: {@code [0, 1]} (LINEAR) or
 * {@code [1, 10]} (LOG10). A single value {@code v}: {@code [v − 1, v + 1]} before rounding (or
 * one decade each side on LOG10).
 */
record AxisRange(AxisScale scale, double min, double max, List<Double> ticks, double step) {

  static AxisRange fit(Axis axis, double[] values) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (double v : values) {
      if (axis.scale().canShow(v)) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
    if (!Double.isNaN(axis.min())) {
      lo = Math.min(lo, axis.min());
    }
    if (!Double.isNaN(axis.max())) {
      hi = Math.max(hi, axis.max());
    }
    return axis.scale() == AxisScale.LOG10 ? log(lo, hi) : linear(axis, lo, hi);
  }

  private static AxisRange linear(Axis axis, double lo, double hi) {
    if (lo > hi) {
      lo = 0;
      hi = 1;
    }
    if (Double.isNaN(axis.min()) && lo > 0) {
      lo = 0;
    }
    if (lo == hi) {
      lo -= 1;
      hi += 1;
    }
    double step = Ticks.linearStep(lo, hi);
    double niceLo = Math.floor(lo / step + 1e-9) * step;
    double niceHi = Math.ceil(hi / step - 1e-9) * step;
    return new AxisRange(AxisScale.LINEAR, niceLo, niceHi, Ticks.linear(niceLo, niceHi, step),
        step);
  }

  private static AxisRange log(double lo, double hi) {
    if (lo > hi) {
      lo = 1;
      hi = 10;
    }
    int loExp = (int) Math.floor(Math.log10(lo) + 1e-9);
    int hiExp = (int) Math.ceil(Math.log10(hi) - 1e-9);
    if (loExp == hiExp) {
      loExp -= 1;
      hiExp += 1;
    }
    return new AxisRange(AxisScale.LOG10, Math.pow(10, loExp), Math.pow(10, hiExp),
        Ticks.decades(loExp, hiExp), 1);
  }

  /** Position of {@code v} along the axis: 0 at {@code min}, 1 at {@code max}. */
  double fraction(double v) {
    if (scale == AxisScale.LOG10) {
      return (Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min));
    }
    return (v - min) / (max - min);
  }

  /** Tick label; LOG10 labels use the tick's own magnitude. */
  String label(double tick) {
    return Ticks.label(tick, scale == AxisScale.LOG10 ? tick : step);
  }
}
