package org.blinkhdfs.model.signal;

import java.util.Locale;

/**
 * Argument checks shared by the signal classes; every message names the argument, value and fix.
 */
final class Args {
  private Args() {}

  /** Rejects a negative elapsed time, the one precondition every {@link PowerSignal} shares. */
  static long requireElapsed(long elapsedMs) {
    if (elapsedMs < 0) {
      throw new IllegalArgumentException("elapsedMs must be >= 0, got " + elapsedMs
          + ": measure time from the signal's start (0 = start), never before it");
    }
    return elapsedMs;
  }

  /** Requires a finite value {@code > 0}. */
  static double requirePositive(String name, double value, String fix) {
    if (!Double.isFinite(value) || value <= 0) {
      throw new IllegalArgumentException(
          name + " must be a finite number > 0, got " + fmt(value) + ": " + fix);
    }
    return value;
  }

  /** Requires a finite value {@code >= 0}. */
  static double requireNonNegative(String name, double value, String fix) {
    if (!Double.isFinite(value) || value < 0) {
      throw new IllegalArgumentException(
          name + " must be a finite number >= 0, got " + fmt(value) + ": " + fix);
    }
    return value;
  }

  /** Shortest faithful decimal, without a trailing ".0" for whole numbers. */
  static String fmt(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return String.format(Locale.ROOT, "%d", (long) v);
    }
    return Double.toString(v);
  }

  /** Two decimals, for human-facing descriptions. */
  static String fmt2(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }
}
