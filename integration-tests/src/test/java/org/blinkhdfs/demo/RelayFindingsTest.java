package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.bench.energy.EnergySnapshot;
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

  /** One second of a 60 W budget in which the DataNodes drew {@code joules}. */
  static CellEnergy second(double joules) {
    EnergySnapshot from = new EnergySnapshot(5_000, 100, 10, 100, 4_000, 0, 60, Map.of());
    EnergySnapshot to = new EnergySnapshot(6_000, 100 + joules, 11, 160, 5_000,
        joules > 60 ? 1_000 : 0, 60, Map.of());
    return CellEnergy.between(from, to);
  }

  private static RelayRun dfsio(int round, ReadPath p, double mibps) {
    return dfsio(round, p, mibps, 60);
  }

  /** A one-second dfsio phase that read {@code mibps} MiB with {@code joules} of 60 J budget. */
  private static RelayRun dfsio(int round, ReadPath p, double mibps, double joules) {
    return new RelayRun(100, round, 0, p, RelayRun.DFSIO, 1000, mibps, 6, 0, 0,
        p == ReadPath.RELAY ? 0.4 : Double.NaN, 2.0, List.of(), (long) (mibps * (1 << 20)),
        second(joules));
  }

  private static RelayRun latency(int power, int round, ReadPath p, List<OpSample> s) {
    return latency(power, round, p, s, power / 100.0 * 60);
  }

  private static RelayRun latency(int power, int round, ReadPath p, List<OpSample> s,
      double joules) {
    int ok = (int) s.stream().filter(x -> x.outcome() == OpOutcome.OK).count();
    return new RelayRun(power, round, 0, p, RelayRun.LATENCY, 1000, Double.NaN, ok,
        s.size() - ok, 0, Double.NaN, 2.5, s, ok * 65536L, second(joules));
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

  @Test
  void eachPathsCellPoolsItsPhasesEnergyWithWorkPerJoulePerWorkload() {
    RelayFindings f = findings();
    ReportCell relay = f.cells("power-balanced+staggered", 3).get(0);
    // 3 dfsio + 3 request phases of 60 J against 60 J each.
    assertEquals(360.0, relay.measured("energyJ").getAsDouble(), 1e-9);
    assertEquals(60.0, relay.measured("meanPowerW").getAsDouble(), 1e-9);
    assertEquals(60.0, relay.measured("budgetW").getAsDouble(), 1e-9);
    assertEquals(0.0, relay.measured("overBudgetS").getAsDouble());
    assertEquals(0.0, relay.measured("overBudget").getAsDouble());
    assertEquals(6.0, relay.measured("overheadJ").getAsDouble(), 1e-9, "1 J per phase");
    // (19 + 18 + 20) MiB over the dfsio phases' 180 J; 6 verified requests over their 180 J.
    assertEquals(57.0 / 180, relay.measured("mibPerJ").getAsDouble(), 1e-12);
    assertEquals(6 * 1000.0 / 180, relay.measured("opsPerKJ").getAsDouble(), 1e-9);
    assertEquals("360 J in 6.0 s: 60.0 of 60.0 W budget, 0.0 s over budget, 0.317 MiB/J in"
        + " dfsio, 33.3 reads/kJ in requests", f.energyLine(100, ReadPath.RELAY));
    ReportCell nativeLow = f.cells("power-balanced+staggered", 3).get(4);
    assertEquals(24.0, nativeLow.measured("energyJ").getAsDouble(), 1e-9);
    assertEquals(1000.0 / 24, nativeLow.measured("opsPerKJ").getAsDouble(), 1e-9);
    assertFalse(nativeLow.measured("mibPerJ").isPresent(), "no dfsio below 100%");
    assertEquals("not measured", f.energyLine(40, ReadPath.DIRECT));
  }

  /** findings() with direct WebHDFS drawing 70 of 60 J in each of its dfsio phases. */
  private static RelayFindings directOverBudget() {
    List<RelayRun> runs = new ArrayList<>();
    for (RelayRun r : findings().runs()) {
      runs.add(r.path() == ReadPath.DIRECT && r.workload().equals(RelayRun.DFSIO)
          ? dfsio(r.round(), ReadPath.DIRECT, r.mibps(), 70) : r);
    }
    return new RelayFindings(OPTIONS, 12_000, 10_000, runs,
        Map.of(100, new long[] {0, 0}, 40, new long[] {2, 3000}));
  }

  @Test
  void aPathOverBudgetIsMarkedAndLeftOutOfEveryRatioItIsIn() {
    RelayFindings f = directOverBudget();
    // 3 x 70 + 3 x 60 = 390 J in 6 s: 65 W, 8.3% over 60 W; 3 one-second intervals over.
    assertTrue(f.overBudget(100, ReadPath.DIRECT));
    assertFalse(f.comparable(100, ReadPath.RELAY, ReadPath.DIRECT));
    assertTrue(f.comparable(100, ReadPath.RELAY, ReadPath.NATIVE));
    List<ReportCell> cells = f.cells("power-balanced+staggered", 3);
    ReportCell relay = cells.get(0);
    ReportCell direct = cells.get(1);
    assertFalse(relay.measured("ratioToDirect").isPresent());
    assertFalse(relay.measured("p50RatioToDirect").isPresent());
    assertEquals(0.95, relay.measured("ratioToNative").getAsDouble(), 1e-12);
    assertFalse(direct.measured("ratioToNative").isPresent());
    assertEquals(1.0, direct.measured("overBudget").getAsDouble());
    assertEquals(3.0, direct.measured("overBudgetS").getAsDouble(), 1e-9);
    assertEquals("not comparable: direct-webhdfs over budget ‡", f.goalVerdict());
    assertEquals("390 J in 6.0 s: 65.0 of 60.0 W budget, 3.0 s over budget, 0.286 MiB/J in"
        + " dfsio, 33.3 reads/kJ in requests ‡ over budget", f.energyLine(100, ReadPath.DIRECT));
    String md = new RelayFiles(f).markdown();
    assertTrue(md.contains("| throughput relay / direct-webhdfs | not comparable: direct-webhdfs"
        + " over budget ‡ |"), md);
    assertTrue(md.contains("| throughput relay / native | 0.950 (0.826 .. 1.074) |"), md);
    assertTrue(md.contains("**not comparable: direct-webhdfs over budget ‡**."), md);
    assertTrue(md.contains("- direct-webhdfs: 390 J in 6.0 s"), md);
    assertTrue(md.contains("‡ [direct-webhdfs] more than 3% over budget: left out of this"
        + " level's ratios and comparisons (not comparable)."), md);
    assertTrue(f.notes().stream().anyMatch(n -> n.startsWith("relay energy at 100%")
        && n.endsWith("[direct-webhdfs] over budget: left out of this level's ratios and"
            + " comparisons (not comparable).")), f.notes().toString());
  }

  @Test
  void thePhasesCsvCarriesEachPhasesEnergy() {
    String csv = new RelayFiles(findings()).phasesCsv();
    assertTrue(csv.startsWith(String.join(",", RelayFiles.PHASES_HEADER) + "\r\n"), csv);
    assertTrue(csv.contains("40,0,0,native,latency,1000.000,,1,3,0,,2.500,65536,24.000,24.000,"
        + "60.000,0.000\r\n"), csv);
  }
}
