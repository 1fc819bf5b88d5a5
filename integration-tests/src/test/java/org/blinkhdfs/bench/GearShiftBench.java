package org.blinkhdfs.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.TestDFSIO;
import org.apache.hadoop.util.ToolRunner;
import org.blinkhdfs.cluster.ClusterSpec;
import org.blinkhdfs.cluster.Layout;
import org.blinkhdfs.cluster.LayoutKeys;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.control.scheduler.NodeReport;
import org.blinkhdfs.model.policy.GearShiftingPolicy;
import org.blinkhdfs.model.schedule.NodeMode;

/**
 * PARAID's gear shifting driven by real utilization under a real TestDFSIO load (issue 13, item 5;
 * Le, Hikida, Yokota §2.1.2): the gear must shift up while {@code org.apache.hadoop.fs.TestDFSIO}
 * writes and reads, and back down once the load is gone.
 *
 * <p>Setup: the local multi-process cluster (7 ring DataNode JVMs, no staging, each
 * DataNode capped at {@code --cap-mib} MiB/s read and write), the PARAID layout with groups 2,2
 * (gears 2, 4 and 7 of 7, as {@code bench gears}), replication 2, and the scheduler's {@code
 * gear-shifting} policy on those gears at 100% power (the power never caps the gear here: only
 * the load moves it). The blink interval is shortened from 60 s to {@code --interval-ms}; the
 * policy takes one sample per interval and needs a full window of 5 samples after each shift, so
 * a shift takes at least 5 intervals. Each emulate agent reports its DataNode's utilization from
 * the DataNode's own transfer counters against its caps ({@code blink.agent.utilization.source =
 * datanode}: every DataNode here shares one host's {@code /proc}; docs/scheduler.md).
 *
 * <p>Phases per round: {@code idle} until the gear has shifted down to the smallest (it starts at
 * the largest), then TestDFSIO {@code -write} and {@code -read} of {@code --files} files of
 * {@code --file-mib} MiB each (LocalJobRunner in this JVM, one map per file, all maps at once),
 * then {@code idle} again until the gear is back at the smallest or {@code --settle-s} passes.
 * Every 500 ms the bench samples the policy's load gear, the ACTIVE nodes of the published
 * schedule and the mean utilization the ACTIVE nodes last reported.
 *
 * <p>Output in {@code --out}: {@code gearshift.csv} (every sample), {@code gearshift.md} (per
 * round: the gear at the load's start, the highest gear under load and when it was reached,
 * the time from the load's end back to the smallest gear, TestDFSIO's own results, and the
 * checks), and TestDFSIO's result file of each round. Exit code 1 when a check fails.
 *
 * <p>Usage: {@code GearShiftBench [--out DIR] [--interval-ms 3000] [--cap-mib 10]
 * [--files 4] [--file-mib 96] [--rounds 1] [--settle-s 240]}
 */
public final class GearShiftBench {
  private static final long SAMPLE_MS = 500;
  /** PARAID with groups 2,2 on 7 nodes: gears 2, 4 and 7, as {@code bench gears}. */
  private static final int NODES = 7;

  private GearShiftBench() {
  }

  /** One sample of the scheduler's view. */
  record Sample(int round, String phase, long tMs, int gearNodes, int activeNodes,
      double meanUtilization, int reporting) {
  }

  /** One round's outcome. */
  record Round(int round, int gearAtLoad, int maxGearUnderLoad, long firstUpShiftMs,
      String gearPath, long loadMs, long backDownMs, List<String> dfsio) {
  }

  public static void main(String[] argv) throws Exception {
    Args a = Args.parse(argv);
    Bench.quietLogs();
    Files.createDirectories(a.out);
    LayoutKeys keys = LayoutKeys.defaults().withParaidGroups(List.of(2, 2));
    List<Integer> gears = keys.gears(Layout.PARAID, NODES, 2);
    ClusterSpec spec = ClusterSpec.defaults(a.out.resolve("cluster")).toBuilder()
        .dataNodes(NODES).stagingNodes(0).intervalMs(a.intervalMs)
        .bandwidthBytesPerSec((long) a.capMib << 20).blockSizeBytes(8L << 20)
        .layout(Layout.PARAID, GearShiftingPolicy.NAME).layoutKeys(keys).powerPercent(100)
        .schedulerKeys(Map.of("blink.scheduler.gears",
            gears.stream().map(String::valueOf).collect(Collectors.joining(","))))
        .build();
    System.out.printf("gear-shift bench: %d ring DataNodes, PARAID gears %s, interval %d ms"
        + " (shortened from 60 s), caps %d MiB/s, TestDFSIO %d files x %d MiB, %d round(s)%n",
        NODES, gears, a.intervalMs, a.capMib, a.files, a.fileMib, a.rounds);
    List<Sample> samples = new CopyOnWriteArrayList<>();
    List<Round> rounds = new ArrayList<>();
    int smallest = gears.get(0);
    try (LocalCluster cluster = LocalCluster.startFresh(spec, System.out::println)) {
      Sampler sampler = new Sampler(cluster, samples);
      try {
        for (int r = 1; r <= a.rounds; r++) {
          rounds.add(round(a, cluster, sampler, r, smallest));
        }
      } finally {
        sampler.close();
      }
    }
    boolean ok = write(a, gears, samples, rounds);
    System.out.println("report: " + a.out.resolve("gearshift.md"));
    System.exit(ok ? 0 : 1);
  }

