package org.blinkhdfs.common.chart;

/**
 * How values map onto an axis. LOG10 suits latencies that span decades (BlinkFS Table 2: 7 ms at
 * full power, 46 s at 20% with one replica); on a LOG10 axis values {@code <= 0} cannot be drawn
 * and are left out of the line (it breaks there) rather than clamped.
 */
public enum AxisScale {
  LINEAR,
  LOG10;

  /** True when {@code v} can be placed on an axis of this scale. */
  public boolean canShow(double v) {
    return Double.isFinite(v) && (this == LINEAR || v > 0);
  }
}
