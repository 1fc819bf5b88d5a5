package org.blinkhdfs.bench.report;

import java.util.List;

/**
 * The report on the console: per experiment, the headline table of {@link ExperimentTable} as
 * aligned text (text columns left, numbers right), then a one-line check summary and each failed
 * check. What {@code bin/blink demo} prints after each experiment and at the end.
 *
 * <p>Example (from {@code ReportTableTest}):
 *
 * <pre>
 * lat: mean latency (ms), measured (expected)
 * layout        r         100%        40%
 * ------------  -  -----------  ---------
 * ring          3  63.3 (0.00)  812 (731)
 * hdfs-default  1            -      15524
 *
 * checks: 1 of 2 passed
 *   FAILED blocks lost: 2
 * </pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class ReportTable {
  private ReportTable() {}

  /** Every experiment's headline table, then the checks. */
  public static String render(Report report) {
    StringBuilder sb = new StringBuilder();
    for (String e : report.experiments()) {
      sb.append(renderExperiment(report, e)).append('\n');
    }
    sb.append("checks: ").append(report.checks().size() - report.failedChecks()).append(" of ")
        .append(report.checks().size()).append(" passed\n");
    for (Check c : report.checks()) {
      if (!c.passed()) {
        sb.append("  FAILED ").append(c.name()).append(": ").append(c.detail()).append('\n');
      }
    }
    return sb.toString();
  }

  /** One experiment's headline table, and its energy table when the cells carry energy. */
  public static String renderExperiment(Report report, String experiment) {
    String headline = aligned(ExperimentTable.headline(report, experiment));
    return ExperimentTable.energy(report, experiment)
        .map(t -> headline + "\n" + aligned(t)).orElse(headline);
  }

  static String aligned(ExperimentTable t) {
    int[] widths = new int[t.header().size()];
    for (int i = 0; i < widths.length; i++) {
      widths[i] = t.header().get(i).length();
      for (List<String> row : t.rows()) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    StringBuilder sb = new StringBuilder(t.title()).append('\n');
    line(sb, t.header(), widths, t.leftAligned());
    line(sb, t.header().stream().map(h -> "").toList(), widths, t.leftAligned(), '-');
    for (List<String> row : t.rows()) {
      line(sb, row, widths, t.leftAligned());
    }
    return sb.toString();
  }

  private static void line(StringBuilder sb, List<String> cells, int[] widths, int left) {
    line(sb, cells, widths, left, ' ');
  }

  private static void line(StringBuilder sb, List<String> cells, int[] widths, int left,
      char fill) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      String pad = String.valueOf(fill).repeat(widths[i] - cells.get(i).length());
      out.append(i == 0 ? "" : "  ");
      out.append(i < left ? cells.get(i) + pad : pad + cells.get(i));
    }
    sb.append(out.toString().stripTrailing()).append('\n');
  }
}
