package org.blinkhdfs.common.chart;

import java.util.ArrayList;
import java.util.List;
import org.blinkhdfs.common.chart.Canvas.Anchor;
import org.blinkhdfs.common.chart.Canvas.Pen;
import org.blinkhdfs.common.chart.Canvas.TextStyle;

/**
 * Every layout decision of a {@link LineChart}, made once and replayed onto any {@link Canvas}.
 *
 * <p>Geometry: the plot area starts {@value #LEFT} px from the left (room for y tick labels and
 * the rotated y label) and {@value #TOP} px from the top (title); {@value #BOTTOM} px below it
 * hold x tick labels and the x label. The legend sits right of the plot; its width is estimated
 * from the longest series name at {@value #CHAR_PX} px per character (an estimate, so SVG and PNG
 * share one layout however their fonts measure), and the chart grows taller when the legend has
 * more rows than fit. Axis ranges and ticks come from {@link AxisRange#fit}.
 *
 * <p>Drawing order: background, title, grid and tick labels, axes, axis labels, series (a line
 * per run of drawable points, then markers), legend.
 *
 * <p>Worked example: 720 × 420, one series named "r=3" (3 characters): legend width
 * {@code 28 + 6 + 3·7 + 8 = 63}, plot from x = 72 to {@code 720 − 63 − 2·16 = 625}, y from 44
 * to {@code 420 − 56 = 364}. On x range [0, 100] the value 40 lands at {@code 72 + 0.4·553 =
 * 293.2}.
 *
 * <p>Immutable after construction; {@link #draw} may be called any number of times.
 */
final class ChartLayout {
  static final int LEFT = 72;
  static final int TOP = 44;
  static final int BOTTOM = 56;
  static final int GAP = 16;
  static final int LEGEND_ROW = 18;
  static final int SAMPLE = 28;
  static final int CHAR_PX = 7;
  static final int MIN_PLOT = 120;
  static final double MARKER_RADIUS = 3;
  private static final String INK = "#000000";
  private static final String GRID = "#dddddd";
  private static final TextStyle TICK = new TextStyle(11, Anchor.END, false, 0, "#333333");

  private final LineChart chart;
  private final int width;
  private final int height;
  private final double plotLeft;
  private final double plotRight;
  private final double plotTop;
  private final double plotBottom;
  private final AxisRange xRange;
  private final AxisRange yRange;

  ChartLayout(LineChart chart) {
    this.chart = chart;
    int longest = 0;
    for (LineChart.Series s : chart.series()) {
      longest = Math.max(longest, s.name().length());
    }
    int legendWidth = chart.series().isEmpty() ? 0 : SAMPLE + 6 + CHAR_PX * longest + 8;
    this.width = Math.max(chart.widthPx(), LEFT + MIN_PLOT + legendWidth + 2 * GAP);
    int legendHeight = TOP + 8 + LEGEND_ROW * chart.series().size() + BOTTOM;
    this.height = Math.max(chart.heightPx(), legendHeight);
    this.plotLeft = LEFT;
    this.plotRight = width - legendWidth - 2 * GAP;
    this.plotTop = TOP;
    this.plotBottom = height - BOTTOM;
    List<double[]> xs = new ArrayList<>();
    List<double[]> ys = new ArrayList<>();
    for (LineChart.Series s : chart.series()) {
      xs.add(s.x());
      ys.add(s.y());
    }
    this.xRange = AxisRange.fit(chart.x(), concat(xs));
    this.yRange = AxisRange.fit(chart.y(), concat(ys));
  }

  int width() {
    return width;
  }

  int height() {
    return height;
  }

  AxisRange xRange() {
    return xRange;
  }

  AxisRange yRange() {
    return yRange;
  }

  /** Pixel x of data value {@code v}. */
  double px(double v) {
    return plotLeft + (plotRight - plotLeft) * xRange.fraction(v);
  }

