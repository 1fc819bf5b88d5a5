package org.blinkhdfs.bench.report;

import java.time.Duration;
import java.util.IntSummaryStatistics;
import java.util.List;

/**
 * {@code report.md}: a GitHub-flavoured Markdown page a reviewer reads top to bottom.
 *
 * <p>Sections: title; command, start, end and duration; the run settings as a table; notes; the
 * checks (a summary line, then a table with PASS/FAIL); then per experiment the headline table
 * (rows layout × replication, columns power levels, cells {@code "measured (expected)"}), a
 * detail table of every metric, and the experiment's plots, each shown as PNG and linked to its
 * SVG. Cells come from {@link ExperimentTable}, the same grid the console prints.
 *
 * <p>Escaping: a {@code |} in a table cell becomes {@code \|}; the command line goes in a code
 * span fenced with one more backtick than the longest run of backticks it contains.
 *
 * <p>Stateless and thread-safe.
 */
public final class ReportMarkdown {
  private ReportMarkdown() {}

  /** The page; {@code plots} are linked by their relative file names (see {@link PlotFile}). */
  public static String render(Report report, List<PlotFile> plots) {
    RunInfo run = report.run();
    StringBuilder sb = new StringBuilder();
    sb.append("# ").append(run.title()).append("\n\n");
    sb.append("- Command: ").append(codeSpan(run.commandLine())).append('\n');
    sb.append("- Started: ").append(run.startedAt()).append('\n');
    sb.append("- Finished: ").append(run.finishedAt()).append(" (").append(human(run.duration()))
        .append(")\n\n");
    sb.append("Each result cell reads **measured (expected)**: the measurement, and in brackets"
        + " the analytic expectation from blink-bench for the same schedule and layout.\n\n");
    settings(sb, run);
    checks(sb, report);
    judged(sb, report);
    for (String e : report.experiments()) {
      experiment(sb, report, e, plots);
    }
    return sb.toString();
  }

  private static void settings(StringBuilder sb, RunInfo run) {
    sb.append("## Settings\n\n");
    if (!run.settings().isEmpty()) {
      sb.append("| setting | value |\n|---|---|\n");
      run.settings().forEach((k, v) -> sb.append("| ").append(cell(k)).append(" | ")
          .append(cell(v)).append(" |\n"));
      sb.append('\n');
    }
    for (String n : run.notes()) {
      sb.append("- ").append(n.replace("\n", " ")).append('\n');
    }
    if (!run.notes().isEmpty()) {
      sb.append('\n');
    }
  }

  private static void checks(StringBuilder sb, Report report) {
    sb.append("## Checks\n\n");
    int total = report.checks().size();
    if (total == 0) {
      sb.append("No correctness checks were recorded.\n\n");
      return;
    }
    sb.append(report.allChecksPassed()
        ? (total == 1 ? "The one check passed." : "All " + total + " checks passed.")
        : "**" + report.failedChecks() + " of " + total + " checks FAILED.**").append("\n\n");
    sb.append("| check | result | detail |\n|---|---|---|\n");
    for (Check c : report.checks()) {
      sb.append("| ").append(cell(c.name())).append(" | ").append(c.passed() ? "PASS" : "**FAIL**")
          .append(" | ").append(cell(c.detail())).append(" |\n");
    }
    sb.append('\n');
  }

  /** The performance section: every mean whose 95% interval excludes its expectation. */
  private static void judged(StringBuilder sb, Report report) {
    List<ExpectationJudge.Verdict> verdicts = ExpectationJudge.judge(report);
    if (verdicts.isEmpty()) {
      return;
    }
    long outside = verdicts.stream().filter(v -> !v.consistent()).count();
    sb.append("## Measured against expected\n\n");
    sb.append(outside == 0 ? "Every one of the " + verdicts.size() + " cells with an expected"
        + " mean holds it inside the 95% interval of its measured mean.\n\n"
        : "**" + outside + " of " + verdicts.size() + " cells** with an expected mean exclude"
        + " it from the 95% interval of their measured mean (t interval over the cell's"
        + " reads):\n\n");
    for (ExpectationJudge.Verdict v : verdicts) {
      if (!v.consistent()) {
        sb.append("- ").append(v.line()).append('\n');
      }
    }
    if (outside > 0) {
      sb.append('\n');
    }
    List<ExpectationJudge.Verdict> small = verdicts.stream()
        .filter(ExpectationJudge.Verdict::small).toList();
    if (!small.isEmpty()) {
      IntSummaryStatistics reads = small.stream()
          .mapToInt(ExpectationJudge.Verdict::reads).summaryStatistics();
      sb.append("**").append(small.size()).append(" of ").append(verdicts.size())
          .append(" cells hold fewer than ").append(ExpectationJudge.TRUSTED_READS)
          .append(" reads** (").append(reads.getMin()).append(" to ").append(reads.getMax())
          .append("): their intervals are wide, and a cell inside its interval is weak evidence."
              + " `bin/blink bench latency` with more `--read-ops`, `--clients` and"
              + " `--cell-time` puts ").append(ExpectationJudge.TRUSTED_READS)
          .append(" and more in every cell (docs/benchmarks.md).\n\n");
    }
  }

  private static void experiment(StringBuilder sb, Report report, String e,
      List<PlotFile> plots) {
    sb.append("## Experiment: ").append(e).append("\n\n");
    table(sb, ExperimentTable.headline(report, e));
    ExperimentTable.energy(report, e).ifPresent(t -> table(sb, t));
    sb.append("### All metrics\n\n");
    table(sb, ExperimentTable.detail(report, e));
    for (PlotFile p : plots) {
      if (p.experiment().equals(e)) {
        sb.append("[![").append(p.chart().title().replace("]", "\\]")).append("](")
            .append(p.pngName()).append(")](").append(p.svgName()).append(")\n\n");
      }
    }
  }

  static void table(StringBuilder sb, ExperimentTable t) {
    sb.append(t.title()).append("\n\n|");
    t.header().forEach(h -> sb.append(' ').append(cell(h)).append(" |"));
    sb.append("\n|");
    for (int i = 0; i < t.header().size(); i++) {
      sb.append(i < t.leftAligned() ? "---|" : "---:|");
    }
    sb.append('\n');
    for (List<String> row : t.rows()) {
      sb.append('|');
      row.forEach(c -> sb.append(' ').append(cell(c)).append(" |"));
      sb.append('\n');
    }
    sb.append('\n');
  }

  static String cell(String text) {
    return text.replace("|", "\\|").replace("\r", " ").replace("\n", " ");
  }

  static String codeSpan(String text) {
    int longest = 0;
    int run = 0;
    for (char c : text.toCharArray()) {
      run = c == '`' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    String fence = "`".repeat(longest + 1);
    String pad = longest > 0 ? " " : "";
    return fence + pad + text + pad + fence;
  }

  static String human(Duration d) {
    long s = d.getSeconds();
    return s >= 60 ? (s / 60) + " min " + (s % 60) + " s" : s + " s";
  }
}