  private static Round round(Args a, LocalCluster cluster, Sampler sampler, int r, int smallest)
      throws Exception {
    sampler.phase(r, "idle-before");
    long deadline = System.currentTimeMillis() + a.settleS * 1000L;
    while (gear(cluster) > smallest && System.currentTimeMillis() < deadline) {
      Thread.sleep(SAMPLE_MS);
    }
    int atLoad = gear(cluster);
    System.out.printf("round %d: gear %d at the load's start%n", r, atLoad);
    Configuration conf = new Configuration(cluster.clientConf());
    conf.set("mapreduce.framework.name", "local");
    conf.setInt("mapreduce.local.map.tasks.maximum", a.files);
    conf.setInt("dfs.replication", 2);
    conf.set("test.build.data", "/benchmarks/TestDFSIO-gearshift-" + r);
    conf.set("hadoop.tmp.dir", a.out.resolve("mapred-tmp").toString());
    String res = a.out.resolve("TestDFSIO_results-" + r + ".log").toString();
    long loadStart = System.currentTimeMillis();
    long loadStartT = sampler.elapsedMs();
    sampler.phase(r, "write");
    run(conf, "-write", a, res);
    sampler.phase(r, "read");
    run(conf, "-read", a, res);
    long loadEnd = System.currentTimeMillis();
    sampler.phase(r, "idle-after");
    deadline = loadEnd + a.settleS * 1000L;
    while (gear(cluster) > smallest && System.currentTimeMillis() < deadline) {
      Thread.sleep(SAMPLE_MS);
    }
    long backDown = gear(cluster) <= smallest ? System.currentTimeMillis() - loadEnd : -1;
    int max = atLoad;
    long firstUp = -1;
    List<Integer> path = new ArrayList<>(List.of(atLoad));
    for (Sample s : sampler.samples()) {
      if (s.round() == r && (s.phase().equals("write") || s.phase().equals("read"))) {
        max = Math.max(max, s.gearNodes());
        if (s.gearNodes() != path.get(path.size() - 1)) {
          path.add(s.gearNodes());
        }
        if (firstUp < 0 && s.gearNodes() > atLoad) {
          firstUp = s.tMs() - loadStartT;
        }
      }
    }
    List<String> dfsio = Files.readAllLines(Path.of(res), StandardCharsets.UTF_8).stream()
        .filter(l -> l.contains("Test exec time") || l.contains("Throughput mb/sec")
            || l.contains("----- TestDFSIO")).toList();
    System.out.printf("round %d: highest gear under load %d (first up-shift %d ms after the"
        + " load began), load %d ms, back to %d nodes %d ms after it%n", r, max, firstUp,
        loadEnd - loadStart, smallest, backDown);
    String gearPath = path.stream().map(String::valueOf).collect(Collectors.joining(" > "));
    return new Round(r, atLoad, max, firstUp, gearPath, loadEnd - loadStart, backDown, dfsio);
  }

  private static void run(Configuration conf, String mode, Args a, String res) throws Exception {
    int rc = ToolRunner.run(new Configuration(conf), new TestDFSIO(), new String[] {mode,
        "-nrFiles", Integer.toString(a.files), "-size", a.fileMib + "MB", "-resFile", res});
    if (rc != 0) {
      throw new IllegalStateException("TestDFSIO " + mode + " exited with " + rc);
    }
  }

  private static int gear(LocalCluster cluster) {
    return cluster.gearState().map(GearShiftingPolicy.GearState::gearNodes).orElse(-1);
  }

  /** Samples the scheduler every {@link #SAMPLE_MS} on its own thread. */
  private static final class Sampler implements AutoCloseable {
    private final LocalCluster cluster;
    private final List<Sample> samples;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final long t0 = System.currentTimeMillis();
    private volatile int round;
    private volatile String phase = "start";

    Sampler(LocalCluster cluster, List<Sample> samples) {
      this.cluster = cluster;
      this.samples = samples;
      timer.scheduleAtFixedRate(this::sample, 0, SAMPLE_MS, TimeUnit.MILLISECONDS);
    }

    /** Milliseconds since the sampler started (the samples' time base). */
    long elapsedMs() {
      return System.currentTimeMillis() - t0;
    }

    void phase(int r, String p) {
      round = r;
      phase = p;
    }

    List<Sample> samples() {
      return List.copyOf(samples);
    }

    private void sample() {
      int active = 0;
      int reporting = 0;
      double sum = 0;
      for (NodeReport n : cluster.schedulerNodeReports()) {
        if (n.mode().orElse(NodeMode.ACTIVE) != NodeMode.ACTIVE) {
          continue;
        }
        active++;
        Optional<Double> u = n.lastStatus().map(s -> s.utilization()).filter(v -> v >= 0);
        if (u.isPresent()) {
          sum += u.get();
          reporting++;
        }
      }
      samples.add(new Sample(round, phase, elapsedMs(), gear(cluster),
          active, reporting == 0 ? Double.NaN : sum / reporting, reporting));
    }

