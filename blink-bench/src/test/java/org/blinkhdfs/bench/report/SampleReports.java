package org.blinkhdfs.bench.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test fixture: a report shaped like the demo's (three layouts, replication 1 and 3, power 100,
 * 60, 40, 20%), with a few hand-picked cells the tests look for.
 */
final class SampleReports {
  static final Instant START = Instant.parse("2025-03-01T10:00:00Z");
  static final List<String> LAYOUTS = List.of("ring + staggered", "ring + staggered-circular",
      "hdfs-default + staggered");
  static final List<Integer> POWERS = List.of(100, 60, 40, 20);

  private SampleReports() {}

  static RunInfo run() {
    return RunInfo.builder("BlinkHDFS demo").commandLine("bin/blink demo")
        .setting("nodes", "9 DataNodes, 1 NameNode")
        .setting("blink interval", "6 s (shortened from 60 s)")
        .setting("bandwidth", "20 MB/s per DataNode")
        .setting("power model", "25 W awake, 1 W asleep; 40 W always-on overhead beside P%")
        .startedAt(START).finishedAt(START.plusSeconds(492))
        .note("Blink intervals are shortened to keep the run under 10 minutes.").build();
  }

  /** Mean latency: 63.27 ms awake, growing as power falls, less with more replicas. */
  static double meanMs(int layout, int r, int power) {
    if (layout == 0 && r == 3 && power == 40) {
      return 812.4;
    }
    return 63.27 + (100 - power) * (100 - power) * (layout + 1) / (double) r;
  }

  static double expectedMs(int layout, int r, int power) {
    if (layout == 0 && r == 3 && power == 40) {
      return 731.2;
    }
    return power == 100 ? 0 : meanMs(layout, r, power) * 0.9;
  }

  static List<ReportCell> latencyCells() {
    List<ReportCell> out = new ArrayList<>();
    for (int l = 0; l < LAYOUTS.size(); l++) {
      for (int r : List.of(1, 3)) {
        for (int p : POWERS) {
          Map<String, Double> measured = new LinkedHashMap<>();
          measured.put(Metrics.MEAN_MS, meanMs(l, r, p));
          measured.put(Metrics.STD_MS, meanMs(l, r, p) / 2);
          measured.put(Metrics.P90_MS, meanMs(l, r, p) * 2);
          out.add(new ReportCell("read-latency", LAYOUTS.get(l), r, p, measured,
              Map.of(Metrics.MEAN_MS, expectedMs(l, r, p))));
        }
      }
    }
    return out;
  }

  static List<ReportCell> throughputCells() {
    List<ReportCell> out = new ArrayList<>();
    for (int l = 0; l < LAYOUTS.size(); l++) {
      for (int p : POWERS) {
        double read = 180 * p / 100.0 * (1 - 0.05 * l) - (l == 0 && p == 100 ? 6 : 0);
        out.add(new ReportCell("throughput", LAYOUTS.get(l), 3, p,
            Map.of(Metrics.READ_MBPS, read, Metrics.WRITE_MBPS, read / 3),
            Map.of(Metrics.READ_MBPS, 180 * (p / 100.0 * 225 - 9) / 216)));
      }
    }
    return out;
  }

  static List<Check> checks() {
    return List.of(Check.pass("bytes verified", "1280 MiB in 640 files"),
        Check.pass("writes failed", "0 of 640"), Check.pass("blocks lost", "0"),
        Check.pass("re-replications", "0 while blinking"));
  }

  static Report demo() {
    List<ReportCell> cells = new ArrayList<>(latencyCells());
    cells.addAll(throughputCells());
    return new Report(run(), cells, checks());
  }
}
