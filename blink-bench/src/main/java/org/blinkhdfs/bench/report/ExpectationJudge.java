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
 * <p>A cell of few reads has a wide interval, so "consistent" says little there: cells below
 * {@link #TRUSTED_READS} reads ({@link Metrics#OK_OPS}) are counted apart, so a report of the
 * demo's small cells says so instead of reading as a measurement (issue 15 asks 400 per cell).
 *
 * <p>Stateless.
 */
public final class ExpectationJudge {
  private ExpectationJudge() {}

  /** Reads per cell from which a judgement is trusted (BlinkFS latency cells, issue 15). */
  public static final int TRUSTED_READS = 400;

  /** One judged cell. */
  public record Verdict(ReportCell cell, double mean, double halfWidth, double expected,
      boolean consistent, int reads) {
    /** Whether the cell recorded fewer than {@link #TRUSTED_READS} reads. */
    public boolean small() {
      return reads >= 0 && reads < TRUSTED_READS;
    }

    /** One line: where, measured ± half-width, expected, and the verdict. */
    public String line() {
      return String.format(Locale.ROOT, "%s / %s / r=%d / %d%%: measured %.1f ± %.1f ms,"
          + " expected %.1f ms: %s", cell.experiment(), cell.layout(), cell.replication(),
          cell.powerPercent(), mean, halfWidth, expected,
          consistent ? "consistent" : "OUTSIDE the 95% interval");
    }
  }

  /**
   * Every cell of {@code report} with a mean, its interval and an expected mean, in order; a
   * verdict's {@code reads} is the cell's {@link Metrics#OK_OPS}, or -1 when it has none.
   */
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
      int reads = (int) c.measured(Metrics.OK_OPS).orElse(-1);
      out.add(new Verdict(c, m, h, e, e >= m - h && e <= m + h, reads));
    }
    return out;
  }
}
