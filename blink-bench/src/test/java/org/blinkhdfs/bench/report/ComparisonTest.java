package org.blinkhdfs.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonTest {
  private static final Comparison.Criterion P90 =
      new Comparison.Criterion("latency", Metrics.P90_MS, false);
  private static final Comparison.Criterion PER_J =
      new Comparison.Criterion("throughput", Metrics.MIB_PER_J, true);

  private static ReportCell cell(String exp, String layout, int power, String metric, double v,
      boolean over) {
    return new ReportCell(exp, layout, 3, power, Map.of(metric, v, Metrics.OVER_BUDGET,
        over ? 1.0 : 0.0), Map.of());
  }

  private static boolean ours(String layout) {
    return layout.startsWith("power-balanced") || layout.startsWith("aligned");
  }

  @Test
  void classExampleAndEveryOutcome() {
    List<ReportCell> cells = List.of(
        cell("latency", "aligned+aligned", 20, Metrics.P90_MS, 950, false),
        cell("latency", "power-balanced+staggered", 20, Metrics.P90_MS, 1_200, false),
        // Over budget: not the best even though its p90 is the lowest of ours.
        cell("latency", "power-balanced+staggered-circular", 20, Metrics.P90_MS, 10, true),
        cell("latency", "covering-set+covering", 20, Metrics.P90_MS, 6.3, true),
        cell("latency", "default+staggered", 20, Metrics.P90_MS, 2_000, false),
        // Another replication: never compared with the r = 3 cells.
        new ReportCell("latency", "aligned+aligned", 6, 20, Map.of(Metrics.P90_MS, 1.0),
            Map.of()),
        cell("latency", "equal-work+activation", 20, Metrics.P90_MS, 930, false),
        cell("latency", "paraid+activation", 20, Metrics.P90_MS, 500, false),
        cell("throughput", "aligned+aligned", 40, Metrics.MIB_PER_J, 0.2, true),
        cell("throughput", "covering-set+covering", 40, Metrics.MIB_PER_J, 0.3, false));
    List<Comparison.Verdict> v = Comparison.judge(cells, List.of(P90, PER_J),
        ComparisonTest::ours, l -> true);
    assertEquals(5, v.size(), v.toString());
    assertEquals("20% latency p90Ms (lower is better): best BlinkHDFS aligned+aligned 950 vs"
        + " covering-set+covering 6.30 ‡: the baseline is over budget, not comparable",
        v.get(0).line());
    assertEquals(Comparison.Outcome.BASELINE_OVER, v.get(0).outcome());
    assertEquals(Comparison.Outcome.WIN, v.get(1).outcome()); // 950 < 2000
    assertEquals(Comparison.Outcome.TIE, v.get(2).outcome()); // 950 vs 930: 2.1%
    assertEquals(Comparison.Outcome.LOSS, v.get(3).outcome()); // 950 > 500
    assertEquals(Comparison.Outcome.OURS_OVER, v.get(4).outcome());
    assertTrue(v.get(4).line().endsWith("no BlinkHDFS layout within budget;"
        + " covering-set+covering 0.300"), v.get(4).line());
    assertEquals("5 comparisons against the baselines: 1 BlinkHDFS better, 1 within 5%, 1 the"
        + " baseline better, 1 with the baseline over budget (not comparable), 1 with no"
        + " BlinkHDFS layout within budget", Comparison.summary(v));
  }

  @Test
  void migrationColumnWithIntervalsAndAnUnsupportedMapReduceCell() {
    List<ReportCell> cells = List.of(
        new ReportCell("latency", "aligned+aligned", 3, 20, Map.of(Metrics.P90_MS, 950.0,
            Metrics.ci95(Metrics.P90_MS), 100.0), Map.of()),
        // The migration baseline waits for its moves: 30 s p90, well apart.
        new ReportCell("latency", "default+activation+migration", 3, 20, Map.of(Metrics.P90_MS,
            30_000.0, Metrics.ci95(Metrics.P90_MS), 2_000.0), Map.of()),
        new ReportCell("latency", "aligned+aligned", 3, 40, Map.of(Metrics.P90_MS, 900.0,
            Metrics.ci95(Metrics.P90_MS), 200.0), Map.of()),
        // 1000 vs 900 is a win by 10%, but 100 <= 200 + 150: the rounds do not decide it.
        new ReportCell("latency", "default+activation+migration", 3, 40, Map.of(Metrics.P90_MS,
            1_000.0, Metrics.ci95(Metrics.P90_MS), 150.0), Map.of()),
        new ReportCell("dfsio", "aligned+aligned", 3, 20, Map.of(Metrics.MIB_PER_J, 0.5),
            Map.of()),
        new ReportCell("dfsio", "covering-set+covering", 3, 20, Map.of(Metrics.NOT_SUPPORTED,
            1.0), Map.of()));
    List<Comparison.Verdict> v = Comparison.judge(cells, List.of(P90,
        new Comparison.Criterion("dfsio", Metrics.MIB_PER_J, true)), ComparisonTest::ours,
        l -> true);
    assertEquals(3, v.size(), v.toString());
    assertEquals("40% latency p90Ms (lower is better): best BlinkHDFS aligned+aligned 900 ± 200"
        + " vs default+activation+migration 1000 ± 150: BlinkHDFS better (95% intervals"
        + " overlap)", v.get(0).line());
    assertEquals("20% latency p90Ms (lower is better): best BlinkHDFS aligned+aligned 950 ± 100"
        + " vs default+activation+migration 30000 ± 2000: BlinkHDFS better", v.get(1).line());
    assertEquals(Comparison.Outcome.BASELINE_UNSUPPORTED, v.get(2).outcome());
    assertEquals("20% dfsio mibPerJ (higher is better): covering-set+covering not supported;"
        + " best BlinkHDFS aligned+aligned 0.500", v.get(2).line());
    assertTrue(Comparison.summary(v).endsWith(", 1 the baseline cannot run (not supported)"),
        Comparison.summary(v));
  }
}
