package org.blinkhdfs.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.blinkhdfs.bench.stats.LatencySummary;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.drain.Consistency;
import org.blinkhdfs.layout.drain.DrainSettings;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.placement.LayoutBlockPlacementPolicy;
import org.blinkhdfs.proxy.drain.DrainMetrics;
import org.blinkhdfs.proxy.drain.DrainService;
import org.blinkhdfs.proxy.drain.NameNodeLink;

/**
 * Time from write to layout: the proxy's windowed drain against the NameNode's own layout
 * correction alone (issue 12's benchmark; BlinkFS §4.1 wants staged data in its layout within one
 * blink interval).
 *
 * <p>Setup: two in-process MiniDFSClusters side by side, each with {@code --datanodes} ring
 * DataNodes and {@code --staging} staging DataNodes, both running {@code
 * PowerBalancedBlockPlacementPolicy} with HDFS's default redundancy settings (monitor and
 * heartbeat every 3 s) under the same staggered schedule ({@code StaggeredPolicy}, Mac-mini power
 * model) at each of {@code --powers}, with the blink interval shortened to {@code --interval-ms}.
 * Cluster "nn" corrects layouts with the NameNode alone; cluster "proxy" also runs the proxy's
 * {@link DrainService} (weak consistency: natural windows only). Nodes are not frozen: the
 * schedule steers placement, correction and the drain, which is what the time to layout depends
 * on (neither mechanism ever sends a copy to a node the schedule says is asleep).
 *
 * <p>Workload per power level: a burst of {@code --files} one-block files of {@code
 * --file-bytes}, replication 3, written to both clusters at once (one writer each). A file's
 * time to layout is from its close until a poll (every 500 ms) first sees a replica on each of
 * its three ring layout positions ({@link #inLayout}); files in their layout at close count 0.
 * Polling stops {@code --wait-intervals} intervals after the burst.
 *
 * <p>Output in {@code --out}: {@code drain.csv} (one row per file per configuration and power)
 * and {@code drain.md} (percentiles per configuration and power, in seconds and in intervals,
 * with the proxy's counters).
 *
 * <p>Usage: {@code DrainBench [--out DIR] [--datanodes 9] [--staging 2] [--files 1000]
 * [--file-bytes 4096] [--powers 20%,50%,80%] [--interval-ms 30000] [--wait-intervals 4]
 * [--scan-ms 1000] [--per-target 8]}
 */
public final class DrainBench {
  private DrainBench() {
  }

  /** One file's outcome. */
  record FileResult(String config, String power, int file, boolean stagedAtClose, long closeMs,
      long layoutMs) {
    double secondsToLayout() {
      return layoutMs < 0 ? Double.NaN : Math.max(0, layoutMs - closeMs) / 1000.0;
    }
  }

