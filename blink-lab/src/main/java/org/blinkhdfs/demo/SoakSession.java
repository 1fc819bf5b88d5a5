package org.blinkhdfs.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.workload.ContinuousIo;

/**
 * {@code bin/blink bench soak}, issue 14's soak: a write and read workload without pause ({@link
 * ContinuousIo}) on a blinking local cluster at low power (default 20%) with the write proxy
 * draining, for {@code --cell-time} (default 15 minutes), sampling the NameNode's heap and the
 * proxy's staging backlog every {@value #SAMPLE_MS} ms.
 *
 * <p>Checks: no operation failed, every acknowledged file reads back at the end (a pass at full
 * power, after the soak; the soak's own reads check bytes at its power all along; the common
 * checks of {@link LayoutChecks} then add: no DataNode dead, no block lost, no re-replication
 * because of sleep); the heap and the backlog are <em>bounded</em>, judged by comparing the last
 * third of the run with the first: the last third's peak at most 1.5 times the first third's
 * (plus a floor of {@value #HEAP_FLOOR_MB} MB for the heap and {@value #BACKLOG_FLOOR} blocks for
 * the backlog, so that small numbers do not fail on noise). A leak or a backlog that grows with
 * time breaks that; a level that stays put passes. Samples go to {@code soak.csv}.
 *
 * <p>Not thread-safe; one run at a time.
 */
final class SoakSession extends SessionBase {
  static final String EXPERIMENT = "soak";
  /** bench soak. */
  static final Experiment DEFINITION = Experiment.of(List.of(EXPERIMENT),
      c -> Map.of("layouts", DemoOptions.RELAY_LAYOUTS, "nodes", "6",
          "power", "20", "cell-time", "15m"),
      o -> "BlinkHDFS bench: soak (a write and read workload without pause at low power,"
          + " NameNode heap and staging backlog sampled)", SoakSession::new);
  static final long SAMPLE_MS = 5_000;
  static final long HEAP_FLOOR_MB = 32;
  static final long BACKLOG_FLOOR = 50;
  private static final Path ROOT = new Path("/demo/soak");

  /** One sample: seconds since the start, NameNode heap used (MB), proxy backlog (blocks). */
  record Sample(double seconds, long heapUsedMb, long backlogBlocks, long ackedFiles) {}

  private final List<Sample> samples = new ArrayList<>();
  private ContinuousIo.Verified last;
  private long runMs;
  /** The soak's energy, from the start of its load to its end (the final check apart). */
  private Map<String, Double> soakEnergy = Map.of();

  SoakSession(DemoOptions options, LayoutRun run, LocalCluster cluster,
      Consumer<String> progress) {
    super(options, run, cluster, progress);
  }

  private int power() {
    return options.powers().get(0);
  }

  @Override
  public void run(FileSystem fs) throws IOException, InterruptedException {
    cluster.setPowerPercent(power());
    org.blinkhdfs.bench.energy.EnergySnapshot e0 = energy().begin();
    long t0 = System.currentTimeMillis();
    long end = t0 + options.cellTimeMs();
    progress.accept(String.format(Locale.ROOT, "soak at %d%% power for %d s", power(),
        options.cellTimeMs() / 1000));
    ContinuousIo io = ContinuousIo.start(fs, ROOT, options.replication(),
        ContinuousIo.FILE_BYTES, ContinuousIo.PAUSE_MS, options.seed(), System::currentTimeMillis);
    try {
      long next = t0;
      while (System.currentTimeMillis() < end) {
        Sample s = new Sample((System.currentTimeMillis() - t0) / 1000.0,
            cluster.nameNode().metric("JvmMetrics", "MemHeapUsedM"),
            run.proxy().configured() ? cluster.proxy().metric("BacklogBlocks") : 0,
            io.acknowledged().size());
        samples.add(s);
        if (samples.size() % 12 == 1) {
          progress.accept(String.format(Locale.ROOT, "soak %.0f s: NameNode heap %d MB, backlog"
              + " %d blocks, %d files acknowledged, %d operations failed", s.seconds(),
              s.heapUsedMb(), s.backlogBlocks(), s.ackedFiles(),
              io.ops().stream().filter(o -> !o.ok()).count()));
        }
        next += SAMPLE_MS;
        Thread.sleep(Math.max(0, next - System.currentTimeMillis()));
      }
    } finally {
      io.close();
    }
    runMs = System.currentTimeMillis() - t0;
    soakEnergy = energy().endOps(e0, io.ops().stream().filter(o -> o.ok()).count());
    // The soak's own reads checked bytes at low power; the final pass over every file checks
    // that nothing acknowledged was lost, at full power so that it takes minutes, not an hour.
    cluster.setPowerPercent(100);
    last = io.verifyAll(fs, io.acknowledged());
    io.ops().forEach(tally::add);
    tally.verifyFailures += last.problems().size();
  }

