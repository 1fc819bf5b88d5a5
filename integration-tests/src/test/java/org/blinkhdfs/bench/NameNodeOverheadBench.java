package org.blinkhdfs.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.crypto.CryptoProtocolVersion;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.protocol.NamenodeProtocols;
import org.apache.hadoop.io.EnumSetWritable;
import org.apache.log4j.Level;
import org.apache.log4j.LogManager;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleFileSource;

/**
 * End-to-end NameNode overhead of {@code PowerBalancedBlockPlacementPolicy} against HDFS's
 * default policy: blocks allocated per second by a real NameNode (in-process MiniDFSCluster, 9
 * DataNodes, no data written).
 *
 * <p>Each file is one block's worth of NameNode work through the ClientProtocol server object
 * ({@code cluster.getNameNodeRpc()}, direct calls without the IPC layer, as
 * {@code NNThroughputBenchmark} does): {@code create}, {@code addBlock} (where the NameNode asks
 * the placement policy for targets), {@code abandonBlock}, {@code complete(null)}. Every call
 * takes the namesystem lock and logs an edit, so this measures what placement adds to a real
 * write path, not placement alone (see {@code ChooseTargetJmh} for that). Note that
 * {@code NNThroughputBenchmark -op create} allocates no blocks and so never calls the policy.
 *
 * <p>Design against noise: the policy is fixed when a NameNode starts, so each configuration has
 * a cluster of its own; in each round the clusters run side by side in this JVM and the
 * timed work alternates between them in small batches ({@code --batch} files, the order rotating
 * every batch), so a disturbance of the machine (GC, a DataNode's background scan, another
 * process) hits all of them alike. Each round starts fresh clusters, lets them settle, warms each
 * with {@code --warmup-files} untimed files, then times {@code --files} files per configuration.
 * A first, unreported round warms the JIT. A first version that ran the configurations one
 * cluster after another saw 2.7 k to 11 k blocks/s for the same configuration, which drowned any
 * difference; interleaving is what makes the ratio readable.
 *
 * <p>Sanity checks (the run fails otherwise): every block got {@code --replication} targets;
 * under a schedule no target was asleep. Replicas sent to stand-ins are reported.
 *
 * <p>Output: a table on stdout, {@code namenode-overhead.json} and {@code .csv} in {@code --out}.
 *
 * <p>An A/A control runs beside them: a second cluster with HDFS's default policy
 * ({@code DEFAULT_AGAIN}). Its ratio to the default is what "no difference" looks like here, so a
 * PowerBalanced ratio inside the control's range is noise.
 *
 * <p>Usage: {@code NameNodeOverheadBench [--out DIR] [--configs DEFAULT,DEFAULT_AGAIN,PB_ACTIVE,
 * PB_STAGGERED] [--files N] [--batch B] [--rounds R] [--warmup-files W] [--settle-ms MS]
 * [--datanodes D] [--replication R] [--block-size BYTES]}
 */
public final class NameNodeOverheadBench {
  private static final String CLIENT = "blink-bench-client";

  private NameNodeOverheadBench() {
  }

  /** One configuration's timed work in one round. */
  record Run(String config, int round, int files, int batches, double timedSec,
      double blocksPerSec, double addBlockMeanUs, double addBlockP50Us, double addBlockP99Us,
      long offloaded, long sleepingTargets, int awakeRingNodes, String loadAverage) {
  }

  public static void main(String[] argv) throws Exception {
    Args a = Args.parse(argv);
    Bench.quietLogs();
    // The DataNodes' addresses, and so the schedule, exist only once a cluster runs; until the
    // benchmark writes it (before any timed call) the reader warns that the file is missing.
    LogManager.getLogger(ScheduleFileSource.class).setLevel(Level.ERROR);
    Files.createDirectories(a.out);
    Path work = a.out.resolve("namenode-work");
    System.out.printf(Locale.ROOT,
        "NameNode placement overhead: %d DataNodes per cluster, replication %d, block %d MB; "
            + "%d rounds (+1 warm-up round) x %d clusters side by side, %d timed files per "
            + "configuration per round in batches of %d; %s%n",
        a.dataNodes, a.replication, a.blockSize >> 20, a.rounds, a.configs.size(), a.files,
        a.batch, Bench.machine());

    runRound(0, a, work); // warm-up, not reported
    List<Run> runs = new ArrayList<>();
    for (int round = 1; round <= a.rounds; round++) {
      runs.addAll(runRound(round, a, work));
    }
    report(a, runs);
    deleteTree(work);
  }

