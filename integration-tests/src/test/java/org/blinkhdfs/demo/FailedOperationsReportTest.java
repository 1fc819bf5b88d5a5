package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.bench.stats.LatencySummary;
import org.blinkhdfs.cluster.Layout;
import org.blinkhdfs.workload.PhaseResult;
import org.blinkhdfs.workload.StopReason;
import org.junit.jupiter.api.Test;

/**
 * Failed operations are reported, never a crash: a latency cell in which every operation failed
 * (the demo once aborted with "no metrics" when a write pipeline of the default placement through
 * a frozen node failed every write of a cell) still makes a report cell, and the baseline's failed
 * writes become a note while a BlinkHDFS layout's are a failed check.
 */
class FailedOperationsReportTest {

  @Test
  void phaseWithNoCompletedOperationStillReportsItsCounts() {
    PhaseResult failed = new PhaseResult("latency", "write", 4, 3, 0, 0, 3, 0, 0, 45_000,
        StopReason.TIME_LIMIT, LatencySummary.EMPTY, List.of(), List.of("pipeline timed out"));
    Map<String, Double> m = LayoutSession.latencyMetrics(failed);
    assertEquals(Map.of(LayoutSession.OK_OPS, 0.0, LayoutSession.FAILED_OPS, 3.0), m);
    ReportCell cell = new ReportCell("latency-write", "default+staggered", 3, 40, m, Map.of());
    assertEquals(3.0, cell.measured().get(LayoutSession.FAILED_OPS));
  }

  @Test
  void completedOperationsAddLatencyStatisticsAndCountVerifyFailuresAsFailed() {
    PhaseResult p = new PhaseResult("latency", "read", 3, 3, 2, 1, 0, 3 << 20, 0, 100,
        StopReason.COMPLETED, LatencySummary.of(new double[] {10, 20}), List.of(), List.of());
    Map<String, Double> m = LayoutSession.latencyMetrics(p);
    assertEquals(2.0, m.get(LayoutSession.OK_OPS));
    assertEquals(1.0, m.get(LayoutSession.FAILED_OPS));
    assertEquals(15.0, m.get(Metrics.MEAN_MS), 1e-9);
    assertFalse(m.containsKey(Metrics.MEAN_WAIT_MS));
  }

  @Test
  void baselineWriteFailuresAreANoteAndBlinkLayoutsGetNoNote() {
    PhaseResult failed = new PhaseResult("latency", "write", 8, 2, 1, 0, 1, 1 << 20, 0, 45_000,
        StopReason.TIME_LIMIT, LatencySummary.of(new double[] {30}), List.of(),
        List.of("Bad response ERROR"));
    Tally tally = new Tally();
    tally.add(failed, true);
    List<String> baseline = LayoutChecks.notes(new LayoutRun(Layout.HDFS_DEFAULT, "staggered"),
        tally);
    assertEquals(1, baseline.size());
    assertTrue(baseline.get(0).contains("1 of 2 writes failed"), baseline.get(0));
    assertTrue(baseline.get(0).startsWith("default+staggered"), baseline.get(0));
    assertEquals(List.of(), LayoutChecks.notes(
        new LayoutRun(Layout.POWER_BALANCED, "staggered"), tally));
  }
}