  /** The peak of {@code values} over the first and the last third of the samples. */
  private static long[] thirds(List<Long> values) {
    int n = values.size();
    int third = Math.max(1, n / 3);
    long first = values.subList(0, third).stream().mapToLong(Long::longValue).max().orElse(0);
    long lastPeak = values.subList(n - third, n).stream().mapToLong(Long::longValue).max()
        .orElse(0);
    return new long[] {first, lastPeak};
  }

  private static boolean bounded(long[] t, long floor) {
    return t[1] <= Math.max(floor, (long) (1.5 * t[0]));
  }

  @Override
  public List<ReportCell> cells() {
    long[] heap = thirds(samples.stream().map(Sample::heapUsedMb).toList());
    long[] backlog = thirds(samples.stream().map(Sample::backlogBlocks).toList());
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("minutes", runMs / 60_000.0);
    m.put("writes", (double) tally.writeOps);
    m.put("reads", (double) tally.readOps);
    m.put("failedOps", (double) (tally.writeErrors + tally.readErrors));
    m.put("filesVerified", last == null ? 0.0 : last.files());
    m.put("heapPeakFirstThirdMb", (double) heap[0]);
    m.put("heapPeakLastThirdMb", (double) heap[1]);
    m.put("backlogPeakFirstThird", (double) backlog[0]);
    m.put("backlogPeakLastThird", (double) backlog[1]);
    m.putAll(soakEnergy);
    return List.of(new ReportCell("soak", run.label(), options.replication(), power(), m,
        Map.of()));
  }


  @Override
  public List<Check> checks() {
    List<Check> out = new ArrayList<>();
    long failed = tally.writeErrors + tally.readErrors;
    out.add(new Check("no operation failed in the soak", failed == 0, String.format(Locale.ROOT,
        "%d writes and %d reads in %.1f min, %d failed%s", tally.writeOps, tally.readOps,
        runMs / 60_000.0, failed, tally.firstProblems.length() == 0 ? ""
            : "; first: " + tally.firstProblems)));
    out.add(new Check("every acknowledged file intact after the soak", last != null && last.ok(),
        last == null ? "not verified" : last.files() + " files read back, "
            + last.problems().size() + " wrong or unreadable"));
    long[] heap = thirds(samples.stream().map(Sample::heapUsedMb).toList());
    out.add(new Check("NameNode heap bounded", bounded(heap, HEAP_FLOOR_MB), String.format(
        Locale.ROOT, "heap used peaked at %d MB in the first third and %d MB in the last (%d"
            + " samples)", heap[0], heap[1], samples.size())));
    long[] backlog = thirds(samples.stream().map(Sample::backlogBlocks).toList());
    out.add(new Check("staging backlog bounded", bounded(backlog, BACKLOG_FLOOR), String.format(
        Locale.ROOT, "proxy backlog peaked at %d blocks in the first third and %d in the last",
        backlog[0], backlog[1])));
    return out;
  }

  @Override
  public List<String> notes() {
    return List.of();
  }

  @Override
  public List<java.nio.file.Path> writeFiles(java.nio.file.Path outDir) throws IOException {
    StringBuilder csv = new StringBuilder("seconds,namenode_heap_used_mb,proxy_backlog_blocks,"
        + "acknowledged_files\n");
    for (Sample s : samples) {
      csv.append(String.format(Locale.ROOT, "%.1f,%d,%d,%d%n", s.seconds(), s.heapUsedMb(),
          s.backlogBlocks(), s.ackedFiles()));
    }
    java.nio.file.Path f = outDir.resolve("soak.csv");
    Files.createDirectories(outDir);
    Files.writeString(f, csv);
    return List.of(f);
  }
}
