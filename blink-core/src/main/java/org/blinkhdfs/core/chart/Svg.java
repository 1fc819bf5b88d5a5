package org.blinkhdfs.core.chart;

import java.util.Locale;

/** Small helpers shared by the SVG charts: number formatting and XML escaping. */
final class Svg {
  private Svg() {}

  static String num(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  static String escape(String s) {
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

  static String open(int width, int height, String title) {
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width + "\" height=\"" + height
        + "\" viewBox=\"0 0 " + width + " " + height + "\" font-family=\"sans-serif\""
        + " font-size=\"12\">\n<title>" + escape(title) + "</title>\n"
        + "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  }
}
