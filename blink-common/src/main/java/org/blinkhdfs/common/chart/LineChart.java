package org.blinkhdfs.common.chart;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A line chart as data: title, two {@link Axis axes}, named {@link Series} and a size in pixels.
 * {@link ChartRenderer} draws it as SVG or PNG.
 *
 * <p>Design note: why a model separate from the renderers. The benchmark report needs the same
 * plot in two formats (SVG for the browser, PNG for viewers that cannot show SVG). All layout
 * decisions (margins, axis ranges, ticks, legend, where each point lands) are made once, in the
 * package-private {@code ChartLayout}, which issues drawing calls to a small {@code Canvas}
 * interface; an SVG canvas and a Java2D canvas only translate those calls. So the two files agree
 * pixel for pixel on geometry, and no layout arithmetic is written twice.
 *
 * <p>Worked example: {@code LineChart.builder("read latency").x(Axis.linear("power %")
 * .withRange(0, 100)).y(Axis.linear("ms")).add(Series.of("r=3", xs, ys, "#1f77b4"))
 * .add(Series.of("r=3 expected", xs, es, "#1f77b4").withStyle(LineStyle.DASHED)).build()} is a
 * 720 × 420 chart, x ticks every 20 %, y ticks at a 1-2-5 step from 0, and a legend with a solid
 * and a dashed sample line.
 *
 * <p>Immutable (arrays are copied in and out) and thread-safe.
 *
 * @param title shown above the plot
 * @param x horizontal axis
 * @param y vertical axis
 * @param series drawn in order; the legend lists them in the same order
 * @param widthPx image width, at least {@value #MIN_WIDTH_PX}
 * @param heightPx image height, at least {@value #MIN_HEIGHT_PX}; grows when the legend needs it
 */
public record LineChart(String title, Axis x, Axis y, List<Series> series, int widthPx,
    int heightPx) {
  public static final int MIN_WIDTH_PX = 320;
  public static final int MIN_HEIGHT_PX = 200;
  /** A limit on everything: more series than this is not a readable chart. */
  public static final int MAX_SERIES = 64;

  public LineChart {
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(x, "x");
    Objects.requireNonNull(y, "y");
    series = List.copyOf(series);
    if (series.size() > MAX_SERIES) {
      throw new IllegalArgumentException("chart '" + title + "' has " + series.size()
          + " series, more than " + MAX_SERIES + ": split it into several charts");
    }
    if (widthPx < MIN_WIDTH_PX || heightPx < MIN_HEIGHT_PX) {
      throw new IllegalArgumentException("chart '" + title + "' size " + widthPx + "x" + heightPx
          + " is below the minimum " + MIN_WIDTH_PX + "x" + MIN_HEIGHT_PX);
    }
  }

  public static Builder builder(String title) {
    return new Builder(title);
  }
  /**
   * A plain chart of lines without markers on linear axes, {@code 640 x 320} px: the status
   * page's and the lab's timelines.
   */
  public static Builder lines(String title, String xLabel, String yLabel) {
    return builder(title).x(Axis.linear(xLabel)).y(Axis.linear(yLabel)).size(640, 320);
  }

  /** A line of {@link #lines} charts: no markers, solid. */
  public static Series line(String name, double[] x, double[] y, String colour) {
    return Series.of(name, x, y, colour).withMarker(Marker.NONE);
  }


  /**
   * One named line: points {@code (x[i], y[i])}, drawn in order. A non-finite value (or a value
   * the axis scale cannot show) breaks the line there instead of joining across it.
   *
   * @param colour {@code #rrggbb}, read the same by SVG and Java2D
   */
  public record Series(String name, double[] x, double[] y, String colour, LineStyle style,
      Marker marker) {
    private static final Pattern COLOUR = Pattern.compile("#[0-9a-fA-F]{6}");

    public Series {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(style, "style");
      Objects.requireNonNull(marker, "marker");
      if (x.length != y.length) {
        throw new IllegalArgumentException("series '" + name + "' has " + x.length
            + " x values but " + y.length + " y values");
      }
      if (colour == null || !COLOUR.matcher(colour).matches()) {
        throw new IllegalArgumentException("series '" + name + "' colour '" + colour
            + "' is not #rrggbb, e.g. #1f77b4");
      }
      x = x.clone();
      y = y.clone();
    }

    /** A solid line with circle markers. */
    public static Series of(String name, double[] x, double[] y, String colour) {
      return new Series(name, x, y, colour, LineStyle.SOLID, Marker.CIRCLE);
    }

    public Series withStyle(LineStyle newStyle) {
      return new Series(name, x, y, colour, newStyle, marker);
    }

    public Series withMarker(Marker newMarker) {
      return new Series(name, x, y, colour, style, newMarker);
    }

    @Override
    public double[] x() {
      return x.clone();
    }

    @Override
    public double[] y() {
      return y.clone();
    }

    public int size() {
      return x.length;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Series s && name.equals(s.name) && Arrays.equals(x, s.x)
          && Arrays.equals(y, s.y) && colour.equals(s.colour) && style == s.style
          && marker == s.marker;
    }

    @Override
    public int hashCode() {
      return Objects.hash(name, Arrays.hashCode(x), Arrays.hashCode(y), colour, style, marker);
    }

    @Override
    public String toString() {
      return "Series{" + name + ", x=" + Arrays.toString(x) + ", y=" + Arrays.toString(y)
          + ", " + colour + ", " + style + ", " + marker + "}";
    }
  }

  /** Builder: default 720 × 420, linear axes labelled "x" and "y". */
  public static final class Builder {
    private final String title;
    private Axis x = Axis.linear("x");
    private Axis y = Axis.linear("y");
    private final List<Series> series = new ArrayList<>();
    private int widthPx = 720;
    private int heightPx = 420;

    private Builder(String title) {
      this.title = title;
    }

    public Builder x(Axis axis) {
      this.x = axis;
      return this;
    }

    public Builder y(Axis axis) {
      this.y = axis;
      return this;
    }

    public Builder add(Series s) {
      series.add(Objects.requireNonNull(s, "series"));
      return this;
    }

    public Builder size(int width, int height) {
      this.widthPx = width;
      this.heightPx = height;
      return this;
    }

    public LineChart build() {
      return new LineChart(title, x, y, series, widthPx, heightPx);
    }
  }
}
