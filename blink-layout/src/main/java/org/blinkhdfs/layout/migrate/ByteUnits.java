package org.blinkhdfs.layout.migrate;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Byte counts and rates as an operator writes and reads them. Prefixes are binary, as in
 * Hadoop's own size values ({@code dfs.datanode.balance.bandwidthPerSec = 100m} is 100 MiB/s):
 * {@code 100m}, {@code 100M}, {@code 100MiB/s} and {@code 100 MB/s} all mean 104 857 600 bytes
 * per second; a bare number is bytes.
 */
public final class ByteUnits {
  private static final Pattern RATE = Pattern.compile(
      "(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)(?:i?b)?(?:/s)?", Pattern.CASE_INSENSITIVE);
  private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};

  private ByteUnits() {
  }

  /**
   * Bytes per second from {@code value}.
   *
   * @throws IllegalArgumentException naming {@code name}, the value and the accepted forms, when
   *     it is not a rate or not above 0
   */
  public static double parseRate(String name, String value) {
    Matcher m = value == null ? null : RATE.matcher(value.trim());
    if (m == null || !m.matches()) {
      throw new IllegalArgumentException(name + " = '" + value + "' is not a byte rate: give"
          + " a number with an optional binary prefix, e.g. 100m, 10MiB/s or 1g");
    }
    String prefix = m.group(2).toLowerCase(Locale.ROOT);
    int power = prefix.isEmpty() ? 0 : "kmgt".indexOf(prefix) + 1;
    double rate = Double.parseDouble(m.group(1)) * Math.pow(1024, power);
    if (!(rate > 0)) {
      throw new IllegalArgumentException(name + " = '" + value + "' must be above 0 bytes/s");
    }
    return rate;
  }

  /** {@code bytes} with a binary prefix and three significant digits, e.g. {@code 384 MiB}. */
  public static String bytes(double bytes) {
    int unit = 0;
    double v = bytes;
    while (Math.abs(v) >= 1024 && unit < UNITS.length - 1) {
      v /= 1024;
      unit++;
    }
    String digits = unit == 0 || Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v)
        : Math.abs(v) >= 10 ? String.format(Locale.ROOT, "%.1f", v)
        : String.format(Locale.ROOT, "%.2f", v);
    return digits + " " + UNITS[unit];
  }

  /** {@code bytesPerSec} as {@link #bytes} per second, e.g. {@code 50.0 MiB/s}. */
  public static String rate(double bytesPerSec) {
    return bytes(bytesPerSec) + "/s";
  }
}
