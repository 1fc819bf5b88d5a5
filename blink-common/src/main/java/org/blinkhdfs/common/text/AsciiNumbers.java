package org.blinkhdfs.common.text;

/**
 * Whole numbers written in ASCII digits only. {@link Long#parseLong} and {@link
 * Integer#parseInt} accept any Unicode decimal digit ({@link Character#digit}), so {@code "٣"}
 * (Arabic-Indic three) or {@code "３"} (fullwidth) parse as 3: text that a person, a log search or
 * another parser reads differently. Every number that comes from the network, a pid file or a
 * node address goes through here instead.
 *
 * <p>Accepted: an optional {@code '-'} then 1 to 19 digits {@code 0-9}, in range. No {@code '+'},
 * no blanks (callers trim first where they allow them). Stateless.
 */
public final class AsciiNumbers {
  private AsciiNumbers() {}

  /**
   * The value of {@code text}.
   *
   * @throws NumberFormatException if it is not an optional minus and ASCII digits, or out of
   *     range of a long
   */
  public static long parseLong(String text) {
    if (!isAsciiInteger(text)) {
      throw new NumberFormatException("'" + text + "' is not a whole number in ASCII digits"
          + " 0-9");
    }
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new NumberFormatException("'" + text + "' is out of range of a long");
    }
  }

  /** {@link #parseLong} within the range of an int. */
  public static int parseInt(String text) {
    long v = parseLong(text);
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw new NumberFormatException("'" + text + "' is out of range of an int");
    }
    return (int) v;
  }

  /** Whether {@code text} is an optional {@code '-'} followed by 1 to 19 ASCII digits. */
  public static boolean isAsciiInteger(String text) {
    if (text == null) {
      return false;
    }
    int start = text.startsWith("-") ? 1 : 0;
    int digits = text.length() - start;
    if (digits < 1 || digits > 19) {
      return false;
    }
    for (int i = start; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }
}