  public static void main(String[] argv) throws Exception {
    Args a = Args.parse(argv);
    Bench.quietLogs();
    Files.createDirectories(a.cluster.out);
    Path work = a.cluster.out.resolve("drain-work");
    NameNodeOverheadBench.deleteTree(work);
    ReconstructionCostBench.Args ra = a.cluster;
    DefaultMetricsSystem.initialize("DrainBench");
    List<FileResult> results = new ArrayList<>();
    Map<String, String> counters = new HashMap<>();
    String loadBefore = Bench.loadAverage();
    try (ReconstructionCostBench.Bed nn = ReconstructionCostBench.Bed.startNameNode(
            PlacementSetup.PB_STAGGERED, ra, work.resolve("nn"));
        ReconstructionCostBench.Bed px = ReconstructionCostBench.Bed.startNameNode(
            PlacementSetup.PB_STAGGERED, ra, work.resolve("proxy"))) {
      nn.startDataNodes(ra);
      px.startDataNodes(ra);
      Configuration pxConf = px.cluster.getConfiguration(0);
      BlinkRuntime pxRuntime = BlinkRuntime.forConf(px.conf);
      DrainMetrics metrics = DrainMetrics.register();
      System.out.printf(Locale.ROOT, "Drain bench: %d ring + %d staging DataNodes per cluster,"
          + " %d files of %d bytes per level, interval %d ms (BlinkFS: 60000), powers %s; %s%n",
          a.cluster.dataNodes, a.cluster.staging, a.cluster.files, a.cluster.fileBytes,
          a.cluster.intervalMs, a.powers, Bench.machine());
      try (NameNodeLink link = NameNodeLink.open(pxConf);
          DrainService drain = new DrainService(link, () -> pxRuntime.state().usable(),
              LayoutBlockPlacementPolicy.configuredLayouts(pxConf).orElseThrow(),
              List.of("/drain"), a.scanMs,
              new DrainSettings(a.perTarget, 2 * a.perTarget, 8 * a.perTarget, 10 << 20, 500,
                  Consistency.WEAK, 1, 10_000),
              (node, ms, why) -> {
                throw new IOException("weak consistency asks for no window");
              }, metrics, Clock.systemUTC())) {
        drain.start();
        for (String power : a.powers) {
          ra.power = power;
          Schedule sNn = nn.installStaggered(ra);
          Schedule sPx = px.installStaggered(ra);
          long finishedBefore = metrics.finished();
          long alreadyBefore = metrics.alreadyThere();
          long failedBefore = metrics.failed();
          long scansBefore = metrics.scans();
          results.addAll(level(a, power, List.of(nn, px), List.of(sNn, sPx)));
          counters.put(power, String.format(Locale.ROOT, "%d moves, %d already in place"
              + " (NameNode first), %d failed and retried (last: %s), %d trimmed after move"
              + " (all levels), %d scans (last %d ms)", metrics.finished() - finishedBefore,
              metrics.alreadyThere() - alreadyBefore, metrics.failed() - failedBefore,
              metrics.lastFailure().isEmpty() ? "none" : metrics.lastFailure(),
              metrics.trimmed(), metrics.scans() - scansBefore, metrics.lastScanMs()));
          System.out.println("  proxy: " + counters.get(power));
        }
      }
      metrics.unregister();
    } finally {
      DefaultMetricsSystem.shutdown();
      NameNodeOverheadBench.deleteTree(work);
    }
    writeCsv(a.cluster.out.resolve("drain.csv"), results);
    ReconstructionCostBench.writeFile(a.cluster.out.resolve("drain.md"),
        summary(a, results, counters, loadBefore, Bench.loadAverage()));
  }

  /** One power level: the burst on both clusters, then polls until all are in layout. */
  private static List<FileResult> level(Args a, String power,
      List<ReconstructionCostBench.Bed> beds, List<Schedule> schedules) throws Exception {
    String dir = "/drain/p" + power.replace("%", "");
    List<Map<Integer, long[]>> state = new ArrayList<>();
    ExecutorService writers = Executors.newFixedThreadPool(beds.size());
    List<Future<?>> done = new ArrayList<>();
    for (int b = 0; b < beds.size(); b++) {
      Map<Integer, long[]> files = new ConcurrentHashMap<>();
      state.add(files);
      ReconstructionCostBench.Bed bed = beds.get(b);
      Schedule s = schedules.get(b);
      done.add(writers.submit(() -> {
        for (int i = 0; i < a.cluster.files; i++) {
          String path = dir + "/d" + (i / 100) + "/f" + i;
          // No wait for 3 replicas: at 20% power a block may be written short (too few awake
          // nodes) and completed later by the NameNode; that wait is part of its time to layout.
          DFSTestUtil.createFile(bed.fs, new org.apache.hadoop.fs.Path(path), a.cluster.fileBytes,
              (short) 3, path.hashCode());
          long closed = System.currentTimeMillis();
          BlockLocation[] locs = bed.fs.getFileBlockLocations(
              new org.apache.hadoop.fs.Path(path), 0, 1);
          boolean inLayout = inLayout(locs[0].getNames(), s);
          files.put(i, new long[] {closed, inLayout ? closed : -1, inLayout ? 0 : 1});
        }
        return null;
      }));
    }
    // Polls run from the start of the burst, so a file's layout is seen when it happens, not
    // when the burst ends; the deadline counts from the end of the burst.
    long deadline = Long.MAX_VALUE;
    boolean all = false;
    while (!all && System.currentTimeMillis() < deadline) {
      Thread.sleep(500);
      boolean written = done.stream().allMatch(Future::isDone);
      all = written;
      for (int b = 0; b < beds.size(); b++) {
        all &= poll(beds.get(b), dir, schedules.get(b), state.get(b));
      }
      if (written && deadline == Long.MAX_VALUE) {
        for (Future<?> f : done) {
          f.get(); // a failed writer fails the bench
        }
        deadline = System.currentTimeMillis() + a.waitIntervals * a.cluster.intervalMs;
      }
    }
    writers.shutdown();
    List<FileResult> out = new ArrayList<>();
    String[] names = {"nn", "proxy"};
    for (int b = 0; b < beds.size(); b++) {
      for (Map.Entry<Integer, long[]> e : state.get(b).entrySet()) {
        long[] v = e.getValue();
        out.add(new FileResult(names[b], power, e.getKey(), v[2] == 1, v[0], v[1]));
      }
    }
    for (String name : names) {
      double[] t = sortedSeconds(out.stream().filter(r -> r.config().equals(name)).toList());
      System.out.printf(Locale.ROOT, "  %s %-5s: p50 %s, p90 %s, p99 %s, max %s%n", power, name,
          seconds(t, 50, a), seconds(t, 90, a), seconds(t, 99, a), seconds(t, 100, a));
    }
    return out;
  }

