package org.blinkhdfs.demo;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileSystem;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.bench.energy.EnergySnapshot;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.cluster.ProxyProcess;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.workload.LatencyConfig;
import org.blinkhdfs.workload.LatencyWorkload;
import org.blinkhdfs.workload.PhaseResult;
import org.blinkhdfs.workload.ThroughputConfig;
import org.blinkhdfs.workload.ThroughputPhase;
import org.blinkhdfs.workload.ThroughputWorkload;
import org.blinkhdfs.workload.WorkloadClock;
import org.blinkhdfs.workload.WorkloadProgress;

/**
 * {@code bin/blink bench relay} (issue 12): what the proxy's WebHDFS read relay costs, and what it
 * buys stock clients, on a local cluster whose DataNodes really freeze.
 *
 * <p>Why this shape. BlinkFS measured about 40% overhead for reads through its proxy; the goal
 * here is a relay within 10% of a direct WebHDFS read at full power, and every stock-client read
 * succeeding at low power. A fair overhead number needs the same files, the same client code and
 * the same conditions: every path reads with an unmodified Hadoop client ({@link ReadPath}), the
 * files are written once, and the paths take turns within each round in an order that rotates
 * every round, so load from other processes, GC and cache state fall on all of them alike. The
 * ratio of two paths is taken per round (paired) and summarised as a mean with a 95% Student-t
 * interval over rounds ({@link RelayFindings}).
 *
 * <p>The run, after the runner starts the cluster (power-balanced ring, the proxy with its relay
 * in a JVM of its own):
 *
 * <ol>
 *   <li>at 100% power, write T throughput files and the latency files (r = --replication) with
 *       the blink-aware client;</li>
 *   <li>at 100%, {@code --rounds} rounds; in each, every path reads all T files in parallel
 *       ({@link ThroughputWorkload}, aggregate MiB/s, every byte verified) and then makes
 *       {@code --read-ops} back-to-back random reads of {@code --request-kib} ({@link
 *       LatencyWorkload}: open, positioned read, close, verified);</li>
 *   <li>at each lower level, {@code --low-power-rounds} rounds in which the relay and a stock
 *       native client make the same random reads (same seed), arriving as a Poisson process
 *       over {@code --cell-time} so they meet every phase of the blink interval. Native failures
 *       are counted by exception class, not treated as check failures: they are the
 *       measurement.</li>
 * </ol>
 *
 * <p>Beside each phase it records the proxy JVM's CPU time (is the relay CPU-bound?), the
 * machine's load average and the DataNodes' energy against the budget (the scheduler's counters
 * at the phase's start and end; the scheduler runs at every level, 100% included); and per level
 * the reads the relay held for a window (its {@code BlinkProxyRelay} metrics). A path over its
 * budget at a level is marked and left out of that level's ratios ({@link RelayFindings}).
 *
 * <p>Not thread-safe; runs on the caller's thread.
 */
final class RelaySession extends SessionBase {
  static final String EXPERIMENT = "relay";
  private static final String ROOT = "/demo/relay";
  /** bench relay. */
  static final Experiment DEFINITION = Experiment.of(List.of(EXPERIMENT),
      c -> Map.of("layouts", DemoOptions.RELAY_LAYOUTS, "nodes", "6",
          "latency-replication", FlagDefaults.AT_REPLICATION, "bandwidth", "4",
          "power", "100,40,20", "cell-time", "20s", "read-ops", "30", "io-threads", "12",
          "io-file-mib", "12"),
      o -> "BlinkHDFS bench: relay (WebHDFS read relay versus direct WebHDFS and native reads at"
          + " 100% power; stock clients with and without the relay at lower power)",
      RelaySession::new);
  /** Requests per path before the first recorded round at 100%. */
  static final int WARM_UP_READS = 10;

  private final WorkloadProgress workloadProgress;
  private final PowerSteps steps;
  private final List<RelayRun> runs = new ArrayList<>();
  private final Map<Integer, long[]> held = new java.util.TreeMap<>();
  private ThroughputConfig dfsio;
  private LatencyConfig latency;
  private RelayFindings findings;

  RelaySession(DemoOptions options, LayoutRun run, LocalCluster cluster,
      Consumer<String> progress) {
    super(options, run, cluster, progress);
    this.workloadProgress = WorkloadProgress.lines(l -> { });
    this.steps = new PowerSteps(cluster, PowerModel.macMini(options.nodes()), run.label(), 0,
        progress);
  }

