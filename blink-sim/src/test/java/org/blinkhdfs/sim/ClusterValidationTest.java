package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.report.Report;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.bench.report.RunInfo;
import org.junit.jupiter.api.Test;

/** How a recorded latency cell is matched with a simulator run, and judged. */
class ClusterValidationTest {
  /** The local cluster's settings: 9 nodes, 6 s interval, 500 ms read window, no transition. */
  private static final ClusterValidation.Settings CLUSTER =
      new ClusterValidation.Settings(9, 6_000, 500, 0, 1000, 0);

  private static ReportCell latency(String layout, int r, int power, double mean, double ci,
      double wait) {
    return new ReportCell("latency", layout, r, power, Map.of("meanMs", mean, "meanCi95Ms", ci,
        "meanWaitMs", wait, "okOps", 400.0), Map.of("meanWaitMs", wait));
  }

  private static Report report(ReportCell... cells) {
    RunInfo run = RunInfo.builder("t").commandLine("bin/blink bench latency")
        .startedAt(Instant.EPOCH).finishedAt(Instant.EPOCH.plusSeconds(1)).build();
    return new Report(run, List.of(cells), List.of());
  }

  /**
   * The recorded 6 s run (docs/results/2026-11-27-latency-400: 9 nodes, 443-463 reads per cell,
   * the ring with the paper's offsets and the aligned design at r = 3 and 6): every cell below
   * 100% agrees with the simulator.
   */
  @Test
  void theRecordedSixSecondRunAgreesWithTheSimulator() throws java.io.IOException {
    Report recorded = org.blinkhdfs.bench.report.ReportJson.read(java.nio.file.Files.readString(
        java.nio.file.Path.of("..", "docs", "results", "2026-11-27-latency-400",
            "results.json")));
    List<ClusterValidation.Row> rows = ClusterValidation.rows(recorded, CLUSTER);
    assertEquals(8, rows.size());
    for (ClusterValidation.Row r : rows) {
      assertTrue(r.modelled() && r.agrees(), r.toString());
      assertTrue(r.reads() >= 400, r.toString());
    }
  }

  @Test
  void alignedAtFortyPercentSimulatesTheHandWorkedWait() {
    // 40% of 9 nodes at 6 s: windows of 2 250 ms, usable 1 750 ms; replicas open every 2 000 ms,
    // so each gap leaves 250 ms unreadable: mean wait 3·250²/(2·6 000) = 15.625 ms.
    double sim = ClusterValidation.simulate(latency("aligned+aligned", 3, 40, 25, 5, 17.7),
        CLUSTER).getAsDouble();
    assertEquals(15.625, sim, 0.01);
  }

  @Test
  void aCellAgreesWithinTenPercentOrInsideItsInterval() {
    Report r = report(
        latency("aligned+aligned", 3, 100, 7, 0.6, 0),
        // 17.0 vs 15.6: within 10%.
        latency("aligned+aligned", 3, 40, 24, 1, 17.0),
        latency("aligned+aligned", 6, 100, 7, 0.6, 0),
        latency("aligned+aligned", 3, 20, 560, 10, 563.0),
        latency("power-balanced+staggered+popularity", 3, 20, 500, 10, 400));
    List<ClusterValidation.Row> rows = ClusterValidation.rows(r, CLUSTER);
    assertEquals(3, rows.size(), "cells below 100% only");
    assertTrue(rows.get(0).agrees() && rows.get(0).relativeError() <= 0.10);
    assertTrue(rows.get(1).agrees(), "563 vs 562.5");
    assertFalse(rows.get(2).modelled(), "popularity copies are not simulated");
    // 19 ± 4: 15.6 is 18% off but inside the interval (hypot(4, 0.6) = 4.04).
    ClusterValidation.Row wide = ClusterValidation.rows(report(
        latency("aligned+aligned", 3, 100, 7, 0.6, 0),
        latency("aligned+aligned", 3, 40, 26, 4, 19.0)), CLUSTER).get(0);
    assertTrue(wide.relativeError() > 0.10 && wide.insideInterval() && wide.agrees());
    ClusterValidation.Row off = ClusterValidation.rows(report(
        latency("aligned+aligned", 3, 100, 7, 0.6, 0),
        latency("aligned+aligned", 3, 40, 40, 4, 33.0)), CLUSTER).get(0);
    assertFalse(off.agrees(), "33 ± 4 against 15.6");
    ClusterValidation.Row tiny = ClusterValidation.rows(report(
        latency("aligned+aligned", 6, 100, 6.24, 0.24, 0),
        latency("aligned+aligned", 6, 40, 6.62, 0.05, 0.38)), CLUSTER).get(0);
    assertTrue(tiny.agrees() && tiny.withinFloor() && !tiny.insideInterval(),
        "0.38 ms measured, 0 simulated: within 1 ms");
    String table = ClusterValidation.table(rows);
    assertTrue(table.contains("2 of 2 modelled cells agree"), table);
  }
}
