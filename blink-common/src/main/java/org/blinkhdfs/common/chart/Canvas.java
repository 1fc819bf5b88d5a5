package org.blinkhdfs.common.chart;

/**
 * The few drawing calls a chart needs, in pixel coordinates (origin top left, y down). {@code
 * ChartLayout} decides every coordinate; implementations ({@link SvgCanvas}, {@link PngCanvas})
 * only translate calls into their format, so they hold no layout arithmetic.
 */
interface Canvas {

  /** How a line is stroked. */
  record Pen(String colour, double widthPx, LineStyle style) {}

  /** Horizontal anchor of a text: where {@code x} is relative to the text. */
  enum Anchor {
    START,
    MIDDLE,
    END
  }

  /** Text appearance; {@code rotationDeg} turns the text about its anchor point (−90: upward). */
  record TextStyle(int sizePx, Anchor anchor, boolean bold, int rotationDeg, String colour) {}

  /** Starts a {@code width × height} picture on a white background. */
  void begin(int width, int height, String title);

  void line(double x1, double y1, double x2, double y2, Pen pen);

  /** A connected line through the points; {@code name} identifies the series (SVG attribute). */
  void polyline(double[] xs, double[] ys, Pen pen, String name);

  void dot(double cx, double cy, double radiusPx, String colour);

  /** {@code y} is the text baseline. */
  void text(double x, double y, String text, TextStyle style);
}
