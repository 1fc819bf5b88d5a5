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

  static ExperimentTable headline(Report report, String experiment) {
    String metric = report.headlineMetric(experiment);
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
          row.add(index.get(layout, r, p)
              .map(c -> cell(c.measured(metric), c.expected(metric))).orElse(MISSING));
        }
        rows.add(row);
      }
    }
    String title = experiment + ": " + Metrics.describe(metric) + ", measured (expected)";
    return new ExperimentTable(title, List.copyOf(header), List.copyOf(rows), 1);
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
        row.add(cell(c.measured(m), c.expected(m)));
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
