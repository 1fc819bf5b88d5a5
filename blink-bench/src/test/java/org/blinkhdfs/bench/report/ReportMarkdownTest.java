package org.blinkhdfs.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportMarkdownTest {
  private static String md(Report r) {
    return ReportMarkdown.render(r, ReportPlots.plan(r));
  }

  @Test
  void headlineTableHasMeasuredAndExpectedCells() {
    String md = md(SampleReports.demo());
    assertTrue(md.startsWith("# BlinkHDFS demo\n"), md);
    assertTrue(md.contains("- Command: `bin/blink demo`\n"), md);
    assertTrue(md.contains("- Finished: 2025-03-01T10:08:12Z (8 min 12 s)\n"), md);
    assertTrue(md.contains("read-latency: mean latency (ms), measured (expected)\n\n"
        + "| layout | r | 100% | 60% | 40% | 20% |\n|---|---:|---:|---:|---:|---:|\n"), md);
    // ring r=3: 100% 63.27 (0); 60% 63.27+1600/3 = 596.6 (536.9); 40% hand-picked; 20%
    // 63.27+6400/3 = 2196.6 (1976.9).
    assertTrue(md.contains(
        "| ring + staggered | 3 | 63.3 (0.00) | 597 (537) | 812 (731) | 2197 (1977) |\n"), md);
    assertTrue(md.contains("| layout | r | power | meanMs | stdMs | p90Ms |\n"), md);
    assertTrue(md.contains("| ring + staggered | 3 | 40% | 812 (731) | 406 | 1625 |\n"), md);
    assertTrue(md.contains("throughput: aggregate read throughput (MB/s), measured (expected)"),
        md);
  }

  @Test
  void settingsChecksNotesAndPlotsAreThere() {
    String md = md(SampleReports.demo());
    assertTrue(md.contains("| setting | value |\n|---|---|\n| nodes | 9 DataNodes, 1 NameNode |\n"
        + "| blink interval | 6 s (shortened from 60 s) |\n"), md);
    assertTrue(md.contains("- Blink intervals are shortened to keep the run under 10 minutes.\n"),
        md);
    assertTrue(md.contains("All 4 checks passed."), md);
    assertTrue(md.contains("| bytes verified | PASS | 1280 MiB in 640 files |\n"), md);
    assertTrue(md.contains("[![read-latency: mean latency (ms) vs power]"
        + "(plots/read-latency-meanMs.png)](plots/read-latency-meanMs.svg)"), md);
    assertTrue(md.contains("(plots/throughput-readMBps.png)"), md);
    // Plots appear under their own experiment.
    int throughputSection = md.indexOf("## Experiment: throughput");
    assertTrue(md.indexOf("plots/read-latency-p90Ms.png") < throughputSection);
    assertTrue(md.indexOf("plots/throughput-writeMBps.png") > throughputSection);
  }

  /** ExpectationJudge's examples: a mean whose interval excludes the expectation is flagged. */
  @Test
  void meansOutsideTheirIntervalAreFlagged() {
    RunInfo run = fiveSecondRun();
    Report r = new Report(run, List.of(
        new ReportCell("latency", "ring", 3, 40, Map.of("meanMs", 58.0, "meanCi95Ms", 9.5,
            "okOps", 40.0), Map.of("meanMs", 100.0)),
        new ReportCell("latency", "ring", 3, 20, Map.of("meanMs", 95.0, "meanCi95Ms", 9.5,
            "okOps", 450.0), Map.of("meanMs", 100.0)),
        new ReportCell("latency", "ring", 3, 100, Map.of("meanMs", 3.0), Map.of("meanMs", 3.0))),
        List.of());
    List<ExpectationJudge.Verdict> v = ExpectationJudge.judge(r);
    assertEquals(2, v.size());
    assertFalse(v.get(0).consistent());
    assertTrue(v.get(1).consistent());
    String md = md(r);
    assertTrue(md.contains("## Measured against expected\n\n**1 of 2 cells** with an expected"
        + " mean exclude it"), md);
    assertTrue(md.contains("- latency / ring / r=3 / 40%: measured 58.0 ± 9.5 ms, expected"
        + " 100.0 ms: OUTSIDE the 95% interval\n"), md);
    assertFalse(md.contains("/ 20%: measured"), md);
    assertTrue(v.get(0).small() && !v.get(1).small());
    assertTrue(md.contains("**1 of 2 cells hold fewer than 400 reads** (40 to 40): their"
        + " intervals are wide"), md);
  }

  /** Cells of 400 reads and more, or with no read count, get no small-sample warning. */
  @Test
  void largeOrUncountedCellsAreNotCalledSmall() {
    RunInfo run = fiveSecondRun();
    Report r = new Report(run, List.of(
        new ReportCell("latency", "ring", 3, 40, Map.of("meanMs", 95.0, "meanCi95Ms", 9.5,
            "okOps", 400.0), Map.of("meanMs", 100.0)),
        new ReportCell("latency", "ring", 3, 20, Map.of("meanMs", 95.0, "meanCi95Ms", 9.5),
            Map.of("meanMs", 100.0))), List.of());
    List<ExpectationJudge.Verdict> v = ExpectationJudge.judge(r);
    assertEquals(400, v.get(0).reads());
    assertEquals(-1, v.get(1).reads());
    String md = md(r);
    assertTrue(md.contains("Every one of the 2 cells with an expected mean holds it"), md);
    assertFalse(md.contains("fewer than 400 reads"), md);
  }

  @Test
  void failuresMissingPointsAndEscaping() {
    RunInfo run = RunInfo.builder("t").commandLine("echo `date` | tee x")
        .startedAt(SampleReports.START).finishedAt(SampleReports.START.plusSeconds(5)).build();
    Report r = new Report(run, List.of(
        new ReportCell("e", "a|b", 1, 100, Map.of("meanMs", 5.0), Map.of()),
        new ReportCell("e", "a|b", 1, 40, Map.of(), Map.of("meanMs", 9.0)),
        new ReportCell("e", "c", 1, 100, Map.of("meanMs", 6.0), Map.of())),
        List.of(Check.fail("blocks lost", "2 | blk_7")));
    String md = md(r);
    assertTrue(md.contains("- Command: `` echo `date` | tee x ``\n"), md);
    assertTrue(md.contains("| a\\|b | 1 | 5.00 | - (9.00) |\n"), md);
    assertTrue(md.contains("| c | 1 | 6.00 | - |\n"), md);
    assertTrue(md.contains("**1 of 1 checks FAILED.**"), md);
    assertTrue(md.contains("| blocks lost | **FAIL** | 2 \\| blk_7 |\n"), md);
    assertFalse(md.contains("| setting | value |"));
    assertEquals("5 s", ReportMarkdown.human(Duration.ofSeconds(5)));
  }

  /** A five-second run of command {@code x}: the judged-cells tests' report header. */
  private static RunInfo fiveSecondRun() {
    return RunInfo.builder("t").commandLine("x")
        .startedAt(SampleReports.START).finishedAt(SampleReports.START.plusSeconds(5)).build();
  }
}