  @Override
  public void run(FileSystem fs) throws IOException, InterruptedException {
    cluster.setPowerPercent(100);
    write(fs);
    Map<ReadPath, FileSystem> clients = new EnumMap<>(ReadPath.class);
    try {
      for (ReadPath p : ReadPath.values()) {
        clients.put(p, p.open(cluster, nativeTimeoutMs()));
      }
      for (int power : options.powers()) {
        Schedule s = steps.enter(power);
        long[] before = relayHolds();
        progress.accept(run.label() + " at " + power + "% power: epoch " + s.epoch() + ", "
            + s.awakeAt(System.currentTimeMillis()).size() + " nodes awake now");
        if (power == 100) {
          overhead(clients);
        } else {
          stock(clients, power);
        }
        long[] after = relayHolds();
        held.put(power, new long[] {after[0] - before[0], after[1] - before[1]});
        steps.leave(s);
      }
    } finally {
      for (FileSystem c : clients.values()) {
        c.close();
      }
    }
    findings = new RelayFindings(options, cluster.webHdfsReadTimeoutMs(), nativeTimeoutMs(),
        runs, held);
    notes.addAll(findings.notes());
    notes.addAll(steps.notes());
  }

  /** {@code --native-timeout}, else the cluster's socket timeout (one interval plus 4 s). */
  private long nativeTimeoutMs() {
    return options.nativeTimeoutMs() > 0 ? options.nativeTimeoutMs()
        : cluster.timings().socketTimeoutMs();
  }

  private void write(FileSystem fs) throws IOException {
    WorkloadClock clock = WorkloadClock.system();
    int r = options.replication();
    dfsio = ThroughputConfig.builder().dir(new org.apache.hadoop.fs.Path(ROOT + "/dfsio"))
        .threads(options.ioThreads()).fileBytes((long) options.ioFileMiB() << 20)
        .replication(r).timeLimit(Duration.ofMinutes(5)).build();
    progress.accept(run.label() + ": writing " + options.ioThreads() + " files of "
        + options.ioFileMiB() + " MiB and " + options.latencyFiles() + " of "
        + options.latencyFileMiB() + " MiB, r=" + r);
    ThroughputPhase w = new ThroughputWorkload(dfsio, fs, clock).writePhase(workloadProgress);
    tally.add(w);
    latency = LatencyConfig.builder().dir(new org.apache.hadoop.fs.Path(ROOT + "/latency"))
        .fileCount(options.latencyFiles()).fileBytes((long) options.latencyFileMiB() << 20)
        .requestBytes(options.requestKiB() << 10).replication(r).readOps(options.readOps())
        .writeOps(0).timeLimit(Duration.ofMinutes(5)).build();
    new LatencyWorkload(latency, fs, clock, options.seed()).prepare(workloadProgress);
  }

  /**
   * 100%: the three paths take turns, the order rotating every round, after an unrecorded
   * warm-up (a few requests per path: JIT, HttpFS's file-system cache, connection set-up), so
   * the first round does not charge one path with the start-up of all.
   */
  private void overhead(Map<ReadPath, FileSystem> clients) {
    List<ReadPath> paths = List.of(ReadPath.values());
    LatencyConfig warmUp = latency.toBuilder().readOps(WARM_UP_READS).build();
    for (ReadPath p : paths) {
      PhaseResult w = new LatencyWorkload(warmUp, clients.get(p), WorkloadClock.system(),
          options.seed()).readPhase(workloadProgress);
      tally.add(w, false);
    }
    for (int round = 0; round < options.rounds(); round++) {
      StringBuilder line = new StringBuilder("  round " + (round + 1) + "/" + options.rounds()
          + ":");
      for (int slot = 0; slot < paths.size(); slot++) {
        ReadPath p = paths.get((round + slot) % paths.size());
        RelayRun t = throughput(clients.get(p), p, round, slot);
        RelayRun l = requests(clients.get(p), p, 100, round, slot, latency);
        line.append(String.format(Locale.ROOT, " %s %.1f MiB/s, p50 %.1f ms;", p.label(),
            t.mibps(), RelayFindings.okDurations(l.samples()).p50Ms()));
      }
      progress.accept(line + String.format(Locale.ROOT, " load %.1f", loadAverage()));
    }
  }

