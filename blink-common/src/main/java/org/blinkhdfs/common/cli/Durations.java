package org.blinkhdfs.common.cli;

/**
 * Parses and prints durations as operators write them: {@code 250ms}, {@code 6s}, {@code 1.5s},
 * {@code 2m}, {@code 1h}. A bare number is refused, since seconds versus milliseconds is the most
 * common unit mistake.
 */
public final class Durations {
  private Durations() {}

  /** Milliseconds in {@code text}; throws naming the text and the accepted units. */
  public static long parseMs(String text) {
    String t = text == null ? "" : text.trim();
    long unit;
    String num;
    if (t.endsWith("ms")) {
      unit = 1;
      num = t.substring(0, t.length() - 2);
    } else if (t.endsWith("s")) {
      unit = 1000;
      num = t.substring(0, t.length() - 1);
    } else if (t.endsWith("m")) {
      unit = 60_000;
      num = t.substring(0, t.length() - 1);
    } else if (t.endsWith("h")) {
      unit = 3_600_000;
      num = t.substring(0, t.length() - 1);
    } else {
      throw new IllegalArgumentException("'" + text
          + "' has no unit: write a duration such as 60s, 6000ms, 1m or 1h");
    }
    try {
      double v = Double.parseDouble(num.trim());
      if (!Double.isFinite(v) || v < 0) {
        throw new NumberFormatException();
      }
      return Math.round(v * unit);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text
          + "' is not a duration: write a non-negative number with a unit, e.g. 60s or 6000ms");
    }
  }

  /** {@code 60000} → {@code 60s}, {@code 1500} → {@code 1500ms}. */
  public static String format(long ms) {
    return ms % 1000 == 0 ? (ms / 1000) + "s" : ms + "ms";
  }
}
