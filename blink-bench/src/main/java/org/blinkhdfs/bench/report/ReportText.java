package org.blinkhdfs.bench.report;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Text rules shared by the report model and writers: one-line names, number formats.
 *
 * <p>Two number formats. {@link #exact(double)} is for machine-read files (CSV): the shortest
 * decimal that reads back to the same double, plain notation, no trailing zeros ({@code 812.0 →
 * "812"}, {@code 0.1 → "0.1"}). {@link #display(double)} is for people: about three significant
 * figures but never fewer than the integer part ({@code 46058.4 → "46058"}, {@code 63.27 →
 * "63.3"}, {@code 0.7324 → "0.73"}).
 */
final class ReportText {
  private ReportText() {}

  /** Rejects null, blank or multi-line text; {@code what} names it in the message. */
  static void requireLine(String what, String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(what + " must not be blank, got '" + text + "'");
    }
    if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
      throw new IllegalArgumentException(what + " must be one line, got '" + text + "'");
    }
  }

  static String exact(double v) {
    String s = BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    return s.equals("-0") ? "0" : s;
  }

  static String display(double v) {
    double a = Math.abs(v);
    String s = String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : "%.2f", v);
    return s.matches("-0(\\.0*)?") ? s.substring(1) : s;
  }
}
