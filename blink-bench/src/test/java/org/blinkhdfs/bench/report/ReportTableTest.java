package org.blinkhdfs.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportTableTest {
  @Test
  void alignsTextLeftAndNumbersRight() {
    Report r = new Report(SampleReports.run(), List.of(
        new ReportCell("lat", "ring", 3, 100, Map.of("meanMs", 63.27), Map.of("meanMs", 0.0)),
        new ReportCell("lat", "ring", 3, 40, Map.of("meanMs", 812.4), Map.of("meanMs", 731.2)),
        new ReportCell("lat", "hdfs-default", 1, 40, Map.of("meanMs", 15524.0), Map.of())),
        List.of(Check.pass("bytes verified", "ok"), Check.fail("blocks lost", "2")));
    String expected = String.join("\n",
        "lat: mean latency (ms), measured (expected)",
        "layout        r         100%        40%",
        "------------  -  -----------  ---------",
        "ring          3  63.3 (0.00)  812 (731)",
        "hdfs-default  1            -      15524",
        "",
        "checks: 1 of 2 passed",
        "  FAILED blocks lost: 2",
        "");
    assertEquals(expected, ReportTable.render(r));
  }

  @Test
  void printsEveryExperimentOfTheDemo() {
    String out = ReportTable.render(SampleReports.demo());
    assertTrue(out.contains("read-latency: mean latency (ms), measured (expected)\n"), out);
    assertTrue(out.contains("throughput: aggregate read throughput (MB/s), measured (expected)\n"),
        out);
    assertTrue(out.contains("checks: 4 of 4 passed\n"), out);
    // 3 layouts x 2 replications + 3 layouts, each one line.
    assertEquals(9, out.lines().filter(l -> l.startsWith("ring + ") || l.startsWith("hdfs-"))
        .count(), out);
  }

  @Test
  void marksOverBudgetCellsAndPrintsTheEnergyTable() {
    Map<String, Double> over = new java.util.LinkedHashMap<>(Map.of("readMBps", 30.0,
        Metrics.ENERGY_J, 2_880.0, Metrics.MEAN_POWER_W, 48.0, Metrics.BUDGET_W, 45.0,
        Metrics.OVER_BUDGET, 1.0, Metrics.MIB_PER_J, 0.104));
    Map<String, Double> met = Map.of("readMBps", 20.0, Metrics.ENERGY_J, 2_400.0,
        Metrics.MEAN_POWER_W, 40.0, Metrics.BUDGET_W, 45.0, Metrics.OVER_BUDGET, 0.0,
        Metrics.MIB_PER_J, 0.25);
    Report r = new Report(SampleReports.run(), List.of(
        new ReportCell("io", "paraid", 3, 20, over, Map.of()),
        new ReportCell("io", "ring", 3, 20, met, Map.of())), List.of());
    String out = ReportTable.renderExperiment(r, "io");
    String expected = String.join("\n",
        "io: aggregate read throughput (MB/s), measured (expected)" + ExperimentTable.OVER_LEGEND,
        "layout  r     20%",
        "------  -  ------",
        "paraid  3  30.0 ‡",
        "ring    3    20.0",
        "",
        "io: DataNode mean power of budget (W), work per joule" + ExperimentTable.OVER_LEGEND,
        "layout  r                            20%",
        "------  -  -----------------------------",
        "paraid  3  48.0 of 45.0 W, 0.104 MiB/J ‡",
        "ring    3    40.0 of 45.0 W, 0.250 MiB/J",
        "");
    assertEquals(expected, out);
  }
}
