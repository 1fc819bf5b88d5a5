package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;
import org.junit.jupiter.api.Test;

/**
 * Issue 39's goal lines: auto against the best other layout within budget at each level, in
 * MiB per joule (within 5%) and in failed reads and read p90 (no worse, or intervals overlap).
 */
class AutoGoalNotesTest {
  private static ReportCell cell(String experiment, String layout, int power,
      Map<String, Double> m) {
    return new ReportCell(experiment, layout, 3, power, m, Map.of());
  }

  @Test
  void throughputPerJouleWithinFivePercentOfTheBestWithinBudget() {
    List<ReportCell> cells = List.of(
        cell("throughput", "phase-groups+auto", 40, Map.of(Metrics.MIB_PER_J, 0.052)),
        cell("throughput", "aligned+aligned", 40, Map.of(Metrics.MIB_PER_J, 0.054)),
        cell("throughput", "equal-work+activation", 40, Map.of(Metrics.MIB_PER_J, 0.050)),
        // Over budget: never the best.
        cell("throughput", "covering-set+covering", 40, Map.of(Metrics.MIB_PER_J, 0.09,
            Metrics.OVER_BUDGET, 1.0)),
        cell("throughput", "phase-groups+auto", 20, Map.of(Metrics.MIB_PER_J, 0.040)),
        cell("throughput", "aligned+aligned", 20, Map.of(Metrics.MIB_PER_J, 0.045)));
    // 0.052 / 0.054 = 0.963; 0.040 / 0.045 = 0.889.
    assertEquals(List.of("auto goal 40% throughput per joule: phase-groups+auto 0.0520 MiB/J vs"
        + " the best fixed aligned+aligned 0.0540: ratio 0.963, within 5%: pass",
        "auto goal 20% throughput per joule: phase-groups+auto 0.0400 MiB/J vs the best fixed"
        + " aligned+aligned 0.0450: ratio 0.889, FAIL (more than 5% below)"),
        AutoGoalNotes.of(cells));
  }

  @Test
  void availabilityIsFailedReadsAndP90NoWorseOrOverlapping() {
    String ci = Metrics.ci95(Metrics.P90_MS);
    List<ReportCell> cells = List.of(
        cell("latency", "phase-groups+auto", 40, Map.of(Metrics.P90_MS, 30.0, ci, 8.0,
            LayoutSession.FAILED_OPS, 0.0)),
        cell("latency", "aligned+aligned", 40, Map.of(Metrics.P90_MS, 25.0, ci, 3.0,
            LayoutSession.FAILED_OPS, 0.0)),
        cell("latency", "power-balanced+staggered", 40, Map.of(Metrics.P90_MS, 900.0,
            LayoutSession.FAILED_OPS, 0.0)),
        cell("latency", "phase-groups+auto", 20, Map.of(Metrics.P90_MS, 20.0,
            LayoutSession.FAILED_OPS, 2.0)),
        cell("latency", "aligned+aligned", 20, Map.of(Metrics.P90_MS, 40.0,
            LayoutSession.FAILED_OPS, 0.0)));
    // 40%: |30 - 25| = 5 <= 8 + 3, the intervals overlap; 20%: 2 failed reads against 0.
    assertEquals(List.of("auto goal 40% availability: phase-groups+auto p90 30.0 ms, 0 failed"
        + " reads vs the best fixed aligned+aligned p90 25.0 ms, 0 failed: higher but the 95%"
        + " intervals overlap: pass", "auto goal 20% availability: phase-groups+auto p90 20.0"
        + " ms, 2 failed reads vs the best fixed aligned+aligned p90 40.0 ms, 0 failed: FAIL"
        + " (worse)"), AutoGoalNotes.of(cells));
  }

  @Test
  void withoutAutoThereIsNoGoalLine() {
    assertEquals(List.of(), AutoGoalNotes.of(List.of(cell("throughput", "aligned+aligned", 40,
        Map.of(Metrics.MIB_PER_J, 0.05)))));
  }
}