  /** A lower level: the relay and the stock native client make the same Poisson-spaced reads. */
  private void stock(Map<ReadPath, FileSystem> clients, int power) {
    LatencyConfig spaced = latency.toBuilder().timeLimit(Duration.ofMillis(options.cellTimeMs()))
        .thinkTime(Duration.ofMillis(Math.max(1, options.cellTimeMs() / options.readOps())))
        .build();
    List<ReadPath> paths = List.of(ReadPath.RELAY, ReadPath.NATIVE);
    for (int round = 0; round < options.lowPowerRounds(); round++) {
      for (int slot = 0; slot < paths.size(); slot++) {
        ReadPath p = paths.get((round + slot) % paths.size());
        RelayRun l = requests(clients.get(p), p, power, round, slot, spaced);
        progress.accept(String.format(Locale.ROOT, "  round %d/%d %s: %d ok, %d failed%s, p50 %.0f"
            + " ms, max %.0f ms", round + 1, options.lowPowerRounds(), p.label(), l.okReads(),
            l.failedReads(), RelayFindings.failureClasses(l.samples()),
            RelayFindings.okDurations(l.samples()).p50Ms(),
            RelayFindings.okDurations(l.samples()).maxMs()));
      }
    }
  }

  private RelayRun throughput(FileSystem fs, ReadPath p, int round, int slot) {
    Optional<Duration> cpu0 = relayCpu(p);
    EnergySnapshot e0 = energy().begin();
    ThroughputPhase read = new ThroughputWorkload(dfsio, fs, WorkloadClock.system())
        .readPhase(workloadProgress);
    CellEnergy e = energy().end(e0);
    tally.add(read);
    RelayRun r = new RelayRun(100, round, slot, p, RelayRun.DFSIO, read.wallMs(),
        read.aggregateMiBps(), read.okFiles(), read.errors() + read.incomplete(),
        read.verifyFailures(), cores(p, cpu0, read.wallMs()), loadAverage(), List.of(),
        read.totalBytes(), e);
    runs.add(r);
    return r;
  }

  private RelayRun requests(FileSystem fs, ReadPath p, int power, int round, int slot,
      LatencyConfig config) {
    Optional<Duration> cpu0 = relayCpu(p);
    EnergySnapshot e0 = energy().begin();
    // The same seed for every path of a round: they read the same files at the same offsets.
    PhaseResult read = new LatencyWorkload(config, fs, WorkloadClock.system(),
        options.seed() * 1_000 + power * 10L + round).readPhase(workloadProgress);
    CellEnergy e = energy().end(e0);
    if (power == 100 || p == ReadPath.RELAY) {
      tally.add(read, false);
    } else {
      tally.addVerifyOnly(read); // a stock client's failures at low power are the measurement
    }
    RelayRun r = new RelayRun(power, round, slot, p, RelayRun.LATENCY, read.wallMs(), Double.NaN,
        read.okOps(), read.errors(), read.verifyFailures(), cores(p, cpu0, read.wallMs()),
        loadAverage(), read.samples(), read.bytes(), e);
    runs.add(r);
    return r;
  }

  private Optional<Duration> relayCpu(ReadPath p) {
    return p == ReadPath.RELAY ? cluster.proxy().cpuTime() : Optional.empty();
  }

  private double cores(ReadPath p, Optional<Duration> before, double wallMs) {
    Optional<Duration> after = relayCpu(p);
    if (before.isEmpty() || after.isEmpty() || wallMs <= 0) {
      return Double.NaN;
    }
    return after.get().minus(before.get()).toNanos() / 1e6 / wallMs;
  }

  /** ReadsHeld and ReadHeldMsTotal of the relay so far. */
  private long[] relayHolds() throws IOException {
    ProxyProcess proxy = cluster.proxy();
    return new long[] {proxy.relayMetric("ReadsHeld"), proxy.relayMetric("ReadHeldMsTotal")};
  }

  private static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** relay.md and the per-read and per-phase CSVs, beside the standard report files. */
  @Override
  public List<Path> writeFiles(Path outDir) throws IOException {
    return findings == null ? List.of() : new RelayFiles(findings).write(outDir);
  }

  @Override
  public List<ReportCell> cells() {
    return findings == null ? List.of() : findings.cells(run.label(), options.replication());
  }


  @Override
  public List<Check> checks() {
    return findings == null ? List.of() : findings.checks();
  }

}
