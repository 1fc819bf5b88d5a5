package org.blinkhdfs.demo;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.bench.energy.EnergySnapshot;
import org.blinkhdfs.bench.math.TimeBuckets;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.bench.stats.MeanInterval;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.control.scheduler.SchedulerStatus;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.signal.PowerSignal;
import org.blinkhdfs.workload.LatencyConfig;
import org.blinkhdfs.workload.LatencyWorkload;
import org.blinkhdfs.workload.OpOutcome;
import org.blinkhdfs.workload.OpSample;
import org.blinkhdfs.workload.PhaseResult;
import org.blinkhdfs.workload.WorkloadClock;
import org.blinkhdfs.workload.WorkloadProgress;
import org.blinkhdfs.workload.ZipfKvConfig;
import org.blinkhdfs.workload.ZipfKvWorkload;

/**
 * The signal benches: {@code bin/blink bench kv-signal} (BlinkFS Fig 12(b): Zipf key-value gets
 * under the solar and wind trace), {@code bench search} (Fig 13: a search engine's random 64 KB
 * reads under a fixed budget over a price trace) and {@code bench oscillation} (Fig 10: the same
 * reads under N% oscillation, per data set size). For each {@link SignalCase} one read workload
 * runs without pause for {@code --cell-time} while the power follows the signal step by step
 * ({@link SignalOptions}); the reads are tallied per step ({@link TimeBuckets}).
 *
 * <p><b>How the power follows the signal.</b> At each step's start the session sets the step's
 * level through the scheduler's admin power setting, the way BlinkFS's programmable supply
 * replayed its traces, and waits for the epoch planned for it; the level comes from the signal
 * by the same pure classes the scheduler's {@code blink.scheduler.signal} uses. Doing it from
 * here, not in the scheduler, lets {@link PowerSteps#follow} keep Rabbit's minimum gear on when
 * the power affords fewer nodes (equal work then keeps its primaries ACTIVE above the budget,
 * and the report counts those steps: BlinkFS's Rabbit has no replica awake there), and lets the
 * migration-based baseline ({@code +migration}, {@link MigrationBaseline}) move its data before
 * or after each change of k. Nodes never go back to 100% between steps: an OFF node wakes at its
 * next check-in, within an interval, as it would under a live signal.
 *
 * <p><b>Workloads.</b> kv-signal: the {@link ZipfKvWorkload} of {@code bench kv} (Zipf 1.2 gets
 * over packed objects, one blocking client) issuing gets as a Poisson process ({@link
 * #KV_THINK}), so latency is averaged over time. search and oscillation: the {@link
 * LatencyWorkload}'s uniform random positioned reads of {@code --request-kib} (64 KB, the
 * paper's block) over the case's data set in files of {@code --latency-file-mib}, {@code
 * --clients} blocking readers without think time; a completed read is a query served (the
 * paper's emulator issued the SPC WebSearch trace's I/Os, which is not shipped: the request
 * stream here is generated, seeded by {@code --seed}). The migration baseline's readers wait at
 * its gate while it moves data, the wait counted in their latency.
 *
 * <p><b>Report.</b> One case: cells per layout and replayed power level (the steps at a level
 * pooled): mean and p90 latency, completed and failed operations and operations per minute, so
 * the report's latency-against-power plots apply. Several cases (bench oscillation): one cell
 * per case, experiment {@code oscillation-<size>MiB}, layout {@code <label> N=<n>%}, at the
 * signal's mean power, with {@code readMBps} over the whole case and the migration's counts.
 * The per-step timeline goes to {@link SignalTimeline}; notes give each case's totals.
 *
 * <p>Not thread-safe; the workload runs on one extra thread.
 */
