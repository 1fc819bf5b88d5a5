package org.blinkhdfs.common.chart;

import java.util.Locale;

/**
 * Small helpers shared by the SVG charts: number formatting, XML escaping and the document head.
 * Public because the schedule's Gantt chart ({@code GanttSvg} in blink-model) writes the same SVG
 * dialect as the line charts of {@link ChartRenderer}.
 *
 * <p>Stateless and thread-safe.
 */
public final class Svg {
  private Svg() {}

  /** {@code v} with one decimal, locale-independent ({@code 12.5}). */
  public static String num(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  /** {@code s} safe inside SVG text and attribute values. */
  public static String escape(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '&' -> sb.append("&amp;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }

  /** The {@code <svg>} start tag, a {@code <title>} and a white background. */
  public static String open(int width, int height, String title) {
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width + "\" height=\"" + height
        + "\" viewBox=\"0 0 " + width + " " + height + "\" font-family=\"sans-serif\""
        + " font-size=\"12\">\n<title>" + escape(title) + "</title>\n"
        + "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  }
}