  /** Starts one cluster per configuration, alternates timed batches between them. */
  private static List<Run> runRound(int round, Args a, Path work) throws Exception {
    List<PlacementSetup> configs = a.configs;
    List<Bed> beds = new ArrayList<>();
    try {
      for (int k = 0; k < configs.size(); k++) {
        beds.add(Bed.start(configs.get((k + round) % configs.size()), round, a, work));
      }
      Thread.sleep(a.settleMs);
      for (Bed b : beds) {
        b.batch(a.warmupFiles, "/warm", false);
      }
      int batches = (a.files + a.batch - 1) / a.batch;
      for (int i = 0; i < batches; i++) {
        int n = Math.min(a.batch, a.files - i * a.batch);
        for (int k = 0; k < beds.size(); k++) {
          beds.get((i + k) % beds.size()).batch(n, "/bench", true);
        }
      }
      String load = Bench.loadAverage();
      System.out.printf(Locale.ROOT, "  %-8s load average %s%n",
          round == 0 ? "warm-up" : "round " + round, load);
      List<Run> out = new ArrayList<>();
      for (PlacementSetup c : configs) {
        Bed b = beds.stream().filter(x -> x.setup == c).findFirst().orElseThrow();
        Run r = b.result(round, batches, load);
        out.add(r);
        System.out.printf(Locale.ROOT,
            "  %-8s %-26s %8.0f blocks/s  addBlock mean %6.1f us  p50 %6.1f us  p99 %7.1f us%s%n",
            round == 0 ? "warm-up" : "round " + round, c.label(), r.blocksPerSec(),
            r.addBlockMeanUs(), r.addBlockP50Us(), r.addBlockP99Us(),
            c == PlacementSetup.PB_STAGGERED
                ? String.format(Locale.ROOT, "  (%d/%d awake, %d stand-ins)",
                    r.awakeRingNodes(), a.dataNodes, r.offloaded())
                : "");
      }
      return out;
    } finally {
      for (Bed b : beds) {
        b.close();
      }
    }
  }

  /** One configuration's running cluster within a round, and its timed totals. */
  private static final class Bed implements AutoCloseable {
    final PlacementSetup setup;
    final Path dir;
    final Args a;
    final MiniDFSCluster cluster;
    final NamenodeProtocols nn;
    final Optional<Schedule> schedule;
    final BlinkRuntime runtime;
    final int awake;
    final long[] addBlockNs;
    int timedFiles;
    long timedNs;
    long sleeping;
    long offloaded;
    int nextFile;

    private Bed(PlacementSetup setup, Path dir, Args a, MiniDFSCluster cluster,
        Optional<Schedule> schedule, BlinkRuntime runtime, int awake) {
      this.setup = setup;
      this.dir = dir;
      this.a = a;
      this.cluster = cluster;
      this.nn = cluster.getNameNodeRpc();
      this.schedule = schedule;
      this.runtime = runtime;
      this.awake = awake;
      this.addBlockNs = new long[a.files];
    }

