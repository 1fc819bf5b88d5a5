package org.blinkhdfs.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Measured against expected, judged by the interval and not by eye: a cell whose mean latency
 * has a 95% interval ({@link Metrics#MEAN_CI95_MS}) and an expected mean is <em>consistent</em>
 * when the expectation lies inside {@code mean ± half-width}, and is flagged otherwise.
 *
 * <p>Example: measured 58.0 ± 9.5 ms against expected 100.0 ms: flagged (100 is outside
 * [48.5, 67.5]); 95.0 ± 9.5 against 100.0: consistent.
 *
 * <p>Stateless.
 */
public final class ExpectationJudge {
  private ExpectationJudge() {}

  /** One judged cell. */
  public record Verdict(ReportCell cell, double mean, double halfWidth, double expected,
      boolean consistent) {
    /** One line: where, measured ± half-width, expected, and the verdict. */
    public String line() {
      return String.format(Locale.ROOT, "%s / %s / r=%d / %d%%: measured %.1f ± %.1f ms,"
          + " expected %.1f ms: %s", cell.experiment(), cell.layout(), cell.replication(),
          cell.powerPercent(), mean, halfWidth, expected,
          consistent ? "consistent" : "OUTSIDE the 95% interval");
    }
  }

  /** Every cell of {@code report} with a mean, its interval and an expected mean, in order. */
  public static List<Verdict> judge(Report report) {
    List<Verdict> out = new ArrayList<>();
    for (ReportCell c : report.cells()) {
      var mean = c.measured(Metrics.MEAN_MS);
      var half = c.measured(Metrics.MEAN_CI95_MS);
      var expected = c.expected(Metrics.MEAN_MS);
      if (mean.isEmpty() || half.isEmpty() || expected.isEmpty()
          || Double.isNaN(half.getAsDouble())) {
        continue;
      }
      double m = mean.getAsDouble();
      double h = half.getAsDouble();
      double e = expected.getAsDouble();
      out.add(new Verdict(c, m, h, e, e >= m - h && e <= m + h));
    }
    return out;
  }
}