  /** Marks files newly in layout; true when every file of {@code files} is. */
  private static boolean poll(ReconstructionCostBench.Bed bed, String dir, Schedule s,
      Map<Integer, long[]> files) throws IOException {
    long now = System.currentTimeMillis();
    RemoteIterator<LocatedFileStatus> it = bed.fs.listFiles(new org.apache.hadoop.fs.Path(dir),
        true);
    while (it.hasNext()) {
      LocatedFileStatus st = it.next();
      int i = Integer.parseInt(st.getPath().getName().substring(1));
      long[] v = files.get(i);
      if (v != null && v[1] < 0 && st.getBlockLocations().length > 0
          && inLayout(st.getBlockLocations()[0].getNames(), s)) {
        v[1] = now;
      }
    }
    return files.values().stream().allMatch(v -> v[1] >= 0);
  }

  /**
   * Every position of the block's ring layout holds a replica: what reads at low power depend
   * on. A stand-in may still exist beside them: the NameNode deletes it as excess once the layout
   * copy is reported, and the staging DataNode drops it at its next heartbeat.
   */
  static boolean inLayout(String[] names, Schedule s) {
    List<String> ring = s.ring();
    List<Integer> held = new ArrayList<>();
    for (String n : names) {
      int p = ring.indexOf(n);
      if (p >= 0) {
        held.add(p);
      }
    }
    return held.size() >= 3 && new RingLayout(ring.size()).check(held, 3).missing().isEmpty();
  }

  /** Seconds to layout of {@code rs}, sorted; files never in layout count as infinite. */
  private static double[] sortedSeconds(List<FileResult> rs) {
    return rs.stream().mapToDouble(r -> r.layoutMs() < 0 ? Double.POSITIVE_INFINITY
        : r.secondsToLayout()).sorted().toArray();
  }

  /** The nearest-rank {@code p}th percentile of {@code sorted}, or "> wait" if not reached. */
  private static String seconds(double[] sorted, double p, Args a) {
    double v = p >= 100 ? sorted[sorted.length - 1]
        : LatencySummary.percentileOfSorted(sorted, p);
    return Double.isInfinite(v) ? "> " + a.waitIntervals * a.cluster.intervalMs / 1000
        : String.format(Locale.ROOT, "%.1f", v);
  }

  private static void writeCsv(Path file, List<FileResult> results) throws IOException {
    StringBuilder b = new StringBuilder("config,power,file,stagedAtClose,closeMs,layoutMs,"
        + "secondsToLayout\n");
    for (FileResult r : results) {
      b.append(String.format(Locale.ROOT, "%s,%s,%d,%b,%d,%d,%s%n", r.config(), r.power(),
          r.file(), r.stagedAtClose(), r.closeMs(), r.layoutMs(),
          r.layoutMs() < 0 ? "" : String.format(Locale.ROOT, "%.3f", r.secondsToLayout())));
    }
    ReconstructionCostBench.writeFile(file, b);
  }

