package org.blinkhdfs.demo;

import java.util.Locale;
import org.blinkhdfs.bench.energy.CellEnergy;

/**
 * One measured piece of work's energy as a line of prose, for the files a session writes beside
 * the standard report ({@code relay.md}, {@code rabbit-datasets.md}) and for its notes: joules,
 * mean DataNode power of its budget, seconds over budget, work per joule and the over-budget mark
 * of the report's tables.
 *
 * <p>Why one formatter: every report must show a number of energy beside its budget, and the
 * mark must mean the same in a session's own file as in {@code report.md} ({@link
 * CellEnergy#DEFAULT_TOLERANCE}).
 *
 * <p>Worked example: 60 s, 2 880 J against a 2 700 J budget, 12 s over budget, 300 MiB read and
 * 120 reads gives {@code "2880 J in 60.0 s: 48.0 of 45.0 W budget, 12.0 s over budget, 0.104
 * MiB/J, 41.7 ops/kJ ‡ over budget"}.
 *
 * <p>Stateless.
 */
final class EnergyText {
  /** The tables' mark ({@code ExperimentTable}), so a session's file reads like report.md. */
  static final String OVER_MARK = "‡";

  private EnergyText() {}

  /**
   * {@code e} as a line; {@code bytes} and {@code ops} below 0 are "not this cell's work" and
   * left out.
   */
  static String line(CellEnergy e, long bytes, long ops) {
    StringBuilder sb = new StringBuilder(head(e));
    if (bytes >= 0 && e.joules() > 0) {
      sb.append(String.format(Locale.ROOT, ", %.3f MiB/J", bytes / (double) (1 << 20)
          / e.joules()));
    }
    if (ops >= 0 && e.joules() > 0) {
      sb.append(String.format(Locale.ROOT, ", %.1f ops/kJ", ops * 1000.0 / e.joules()));
    }
    return sb + mark(e);
  }

  /** Joules, time, mean power of budget and seconds over budget, without work or mark. */
  static String head(CellEnergy e) {
    return String.format(Locale.ROOT, "%.0f J in %.1f s: %.1f of %.1f W budget, %.1f s over"
        + " budget", e.joules(), e.seconds(), e.meanWatts(), e.budgetWatts(),
        e.overBudgetSeconds());
  }

  /** {@code " ‡ over budget"} when {@code e} is over budget at the default tolerance. */
  static String mark(CellEnergy e) {
    return over(e) ? " " + OVER_MARK + " over budget" : "";
  }

  /** True when {@code e} is more than {@link CellEnergy#DEFAULT_TOLERANCE} over its budget. */
  static boolean over(CellEnergy e) {
    return e.overBudget(CellEnergy.DEFAULT_TOLERANCE);
  }
}
