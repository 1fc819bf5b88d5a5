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
        + " covering-set+covering 0.30"), v.get(4).line());
    assertEquals("5 comparisons against the baselines: 1 BlinkHDFS better, 1 within 5%, 1 the"
        + " baseline better, 1 with the baseline over budget (not comparable), 1 with no"
        + " BlinkHDFS layout within budget", Comparison.summary(v));
  }
}
