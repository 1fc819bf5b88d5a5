package org.blinkhdfs.common.config;

import java.util.Locale;
import java.util.function.Function;
import org.blinkhdfs.common.cli.Durations;

/**
 * Reads one numeric {@link ConfigKey} from any key-value lookup (a Hadoop {@code Configuration}
 * via {@code conf::get}, a map, system properties) and validates its range. Every module's config
 * class uses these, so all bad values read the same way:
 * {@code blink.interval.ms = '6s' is invalid: give a whole number of ms in 1000..86400000
 * (default 60000)}.
 */
public final class ConfigValues {
  private ConfigValues() {}

  /** The trimmed value of {@code key}, or its default when absent or blank. */
  public static String raw(Function<String, String> lookup, ConfigKey key) {
    String v = lookup.apply(key.name());
    return v == null || v.isBlank() ? key.defaultValue() : v.trim();
  }

  /** A whole number in {@code [min, max]}. */
  public static long longIn(Function<String, String> lookup, ConfigKey key, long min, long max) {
    String v = raw(lookup, key);
    try {
      long x = Long.parseLong(v);
      if (x >= min && x <= max) {
        return x;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(String.format(Locale.ROOT,
        "%s = '%s' is invalid: give a whole number%s in %d..%d (default %s)", key.name(), v,
        unit(key), min, max, key.defaultValue()));
  }

  /** A decimal number in {@code [min, max]}. */
  public static double doubleIn(Function<String, String> lookup, ConfigKey key, double min,
      double max) {
    String v = raw(lookup, key);
    try {
      double x = Double.parseDouble(v);
      if (x >= min && x <= max) {
        return x;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(String.format(Locale.ROOT,
        "%s = '%s' is invalid: give a number%s in %s..%s (default %s)", key.name(), v, unit(key),
        min, max, key.defaultValue()));
  }

  /**
   * A duration with a unit ({@code 300ms}, {@code 2s}, {@code 1m}; a bare number is ms) in
   * {@code [minMs, maxMs]}, in milliseconds. Example: {@code blink.power.transition.min.window =
   * '2h' is outside 0ms..1m: give a duration in that range (default 0ms)}.
   */
  public static long durationMsIn(Function<String, String> lookup, ConfigKey key, long minMs,
      long maxMs) {
    String raw = raw(lookup, key);
    long ms;
    try {
      ms = Durations.parseMs(raw);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(key.name() + " = " + e.getMessage() + " (default "
          + key.defaultValue() + ")", e);
    }
    if (ms < minMs || ms > maxMs) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = '%s' is outside %s..%s: give a duration in that range (default %s)", key.name(),
          raw, Durations.format(minMs), Durations.format(maxMs), key.defaultValue()));
    }
    return ms;
  }

  private static String unit(ConfigKey key) {
    return key.unit().isEmpty() ? "" : " of " + key.unit();
  }

  /**
   * {@code key} as true or false (case-insensitive).
   *
   * @throws IllegalArgumentException naming the key, the value and the accepted values
   */
  public static boolean booleanValue(Function<String, String> lookup, ConfigKey key) {
    String v = raw(lookup, key);
    if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(v);
    }
    throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
        "%s = '%s' is invalid: give true or false (default %s)", key.name(), v,
        key.defaultValue()));
  }
}