    static Bed start(PlacementSetup setup, int round, Args a, Path work) throws Exception {
      Path dir = work.resolve(setup.name() + "-r" + round);
      deleteTree(dir);
      Files.createDirectories(dir);
      Path scheduleFile = dir.resolve("schedule.json");
      Configuration conf = new HdfsConfiguration();
      setup.configure(conf, scheduleFile);
      conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, a.blockSize);
      conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, a.replication);
      MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir.resolve("dfs").toFile())
          .numDataNodes(a.dataNodes).build();
      try {
        cluster.waitActive();
        List<String> ring = new ArrayList<>();
        for (DataNode dn : cluster.getDataNodes()) {
          ring.add(dn.getDatanodeId().getXferAddr());
        }
        Optional<Schedule> schedule = setup.schedule(ring, System.currentTimeMillis());
        if (schedule.isPresent()) {
          PlacementSetup.install(conf, scheduleFile, schedule.get());
        }
        int awake = schedule.map(s -> s.awakeAt(System.currentTimeMillis()).size())
            .orElse(ring.size());
        BlinkRuntime runtime = setup.powerBalanced() ? BlinkRuntime.forConf(conf) : null;
        return new Bed(setup, dir, a, cluster, schedule, runtime, awake);
      } catch (Exception | Error e) {
        cluster.shutdown(true);
        throw e;
      }
    }

    /** {@code n} more one-block files under {@code root}; timed ones count in the result. */
    void batch(int n, String root, boolean timed) throws IOException {
      long offloadedBefore = runtime == null ? 0 : runtime.offloadedReplicas().get();
      long t0 = System.nanoTime();
      Stats stats = timed ? new Stats(addBlockNs, timedFiles) : null;
      long asleep = allocate(nn, root, nextFile, n, a, schedule, stats);
      long dt = System.nanoTime() - t0;
      nextFile += n;
      if (asleep > 0) {
        throw new IllegalStateException(setup + ": " + asleep + " targets were asleep");
      }
      if (timed) {
        timedNs += dt;
        timedFiles += n;
        sleeping += asleep;
        offloaded += runtime == null ? 0 : runtime.offloadedReplicas().get() - offloadedBefore;
      }
    }

    Run result(int round, int batches, String load) {
      long[] lat = Arrays.copyOf(addBlockNs, timedFiles);
      long[] sorted = lat.clone();
      Arrays.sort(sorted);
      double sec = timedNs / 1e9;
      return new Run(setup.name(), round, timedFiles, batches, sec, timedFiles / sec,
          Arrays.stream(lat).average().orElse(0) / 1e3, sorted[sorted.length / 2] / 1e3,
          sorted[(int) (sorted.length * 0.99)] / 1e3, offloaded, sleeping, awake, load);
    }

    @Override
    public void close() throws IOException {
      cluster.shutdown(true);
      deleteTree(dir);
    }
  }

  /** Where a timed batch records its addBlock latencies: from {@code offset} on. */
  private record Stats(long[] addBlockNs, int offset) {
  }

  /**
   * create, addBlock, abandonBlock, complete for files {@code first .. first + n - 1}; returns
   * how many targets the schedule says were asleep.
   */
  private static long allocate(NamenodeProtocols nn, String root, int first, int n, Args a,
      Optional<Schedule> schedule, Stats stats) throws IOException {
    EnumSetWritable<CreateFlag> flags =
        new EnumSetWritable<>(EnumSet.of(CreateFlag.CREATE, CreateFlag.OVERWRITE));
    FsPermission perm = FsPermission.getFileDefault();
    CryptoProtocolVersion[] crypto = CryptoProtocolVersion.supported();
    long asleep = 0;
    for (int j = 0; j < n; j++) {
      int i = first + j;
      String src = root + "/d" + (i / 1000) + "/f" + i;
      HdfsFileStatus st = nn.create(src, perm, CLIENT, flags, true, (short) a.replication,
          a.blockSize, crypto, null, null);
      long t = System.nanoTime();
      LocatedBlock lb = nn.addBlock(src, CLIENT, null, null, st.getFileId(), null, null);
      if (stats != null) {
        stats.addBlockNs()[stats.offset() + j] = System.nanoTime() - t;
      }
      DatanodeInfo[] targets = lb.getLocations();
      if (targets.length != a.replication) {
        throw new IllegalStateException(src + ": " + targets.length + " targets, wanted "
            + a.replication + ": " + Arrays.toString(targets));
      }
      if (schedule.isPresent()) {
        long now = System.currentTimeMillis();
        for (DatanodeInfo d : targets) {
          if (!schedule.get().isAwake(d.getXferAddr(), now)) {
            asleep++;
          }
        }
      }
      nn.abandonBlock(lb.getBlock(), st.getFileId(), src, CLIENT);
      if (!nn.complete(src, CLIENT, null, st.getFileId())) {
        throw new IllegalStateException(src + ": complete returned false");
      }
    }
    return asleep;
  }

  private static void report(Args a, List<Run> runs) throws IOException {
    Map<String, Object> summary = new LinkedHashMap<>();
    StringBuilder table = new StringBuilder();
    table.append(String.format(Locale.ROOT, "%n%-26s %10s %10s %10s %8s %12s %12s%n",
        "configuration", "median/s", "min/s", "max/s", "spread", "addBlock us", "ratio"));
    double defaultMedian = Bench.median(values(runs, PlacementSetup.DEFAULT));
    for (PlacementSetup c : a.configs) {
      double[] v = values(runs, c);
      double med = Bench.median(v);
      double min = Arrays.stream(v).min().orElse(0);
      double max = Arrays.stream(v).max().orElse(0);
      double addUs = Bench.median(runs.stream().filter(r -> r.config().equals(c.name()))
          .mapToDouble(Run::addBlockMeanUs).toArray());
      double[] paired = pairedRatios(runs, c);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("label", c.label());
      m.put("medianBlocksPerSec", round1(med));
      m.put("minBlocksPerSec", round1(min));
      m.put("maxBlocksPerSec", round1(max));
      m.put("spreadPct", round1((max - min) / med * 100));
      m.put("medianAddBlockMeanUs", round1(addUs));
      m.put("ratioOfMediansVsDefault", round3(med / defaultMedian));
      m.put("pairedRatioMedian", round3(Bench.median(paired)));
      m.put("pairedRatioMin", round3(Arrays.stream(paired).min().orElse(0)));
      m.put("pairedRatioMax", round3(Arrays.stream(paired).max().orElse(0)));
      summary.put(c.name(), m);
      table.append(String.format(Locale.ROOT, "%-26s %10.0f %10.0f %10.0f %7.1f%% %12.1f %12s%n",
          c.label(), med, min, max, (max - min) / med * 100, addUs,
          String.format(Locale.ROOT, "%.3f", med / defaultMedian)));
    }
    table.append(String.format(Locale.ROOT,
        "ratio = median ops/s / default median; paired per-round ratios (same round, side by "
            + "side):%n"));
    for (PlacementSetup c : a.configs) {
      if (c == PlacementSetup.DEFAULT) {
        continue;
      }
      double[] p = pairedRatios(runs, c);
      table.append(String.format(Locale.ROOT, "  %-26s median %.3f  range %.3f .. %.3f  %s%n",
          c.label(), Bench.median(p), Arrays.stream(p).min().orElse(0),
          Arrays.stream(p).max().orElse(0), Arrays.toString(Arrays.stream(p)
              .mapToObj(x -> String.format(Locale.ROOT, "%.3f", x)).toArray())));
    }
    System.out.print(table);

    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("benchmark", "NameNodeOverheadBench");
    doc.put("date", Instant.now().toString());
    doc.put("machine", Bench.machineMap());
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("dataNodes", a.dataNodes);
    params.put("replication", a.replication);
    params.put("blockSize", a.blockSize);
    params.put("timedFilesPerConfigPerRound", a.files);
    params.put("batch", a.batch);
    params.put("rounds", a.rounds);
    params.put("warmupFilesPerClusterPerRound", a.warmupFiles);
    params.put("settleMs", a.settleMs);
    params.put("configs", a.configs);
    params.put("design", "per round: one fresh cluster per config side by side, timed batches"
        + " alternating "
        + "between them (order rotating per batch); plus one unreported warm-up round");
    params.put("opsPerFile", "create, addBlock, abandonBlock, complete(null)");
    doc.put("parameters", params);
    doc.put("summary", summary);
    doc.put("runs", runs);
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    Files.writeString(a.out.resolve("namenode-overhead.json"), json.writeValueAsString(doc),
        StandardCharsets.UTF_8);
    StringBuilder csv = new StringBuilder("config,round,files,batches,timed_s,blocks_per_s,"
        + "addblock_mean_us,addblock_p50_us,addblock_p99_us,offloaded,sleeping_targets,"
        + "awake_ring_nodes,load_average\n");
    for (Run r : runs) {
      csv.append(String.format(Locale.ROOT,
          "%s,%d,%d,%d,%.3f,%.1f,%.2f,%.2f,%.2f,%d,%d,%d,%s%n",
          r.config(), r.round(), r.files(), r.batches(), r.timedSec(), r.blocksPerSec(),
          r.addBlockMeanUs(), r.addBlockP50Us(), r.addBlockP99Us(), r.offloaded(),
          r.sleepingTargets(), r.awakeRingNodes(), r.loadAverage()));
    }
    Files.writeString(a.out.resolve("namenode-overhead.csv"), csv, StandardCharsets.UTF_8);
    System.out.println("Wrote " + a.out.resolve("namenode-overhead.json") + " and .csv");
  }

  private static double[] values(List<Run> runs, PlacementSetup c) {
    return runs.stream().filter(r -> r.config().equals(c.name()))
        .mapToDouble(Run::blocksPerSec).toArray();
  }

  /** Per round: this configuration's ops/s over the default's in the same round. */
  private static double[] pairedRatios(List<Run> runs, PlacementSetup c) {
    return runs.stream().filter(r -> r.config().equals(c.name())).mapToDouble(r -> {
      Run d = runs.stream().filter(x -> x.round() == r.round()
          && x.config().equals(PlacementSetup.DEFAULT.name())).findFirst().orElseThrow();
      return r.blocksPerSec() / d.blocksPerSec();
    }).toArray();
  }

  private static double round1(double x) {
    return Math.round(x * 10) / 10.0;
  }

  private static double round3(double x) {
    return Math.round(x * 1000) / 1000.0;
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        p.toFile().setWritable(true);
        Files.deleteIfExists(p);
      }
    }
  }

  /** Command-line options. */
  private static final class Args {
    Path out = Path.of("target", "bench");
    int files = 20000;
    int batch = 500;
    int rounds = 5;
    int warmupFiles = 2000;
    long settleMs = 5000;
    List<PlacementSetup> configs = List.of(PlacementSetup.DEFAULT, PlacementSetup.DEFAULT_AGAIN,
        PlacementSetup.PB_ACTIVE, PlacementSetup.PB_STAGGERED);
    int dataNodes = 9;
    int replication = 3;
    long blockSize = 128L << 20;

    static Args parse(String[] argv) {
      Args a = new Args();
      Bench.options(argv, (k, v) -> {
        switch (k) {
          case "--out" -> a.out = Path.of(v);
          case "--files" -> a.files = Integer.parseInt(v);
          case "--rounds" -> a.rounds = Integer.parseInt(v);
          case "--batch" -> a.batch = Integer.parseInt(v);
          case "--settle-ms" -> a.settleMs = Long.parseLong(v);
          case "--configs" -> a.configs = Arrays.stream(v.split(","))
              .map(x -> PlacementSetup.valueOf(x.trim())).distinct().toList();
          case "--warmup-files" -> a.warmupFiles = Integer.parseInt(v);
          case "--datanodes" -> a.dataNodes = Integer.parseInt(v);
          case "--replication" -> a.replication = Integer.parseInt(v);
          case "--block-size" -> a.blockSize = Long.parseLong(v);
          default -> throw new IllegalArgumentException("unknown option " + k);
        }
      });
      if (!a.configs.contains(PlacementSetup.DEFAULT)) {
        throw new IllegalArgumentException("--configs must include DEFAULT (the baseline)");
      }
      if (a.files < 100 || a.batch < 1 || a.rounds < 1 || a.dataNodes < a.replication) {
        throw new IllegalArgumentException("need --files >= 100, --batch >= 1, --rounds >= 1, "
            + "--datanodes >= --replication");
      }
      return a;
    }
  }
}
