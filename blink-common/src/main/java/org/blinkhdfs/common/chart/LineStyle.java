package org.blinkhdfs.common.chart;

/**
 * How a series' line is stroked. One dash pattern per style, shared by the SVG and the PNG
 * renderers so both draw the same dashes: SOLID for measurements, DASHED for analytic
 * expectations, DOTTED for reference lines (e.g. the ideal proportional throughput).
 */
public enum LineStyle {
  SOLID(new float[0]),
  DASHED(new float[] {8, 5}),
  DOTTED(new float[] {2, 4});

  private final float[] dashPx;

  LineStyle(float[] dashPx) {
    this.dashPx = dashPx;
  }

  /** Dash and gap lengths in pixels, alternating; empty for a solid line. A fresh copy. */
  public float[] dashPx() {
    return dashPx.clone();
  }

  /** True when the line is interrupted (has a dash pattern). */
  public boolean dashed() {
    return dashPx.length > 0;
  }
}
