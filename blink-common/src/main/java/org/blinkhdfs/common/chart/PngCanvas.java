package org.blinkhdfs.common.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Stroke;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;

/**
 * {@link Canvas} onto a Java2D {@link BufferedImage} (RGB, antialiased), for PNG output.
 *
 * <p>Headless: loading this class sets {@code java.awt.headless=true} unless the property is
 * already set, so rendering works on servers without a display. Only off-screen drawing is used
 * (no window, no toolkit events). Text uses the logical {@code SansSerif} font, so glyphs differ
 * slightly from the browser's sans-serif in the SVG; positions come from the shared layout and
 * only the anchoring (start/middle/end) is resolved here from the font's own metrics.
 *
 * <p>Not thread-safe: one instance per rendering.
 */
final class PngCanvas implements Canvas {
  static {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private BufferedImage image;
  private Graphics2D g;

  @Override
  public void begin(int width, int height, String title) {
    image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING,
        RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, width, height);
  }

  @Override
  public void line(double x1, double y1, double x2, double y2, Pen pen) {
    apply(pen);
    g.draw(new Line2D.Double(x1, y1, x2, y2));
  }

  @Override
  public void polyline(double[] xs, double[] ys, Pen pen, String name) {
    Path2D.Double path = new Path2D.Double();
    for (int i = 0; i < xs.length; i++) {
      if (i == 0) {
        path.moveTo(xs[i], ys[i]);
      } else {
        path.lineTo(xs[i], ys[i]);
      }
    }
    apply(pen);
    g.draw(path);
  }

  @Override
  public void dot(double cx, double cy, double radiusPx, String colour) {
    g.setColor(Color.decode(colour));
    g.fill(new Ellipse2D.Double(cx - radiusPx, cy - radiusPx, 2 * radiusPx, 2 * radiusPx));
  }

  @Override
  public void text(double x, double y, String text, TextStyle style) {
    Font font = new Font(Font.SANS_SERIF, style.bold() ? Font.BOLD : Font.PLAIN, style.sizePx());
    g.setFont(font);
    g.setColor(Color.decode(style.colour()));
    double w = g.getFontMetrics().stringWidth(text);
    double dx = switch (style.anchor()) {
      case START -> 0;
      case MIDDLE -> -w / 2;
      case END -> -w;
    };
    AffineTransform saved = g.getTransform();
    g.translate(x, y);
    g.rotate(Math.toRadians(style.rotationDeg()));
    g.drawString(text, (float) dx, 0f);
    g.setTransform(saved);
  }

  /** The finished image; the canvas cannot be drawn on afterwards. */
  BufferedImage finish() {
    g.dispose();
    return image;
  }

  private void apply(Pen pen) {
    g.setColor(Color.decode(pen.colour()));
    float[] dash = pen.style().dashPx();
    Stroke stroke = dash.length == 0
        ? new BasicStroke((float) pen.widthPx(), BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND)
        : new BasicStroke((float) pen.widthPx(), BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND,
            10f, dash, 0f);
    g.setStroke(stroke);
  }
}
