package org.blinkhdfs.demo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.bench.stats.LatencySummary;
import org.blinkhdfs.bench.stats.MeanInterval;
import org.blinkhdfs.workload.OpOutcome;
import org.blinkhdfs.workload.OpSample;

/**
 * What {@code bin/blink bench relay}'s phases ({@link RelayRun}) add up to: per path and level the
 * throughput and latency, the paired ratios between paths with their 95% intervals, the stock
 * client's failures by kind, the checks, and the verdict on issue 12's goal (relay throughput
 * within 10% of direct WebHDFS at full power).
 *
 * <p>Paired ratios: in round k every path read the same files under the same conditions, so
 * {@code relay_k / direct_k} cancels what moved all paths alike (other processes' load, the
 * throttlers' phase); the rounds' ratios are summarised by {@link MeanInterval}. The goal is met
 * when the whole interval lies at or above 0.90, missed when it lies below, and undecided when
 * it straddles 0.90.
 *
 * <p>Failures are classified by the exception's simple class name ({@link OpSample#error()}):
 * {@code BlockMissingException} (the stock client ran out of replicas), {@code
 * SocketTimeoutException} (a frozen DataNode or a held read longer than the read timeout), and
 * the rest.
 *
 * <p>Energy: each phase carries the DataNodes' energy over it ({@link RelayRun#energy}); a
 * path's cell at a level pools its phases there ({@link CellEnergy#plus}), with MiB/J over its
 * dfsio phases' energy and reads per kJ over its request phases'. A path more than {@link
 * CellEnergy#DEFAULT_TOLERANCE} over its budget at a level is marked ‡ and every ratio of that
 * level involving it (the cells' ratios, the goal's verdict, relay.md's ratio rows) is left out
 * and named as not comparable: the paths share one schedule, so one drawing more than the others
 * means its conditions were not theirs.
 *
 * <p>Immutable after construction; not thread-safe to build.
 */
final class RelayFindings {
  static final String OVERHEAD = "relay-overhead";
  static final String STOCK = "relay-stock";
  static final double GOAL_RATIO = 0.90;
  static final String BLOCK_MISSING = "BlockMissingException";
  static final String TIMEOUT = "SocketTimeoutException";

  private final DemoOptions options;
  private final long webHdfsReadTimeoutMs;
  private final long socketTimeoutMs;
  private final List<RelayRun> runs;
  private final Map<Integer, long[]> held;

  /**
   * @param held per power level, {reads the relay held, their total hold in ms}
   */
  RelayFindings(DemoOptions options, long webHdfsReadTimeoutMs, long socketTimeoutMs,
      List<RelayRun> runs, Map<Integer, long[]> held) {
    this.options = Objects.requireNonNull(options);
    this.webHdfsReadTimeoutMs = webHdfsReadTimeoutMs;
    this.socketTimeoutMs = socketTimeoutMs;
    this.runs = List.copyOf(runs);
    this.held = new TreeMap<>(held);
  }

  DemoOptions options() {
    return options;
  }

  List<RelayRun> runs() {
    return runs;
  }

  long webHdfsReadTimeoutMs() {
    return webHdfsReadTimeoutMs;
  }

  long socketTimeoutMs() {
    return socketTimeoutMs;
  }

  /** Power levels below 100% that were measured, descending. */
  List<Integer> lowLevels() {
    return runs.stream().map(RelayRun::power).filter(p -> p < 100).distinct()
        .sorted(java.util.Comparator.reverseOrder()).toList();
  }

  boolean measuredOverhead() {
    return runs.stream().anyMatch(r -> r.power() == 100);
  }

  /**
   * The failed reads of a set of samples by kind, and how long they took to fail on average
   * (NaN when none failed).
   */
  record Failures(int total, long blockMissing, long timeout, double meanMs) {
    long other() {
      return total - blockMissing - timeout;
    }
  }

  static Failures failures(List<OpSample> samples) {
    List<OpSample> failed = samples.stream().filter(s -> s.outcome() == OpOutcome.ERROR).toList();
    return new Failures(failed.size(), count(failed, s -> s.error().equals(BLOCK_MISSING)),
        count(failed, s -> s.error().equals(TIMEOUT)),
        failed.stream().mapToDouble(OpSample::durationMs).average().orElse(Double.NaN));
  }

