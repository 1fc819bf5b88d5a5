package org.blinkhdfs.common.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * "Nice" axis ticks (Heckbert, Graphics Gems I, 1990): steps of 1, 2 or 5 times a power of ten,
 * and tick labels with just enough decimals for the step.
 *
 * <p>Worked example: data 20..100 with 6 ticks wanted: range 80 rounds to 100, step
 * {@code 100/5 = 20} stays 20, ends 20 and 100: ticks 20, 40, 60, 80, 100. Data 0..0.37: range
 * 0.37 → 0.5, step 0.1, ticks 0, 0.1, …, 0.4 labelled with one decimal.
 *
 * <p>Stateless.
 */
final class Ticks {
  /** Ticks aimed at per axis; the nice step gives between about 4 and 9. */
  static final int TARGET = 6;

  private Ticks() {}

  /** Nice step for covering {@code [lo, hi]} with about {@link #TARGET} ticks; {@code lo < hi}. */
  static double linearStep(double lo, double hi) {
    double range = nice(hi - lo, false);
    return nice(range / (TARGET - 1), true);
  }

  /**
   * Multiples of {@code step} from {@code lo} to {@code hi}, both already multiples. A tick is
   * computed as {@code i·m·10^e} (or {@code i·m / 10^−e}) from the step's digit {@code m} and
   * exponent {@code e}, so 3 × 0.2 is the double nearest 0.6, not 0.6000000000000001.
   */
  static List<Double> linear(double lo, double hi, double step) {
    int exp = (int) Math.floor(Math.log10(step) + 1e-9);
    double digit = Math.round(step / Math.pow(10, exp));
    List<Double> out = new ArrayList<>();
    long first = Math.round(lo / step);
    long last = Math.round(hi / step);
    for (long i = first; i <= last; i++) {
      out.add(exp >= 0 ? i * digit * Math.pow(10, exp) : i * digit / Math.pow(10, -exp));
    }
    return out;
  }

  /** Powers of ten from {@code 10^loExp} to {@code 10^hiExp}. */
  static List<Double> decades(int loExp, int hiExp) {
    List<Double> out = new ArrayList<>();
    for (int e = loExp; e <= hiExp; e++) {
      out.add(Math.pow(10, e));
    }
    return out;
  }

  /** The 1-2-5 number nearest to (round) or not below (ceiling) {@code x > 0}. */
  static double nice(double x, boolean round) {
    double exp = Math.floor(Math.log10(x));
    double f = x / Math.pow(10, exp);
    double nf;
    if (round) {
      nf = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
    } else {
      nf = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
    }
    return nf * Math.pow(10, exp);
  }

  /** Label of tick {@code v} on an axis whose ticks are {@code step} apart. */
  static String label(double v, double step) {
    if (Math.abs(v) >= 1e7 || (v != 0 && Math.abs(v) < 1e-6)) {
      return String.format(Locale.ROOT, "%.0e", v);
    }
    int decimals = (int) Math.max(0, Math.min(6, Math.ceil(-Math.log10(step) - 1e-9)));
    String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
    return s.matches("-0(\\.0*)?") ? s.substring(1) : s;
  }
}