final class SignalSession extends SessionBase {
  static final String KV = "kv-signal";
  static final String SEARCH = "search";
  static final String OSCILLATION = "oscillation";
  static final String PER_MINUTE = "opsPerMinute";
  static final String STEPS = "steps";
  static final String GEAR_KEPT_STEPS = "minimumGearKeptSteps";
  static final String MIGRATED_MIB = "migratedMiB";
  static final String NOT_SERVING_S = "notServingSeconds";
  static final String MIGRATIONS = "migrations";
  static final String ROUNDS = "rounds";
  /** bench oscillation: the mean of the levels the case's steps ran at, in %. */
  static final String MEAN_POWER = "meanPowerPercent";
  /** bench kv-signal, search and oscillation (BlinkFS Figs 10, 12(b), 13). */
  static final Experiment DEFINITION = Experiment.of(List.of(KV, SEARCH, OSCILLATION),
      SignalSession::defaults, SignalSession::title, SignalSession::new);
  private static final Path ROOT = new Path("/demo/signal");
  /**
   * Mean pause before each get of kv-signal: requests at a steady rate (Poisson, at most 20 a
   * second), as BlinkFS's generator issued them, so each step's mean latency is the time average
   * over the step rather than the awake moments' (back-to-back gets crowd into them).
   */
  static final Duration KV_THINK = Duration.ofMillis(50);

  /** What happened at one step: the level, the override, the scheduler's watts, lateness. */
  record StepRecord(SignalOptions.Step step, boolean minimumGearKept, double plannedWatts,
      double availableWatts, long inForceAfterMs) {}

  /** One case of one layout's run for {@link SignalTimeline}. */
  record Timeline(String layout, SignalCase signalCase, int round, List<StepRecord> steps,
      List<TimeBuckets.Bucket> buckets, long stepWallMs, double readMBps) {}

  private final WorkloadProgress workloadProgress;
  private final PowerSteps powerSteps;
  private final PowerModel model;
  private final List<Timeline> timelines = new ArrayList<>();
  private final List<String> lateSteps = new ArrayList<>();
  private int stepCount;
  private long nodeLoadsSent = -1;
  private Optional<MigrationBaseline> migration = Optional.empty();
  private List<StepRecord> records;
  /** Energy counters at each step's start, and one at the workload's end. */
  private List<EnergySnapshot> stepEnergy;
  private Schedule lastSchedule;
  private int round;
  /** bench oscillation: each case's cell metrics, one map per round, in case order. */
  private final Map<SignalCase, List<Map<String, Double>>> caseRounds = new LinkedHashMap<>();

  SignalSession(DemoOptions options, LayoutRun run, LocalCluster cluster,
      Consumer<String> progress) {
    super(options, run, cluster, progress);
    this.workloadProgress = WorkloadProgress.lines(l -> progress.accept("  " + l));
    this.model = PowerModel.macMini(options.nodes());
    this.powerSteps = new PowerSteps(cluster, model, run.label(),
        options.layoutKeys().minimumActiveNodes(run.layout()), progress);
  }

  private boolean kv() {
    return options.runs(KV);
  }

  private int replication() {
    return options.replicationFor(run.layout());
  }

  @Override
  public void run(FileSystem fs) throws IOException, InterruptedException {
    if (run.migration()) {
      migration = Optional.of(MigrationBaseline.open(cluster, model));
    }
    try {
      int index = 0;
      int rounds = options.signalCases().size() > 1 ? options.rounds() : 1;
      for (round = 0; round < rounds; round++) {
        for (SignalCase c : options.signalCases()) {
          runCase(fs, c, index++);
        }
      }
      caseRounds.forEach(this::caseCell);
    } finally {
      if (migration.isPresent()) {
        migration.get().close();
      }
    }
    if (loadProportional()) {
      nodeLoadsSent = cluster.nameNode().metric("BlinkSchedule", "PopularityNodeLoadsSent");
    }
  }

  private boolean loadProportional() {
    return run.schedulePolicy().equals(org.blinkhdfs.model.policy.LoadProportionalPolicy.NAME);
  }

