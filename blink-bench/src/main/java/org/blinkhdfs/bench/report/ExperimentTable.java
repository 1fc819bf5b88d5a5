package org.blinkhdfs.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * One experiment's results as a grid of strings, built once and printed by both {@link
 * ReportMarkdown} (pipe table) and {@link ReportTable} (aligned console text), so the two always
 * show the same numbers.
 *
 * <p>Two shapes. {@link #headline}: rows are layout × replication, columns the power levels
 * (100% first), each cell {@code "measured (expected)"} for the experiment's headline metric.
 * {@link #detail}: one row per cell, one column per metric, same cell format. A cell with no
 * expectation shows the measured value alone; one with an expectation but no measurement shows
 * {@code "- (expected)"}; a point not measured at all shows {@code "-"}.
 *
 * <p>Worked example: read-latency, layout "ring", r = 3, 40%: measured mean 812.4 ms, expected
 * 731.2 ms gives the cell {@code "812 (731)"}; at 100% measured 63.27 and expected 0 gives
 * {@code "63.3 (0.00)"}.
 *
 * @param title one line naming the experiment and the metric
 * @param header column names
 * @param rows cells, each row as long as the header
 * @param leftAligned how many leading columns hold text (aligned left on the console)
 */
record ExperimentTable(String title, List<String> header, List<List<String>> rows,
    int leftAligned) {
  static final String MISSING = "-";
  /** A cell whose layout cannot run the experiment ({@link Metrics#NOT_SUPPORTED}). */
  static final String NOT_SUPPORTED = "not supported";
  /** Appended to a cell whose run was over its power budget ({@link Metrics#overBudget}). */
  static final String OVER_MARK = " ‡";
  static final String OVER_LEGEND = "; ‡ = over budget: mean DataNode power more than 3% above"
      + " the budget, not comparable with cells that met it";

  static ExperimentTable headline(Report report, String experiment) {
    String metric = report.headlineMetric(experiment);
    String title = experiment + ": " + Metrics.describe(metric) + ", measured (expected)"
        + (anyOver(report, experiment) ? OVER_LEGEND : "");
    return grid(report, experiment, title, c -> Metrics.notSupported(c) ? NOT_SUPPORTED
        : withInterval(c, metric, cell(c.measured(metric), c.expected(metric))) + mark(c));
  }

  /** Rows layout × replication, columns the power levels, each cell {@code text} of its cell. */
  private static ExperimentTable grid(Report report, String experiment, String title,
      java.util.function.Function<ReportCell, String> text) {
    List<Integer> powers = report.powers(experiment);
    List<String> header = new ArrayList<>(List.of("layout", "r"));
    powers.forEach(p -> header.add(p + "%"));
    CellIndex index = new CellIndex(report, experiment);
    List<List<String>> rows = new ArrayList<>();
    for (String layout : report.layouts(experiment)) {
      for (int r : report.replications(experiment)) {
        if (!index.has(layout, r)) {
          continue;
        }
        List<String> row = new ArrayList<>(List.of(layout, Integer.toString(r)));
        for (int p : powers) {
          row.add(index.get(layout, r, p).map(text).orElse(MISSING));
        }
        rows.add(row);
      }
    }
    return new ExperimentTable(title, List.copyOf(header), List.copyOf(rows), 1);
  }

  /**
   * The energy grid, when the experiment's cells carry energy ({@link Metrics#ENERGY_J}): rows
   * layout × replication, columns the power levels, each cell {@code "48.0 of 45.0 W, 0.104
   * MiB/J ‡"} (mean DataNode power of budget, then work per joule when measured, then the
   * over-budget mark). Empty when no cell has energy.
   */
  static java.util.Optional<ExperimentTable> energy(Report report, String experiment) {
    if (report.cells(experiment).stream().noneMatch(c -> c.measured(Metrics.ENERGY_J)
        .isPresent())) {
      return java.util.Optional.empty();
    }
    String title = experiment + ": DataNode mean power of budget (W), work per joule"
        + (anyOver(report, experiment) ? OVER_LEGEND : "");
    return java.util.Optional.of(grid(report, experiment, title, ExperimentTable::energyCell));
  }

  private static String energyCell(ReportCell c) {
    if (Metrics.notSupported(c)) {
      return NOT_SUPPORTED;
    }
    if (c.measured(Metrics.MEAN_POWER_W).isEmpty()) {
      return MISSING;
    }
    StringBuilder sb = new StringBuilder(withInterval(c, Metrics.MEAN_POWER_W,
        ReportText.display(c.measured(Metrics.MEAN_POWER_W).getAsDouble())));
    c.measured(Metrics.BUDGET_W).ifPresent(b -> sb.append(" of ").append(ReportText.display(b)));
    sb.append(" W");
    c.measured(Metrics.MIB_PER_J).ifPresent(w -> sb.append(", ").append(withInterval(c,
        Metrics.MIB_PER_J, sig3(w), ExperimentTable::sig3)).append(" MiB/J"));
    c.measured(Metrics.OPS_PER_KJ).ifPresent(w -> sb.append(", ").append(withInterval(c,
        Metrics.OPS_PER_KJ, sig3(w), ExperimentTable::sig3)).append(" ops/kJ"));
    return sb + mark(c);
  }

  /**
   * {@code text} followed by {@code " ± h"} when the cell has {@code metric}'s 95% interval over
   * rounds ({@link Metrics#ci95}), before any expectation in brackets: {@code "75.3 ± 3.10
   * (80.0)"}.
   */
  static String withInterval(ReportCell c, String metric, String text) {
    return withInterval(c, metric, text, ReportText::display);
  }

  /** {@code metric}'s value and its interval in three significant digits ({@link #sig3}). */
  static String withIntervalSig3(ReportCell c, String metric) {
    return withInterval(c, metric, sig3(c.measured(metric).getAsDouble()),
        ExperimentTable::sig3);
  }

  private static String withInterval(ReportCell c, String metric, String text,
      java.util.function.DoubleFunction<String> format) {
    OptionalDouble h = c.measured(Metrics.ci95(metric));
    if (h.isEmpty()) {
      return text;
    }
    int bracket = text.indexOf(" (");
    String pm = " ± " + format.apply(h.getAsDouble());
    return bracket < 0 ? text + pm : text.substring(0, bracket) + pm + text.substring(bracket);
  }

  /** Three significant digits: work per joule spans 0.001 to 1000 across power levels. */
  private static String sig3(double v) {
    double a = Math.abs(v);
    return String.format(java.util.Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f"
        : a >= 1 || a == 0 ? "%.2f" : "%.3g", v);
  }

  private static String mark(ReportCell c) {
    return Metrics.overBudget(c) ? OVER_MARK : "";
  }

  private static boolean anyOver(Report report, String experiment) {
    return report.cells(experiment).stream().anyMatch(Metrics::overBudget);
  }

  static ExperimentTable detail(Report report, String experiment) {
    List<String> metrics = report.metrics(experiment);
    List<String> header = new ArrayList<>(List.of("layout", "r", "power"));
    header.addAll(metrics);
    List<List<String>> rows = new ArrayList<>();
    for (ReportCell c : report.cells(experiment)) {
      List<String> row = new ArrayList<>(List.of(c.layout(), Integer.toString(c.replication()),
          c.powerPercent() + "%"));
      for (String m : metrics) {
        row.add(Metrics.notSupported(c) && !m.equals(Metrics.NOT_SUPPORTED) ? NOT_SUPPORTED
            : cell(c.measured(m), c.expected(m)));
      }
      rows.add(row);
    }
    String title = experiment + ": all metrics, measured (expected)";
    return new ExperimentTable(title, List.copyOf(header), List.copyOf(rows), 1);
  }

  /** {@code "m (e)"}, {@code "m"}, {@code "- (e)"} or {@code "-"}. */
  static String cell(OptionalDouble measured, OptionalDouble expected) {
    String m = measured.isPresent() ? ReportText.display(measured.getAsDouble()) : MISSING;
    return expected.isPresent() ? m + " (" + ReportText.display(expected.getAsDouble()) + ")" : m;
  }
}
