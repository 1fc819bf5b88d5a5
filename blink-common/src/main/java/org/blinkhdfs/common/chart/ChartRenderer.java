package org.blinkhdfs.common.chart;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/**
 * Renders a {@link LineChart} as SVG text, a Java2D image or PNG bytes. All three replay the same
 * {@code ChartLayout} (see {@link LineChart} for why), so they show the same geometry; the image
 * size is the layout's (the chart's size, taller when the legend needs it).
 *
 * <p>PNG rendering runs headless ({@code java.awt.headless=true} unless already set). Stateless
 * and thread-safe: each call uses its own canvas.
 */
public final class ChartRenderer {
  private ChartRenderer() {}

  /** The chart as a standalone SVG document (UTF-8 text). */
  public static String svg(LineChart chart) {
    SvgCanvas canvas = new SvgCanvas();
    new ChartLayout(chart).draw(canvas);
    return canvas.finish();
  }

  /** The chart as an RGB image. */
  public static BufferedImage image(LineChart chart) {
    PngCanvas canvas = new PngCanvas();
    new ChartLayout(chart).draw(canvas);
    return canvas.finish();
  }

  /** The chart as PNG file bytes. */
  public static byte[] png(LineChart chart) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      if (!ImageIO.write(image(chart), "png", out)) {
        throw new IllegalStateException("this JRE has no PNG writer in javax.imageio");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("writing PNG to memory failed", e);
    }
    return out.toByteArray();
  }
}