  private void runCase(FileSystem fs, SignalCase c, int index)
      throws IOException, InterruptedException {
    SignalOptions so = c.signal();
    PowerSignal signal = so.signal(model);
    int n = so.steps();
    long stepWallMs = options.cellTimeMs() / n;
    long runMs = stepWallMs * n;
    Path dir = new Path(ROOT, "case-" + index);
    cluster.setPowerPercent(100); // written with every node awake, as every case starts
    ReadPhase phase = prepare(fs, c, dir, Duration.ofMillis(runMs));
    progress.accept(run.label() + (options.signalCases().size() > 1 ? " " + c.name() : "")
        + (round > 0 ? " (round " + (round + 1) + ")" : "") + ": " + so.describe(model, runMs));
    records = new ArrayList<>();
    lastSchedule = null;
    long t0 = System.currentTimeMillis();
    records.add(follow(so, signal, 0, t0));
    t0 = System.currentTimeMillis(); // the first step's migration is set-up, not measured
    migration.ifPresent(MigrationBaseline::startMeasuring);
    stepEnergy = new ArrayList<>(List.of(energy().begin()));
    ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "signal-workload");
      t.setDaemon(true);
      return t;
    });
    PhaseResult result;
    try {
      Future<PhaseResult> f = pool.submit(phase::run);
      for (int i = 1; i < n; i++) {
        long at = t0 + i * stepWallMs;
        Thread.sleep(Math.max(0, at - System.currentTimeMillis()));
        stepEnergy.add(energy().begin());
        records.add(follow(so, signal, i, at));
      }
      result = f.get();
      stepEnergy.add(energy().begin());
    } catch (ExecutionException e) {
      throw new IOException("the " + options.command() + " workload failed: " + e.getCause(),
          e.getCause());
    } finally {
      pool.shutdownNow();
    }
    tally.add(result, false);
    for (StepRecord r : records) {
      stepCount++;
      if (r.inForceAfterMs() > stepWallMs) {
        lateSteps.add(c.name() + " step " + r.step().index() + ": " + r.inForceAfterMs() + " ms");
      }
    }
    tabulate(c, result, t0, stepWallMs);
    // Back to 100% with every node heard (an OFF node wakes at its next check-in), so the next
    // case starts from all nodes on and the runner's end-of-run checks see every replica.
    powerSteps.leave(lastSchedule);
    migration.ifPresent(MigrationBaseline::finish);
    fs.delete(dir, true);
  }

  /** The workload's timed phase, ready to run on another thread. */
  @FunctionalInterface
  private interface ReadPhase {
    PhaseResult run() throws IOException;
  }

  private ReadPhase prepare(FileSystem fs, SignalCase c, Path dir, Duration limit)
      throws IOException {
    WorkloadClock clock = WorkloadClock.system();
    if (kv()) {
      ZipfKvWorkload w = new ZipfKvWorkload(ZipfKvConfig.builder().dir(dir)
          .keyCount(options.kvKeys()).packCount(Math.min(options.kvPacks(), options.kvKeys()))
          .replication(replication()).getOps(ZipfKvConfig.MAX_OPS).timeLimit(limit)
          .thinkTime(KV_THINK).build(),
          fs, clock, options.seed());
      progress.accept(run.label() + ": writing " + options.kvKeys() + " key-value objects");
      w.prepare(workloadProgress);
      List<Path> stored = new ArrayList<>(w.packFiles());
      stored.addAll(kvCold(fs, c, dir, stored));
      if (migration.isPresent()) {
        migration.get().dataSet(stored, replication());
        w.gate(migration.get().gate());
      }
      return () -> w.getPhase(WorkloadProgress.none()).gets();
    }
    int files = Math.max(1, c.dataMiB() / options.latencyFileMiB());
    LatencyConfig lc = LatencyConfig.builder().dir(dir).fileCount(files)
        .fileBytes((long) options.latencyFileMiB() << 20)
        .requestBytes(options.requestKiB() << 10).replication(replication())
        .readOps(LatencyConfig.MAX_OPS).writeOps(0).timeLimit(limit)
        .clients(options.clients()).thinkTime(Duration.ZERO).build();
    LatencyWorkload w = new LatencyWorkload(lc, fs, clock, options.seed());
    progress.accept(run.label() + ": writing " + files + " files of " + options.latencyFileMiB()
        + " MiB to read");
    w.prepare(workloadProgress);
    if (migration.isPresent()) {
      List<Path> data = new ArrayList<>();
      for (int i = 0; i < files; i++) {
        data.add(w.dataFile(i));
      }
      migration.get().dataSet(data, replication());
      w.gate(migration.get().gate());
    }
    return () -> w.readPhase(WorkloadProgress.none());
  }

  /**
   * bench kv-signal with {@code --data-mib}: the files no get reads that bring the data set
   * stored up to it (the packs count), so the migration baseline moves that much; none when the
   * packs are as large already.
   */
  private List<Path> kvCold(FileSystem fs, SignalCase c, Path dir, List<Path> packs)
      throws IOException {
    long packBytes = 0;
    for (Path p : packs) {
      packBytes += fs.getFileStatus(p).getLen();
    }
    int mib = (int) Math.max(0, c.dataMiB() - Math.round(packBytes / 1048576.0));
    if (mib == 0) {
      return List.of();
    }
    progress.accept(run.label() + String.format(Locale.ROOT, ": writing %d MiB that no get"
        + " reads (the objects hold %.1f MiB of --data-mib %d)", mib, packBytes / 1048576.0,
        c.dataMiB()));
    int files = Math.max(1, Math.min(options.ioThreads(), mib / options.latencyFileMiB()));
    return ColdData.write(fs, WorkloadClock.system(), new Path(dir, "cold"), files, mib,
        replication(), workloadProgress).files();
  }

  private StepRecord follow(SignalOptions so, PowerSignal signal, int i, long at)
      throws IOException, InterruptedException {
    SignalOptions.Step step = so.step(signal, model, i);
    boolean kept;
    StepRecord last = records.isEmpty() ? null : records.get(records.size() - 1);
    if (last != null && last.step().percent() == step.percent()) {
      kept = last.minimumGearKept(); // same level: the epoch in force already plans it
    } else {
      PowerSteps.Followed f = migration.isPresent()
          ? migration.get().change(step.percent(), () -> powerSteps.follow(step.percent()))
          : powerSteps.follow(step.percent());
      lastSchedule = f.schedule();
      kept = f.minimumGearKept();
    }
    SchedulerStatus st = cluster.schedulerStatus();
    StepRecord r = new StepRecord(step, kept, st.plannedWatts(), st.availableWatts(),
        System.currentTimeMillis() - at);
    if (i % 6 == 0) {
      progress.accept(String.format(Locale.ROOT, "  step %d/%d (signal hour %.2f): %.0f%% ->"
          + " %d%%%s%s", i + 1, so.steps(), step.signalHours(), step.signalPercent(),
          step.percent(), step.clamped() ? " (floor)" : "",
          kept ? ", minimum gear kept above the budget" : ""));
    }
    return r;
  }

  private void tabulate(SignalCase c, PhaseResult result, long t0, long stepWallMs) {
    double offset = result.startEpochMs() - t0;
    List<TimeBuckets.Op> ops = new ArrayList<>();
    for (OpSample s : result.samples()) {
      ops.add(new TimeBuckets.Op(offset + s.startMs(), s.durationMs(),
          s.outcome() == OpOutcome.OK));
    }
    int n = records.size();
    TimeBuckets.Result buckets = TimeBuckets.of(ops, stepWallMs, n);
    double seconds = stepWallMs * n / 1000.0;
    double readMBps = result.bytes() / 1048576.0 / seconds;
    timelines.add(new Timeline(run.label(), c, round, List.copyOf(records), buckets.buckets(),
        stepWallMs, readMBps));
    if (options.signalCases().size() == 1) {
      levelCells(ops, stepWallMs);
    } else {
      caseRounds.computeIfAbsent(c, k -> new ArrayList<>())
          .add(caseMetrics(result, readMBps, seconds));
    }
    long clamped = records.stream().filter(r -> r.step().clamped()).count();
    long keptSteps = records.stream().filter(StepRecord::minimumGearKept).count();
    notes.add(String.format(Locale.ROOT, "%s%s: %d %s completed in %.1f min (%.1f per minute,"
        + " %.2f MB/s), %d failed, mean %.1f ms, p90 %.1f ms; %d of %d steps at the %d%% floor;"
        + " minimum gear kept above the budget in %d steps%s%s", run.label(),
        options.signalCases().size() == 1 ? "" : " " + c.name(), result.okOps(),
        kv() ? "gets" : "reads", seconds / 60, result.okOps() / (seconds / 60), readMBps,
        result.errors() + result.verifyFailures(), result.latency().meanMs(),
        result.latency().p90Ms(), clamped, n, c.signal().floorPercent(), keptSteps,
        migration.map(m -> String.format(Locale.ROOT, "; %d migrations moved %d replicas"
            + " (%.1f MiB) and served nothing for %.1f s", m.migrations(), m.moves(),
            m.movedBytes() / 1048576.0, m.notServingMs() / 1000.0)).orElse(""),
        buckets.outside() > 0 ? "; " + buckets.outside() + " operations started after the"
            + " last step (not tabulated)" : ""));
    progress.accept("  " + notes.get(notes.size() - 1));
  }

  /** One cell per replayed level: the steps at that level pooled. */
  private void levelCells(List<TimeBuckets.Op> ops, long stepWallMs) {
    List<Integer> levels = records.stream().map(r -> r.step().percent()).toList();
    Map<Integer, Long> kept = new LinkedHashMap<>();
    for (StepRecord r : records) {
      kept.merge(r.step().percent(), r.minimumGearKept() ? 1L : 0L, Long::sum);
    }
    for (TimeBuckets.Level l : TimeBuckets.byLevel(ops, stepWallMs, levels)) {
      Map<String, Double> m = new LinkedHashMap<>();
      m.put(Metrics.OK_OPS, (double) l.ok());
      m.put(LayoutSession.FAILED_OPS, (double) l.failed());
      m.put(PER_MINUTE, l.perMinute());
      m.put(STEPS, (double) l.buckets());
      m.put(GEAR_KEPT_STEPS, (double) kept.get(l.level()));
      if (l.ok() > 0) {
        m.put(Metrics.MEAN_MS, l.meanMs());
        m.put(Metrics.P90_MS, l.p90Ms());
      }
      m.putAll(levelEnergy(l.level()).metricsWithOps(l.ok()));
      cells.add(new ReportCell(options.command(), run.label(), replication(), l.level(), m,
          Map.of()));
    }
  }

  /**
   * One cell for a whole case (bench oscillation), at the signal's mean power: with one round
   * that round's metrics; with more, each metric's mean over the rounds, and {@link
   * Metrics#READ_MBPS_CI95} (the 95% t interval of the rounds' MB/s) and {@code rounds}.
   */
  private void caseCell(SignalCase c, List<Map<String, Double>> rounds) {
    Map<String, Double> m = pooled(rounds);
    int meanPower = (int) Math.round(m.remove(MEAN_POWER));
    cells.add(new ReportCell(options.command() + "-" + c.dataMiB() + "MiB",
        run.label() + " " + c.oscillation().stream().mapToObj(n -> "N=" + n + "%")
            .findFirst().orElse(c.signal().spec()), replication(), meanPower, m, Map.of()));
  }

  /**
   * The rounds of one case pooled: each metric's mean over the rounds that have it (finite);
   * with two rounds or more also {@link Metrics#READ_MBPS_CI95} and {@link #ROUNDS}. Example:
   * readMBps 9 and 11 in two rounds: 10, half width t(0.975, 1) · √2 / √2 = 12.706.
   */
  static Map<String, Double> pooled(List<Map<String, Double>> rounds) {
    Map<String, Double> m = new LinkedHashMap<>();
    for (String key : rounds.get(0).keySet()) {
      List<Double> values = rounds.stream().map(r -> r.get(key))
          .filter(v -> v != null && Double.isFinite(v)).toList();
      if (!values.isEmpty()) {
        m.put(key, MeanInterval.of(values).mean());
      }
    }
    if (rounds.size() > 1) {
      m.put(Metrics.READ_MBPS_CI95, MeanInterval.of(rounds.stream()
          .map(r -> r.get(Metrics.READ_MBPS)).toList()).halfWidth());
      m.put(ROUNDS, (double) rounds.size());
    }
    return m;
  }

  /** One round of one case: what {@link #caseCell} reports. */
  /** The energy of the steps at {@code level}, pooled. */
  private CellEnergy levelEnergy(int level) {
    CellEnergy sum = null;
    for (int i = 0; i < records.size(); i++) {
      if (records.get(i).step().percent() == level) {
        CellEnergy e = CellEnergy.between(stepEnergy.get(i), stepEnergy.get(i + 1));
        sum = sum == null ? e : sum.plus(e);
      }
    }
    return sum;
  }

  private Map<String, Double> caseMetrics(PhaseResult result, double readMBps, double seconds) {
    Map<String, Double> m = new LinkedHashMap<>();
    m.putAll(CellEnergy.between(stepEnergy.get(0), stepEnergy.get(stepEnergy.size() - 1))
        .metricsWith(result.bytes(), result.okOps()));
    m.put(Metrics.READ_MBPS, readMBps);
    m.put(Metrics.OK_OPS, (double) result.okOps());
    m.put(LayoutSession.FAILED_OPS, (double) (result.errors() + result.verifyFailures()));
    m.put(PER_MINUTE, result.okOps() / (seconds / 60));
    if (result.okOps() > 0) {
      m.put(Metrics.MEAN_MS, result.latency().meanMs());
      m.put(Metrics.P90_MS, result.latency().p90Ms());
    }
    if (migration.isPresent()) {
      m.put(MIGRATIONS, (double) migration.get().migrations());
      m.put(MIGRATED_MIB, migration.get().movedBytes() / 1048576.0);
      m.put(NOT_SERVING_S, migration.get().notServingMs() / 1000.0);
    }
    m.put(MEAN_POWER, records.stream().mapToInt(r -> r.step().percent()).average().orElse(0));
    return m;
  }

  /**
   * NameNode keys that feed load-proportional blinking with the reads it serves (BlinkFS sized
   * its windows from an initial run's popularity): each node's read load, one update per blink
   * interval ({@code blink.popularity.nodes.publish}). The loads go to {@code
   * blink.scheduler.address}, which the local cluster's NameNode otherwise lacks (it reads the
   * schedule file); Hadoop's variable expansion points it at the scheduler the cluster set as
   * {@code blink.groups.report.address}, and the NameNode then follows the scheduler's schedule
   * over HTTP, polled every 200 ms like the file.
   */
  static Map<String, String> loadProportionalKeys(long intervalMs) {
    return Map.of("blink.popularity.nodes.publish", "true",
        "blink.scheduler.address", "${blink.groups.report.address}",
        "blink.schedule.http.poll.ms", "200",
        "blink.popularity.period.ms", Long.toString(intervalMs),
        "dfs.namenode.audit.loggers", "default,org.blinkhdfs.placement.PopularityAuditLogger");
  }

  /** Every case of this layout's run, for {@link SignalTimeline}. */
  List<Timeline> timelines() {
    return List.copyOf(timelines);
  }



  @Override
  public List<Check> checks() {
    List<Check> out = new ArrayList<>();
    if (loadProportional()) {
      out.add(new Check("load-proportional fed by the NameNode's read counts (" + run.label()
          + ")", nodeLoadsSent > 0, "node read loads sent to the scheduler: " + nodeLoadsSent
          + " times (PopularityNodeLoadsSent)"));
    }
    if (run.migration()) {
      return out; // its migrations are part of their steps: lateness is what it measures
    }
    out.add(new Check("every step's power in force within its step (" + run.label() + ")",
        lateSteps.isEmpty() && stepCount > 0, stepCount + " steps, " + lateSteps.size()
            + " late" + (lateSteps.isEmpty() ? "" : ": " + String.join("; ",
                lateSteps.subList(0, Math.min(5, lateSteps.size()))))));
    return out;
  }

  @Override
  public List<String> notes() {
    List<String> out = new ArrayList<>(notes);
    out.addAll(powerSteps.notes());
    return out;
  }

  /** The report's title of bench {@code o.command()}. */
  static String title(DemoOptions o) {
    switch (o.command()) {
      case KV:
        return "BlinkHDFS bench: kv-signal (BlinkFS Fig 12(b): Zipf key-value gets while the"
            + " power follows the solar and wind trace)";
      case OSCILLATION:
        return "BlinkHDFS bench: oscillation (BlinkFS Fig 10: random 64 KB reads while the power"
            + " oscillates, the ring against the migration-based baseline, per data set size)";
      default:
        return "BlinkHDFS bench: search (BlinkFS Fig 13: random 64 KB reads served per minute"
            + " while the power follows a budget over a price trace)";
    }
  }

  /** The flag defaults of bench {@code command}: data written once, power from the signal. */
  static Map<String, String> defaults(String command) {
    switch (command) {
      case KV:
        return Map.of("layouts", DemoOptions.SIGNAL_LAYOUTS,
            "latency-replication", FlagDefaults.AT_REPLICATION, "cell-time", "12m");
      case SEARCH:
        return Map.of("layouts", DemoOptions.SEARCH_LAYOUTS,
            "latency-replication", FlagDefaults.AT_REPLICATION, "cell-time", "12m",
            "clients", "4");
      default:
        return Map.of("layouts", DemoOptions.OSCILLATION_LAYOUTS, "staging", "0",
            "latency-replication", FlagDefaults.AT_REPLICATION, "cell-time", "3m",
            "rounds", "1");
    }
  }
}