  /** Latency summary of the reads whose I/O completed (verified or not). */
  static LatencySummary okDurations(List<OpSample> samples) {
    return LatencySummary.of(samples.stream().filter(RelayFindings::completed)
        .map(OpSample::durationMs).toList());
  }

  private static boolean completed(OpSample s) {
    return s.outcome() == OpOutcome.OK || s.outcome() == OpOutcome.VERIFY_FAILED;
  }

  /** {@code " (2 BlockMissingException, 1 SocketTimeoutException)"}, or empty. */
  static String failureClasses(List<OpSample> samples) {
    Map<String, Integer> n = new TreeMap<>();
    samples.stream().filter(s -> s.outcome() == OpOutcome.ERROR)
        .forEach(s -> n.merge(s.error(), 1, Integer::sum));
    if (n.isEmpty()) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    n.forEach((k, v) -> parts.add(v + " " + k));
    return " (" + String.join(", ", parts) + ")";
  }

  private List<RelayRun> select(int power, ReadPath p, String workload) {
    return runs.stream().filter(r -> r.power() == power && r.path() == p
        && r.workload().equals(workload)).toList();
  }

  /** Every read sample of a path at a level, pooled over rounds. */
  List<OpSample> samples(int power, ReadPath p) {
    return select(power, p, RelayRun.LATENCY).stream().flatMap(r -> r.samples().stream())
        .toList();
  }

  /** Per-round MiB/s of a path at 100%, in round order. */
  List<Double> mibps(ReadPath p) {
    return select(100, p, RelayRun.DFSIO).stream().map(RelayRun::mibps).toList();
  }

  /** Mean and 95% interval of a path's MiB/s over the rounds. */
  MeanInterval throughput(ReadPath p) {
    return MeanInterval.of(mibps(p));
  }

  /** Paired ratio {@code a / b} of MiB/s, per round, with its 95% interval. */
  MeanInterval throughputRatio(ReadPath a, ReadPath b) {
    return MeanInterval.of(ratios(mibps(a), mibps(b)));
  }

  /** Paired ratio {@code a / b} of each round's median request latency. */
  MeanInterval p50Ratio(ReadPath a, ReadPath b) {
    return MeanInterval.of(ratios(roundP50(a), roundP50(b)));
  }

  private List<Double> roundP50(ReadPath p) {
    return select(100, p, RelayRun.LATENCY).stream()
        .map(r -> okDurations(r.samples()).p50Ms()).toList();
  }