  private static String summary(Args a, List<FileResult> results, Map<String, String> counters,
      String loadBefore, String loadAfter) {
    StringBuilder b = new StringBuilder();
    b.append("# Time from write to layout: proxy drain versus NameNode correction alone\n\n");
    b.append(String.format(Locale.ROOT, "Run %s. %d ring + %d staging DataNodes per cluster"
        + " (two in-process MiniDFSClusters side by side), PowerBalanced placement, staggered"
        + " schedule (Mac-mini power model). Blink interval shortened from 60 s to %d ms; a burst"
        + " of %d one-block files of %d bytes (replication 3) per power level, written to both"
        + " clusters at once; polls every 500 ms for %d intervals after the burst (in layout:"
        + " every layout position holds a replica; the stand-in's deletion follows at the"
        + " staging node's next heartbeat). HDFS"
        + " redundancy defaults (monitor and heartbeat 3 s). Proxy: weak consistency, scan"
        + " every %d ms, %d copies per target, %d per source, %d in all, 10 MiB/s per target."
        + " %s. Load average before %s, after %s.\n\n",
        ReconstructionCostBench.now(), a.cluster.dataNodes, a.cluster.staging,
        a.cluster.intervalMs, a.cluster.files,
        a.cluster.fileBytes, a.waitIntervals, a.scanMs, a.perTarget, 2 * a.perTarget,
        8 * a.perTarget,
        Bench.machine(), loadBefore, loadAfter));
    b.append("| power | config | files staged at close | p50 s | p90 s | p99 s | max s | p99 in"
        + " intervals | not in layout at the end |\n|---|---|---|---|---|---|---|---|---|\n");
    for (String power : a.powers) {
      for (String config : List.of("nn", "proxy")) {
        List<FileResult> rs = results.stream().filter(r -> r.power().equals(power)
            && r.config().equals(config)).toList();
        long staged = rs.stream().filter(FileResult::stagedAtClose).count();
        long missing = rs.stream().filter(r -> r.layoutMs() < 0).count();
        double[] t = sortedSeconds(rs);
        double p99 = LatencySummary.percentileOfSorted(t, 99);
        b.append(String.format(Locale.ROOT, "| %s | %s | %d of %d | %s | %s | %s | %s | %s | %d"
            + " |%n", power, config, staged, rs.size(), seconds(t, 50, a), seconds(t, 90, a),
            seconds(t, 99, a), seconds(t, 100, a), Double.isInfinite(p99) ? "> " + a.waitIntervals
                : String.format(Locale.ROOT, "%.2f", p99 * 1000 / a.cluster.intervalMs), missing));
      }
    }
    b.append("\nProxy counters per level: ");
    for (String power : a.powers) {
      b.append(power).append(": ").append(counters.get(power)).append(". ");
    }
    b.append("\n\nPer-file rows: `drain.csv`.\n");
    return b.toString();
  }

  /** Command-line options: the shared two-cluster ones ({@link #cluster}) and this bench's. */
  static final class Args {
    final ReconstructionCostBench.Args cluster = new ReconstructionCostBench.Args();
    List<String> powers = List.of("20%", "50%", "80%");
    int waitIntervals = 4;
    long scanMs = 1000;
    int perTarget = 8;

    Args() {
      cluster.files = 1000;
      cluster.intervalMs = 30_000;
    }

    static Args parse(String[] argv) {
      Args a = new Args();
      Bench.options(argv, (k, v) -> {
        if (!a.cluster.set(k, v)) {
          switch (k) {
            case "--powers" -> a.powers = Arrays.asList(v.split(","));
            case "--wait-intervals" -> a.waitIntervals = Integer.parseInt(v);
            case "--scan-ms" -> a.scanMs = Long.parseLong(v);
            case "--per-target" -> a.perTarget = Integer.parseInt(v);
            default -> throw new IllegalArgumentException("unknown option " + k);
          }
        }
      });
      a.cluster.check(argv);
      if (a.cluster.staging < 1 || a.waitIntervals < 1 || a.scanMs < 100 || a.perTarget < 1) {
        throw new IllegalArgumentException("need --staging >= 1, --wait-intervals >= 1,"
            + " --scan-ms >= 100, --per-target >= 1; got " + Arrays.toString(argv));
      }
      return a;
    }
  }
}