    @Override
    public void close() {
      timer.shutdownNow();
    }
  }

  private static boolean write(Args a, List<Integer> gears, List<Sample> samples,
      List<Round> rounds) throws IOException {
    try (PrintWriter csv = new PrintWriter(Files.newBufferedWriter(a.out.resolve("gearshift.csv"),
        StandardCharsets.UTF_8))) {
      csv.println("round,phase,tMs,gearNodes,activeNodes,meanUtilization,reporting");
      for (Sample s : samples) {
        csv.printf(Locale.ROOT, "%d,%s,%d,%d,%d,%.3f,%d%n", s.round(), s.phase(), s.tMs(),
            s.gearNodes(), s.activeNodes(), s.meanUtilization(), s.reporting());
      }
    }
    int smallest = gears.get(0);
    boolean ok = true;
    StringBuilder md = new StringBuilder();
    md.append("# Gear shifting under a TestDFSIO load\n\n");
    md.append(String.format(Locale.ROOT, "Local multi-process cluster: %d ring DataNode JVMs,"
        + " PARAID layout (groups 2,2: gears %s), replication 2, scheduler policy gear-shifting"
        + " (threshold 0.8, window 5 samples, one sample per interval) at 100%% power. Blink"
        + " interval %d ms (shortened from 60 s). Each DataNode capped at %d MiB/s read and"
        + " write; utilization per node from its own transfer counters against those caps."
        + " Load: org.apache.hadoop.fs.TestDFSIO -write then -read, %d files x %d MiB,"
        + " LocalJobRunner. %s; load average at the end %s.%n%n", NODES, gears, a.intervalMs,
        a.capMib, a.files, a.fileMib, Bench.machine(), Bench.loadAverage()));
    md.append("| round | gear at load start | gears during the load | highest gear under load"
        + " | first up-shift after load start (s) | load (s) | back to the smallest gear after"
        + " load end (s) |\n");
    md.append("|---|---|---|---|---|---|---|\n");
    for (Round r : rounds) {
      md.append(String.format(Locale.ROOT, "| %d | %d | %s | %d | %s | %.1f | %s |%n",
          r.round(), r.gearAtLoad(), r.gearPath(), r.maxGearUnderLoad(),
          secs(r.firstUpShiftMs()), r.loadMs() / 1000.0, secs(r.backDownMs())));
    }
    md.append("\n0.0 s back means the gear had already shifted down during the read phase.\n");
    md.append("\nChecks:\n\n");
    for (Round r : rounds) {
      boolean startLow = r.gearAtLoad() == smallest;
      boolean up = r.maxGearUnderLoad() > r.gearAtLoad();
      boolean down = r.backDownMs() >= 0;
      ok &= startLow && up && down;
      md.append(String.format(Locale.ROOT, "- round %d: idle shifted down to %d nodes before"
          + " the load: %s; shifted up under the load: %s; back to %d nodes after it: %s%n",
          r.round(), smallest, pass(startLow), pass(up), smallest, pass(down)));
    }
    md.append("\nTestDFSIO results (its own lines):\n\n```\n");
    for (Round r : rounds) {
      md.append("round ").append(r.round()).append('\n');
      r.dfsio().forEach(l -> md.append(l).append('\n'));
    }
    md.append("```\n\nSamples every 500 ms: gearshift.csv.\n");
    Files.writeString(a.out.resolve("gearshift.md"), md.toString(), StandardCharsets.UTF_8);
    return ok;
  }

  private static String secs(long ms) {
    return ms < 0 ? "never" : String.format(Locale.ROOT, "%.1f", ms / 1000.0);
  }

  private static String pass(boolean b) {
    return b ? "PASS" : "FAIL";
  }

  static final class Args {
    Path out = Path.of("target/bench-gearshift");
    long intervalMs = 3_000;
    int capMib = 10;
    int files = 4;
    int fileMib = 96;
    int rounds = 1;
    int settleS = 240;

    static Args parse(String[] argv) {
      Args a = new Args();
      Bench.options(argv, (k, v) -> {
        switch (k) {
          case "--out" -> a.out = Path.of(v);
          case "--interval-ms" -> a.intervalMs = Long.parseLong(v);
          case "--cap-mib" -> a.capMib = Integer.parseInt(v);
          case "--files" -> a.files = Integer.parseInt(v);
          case "--file-mib" -> a.fileMib = Integer.parseInt(v);
          case "--rounds" -> a.rounds = Integer.parseInt(v);
          case "--settle-s" -> a.settleS = Integer.parseInt(v);
          default -> throw new IllegalArgumentException("unknown option " + k);
        }
      });
      if (a.files < 1 || a.fileMib < 1 || a.rounds < 1 || a.settleS < 10
          || a.capMib < 1) {
        throw new IllegalArgumentException("need --files >= 1, --file-mib >= 1, --rounds >= 1,"
            + " --settle-s >= 10, --cap-mib >= 1; got "
            + String.join(" ", argv));
      }
      return a;
    }
  }
}