  private static List<Double> ratios(List<Double> a, List<Double> b) {
    List<Double> out = new ArrayList<>();
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      if (b.get(i) > 0) {
        out.add(a.get(i) / b.get(i));
      }
    }
    return out;
  }

  /** Mean CPU cores the proxy JVM used during the relay's phases of a workload at 100%. */
  double relayCores(String workload) {
    return select(100, ReadPath.RELAY, workload).stream().mapToDouble(RelayRun::relayCpuCores)
        .filter(Double::isFinite).average().orElse(Double.NaN);
  }

  /** Lowest and highest load average seen at the end of a phase. */
  double[] loadRange() {
    return new double[] {runs.stream().mapToDouble(RelayRun::loadAverage).min().orElse(0),
        runs.stream().mapToDouble(RelayRun::loadAverage).max().orElse(0)};
  }

  /**
   * What the DataNodes' caps allow T parallel sequential readers at 100%: each reads one block
   * at a time from one DataNode, so at most min(T, ring nodes) × the per-node cap.
   */
  double ioCeilingMBps() {
    return Math.min(options.ioThreads(), options.nodes()) * (double) options.bandwidthMBps();
  }

  /**
   * "met", "missed" or "undecided" for the 10% goal (see the class comment); "not comparable:
   * ..." when the relay or direct WebHDFS ran over budget at 100%.
   */
  String goalVerdict() {
    if (!comparable(100, ReadPath.RELAY, ReadPath.DIRECT)) {
      return notComparable(100, ReadPath.RELAY, ReadPath.DIRECT);
    }
    MeanInterval r = throughputRatio(ReadPath.RELAY, ReadPath.DIRECT);
    if (!r.hasInterval()) {
      return r.mean() >= GOAL_RATIO ? "met in the one round (no interval)"
          : "missed in the one round (no interval)";
    }
    if (r.low() >= GOAL_RATIO) {
      return "met";
    }
    return r.high() < GOAL_RATIO ? "missed" : "undecided";
  }

  /** Reads the relay held for a window at {@code power} and their total hold, in ms. */
  long[] held(int power) {
    return held.getOrDefault(power, new long[] {0, 0});
  }

  /** The DataNodes' energy over {@code p}'s phases at {@code power}, pooled; empty if none. */
  Optional<CellEnergy> energy(int power, ReadPath p) {
    return pool(runs.stream().filter(r -> r.power() == power && r.path() == p).toList());
  }

  /** The same over one workload's phases. */
  Optional<CellEnergy> energy(int power, ReadPath p, String workload) {
    return pool(select(power, p, workload));
  }

  private static Optional<CellEnergy> pool(List<RelayRun> rs) {
    return rs.stream().map(RelayRun::energy).reduce(CellEnergy::plus);
  }

  /** True when {@code p}'s pooled energy at {@code power} is over budget (‡). */
  boolean overBudget(int power, ReadPath p) {
    return energy(power, p).map(EnergyText::over).orElse(false);
  }

  /** The paths among {@code paths} over budget at {@code power}, in their order. */
  List<ReadPath> overBudget(int power, List<ReadPath> paths) {
    return paths.stream().filter(p -> overBudget(power, p)).toList();
  }

  /** True when neither {@code a} nor {@code b} is over budget at {@code power}. */
  boolean comparable(int power, ReadPath a, ReadPath b) {
    return !overBudget(power, a) && !overBudget(power, b);
  }

  /**
   * {@code "not comparable: relay over budget ‡"} for a pair that is not comparable (see the
   * class comment).
   */
  String notComparable(int power, ReadPath a, ReadPath b) {
    return "not comparable: " + String.join(" and ", overBudget(power, List.of(a, b)).stream()
        .map(ReadPath::label).toList()) + " over budget " + EnergyText.OVER_MARK;
  }

  /**
   * A path's energy metrics at a level: its phases' energy pooled ({@link CellEnergy#metrics}),
   * {@code mibPerJ} = dfsio bytes over the dfsio phases' joules, {@code opsPerKJ} = verified
   * request reads over the request phases' kJ.
   */
  Map<String, Double> energyMetrics(int power, ReadPath p) {
    Optional<CellEnergy> all = energy(power, p);
    if (all.isEmpty()) {
      return Map.of();
    }
    Map<String, Double> m = new LinkedHashMap<>(all.get().metrics());
    List<RelayRun> dfsio = select(power, p, RelayRun.DFSIO);
    energy(power, p, RelayRun.DFSIO).filter(e -> e.joules() > 0).ifPresent(e -> m.put(
        Metrics.MIB_PER_J, dfsio.stream().mapToLong(RelayRun::bytes).sum() / (double) (1 << 20)
            / e.joules()));
    List<RelayRun> requests = select(power, p, RelayRun.LATENCY);
    energy(power, p, RelayRun.LATENCY).filter(e -> e.joules() > 0).ifPresent(e -> m.put(
        Metrics.OPS_PER_KJ, requests.stream().mapToLong(RelayRun::okReads).sum() * 1000.0
            / e.joules()));
    return m;
  }

  /**
   * {@code p}'s energy at {@code power} as a line of prose ({@link EnergyText}), with the work
   * rates of {@link #energyMetrics}: e.g. {@code "360 J in 6.0 s: 60.0 of 60.0 W budget, 0.0 s
   * over budget, 0.317 MiB/J in dfsio, 33.3 reads/kJ in requests"}.
   */
  String energyLine(int power, ReadPath p) {
    Optional<CellEnergy> e = energy(power, p);
    if (e.isEmpty()) {
      return "not measured";
    }
    Map<String, Double> m = energyMetrics(power, p);
    StringBuilder sb = new StringBuilder(EnergyText.head(e.get()));
    if (m.containsKey(Metrics.MIB_PER_J)) {
      sb.append(String.format(Locale.ROOT, ", %.3f MiB/J in dfsio", m.get(Metrics.MIB_PER_J)));
    }
    if (m.containsKey(Metrics.OPS_PER_KJ)) {
      sb.append(String.format(Locale.ROOT, ", %.1f reads/kJ in requests",
          m.get(Metrics.OPS_PER_KJ)));
    }
    return sb + EnergyText.mark(e.get());
  }

  /** The report's cells: {@value #OVERHEAD} at 100%, {@value #STOCK} at lower levels. */
  List<ReportCell> cells(String layoutLabel, int replication) {
    List<ReportCell> out = new ArrayList<>();
    if (measuredOverhead()) {
      for (ReadPath p : ReadPath.values()) {
        out.add(new ReportCell(OVERHEAD, p.label(), replication, 100, overheadMetrics(p),
            Map.of(Metrics.READ_MBPS, ioCeilingMBps())));
      }
    }
    for (int power : lowLevels()) {
      for (ReadPath p : List.of(ReadPath.RELAY, ReadPath.NATIVE)) {
        out.add(new ReportCell(STOCK, p.label(), replication, power, stockMetrics(power, p),
            Map.of()));
      }
    }
    return out;
  }

  private Map<String, Double> overheadMetrics(ReadPath p) {
    Map<String, Double> m = new LinkedHashMap<>();
    MeanInterval t = throughput(p);
    m.put(Metrics.READ_MBPS, t.mean());
    latency(m, samples(100, p));
    if (p != ReadPath.DIRECT && comparable(100, p, ReadPath.DIRECT)) {
      ratio(m, "ratioToDirect", throughputRatio(p, ReadPath.DIRECT));
    }
    if (p != ReadPath.NATIVE && comparable(100, p, ReadPath.NATIVE)) {
      ratio(m, "ratioToNative", throughputRatio(p, ReadPath.NATIVE));
    }
    if (p == ReadPath.RELAY) {
      if (comparable(100, p, ReadPath.DIRECT)) {
        ratio(m, "p50RatioToDirect", p50Ratio(p, ReadPath.DIRECT));
      }
      putFinite(m, "relayCpuCoresDfsio", relayCores(RelayRun.DFSIO));
    }
    m.putAll(energyMetrics(100, p));
    return m;
  }

  private static void ratio(Map<String, Double> m, String name, MeanInterval r) {
    m.put(name, r.mean());
    if (r.hasInterval()) {
      m.put(name + "Low95", r.low());
      m.put(name + "High95", r.high());
    }
  }

  private Map<String, Double> stockMetrics(int power, ReadPath p) {
    Map<String, Double> m = new LinkedHashMap<>();
    latency(m, samples(power, p));
    if (p == ReadPath.RELAY) {
      long[] h = held(power);
      m.put("readsHeld", (double) h[0]);
      if (h[0] > 0) {
        m.put("meanHeldMs", h[1] / (double) h[0]);
      }
    }
    m.putAll(energyMetrics(power, p));
    return m;
  }

  /** Counts, latency of completed reads, and the mean time failed reads took to fail. */
  private static void latency(Map<String, Double> m, List<OpSample> samples) {
    LatencySummary ok = okDurations(samples);
    Failures failed = failures(samples);
    m.put("okReads", (double) samples.stream().filter(s -> s.outcome() == OpOutcome.OK).count());
    m.put("failedReads", (double) failed.total());
    m.put("blockMissingReads", (double) failed.blockMissing());
    m.put("timeoutReads", (double) failed.timeout());
    if (ok.count() > 0) {
      m.put(Metrics.MEAN_MS, ok.meanMs());
      m.put(Metrics.P50_MS, ok.p50Ms());
      m.put(Metrics.P90_MS, ok.p90Ms());
      m.put(Metrics.P99_MS, ok.p99Ms());
      m.put("maxMs", ok.maxMs());
    }
    putFinite(m, "failedMeanMs", failed.meanMs());
  }

  private static long count(List<OpSample> s, Predicate<OpSample> p) {
    return s.stream().filter(p).count();
  }

  private static void putFinite(Map<String, Double> m, String name, double v) {
    if (Double.isFinite(v)) {
      m.put(name, v);
    }
  }

  /**
   * Correctness: every relay read at every level and every read at 100% completed, and no read
   * on any path returned wrong bytes. The stock client's failures below 100% are measured, not
   * checked; the 10% goal is a finding, not a check.
   */
  List<Check> checks() {
    List<Check> out = new ArrayList<>();
    List<RelayRun> relay = runs.stream().filter(r -> r.path() == ReadPath.RELAY).toList();
    int relayFailed = relay.stream().mapToInt(r -> r.failedReads() + r.verifyFailures()).sum();
    int relayOk = relay.stream().mapToInt(RelayRun::okReads).sum();
    out.add(new Check("every read through the relay succeeded and verified", relayFailed == 0,
        relayOk + " reads (files for dfsio) verified, " + relayFailed + " failed or wrong, over "
            + levels(relay)));
    if (measuredOverhead()) {
      List<RelayRun> full = runs.stream().filter(r -> r.power() == 100).toList();
      int failed = full.stream().mapToInt(r -> r.failedReads() + r.verifyFailures()).sum();
      out.add(new Check("every read at 100% succeeded and verified on all three paths", failed == 0,
          full.stream().mapToInt(RelayRun::okReads).sum() + " verified, " + failed
              + " failed or wrong"));
    }
    int wrong = runs.stream().mapToInt(RelayRun::verifyFailures).sum();
    out.add(new Check("no read returned wrong bytes (any path, any level)", wrong == 0,
        wrong + " reads with wrong bytes"));
    return out;
  }

  private static String levels(List<RelayRun> rs) {
    return rs.stream().map(r -> r.power() + "%").distinct().toList().toString();
  }

  /** The report's notes: clients, timeouts, the goal, what bounded throughput. */
  List<String> notes() {
    List<String> out = new ArrayList<>();
    out.add(String.format(Locale.ROOT, "bench relay: every path reads with a stock Hadoop"
        + " client: %s; %s; %s. WebHDFS clients have dfs.webhdfs.socket.read-timeout = %d ms"
        + " (two blink intervals, longer than any hold); the native client keeps the cluster's"
        + " dfs.client.socket-timeout = %d ms (one interval plus 4 s).",
        ReadPath.RELAY.description(), ReadPath.DIRECT.description(),
        ReadPath.NATIVE.description(), webHdfsReadTimeoutMs, socketTimeoutMs));
    if (measuredOverhead()) {
      MeanInterval r = throughputRatio(ReadPath.RELAY, ReadPath.DIRECT);
      out.add(String.format(Locale.ROOT, "relay-overhead: %d rounds at 100%%, paths in an order"
          + " rotating per round; relay/direct-webhdfs throughput %s (mean, 95%% Student-t"
          + " interval over rounds): goal of >= %.2f %s. I/O ceiling min(threads, nodes) x cap"
          + " = %.0f MiB/s; the relay JVM used %.2f cores during its dfsio phases.",
          options.rounds(), r.format("%.3f"), GOAL_RATIO, goalVerdict(), ioCeilingMBps(),
          relayCores(RelayRun.DFSIO)));
    }
    for (int power : levels()) {
      List<ReadPath> paths = power == 100 ? List.of(ReadPath.values())
          : List.of(ReadPath.RELAY, ReadPath.NATIVE);
      List<String> parts = new ArrayList<>();
      paths.forEach(p -> parts.add(p.label() + " " + energyLine(power, p)));
      List<ReadPath> over = overBudget(power, paths);
      out.add(String.format(Locale.ROOT, "relay energy at %d%%, DataNodes over each path's"
          + " phases: %s.%s", power, String.join("; ", parts), over.isEmpty() ? ""
          : " " + over.stream().map(ReadPath::label).toList() + " over budget: left out of this"
              + " level's ratios and comparisons (not comparable)."));
    }
    return out;
  }

  /** Every measured level, 100% first. */
  private List<Integer> levels() {
    List<Integer> out = new ArrayList<>();
    if (measuredOverhead()) {
      out.add(100);
    }
    out.addAll(lowLevels());
    return out;
  }
}
