package org.blinkhdfs.core.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A small {@code --name value} / {@code --name=value} parser for the launcher's pure subcommands
 * (blink-core has no Hadoop, hence no commons-cli). Unknown flags, missing values and repeated
 * flags are errors that name the flag; {@link UsageException} carries them to an exit code 2.
 */
public final class CliArgs {
  private final Map<String, String> values;

  private CliArgs(Map<String, String> values) {
    this.values = values;
  }

  /** Parses {@code args}, accepting only {@code known} flag names (without the dashes). */
  public static CliArgs parse(String[] args, Set<String> known) {
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (!a.startsWith("--") || a.length() == 2) {
        throw new UsageException("unexpected argument '" + a + "': flags look like --name value");
      }
      String name = a.substring(2);
      String value;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      } else {
        if (i + 1 >= args.length) {
          throw new UsageException("--" + name + " needs a value");
        }
        value = args[++i];
      }
      if (!known.contains(name)) {
        throw new UsageException("unknown flag --" + name + "; known flags: --"
            + String.join(", --", List.copyOf(known)));
      }
      if (values.put(name, value) != null) {
        throw new UsageException("--" + name + " given twice");
      }
    }
    return new CliArgs(values);
  }

  public String get(String name, String defaultValue) {
    return values.getOrDefault(name, defaultValue);
  }

  public boolean has(String name) {
    return values.containsKey(name);
  }

  /** An integer flag within {@code [min, max]}. */
  public int intIn(String name, String defaultValue, int min, int max) {
    String v = get(name, defaultValue);
    try {
      int x = Integer.parseInt(v.trim());
      if (x >= min && x <= max) {
        return x;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException(
        "--" + name + " '" + v + "' must be a whole number in " + min + ".." + max);
  }

  /** A decimal flag within {@code [min, max]}. */
  public double doubleIn(String name, String defaultValue, double min, double max) {
    String v = get(name, defaultValue);
    try {
      double x = Double.parseDouble(v.trim());
      if (x >= min && x <= max) {
        return x;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException("--" + name + " '" + v + "' must be a number in " + min + ".." + max);
  }

  /** A duration flag ({@code 60s}, {@code 6000ms}, {@code 1m}) within {@code [minMs, maxMs]}. */
  public long durationMsIn(String name, String defaultValue, long minMs, long maxMs) {
    String v = get(name, defaultValue);
    long ms;
    try {
      ms = Durations.parseMs(v);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--" + name + " " + e.getMessage());
    }
    if (ms < minMs || ms > maxMs) {
      throw new UsageException("--" + name + " '" + v + "' must be between "
          + Durations.format(minMs) + " and " + Durations.format(maxMs));
    }
    return ms;
  }

  /** A bad command line; the launcher prints the message and exits 2. */
  public static final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
      super(message);
    }
  }
}