  /** Pixel y of data value {@code v}. */
  double py(double v) {
    return plotBottom - (plotBottom - plotTop) * yRange.fraction(v);
  }

  void draw(Canvas c) {
    c.begin(width, height, chart.title());
    c.text(width / 2.0, 26, chart.title(), new TextStyle(15, Anchor.MIDDLE, true, 0, INK));
    drawGridAndTicks(c);
    Pen axisPen = new Pen(INK, 1, LineStyle.SOLID);
    c.line(plotLeft, plotBottom, plotRight, plotBottom, axisPen);
    c.line(plotLeft, plotTop, plotLeft, plotBottom, axisPen);
    c.text((plotLeft + plotRight) / 2, height - 14, chart.x().label(),
        new TextStyle(12, Anchor.MIDDLE, false, 0, INK));
    c.text(20, (plotTop + plotBottom) / 2, chart.y().label(),
        new TextStyle(12, Anchor.MIDDLE, false, -90, INK));
    for (LineChart.Series s : chart.series()) {
      drawSeries(c, s);
    }
    drawLegend(c);
  }

  private void drawGridAndTicks(Canvas c) {
    Pen grid = new Pen(GRID, 1, LineStyle.SOLID);
    for (double t : yRange.ticks()) {
      double y = py(t);
      c.line(plotLeft, y, plotRight, y, grid);
      c.text(plotLeft - 6, y + 4, yRange.label(t), TICK);
    }
    TextStyle xTick = new TextStyle(TICK.sizePx(), Anchor.MIDDLE, false, 0, TICK.colour());
    for (double t : xRange.ticks()) {
      double x = px(t);
      c.line(x, plotTop, x, plotBottom, grid);
      c.text(x, plotBottom + 16, xRange.label(t), xTick);
    }
  }

  private void drawSeries(Canvas c, LineChart.Series s) {
    Pen pen = new Pen(s.colour(), 2, s.style());
    for (double[][] run : runs(s)) {
      c.polyline(run[0], run[1], pen, s.name());
      if (s.marker() == Marker.CIRCLE) {
        for (int i = 0; i < run[0].length; i++) {
          c.dot(run[0][i], run[1][i], MARKER_RADIUS, s.colour());
        }
      }
    }
  }

  /** Maximal runs of consecutive drawable points, in pixels: {@code {xs, ys}} each. */
  List<double[][]> runs(LineChart.Series s) {
    double[] x = s.x();
    double[] y = s.y();
    List<double[][]> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= x.length; i++) {
      boolean drawable = i < x.length && xRange.scale().canShow(x[i])
          && yRange.scale().canShow(y[i]);
      if (drawable) {
        continue;
      }
      if (i > start) {
        double[][] run = new double[2][i - start];
        for (int j = start; j < i; j++) {
          run[0][j - start] = px(x[j]);
          run[1][j - start] = py(y[j]);
        }
        out.add(run);
      }
      start = i + 1;
    }
    return out;
  }

  private void drawLegend(Canvas c) {
    double left = plotRight + GAP;
    TextStyle label = new TextStyle(12, Anchor.START, false, 0, INK);
    double y = plotTop + 8;
    for (LineChart.Series s : chart.series()) {
      c.line(left, y, left + SAMPLE, y, new Pen(s.colour(), 2, s.style()));
      if (s.marker() == Marker.CIRCLE) {
        c.dot(left + SAMPLE / 2.0, y, MARKER_RADIUS, s.colour());
      }
      c.text(left + SAMPLE + 6, y + 4, s.name(), label);
      y += LEGEND_ROW;
    }
  }

  private static double[] concat(List<double[]> arrays) {
    int n = 0;
    for (double[] a : arrays) {
      n += a.length;
    }
    double[] out = new double[n];
    int at = 0;
    for (double[] a : arrays) {
      System.arraycopy(a, 0, out, at, a.length);
      at += a.length;
    }
    return out;
  }
}
