package org.blinkhdfs.common.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A line chart as SVG: several named series of (x, y) points on shared linear axes with labelled
 * ends. Used for the recent power signal on the scheduler's status page; benchmark report
 * plots (latency or throughput versus power, SVG and PNG) use blink-bench's {@code
 * org.blinkhdfs.common.chart.LineChart} instead. Each series is a {@code <polyline
 * class="series" data-name="...">}; a legend names them.
 *
 * <p>Immutable once built; thread-safe.
 */
public final class LineChartSvg {
  /** One named series; x and y have the same length. */
  public record Series(String name, double[] x, double[] y, String colour) {
    public Series {
      Objects.requireNonNull(name, "name");
      if (x.length != y.length) {
        throw new IllegalArgumentException("series '" + name + "' has " + x.length
            + " x values but " + y.length + " y values");
      }
    }
  }

  private static final int WIDTH = 640;
  private static final int HEIGHT = 320;
  private static final int LEFT = 60;
  private static final int RIGHT = 150;
  private static final int TOP = 30;
  private static final int BOTTOM = 40;

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final List<Series> series = new ArrayList<>();

  public LineChartSvg(String title, String xLabel, String yLabel) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
  }

  public LineChartSvg add(Series s) {
    series.add(s);
    return this;
  }

  public String render() {
    double minX = Double.POSITIVE_INFINITY;
    double maxX = Double.NEGATIVE_INFINITY;
    double maxY = 0;
    double minY = 0;
    for (Series s : series) {
      for (int i = 0; i < s.x().length; i++) {
        if (Double.isFinite(s.x()[i]) && Double.isFinite(s.y()[i])) {
          minX = Math.min(minX, s.x()[i]);
          maxX = Math.max(maxX, s.x()[i]);
          maxY = Math.max(maxY, s.y()[i]);
          minY = Math.min(minY, s.y()[i]);
        }
      }
    }
    if (!(minX < maxX)) {
      minX = Double.isFinite(minX) ? minX - 1 : 0;
      maxX = minX + 2;
    }
    if (maxY <= minY) {
      maxY = minY + 1;
    }
    double plotW = WIDTH - LEFT - RIGHT;
    double plotH = HEIGHT - TOP - BOTTOM;
    StringBuilder sb = new StringBuilder(Svg.open(WIDTH, HEIGHT, title));
    sb.append("<text x=\"").append(LEFT).append("\" y=\"18\">").append(Svg.escape(title))
        .append("</text>\n");
    sb.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(TOP + (int) plotH)
        .append("\" x2=\"").append(LEFT + (int) plotW).append("\" y2=\"")
        .append(TOP + (int) plotH).append("\" stroke=\"black\"/>\n");
    sb.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(TOP).append("\" x2=\"")
        .append(LEFT).append("\" y2=\"").append(TOP + (int) plotH)
        .append("\" stroke=\"black\"/>\n");
    axisText(sb, LEFT, HEIGHT - 22, Svg.num(minX), "start");
    axisText(sb, LEFT + (int) plotW, HEIGHT - 22, Svg.num(maxX), "end");
    axisText(sb, LEFT + (int) (plotW / 2), HEIGHT - 6, xLabel, "middle");
    axisText(sb, LEFT - 4, TOP + (int) plotH, Svg.num(minY), "end");
    axisText(sb, LEFT - 4, TOP + 10, Svg.num(maxY), "end");
    axisText(sb, 4, TOP - 8, yLabel, "start");
    int legendY = TOP + 10;
    for (Series s : series) {
      StringBuilder pts = new StringBuilder();
      for (int i = 0; i < s.x().length; i++) {
        if (!Double.isFinite(s.x()[i]) || !Double.isFinite(s.y()[i])) {
          continue;
        }
        double px = LEFT + plotW * (s.x()[i] - minX) / (maxX - minX);
        double py = TOP + plotH - plotH * (s.y()[i] - minY) / (maxY - minY);
        pts.append(Svg.num(px)).append(',').append(Svg.num(py)).append(' ');
      }
      sb.append("<polyline class=\"series\" data-name=\"").append(Svg.escape(s.name()))
          .append("\" fill=\"none\" stroke=\"").append(s.colour()).append("\" stroke-width=\"2\""
              + " points=\"").append(pts.toString().trim()).append("\"/>\n");
      sb.append("<text x=\"").append(WIDTH - RIGHT + 10).append("\" y=\"").append(legendY)
          .append("\" fill=\"").append(s.colour()).append("\">").append(Svg.escape(s.name()))
          .append("</text>\n");
      legendY += 16;
    }
    return sb.append("</svg>\n").toString();
  }

  private static void axisText(StringBuilder sb, int x, int y, String text, String anchor) {
    sb.append("<text x=\"").append(x).append("\" y=\"").append(y).append("\" text-anchor=\"")
        .append(anchor).append("\">").append(Svg.escape(text)).append("</text>\n");
  }
}
