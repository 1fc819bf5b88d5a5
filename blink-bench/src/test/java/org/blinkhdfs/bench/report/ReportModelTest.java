package org.blinkhdfs.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReportModelTest {
  private static ReportCell cell(String layout, int r, int p, Map<String, Double> measured,
      Map<String, Double> expected) {
    return new ReportCell("e", layout, r, p, measured, expected);
  }

  @Test
  void cellsRejectWhatCannotBeReported() {
    Map<String, Double> ok = Map.of("meanMs", 1.0);
    Map<String, Double> nan = new HashMap<>();
    nan.put("meanMs", Double.NaN);
    Map<String, Double> nullValue = new HashMap<>();
    nullValue.put("meanMs", null);
    List<Runnable> bad = List.of(
        () -> cell("ring", 3, 40, nan, Map.of()),
        () -> cell("ring", 3, 40, ok, Map.of("meanMs", Double.POSITIVE_INFINITY)),
        () -> cell("ring", 3, 40, nullValue, Map.of()),
        () -> cell(" ", 3, 40, ok, Map.of()),
        () -> cell("two\nlines", 3, 40, ok, Map.of()),
        () -> cell("ring", 0, 40, ok, Map.of()),
        () -> cell("ring", 3, 101, ok, Map.of()),
        () -> cell("ring", 3, -1, ok, Map.of()),
        () -> cell("ring", 3, 40, Map.of("mean ms", 1.0), Map.of()),
        () -> cell("ring", 3, 40, Map.of(), Map.of()),
        () -> new ReportCell("", "ring", 3, 40, ok, Map.of()));
    for (int i = 0; i < bad.size(); i++) {
      int at = i;
      assertThrows(IllegalArgumentException.class, () -> bad.get(at).run(), "case " + i);
    }
  }

  @Test
  void cellsCopyNormaliseAndOrderTheirMaps() {
    Map<String, Double> measured = new LinkedHashMap<>();
    measured.put("zeta", 1.0);
    measured.put("p90Ms", 2.0);
    measured.put("alpha", -0.0);
    measured.put("meanMs", 3.0);
    ReportCell c = cell("ring", 3, 40, measured, Map.of("readMBps", 9.0));
    measured.put("meanMs", 99.0);
    assertEquals(List.of("meanMs", "p90Ms", "alpha", "zeta"), List.copyOf(c.measured().keySet()));
    assertEquals(3.0, c.measured("meanMs").getAsDouble());
    assertEquals(Double.valueOf(0.0), c.measured().get("alpha")); // -0.0 became 0.0
    assertEquals(List.of("meanMs", "p90Ms", "readMBps", "alpha", "zeta"),
        List.copyOf(c.metrics()));
    assertTrue(c.expected("meanMs").isEmpty());
    assertThrows(UnsupportedOperationException.class, () -> c.measured().put("x", 1.0));
    // Expected alone is allowed (a point not measured).
    assertEquals(Set.of("meanMs"), cell("ring", 1, 20, Map.of(), Map.of("meanMs", 5.0))
        .metrics());
  }

  @Test
  void reportOrdersExperimentsLayoutsReplicationsAndPowers() {
    Report r = SampleReports.demo();
    assertEquals(List.of("read-latency", "throughput"), r.experiments());
    assertEquals(SampleReports.LAYOUTS, r.layouts("read-latency"));
    assertEquals(List.of(1, 3), r.replications("read-latency"));
    assertEquals(List.of(100, 60, 40, 20), r.powers("read-latency"));
    assertEquals(List.of("meanMs", "stdMs", "p90Ms"), r.metrics("read-latency"));
    assertEquals("meanMs", r.headlineMetric("read-latency"));
    assertEquals("readMBps", r.headlineMetric("throughput"));
    assertEquals(812.4, r.cell("read-latency", "ring + staggered", 3, 40).orElseThrow()
        .measured("meanMs").getAsDouble());
    assertTrue(r.cell("read-latency", "ring + staggered", 6, 40).isEmpty());
    assertTrue(r.allChecksPassed());
    assertEquals(0, r.failedChecks());
  }

  @Test
  void reportRefusesTwoCellsForOnePoint() {
    List<ReportCell> cells = new ArrayList<>(SampleReports.latencyCells());
    cells.add(cell("x", 1, 1, Map.of("meanMs", 1.0), Map.of()));
    cells.add(cell("x", 1, 1, Map.of("p90Ms", 1.0), Map.of()));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new Report(SampleReports.run(), cells, List.of()));
    assertTrue(e.getMessage().contains("two cells"), e.getMessage());
  }

  @Test
  void failedChecksAreCounted() {
    Report r = new Report(SampleReports.run(), SampleReports.latencyCells(),
        List.of(Check.pass("a", ""), Check.fail("blocks lost", "2 blocks"), Check.fail("b", "")));
    assertFalse(r.allChecksPassed());
    assertEquals(2, r.failedChecks());
    assertThrows(IllegalArgumentException.class, () -> Check.pass(" ", "x"));
  }

  @Test
  void runInfoKeepsSettingOrderAndChecksTimes() {
    RunInfo run = SampleReports.run();
    assertEquals(List.of("nodes", "blink interval", "bandwidth", "power model"),
        List.copyOf(run.settings().keySet()));
    assertEquals(Duration.ofSeconds(492), run.duration());
    assertThrows(IllegalArgumentException.class, () -> RunInfo.builder("t").commandLine("c")
        .startedAt(SampleReports.START).finishedAt(SampleReports.START.minusSeconds(1)).build());
    assertThrows(IllegalArgumentException.class, () -> RunInfo.builder("t").commandLine("c")
        .setting("a", "two\nlines").startedAt(SampleReports.START)
        .finishedAt(SampleReports.START).build());
    assertThrows(NullPointerException.class, () -> RunInfo.builder("t").commandLine("c")
        .finishedAt(SampleReports.START).build());
    assertThrows(IllegalArgumentException.class, () -> RunInfo.builder("t").commandLine("c")
        .startedAt(SampleReports.START).finishedAt(SampleReports.START).note(" ").build());
  }

  @Test
  void metricsHeadlineAndText() {
    assertEquals("meanWaitMs", Metrics.headline(List.of("p90Ms", "meanWaitMs")));
    assertEquals("p50Ms", Metrics.headline(List.of("p50Ms", "zeta")));
    assertEquals("alpha", Metrics.headline(List.of("zeta", "alpha")));
    assertTrue(Metrics.isLatency("p99Ms"));
    assertTrue(Metrics.isThroughput("writeMBps"));
    assertEquals("mean latency (ms)", Metrics.describe("meanMs"));
    assertEquals("custom", Metrics.describe("custom"));
    assertEquals("812", ReportText.exact(812.0));
    assertEquals("0.1", ReportText.exact(0.1));
    assertEquals("0.0000001", ReportText.exact(1e-7));
    assertEquals("0", ReportText.exact(-0.0));
    assertEquals("46058", ReportText.display(46_058.4));
    assertEquals("63.3", ReportText.display(63.27));
    assertEquals("0.73", ReportText.display(0.7324));
    assertEquals("0.00", ReportText.display(-0.001));
  }
}
