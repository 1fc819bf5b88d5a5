package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.bench.stats.MeanInterval;
import org.blinkhdfs.workload.OpOutcome;
import org.blinkhdfs.workload.OpSample;
import org.junit.jupiter.api.Test;

/**
 * How {@code bench relay}'s phases add up: paired ratios per round, the goal's verdict, failures by
 * exception class, the report's cells and checks, and the files. Phases are given, no cluster.
 */
class RelayFindingsTest {
  private static final DemoOptions OPTIONS =
      DemoOptions.parse("relay", new String[] {"--rounds", "3"});

  private static OpSample ok(double ms) {
    return new OpSample("f-00000@0", 0, ms, 65536, OpOutcome.OK, "");
  }

  private static OpSample failed(double ms, String error) {
    return new OpSample("f-00001@65536", 0, ms, 0, OpOutcome.ERROR, error);
  }

  private static RelayRun dfsio(int round, ReadPath p, double mibps) {
    return new RelayRun(100, round, 0, p, RelayRun.DFSIO, 1000, mibps, 6, 0, 0,
        p == ReadPath.RELAY ? 0.4 : Double.NaN, 2.0, List.of());
  }

  private static RelayRun latency(int power, int round, ReadPath p, List<OpSample> s) {
    int ok = (int) s.stream().filter(x -> x.outcome() == OpOutcome.OK).count();
    return new RelayRun(power, round, 0, p, RelayRun.LATENCY, 1000, Double.NaN, ok,
        s.size() - ok, 0, Double.NaN, 2.5, s);
  }

  /** Relay at 0.95, 0.90 and 1.00 of direct; native 20 MiB/s; then 40% with native failures. */
  private static RelayFindings findings() {
    double[] relay = {19.0, 18.0, 20.0};
    List<RelayRun> runs = new ArrayList<>();
    for (int k = 0; k < 3; k++) {
      runs.add(dfsio(k, ReadPath.RELAY, relay[k]));
      runs.add(dfsio(k, ReadPath.DIRECT, 20.0));
      runs.add(dfsio(k, ReadPath.NATIVE, 20.0));
      runs.add(latency(100, k, ReadPath.RELAY, List.of(ok(40), ok(44))));
      runs.add(latency(100, k, ReadPath.DIRECT, List.of(ok(20), ok(22))));
      runs.add(latency(100, k, ReadPath.NATIVE, List.of(ok(4), ok(5))));
    }
    runs.add(latency(40, 0, ReadPath.RELAY, List.of(ok(30), ok(2500))));
    runs.add(latency(40, 0, ReadPath.NATIVE, List.of(ok(6),
        failed(31_000, RelayFindings.BLOCK_MISSING), failed(10_000, RelayFindings.TIMEOUT),
        failed(50, "IOException"))));
    return new RelayFindings(OPTIONS, 12_000, 10_000, runs,
        Map.of(100, new long[] {0, 0}, 40, new long[] {2, 3000}));
  }

  @Test
  void ratiosArePairedPerRoundWithAStudentTInterval() {
    RelayFindings f = findings();
    MeanInterval r = f.throughputRatio(ReadPath.RELAY, ReadPath.DIRECT);
    assertEquals(3, r.count());
    assertEquals(0.95, r.mean(), 1e-12);
    assertEquals(4.303 * 0.05 / Math.sqrt(3), r.halfWidth(), 1e-9);
    assertEquals("undecided", f.goalVerdict(), "0.826 .. 1.074 straddles 0.90");
    assertEquals(2.0, f.p50Ratio(ReadPath.RELAY, ReadPath.DIRECT).mean(), 1e-12);
    assertEquals(24.0, f.ioCeilingMBps(), 1e-12, "min(12 threads, 6 nodes) x 4 MiB/s");
    assertEquals(0.4, f.relayCores(RelayRun.DFSIO), 1e-12);
    assertEquals(List.of(40), f.lowLevels());
  }

  @Test
  void cellsCarryThroughputLatencyRatiosAndFailuresByKind() {
    List<ReportCell> cells = findings().cells("power-balanced+staggered", 3);
    assertEquals(5, cells.size());
    ReportCell relay = cells.get(0);
    assertEquals(RelayFindings.OVERHEAD, relay.experiment());
    assertEquals("relay", relay.layout());
    assertEquals(19.0, relay.measured("readMBps").getAsDouble(), 1e-12);
    assertEquals(24.0, relay.expected("readMBps").getAsDouble(), 1e-12);
    assertEquals(0.95, relay.measured("ratioToDirect").getAsDouble(), 1e-12);
    assertTrue(relay.measured("ratioToDirectLow95").isPresent());
    assertFalse(cells.get(1).measured("ratioToDirect").isPresent(),
        "direct has no ratio to itself");
    ReportCell nativeLow = cells.get(4);
    assertEquals(RelayFindings.STOCK, nativeLow.experiment());
    assertEquals(40, nativeLow.powerPercent());
    assertEquals(1.0, nativeLow.measured("okReads").getAsDouble());
    assertEquals(3.0, nativeLow.measured("failedReads").getAsDouble());
    assertEquals(1.0, nativeLow.measured("blockMissingReads").getAsDouble());
    assertEquals(1.0, nativeLow.measured("timeoutReads").getAsDouble());
    ReportCell relayLow = cells.get(3);
    assertEquals(2.0, relayLow.measured("readsHeld").getAsDouble());
    assertEquals(1500.0, relayLow.measured("meanHeldMs").getAsDouble(), 1e-12);
  }

  @Test
  void stockFailuresAreMeasuredNotChecked() {
    List<Check> checks = findings().checks();
    assertEquals(3, checks.size());
    assertTrue(checks.stream().allMatch(Check::passed), checks.toString());
    assertEquals(" (1 BlockMissingException, 1 IOException, 1 SocketTimeoutException)",
        RelayFindings.failureClasses(findings().samples(40, ReadPath.NATIVE)));
  }

  @Test
  void aFailedRelayReadFailsTheCheck() {
    List<RelayRun> runs = new ArrayList<>(findings().runs());
    runs.add(latency(20, 0, ReadPath.RELAY, List.of(failed(12_000, RelayFindings.TIMEOUT))));
    RelayFindings f = new RelayFindings(OPTIONS, 12_000, 10_000, runs, Map.of());
    Check c = f.checks().get(0);
    assertFalse(c.passed());
    assertTrue(c.detail().contains("1 failed or wrong"), c.detail());
  }

  @Test
  void theFilesCarryTheTablesAndEveryRead() {
    RelayFiles files = new RelayFiles(findings());
    String md = files.markdown();
    assertTrue(md.contains("| relay | 19.00 (16.52 .. 21.48) | 40.0 |"), md);
    assertTrue(md.contains("| throughput relay / direct-webhdfs | 0.950 (0.826 .. 1.074) |"), md);
    assertTrue(md.contains("**undecided**"), md);
    assertTrue(md.contains("## Stock clients at 40% power"), md);
    assertTrue(md.contains("| native | 4 | 1 | 3 | 1 | 1 | 1 |"), md);
    assertTrue(md.contains("shortened from the 60 s production interval, 10x"), md);
    String reads = files.readsCsv();
    assertTrue(reads.startsWith(String.join(",", RelayFiles.READS_HEADER) + "\r\n"), reads);
    assertEquals(1 + 3 * 6 + 2 + 4, reads.split("\r\n").length);
    assertTrue(reads.contains("40,0,native,f-00001@65536,0.000,31000.000,0,ERROR,"
        + "BlockMissingException"), reads);
    assertEquals(1 + 3 * 6 + 2, files.phasesCsv().split("\r\n").length);
  }
}
