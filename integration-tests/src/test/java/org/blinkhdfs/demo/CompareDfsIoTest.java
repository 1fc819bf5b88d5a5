package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.junit.jupiter.api.Test;

/** bench compare --mapreduce: the opt-in, its data and the covering set's "not supported". */
class CompareDfsIoTest {
  /**
   * Off by default. On: TestDFSIO's 8 x 24 MB join what the cells read (64 + 192 + 192 = 448
   * MiB of the 640 stored), YARN is wanted, the stock covering set is allowed and the hosts
   * are not CPU-capped.
   */
  @Test
  void mapReduceIsOptInAndCountsTestDfsIoFilesAsRead() {
    DemoOptions off = DemoOptions.parse("compare", new String[0]);
    assertFalse(off.compareMapReduce());
    assertFalse(off.mapReduce());
    assertEquals(256, off.readDataMiB());
    assertFalse(DemoOptions.parse("compare", new String[] {"--mapreduce", "off"})
        .compareMapReduce());
    DemoOptions on = DemoOptions.parse("compare", new String[] {"--mapreduce", "on"});
    assertTrue(on.compareMapReduce());
    assertTrue(on.mapReduce());
    assertEquals(448, on.readDataMiB());
    assertEquals(0, on.hostCpuMillicores());
    assertTrue(on.layouts().stream().anyMatch(l -> l.label().equals("covering-set+covering")));
    // docs/benchmarks.md's small run: 64 + 8 x 12 + 8 x 12 = 256 MiB read, all it stores.
    DemoOptions small = DemoOptions.parse("compare", new String[] {"--layouts",
        "aligned+aligned,covering-set+covering,default+activation+migration", "--power",
        "100,20", "--rounds", "2", "--cell-time", "10s", "--read-ops", "60", "--io-file-mib",
        "12", "--data-mib", "256", "--trace-span", "48s", "--mapreduce", "on"});
    assertEquals(256, small.readDataMiB());
    assertEquals(6_000, small.compareTrace().stepWallMs());
  }

  @Test
  void mapReduceFlagErrorsNameTheFlagValueAndFix() {
    CommandLineTool.UsageException e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("compare", new String[] {"--mapreduce", "yes"}));
    assertEquals("--mapreduce 'yes' must be on or off", e.getMessage());
    e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("latency", new String[] {"--mapreduce", "on"}));
    assertEquals("--mapreduce on applies to bin/blink bench compare only; the MapReduce benches"
        + " are bin/blink bench dfsio, terasort, wordcount and grep", e.getMessage());
    e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("compare", new String[] {"--mapreduce", "on", "--data-mib",
            "400"}));
    assertEquals("--data-mib 400 is less than the data the cells read, 448 MiB (4 x 16 MiB"
        + " latency files + --io-threads 8 x --io-file-mib 24, twice: --mapreduce on writes"
        + " TestDFSIO's files as many again); raise it or shrink those", e.getMessage());
    // The MapReduce benches themselves still refuse the covering set.
    e = assertThrows(CommandLineTool.UsageException.class,
        () -> DemoOptions.parse("dfsio", new String[] {"--layouts", "covering-set+covering"}));
    assertTrue(e.getMessage().contains("not supported on the stock covering set"),
        e.getMessage());
  }

  /**
   * The covering set's cell is "not supported" and nothing else; the verdict at its level says
   * so beside the best ring layout's MiB per joule (0.5 MiB/J, 40 W of a 45 W budget).
   */
  @Test
  void coveringSetCellIsNotSupportedAndJudgedSo() {
    assertEquals(Map.of(Metrics.NOT_SUPPORTED, 1.0), CompareDfsIo.notSupported());
    ReportCell ours = new ReportCell("dfsio", "aligned+aligned", 3, 20,
        Map.of(Metrics.MIB_PER_J, 0.5, Metrics.ENERGY_J, 1_200.0, Metrics.MEAN_POWER_W, 40.0,
            Metrics.BUDGET_W, 45.0, Metrics.OVER_BUDGET, 0.0), Map.of());
    ReportCell covering = new ReportCell("dfsio", "covering-set+covering", 3, 20,
        CompareDfsIo.notSupported(), Map.of());
    List<String> notes = CompareNotes.of(List.of(ours, covering));
    assertEquals(List.of("Comparison (the replication common to all layouts; ‡ = over budget):"
        + " 1 comparisons against the baselines: 0 BlinkHDFS better, 0 within 5%, 0 the baseline"
        + " better, 0 with the baseline over budget (not comparable), 0 with no BlinkHDFS layout"
        + " within budget, 1 the baseline cannot run (not supported).",
        "compare 20% dfsio mibPerJ (higher is better): covering-set+covering not supported;"
        + " best BlinkHDFS aligned+aligned 0.500"), notes);
  }
}
