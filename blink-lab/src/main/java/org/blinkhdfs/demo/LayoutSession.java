package org.blinkhdfs.demo;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.availability.ReadWaitExpectation;
import org.blinkhdfs.bench.availability.ReplicaSet;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.bench.energy.EnergySnapshot;
import org.blinkhdfs.bench.math.SteadyNodes;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.bench.report.RoundsPool;
import org.blinkhdfs.bench.stats.LatencySummary;
import org.blinkhdfs.bench.stats.MeanInterval;
import org.blinkhdfs.bench.stats.QuantileInterval;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.workload.LatencyConfig;
import org.blinkhdfs.workload.LatencyWorkload;
import org.blinkhdfs.workload.OpOutcome;
import org.blinkhdfs.workload.OpSample;
import org.blinkhdfs.workload.PhaseResult;
import org.blinkhdfs.workload.ThroughputConfig;
import org.blinkhdfs.workload.ThroughputPhase;
import org.blinkhdfs.workload.ThroughputWorkload;
import org.blinkhdfs.workload.WorkloadClock;
import org.blinkhdfs.workload.WorkloadProgress;
import org.blinkhdfs.workload.ZipfKvConfig;
import org.blinkhdfs.workload.ZipfKvResult;
import org.blinkhdfs.workload.ZipfKvWorkload;

/**
 * The experiments of one {@link LayoutRun} on its running cluster. Data is written first at
 * 100% power, so it starts in its exact layout; then, for each power level, the power is set,
 * the schedule published, and each experiment measures one cell per replication factor with
 * the analytic expectation beside it ({@link Expectations}). Power levels are entered and left
 * through {@link PowerSteps} (a Rabbit layout's minimum gear stays on; OFF nodes are thawed
 * between levels). Under {@code phase-groups+auto} each level is measured once auto's decision
 * has settled, and says what auto chose and why ({@link AutoLevels}).
 *
 * <ul>
 *   <li>latency: BlinkFS's single-threaded random reads ({@code meanMs}, {@code stdMs}, p50, p90,
 *       p99, {@code meanWaitMs} = mean − mean at 100%), arriving as a Poisson process spread
 *       over the cell so they sample every phase of the interval; writes of new files at the common
 *       replication factor as experiment {@code latency-write};</li>
 *   <li>throughput: TestDFSIO-style parallel sequential reads, aggregate {@code readMBps}
 *       (MiB/s) against per-node bandwidth × mean awake nodes; under a schedule that never
 *       blinks (activation) also {@code activeNodes} and the layout's own limits over the
 *       ACTIVE nodes ({@link Expectations#layoutLimits}); every read call of the rounds in
 *       {@code throughput-reads-<layout>.csv} ({@link ThroughputReads});</li>
 *   <li>kv: Zipf(1.2) gets over small objects (BlinkFS §6.2);</li>
 *   <li>dfsio (bench compare {@code --mapreduce on}): a TestDFSIO read job on YARN ({@link
 *       CompareDfsIo}); "not supported" on the stock covering set;</li>
 *   <li>trace (bench compare, after the levels): the latency reads while the power follows a
 *       day of the solar/wind trace ({@link CompareTrace});</li>
 *   <li>drain: when the cluster runs the write proxy (the power-balanced layouts), what it moved
 *       into the layout during the level and how long blocks took from write to layout ({@link
 *       DrainProbe}).</li>
 * </ul>
 *
 * <p>Not thread-safe; runs on the caller's thread.
 */
final class LayoutSession extends SessionBase {
  /** Measured metric of steady cells: ring nodes ACTIVE while the cell ran. */
  static final String ACTIVE_NODES = "activeNodes";
  /** The demo and bench latency, throughput and kv: the power sweep on one layout. */
  static final Experiment DEFINITION = new Experiment(List.of("demo", "latency", "throughput",
      "kv", LayoutSession.COMPARE), LayoutSession::defaults,
      o -> o.command().equals("demo")
          ? "BlinkHDFS demo: latency and throughput versus power"
          : o.command().equals(LayoutSession.COMPARE)
          ? "BlinkHDFS bench compare: every layout on one cluster and budget"
          : "BlinkHDFS bench: " + o.command(), LayoutSession::new);
  /** bench compare: the demo's sweep over every layout, at bench sizes, in rounds. */
  static final String COMPARE = "compare";
  /**
   * bench compare's stored data set (MiB): 64 MiB of latency files, 192 MiB of throughput files
   * (8 x 24 MiB, read 4 times per level) and 384 MiB nobody reads. With r = 3 on 9 + 1 nodes
   * at 10 MiB/s the migration baseline's move to 20% takes 44.8 s of a 30 s power step, rho
   * 1.49 ({@link org.blinkhdfs.bench.math.MigrationRatio}).
   */
  static final String COMPARE_DATA_MIB = "640";

  /**
   * The flag defaults of the sweep's commands: bench throughput reads 3 rounds; bench compare
   * 4, with every layout and one replication (the stock covering set's r domains).
   */
  private static Map<String, String> defaults(String command) {
    if (command.equals(DemoOptions.THROUGHPUT)) {
      return Map.of("rounds", "3");
    }
    return command.equals(COMPARE) ? Map.of("layouts", DemoOptions.COMPARE_LAYOUTS, "rounds",
        "4", "latency-replication", FlagDefaults.AT_REPLICATION, "data-mib", COMPARE_DATA_MIB,
        "write-ops", "20", "io-file-mib", "24") : Map.of();
  }

  /** Measured metric of latency cells: operations that completed and verified. */
  static final String OK_OPS = Metrics.OK_OPS;
  /** Measured metric of latency cells: operations that failed or returned wrong bytes. */
  static final String FAILED_OPS = "failedOps";
  /** Measured metric of kv cells: pack files holding the objects. */
  static final String PACKS = "packs";
  /** Measured metric of kv cells: packs above the data's replication at the cell's end. */
  static final String PACKS_RAISED = "packsRaised";
  /** Measured metric of kv cells: the Zipf share of gets that go to a raised pack. */
  static final String RAISED_GET_SHARE = "raisedGetShare";

  private final int index;
  private final WorkloadProgress workloadProgress;
  private final Map<Integer, Double> baseMeanMs = new LinkedHashMap<>();
  private final Map<Integer, LatencyConfig> latencyData = new LinkedHashMap<>();
  private final PowerSteps steps;
  private final Optional<DrainProbe> drain;
  /** phase-groups+auto: auto's decision per level, its notes and checks. */
  private final Optional<AutoLevels> auto;
  private ThroughputWorkload io;
  private ThroughputReads ioReads;
  private List<List<String>> ioHolders = List.of();
  private ZipfKvWorkload kv;
  /** Every file written at 100%: what the migration baseline must hold on the nodes kept on. */
  private final List<Path> stored = new ArrayList<>();
  private Optional<CompareMigration> migration = Optional.empty();
  /** bench compare --mapreduce on: TestDFSIO on this cluster's YARN (none on the covering set). */
  private Optional<CompareDfsIo> dfsio = Optional.empty();
  /** The trace rounds' energy as the scheduler counted it (the reader's thread adds). */
  private final List<CellEnergy> schedulerEnergy =
      java.util.Collections.synchronizedList(new ArrayList<>());
  /**
   * The trace rounds' judged intervals against the trace's own budget per interval: {energy
   * drawn above each interval's budget, their budget} (J); the reader's thread adds.
   */
  private final double[] traceExcess = new double[2];
  /** The migration baseline's first latency round at the current level (it ran the move). */
  private PhaseResult firstRound;

  LayoutSession(DemoOptions options, LayoutRun run, int index, LocalCluster cluster,
      Consumer<String> progress) {
    super(options, run, cluster, progress);
    this.index = index;
    this.workloadProgress = WorkloadProgress.lines(l -> progress.accept("  " + l));
    this.steps = new PowerSteps(cluster, PowerModel.macMini(options.nodes()), run.label(),
        options.layoutKeys().minimumActiveNodes(run.layout()), progress);
    this.drain = cluster.spec().proxy().configured()
        ? Optional.of(new DrainProbe(cluster.proxy())) : Optional.empty();
    this.auto = run.schedulePolicy().equals(org.blinkhdfs.model.policy.AutoPolicy.NAME)
        ? Optional.of(new AutoLevels(run.label(), cluster, progress)) : Optional.empty();
  }

  /**
   * What the report must say about this run: minimum gears kept on above the budget, and under
   * auto what it chose at each level and why.
   */
  @Override
  public List<String> notes() {
    List<String> out = new ArrayList<>(steps.notes());
    auto.ifPresent(a -> out.addAll(a.notes()));
    return out;
  }



  @Override
  public List<org.blinkhdfs.bench.report.Check> checks() {
    List<org.blinkhdfs.bench.report.Check> out = new ArrayList<>(checks);
    drain.ifPresent(d -> out.add(d.check(run.label())));
    auto.ifPresent(a -> out.addAll(a.checks()));
    return out;
  }

  /** {@link ThroughputReads}' file when the layout ran the throughput experiment. */
  @Override
  public List<java.nio.file.Path> writeFiles(java.nio.file.Path outDir) throws IOException {
    return ioReads == null ? List.of() : List.of(ioReads.write(outDir));
  }

  /** Writes the data sets at 100% power, then measures every power level. */
  @Override
  public void run(FileSystem fs) throws IOException, InterruptedException {
    cluster.setPowerPercent(100);
    prepare(fs);
    if (auto.isPresent()) {
      auto.get().holders(Expectations.holders(cluster.nameNode().dfs(), stored));
    }
    if (run.migration()) {
      PowerModel model = PowerModel.macMini(options.nodes());
      migration = Optional.of(CompareMigration.open(cluster, model, ratio(options))
          .stepMs(options.powerStepMs()));
      migration.get().dataSet(stored, replication());
    }
    try {
      sweep(fs);
      if (options.compareTrace().runs() && options.runsOn("latency", index)) {
        traceStep(fs);
      }
    } finally {
      if (migration.isPresent()) {
        migration.get().close();
      }
    }
  }

  /**
   * The migration ratio of {@code options}: the stored data set, r, the ring and staging nodes,
   * the per-node bandwidth and the power step ({@link DemoOptions#powerStepMs}).
   */
  static org.blinkhdfs.bench.math.MigrationRatio ratio(DemoOptions options) {
    return new org.blinkhdfs.bench.math.MigrationRatio(Math.max(options.dataMiB(),
        options.readDataMiB()), options.replication(), options.nodes(), options.staging(),
        options.bandwidthMBps(), options.powerStepMs() / 1000.0);
  }

  private void sweep(FileSystem fs) throws IOException, InterruptedException {
    for (int power : options.powers()) {
      Schedule s = migration.isPresent() ? enterMigrating(fs, power) : steps.enter(power);
      if (auto.isPresent()) {
        s = auto.get().settle(power, s);
      }
      Optional<DrainProbe.Level> level = drain.isPresent()
          ? Optional.of(drain.get().begin()) : Optional.empty();
      progress.accept(run.label() + " at " + power + "% power: epoch " + s.epoch() + ", "
          + (SteadyNodes.serving(s).isPresent()
              ? SteadyNodes.servingRingNodes(s) + " ring nodes ACTIVE, the rest OFF"
              : s.awakeAt(System.currentTimeMillis()).size() + " nodes awake now"));
      if (options.runsOn("latency", index) && migration.isEmpty()) {
        latency(fs, power, s);
      }
      if (options.runsOn("throughput", index)) {
        throughput(power, s);
      }
      if (options.runsOn("kv", index)) {
        keyValue(fs, power);
      }
      if (options.compareMapReduce()) {
        add(MapReduceSession.DFSIO, replication(), power, dfsio.isPresent()
            ? dfsio.get().read(power, s, energy(), checks, run.label(), progress)
            : CompareDfsIo.notSupported(), Map.of());
      }
      if (level.isPresent()) {
        Map<String, Double> m = level.get().end(options.intervalMs() + 2_000);
        add(DrainProbe.EXPERIMENT, replication(), power, m, Map.of());
        progress.accept(DrainProbe.describe(m));
      }
      if (migration.isPresent()) {
        energy().judgeAgainst(Double.NaN);
        migration.get().leave(steps);
        Map<String, Double> m = migration.get().measured(firstRound);
        add(CompareMigration.EXPERIMENT, replication(), power, m,
            migration.get().expected(power));
        progress.accept(String.format(java.util.Locale.ROOT, "  migration: %.1f MiB in %.1f s"
            + " (rho %.2f), %.1f MiB back in %.1f s", m.get(CompareMigration.IN_MIB),
            m.get(CompareMigration.IN_S), m.get(CompareMigration.RHO),
            m.get(CompareMigration.OUT_MIB), m.get(CompareMigration.OUT_S)));
      } else {
        steps.leave(auto.isPresent() ? auto.get().toLeave() : s);
        if (auto.isPresent()) {
          auto.get().finish();
        }
      }
    }
  }

  /** Trace cell metric: steps whose level was set (the first, before the reads, included). */
  static final String TRACE_STEPS = SignalSession.STEPS;
  /** Trace cell metric: steps passed over because the layout was still busy when they ended. */
  static final String TRACE_SKIPPED = "stepsSkipped";
  /** Trace cell metric: steps whose level was in force only after the step's time had ended. */
  static final String TRACE_LATE = "stepsLate";
  /** Trace cell metric: the mean budget the scheduler was given over the cell (W). */
  static final String SCHEDULER_BUDGET_W = "schedulerBudgetW";
  /**
   * Trace cell metric: energy drawn above the trace's budget, interval by interval, over the
   * judged intervals inside the cell's rounds (J). Power a step leaves unused cannot pay for a
   * later step's overdraw (no battery), so the cell is also over budget ‡ when this exceeds the
   * tolerance share of those intervals' budget: averaged over the day, the stock covering set's
   * 81 W at the trace's 20% steps was hidden by its steps above (first compare run with the
   * trace: 95 of 115 W).
   */
  static final String TRACE_EXCESS_J = "excessJ";

  /**
   * bench compare's trace step ({@link CompareTrace}): the first step's level is set, then the
   * fixed levels' latency reads at their rate ({@code --read-ops} per {@code --cell-time}), in
   * {@code --rounds} rounds over the trace day, run on a thread of their own while this thread
   * sets each later step's level at its time ({@link PowerSteps#follow}, or the migration
   * baseline's move and power change, {@link CompareMigration#follow}). A layout still busy
   * when a step's time has ended (the baseline moving data) goes on to the step in force by then,
   * and the steps passed over are counted. One cell, experiment {@value CompareTrace#EXPERIMENT},
   * at the levels' mean, its energy judged against the trace's budget over its own time.
   */
  private void traceStep(FileSystem fs) throws IOException, InterruptedException {
    CompareTrace trace = options.compareTrace();
    PowerModel model = PowerModel.macMini(options.nodes());
    List<Integer> levels = trace.levels(model);
    int r = latencyData.containsKey(replication()) ? replication()
        : latencyData.keySet().iterator().next();
    LatencyConfig fixed = latencyData.get(r);
    long span = trace.spanMs();
    LatencyConfig whole = fixed.toBuilder().readOps((int) Math.max(1,
        Math.round(fixed.readOps() * (double) span / options.cellTimeMs())))
        .timeLimit(Duration.ofMillis(span)).build();
    progress.accept(run.label() + " under the trace: " + trace.describe(model));
    energy(); // created before the reader's thread uses it
    PowerSteps.Followed f = followTrace(levels.get(0));
    Schedule last = f.schedule();
    int current = levels.get(0);
    int kept = f.minimumGearKept() ? 1 : 0;
    int replayed = 1;
    int skipped = 0;
    int late = 0;
    Optional<CompareMigration.Counts> before = migration.map(CompareMigration::counts);
    schedulerEnergy.clear();
    synchronized (traceExcess) {
      traceExcess[0] = 0;
      traceExcess[1] = 0;
    }
    long t0 = System.currentTimeMillis();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    Rounds cell;
    try {
      Future<Rounds> reads = pool.submit(() -> readRounds(fs, whole,
          options.seed() * 1_000 + 1_010L + r, e0 -> traceEnergy(levels, model, t0, e0)));
      for (int i = 1; i < CompareTrace.STEPS; i++) {
        long now = System.currentTimeMillis();
        if (now - t0 >= span) {
          skipped += CompareTrace.STEPS - i;
          break;
        }
        int due = trace.stepAt(now - t0);
        if (due > i) {
          skipped += due - i;
          i = due;
        }
        long at = t0 + i * trace.stepWallMs();
        Thread.sleep(Math.max(0, at - System.currentTimeMillis()));
        if (levels.get(i) != current) {
          f = followTrace(levels.get(i));
          last = f.schedule();
          current = levels.get(i);
        }
        replayed++;
        kept += f.minimumGearKept() ? 1 : 0;
        if (System.currentTimeMillis() - at > trace.stepWallMs()) {
          late++;
        }
      }
      cell = reads.get();
    } catch (ExecutionException e) {
      throw new IOException("the trace step's reads failed on " + run.label() + ": "
          + e.getCause(), e.getCause());
    } finally {
      pool.shutdownNow();
    }
    Map<String, Double> m = new LinkedHashMap<>(cell.measured());
    double base = baseMeanMs.getOrDefault(r, Double.NaN);
    if (!Double.isNaN(base) && cell.read().latency().count() > 0) {
      m.put(Metrics.MEAN_WAIT_MS, Math.max(0, cell.read().latency().meanMs() - base));
    }
    m.put(TRACE_STEPS, (double) replayed);
    m.put(TRACE_SKIPPED, (double) skipped);
    m.put(TRACE_LATE, (double) late);
    m.put(SignalSession.GEAR_KEPT_STEPS, (double) kept);
    m.put(SCHEDULER_BUDGET_W, schedulerEnergy.stream().reduce(CellEnergy::plus)
        .map(CellEnergy::budgetWatts).orElse(Double.NaN));
    synchronized (traceExcess) {
      m.put(TRACE_EXCESS_J, traceExcess[0]);
      if (traceExcess[0] > CellEnergy.DEFAULT_TOLERANCE * traceExcess[1]) {
        m.put(Metrics.OVER_BUDGET, 1.0);
      }
    }
    if (migration.isPresent()) {
      m.putAll(migration.get().counts().since(before.get()));
    }
    m.values().removeIf(v -> Double.isNaN(v));
    add(CompareTrace.EXPERIMENT, r, CompareTrace.meanPercent(levels), m, Map.of());
    LatencySummary l = cell.read().latency();
    progress.accept(String.format(java.util.Locale.ROOT, "  trace: %d reads, p50 %.1f ms, p90"
        + " %.1f ms, %.1f W of the trace's %.1f W; %d of %d steps replayed, %d passed over, %d"
        + " late, minimum gear kept in %d", cell.read().attemptedOps(), l.p50Ms(), l.p90Ms(),
        m.getOrDefault(Metrics.MEAN_POWER_W, Double.NaN),
        m.getOrDefault(Metrics.BUDGET_W, Double.NaN), replayed, CompareTrace.STEPS, skipped,
        late, kept));
    if (migration.isPresent()) {
      migration.get().follow(100, steps);
    } else {
      steps.leave(last);
    }
  }

  /** One step of the trace: the power set, the migration baseline's data moved first. */
  private PowerSteps.Followed followTrace(int power) throws IOException, InterruptedException {
    return migration.isPresent() ? migration.get().follow(power, steps) : steps.follow(power);
  }

  /**
   * One trace round's energy from {@code from} until now, on its own window (it spans many
   * intervals, so the phase within one hardly matters),
   * judged against the trace's budget over the same time ({@link CompareTrace#meanBudgetWatts});
   * the scheduler's own count is kept for {@value #SCHEDULER_BUDGET_W}.
   */
  private CellEnergy traceEnergy(List<Integer> levels, PowerModel model, long t0,
      EnergySnapshot from) {
    EnergySnapshot to = energy().begin();
    CellEnergy own = CellEnergy.between(from, to);
    schedulerEnergy.add(own);
    double total = model.totalWatts();
    for (org.blinkhdfs.bench.energy.JudgedInterval j : to.intervals()) {
      if (j.startMs() >= from.atMs() && j.endMs() <= to.atMs()) {
        double budget = options.compareTrace().meanBudgetWatts(levels, total, t0, j.startMs(),
            j.endMs()) * j.lengthMs() / 1000.0;
        synchronized (traceExcess) {
          traceExcess[0] += Math.max(0, j.drawnJoules() - budget);
          traceExcess[1] += budget;
        }
      }
    }
    return CompareTrace.judged(own, options.compareTrace().meanBudgetWatts(levels,
        model.totalWatts(), t0, from.atMs(), Math.max(to.atMs(), from.atMs() + 1)));
  }

  /**
   * The migration baseline enters {@code power}: its latency cell starts with the power change
   * on a thread of its own, so its reads wait at the gate while the data moves, and the move
   * runs here ({@link CompareMigration#enter}).
   */
  private Schedule enterMigrating(FileSystem fs, int power)
      throws IOException, InterruptedException {
    firstRound = null;
    // Its cells at this level are judged against the level's budget from the move on: the
    // baseline keeps its nodes on while it moves, before the scheduler's power falls.
    energy().judgeAgainst(power / 100.0 * PowerModel.macMini(options.nodes()).totalWatts());
    if (!options.runsOn("latency", index)) {
      return migration.get().enter(power, steps, energy());
    }
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors
        .newSingleThreadExecutor();
    try {
      java.util.concurrent.Future<Void> reads = pool.submit(() -> {
        latency(fs, power, null);
        return null;
      });
      Thread.sleep(100); // the readers are at the gate before it closes
      Schedule s = migration.get().enter(power, steps, energy());
      reads.get();
      return s;
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IOException("the migration baseline's latency cell at " + power + "% failed: "
          + e.getCause(), e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private void prepare(FileSystem fs) throws IOException, InterruptedException {
    WorkloadClock clock = WorkloadClock.system();
    if (options.runsOn("latency", index)) {
      for (int r : options.latencyReplicationsFor(index)) {
        LatencyConfig c = latencyConfig(options, new Path("/demo/latency/r" + r), r);
        progress.accept(run.label() + ": writing latency data, r=" + r);
        LatencyWorkload lw = new LatencyWorkload(c, fs, clock, options.seed());
        lw.prepare(workloadProgress);
        latencyData.put(r, c);
        for (int i = 0; i < c.fileCount(); i++) {
          stored.add(lw.dataFile(i));
        }
      }
    }
    if (options.runsOn("throughput", index)) {
      io = new ThroughputWorkload(ThroughputConfig.builder().dir(new Path("/demo/dfsio"))
          .threads(options.ioThreads()).fileBytes((long) options.ioFileMiB() << 20)
          .replication(replication()).timeLimit(Duration.ofMinutes(5)).build(), fs, clock);
      progress.accept(run.label() + ": writing " + options.ioThreads() + " throughput files");
      ThroughputPhase w = io.writePhase(workloadProgress);
      ioReads = new ThroughputReads(run.label());
      io.onChunkRead(ioReads.listener());
      tally.add(w);
      add("throughput-write", replication(), 100,
          Map.of(Metrics.WRITE_MBPS, w.aggregateMiBps()), Map.of());
      List<Path> files = new ArrayList<>();
      for (int i = 0; i < options.ioThreads(); i++) {
        files.add(io.file(i));
      }
      stored.addAll(files);
      ioHolders = Expectations.holders(cluster.nameNode().dfs(), files);
    }
    int coldMiB = options.dataMiB() - options.readDataMiB();
    if (options.compareMapReduce()) {
      if (run.layout() == org.blinkhdfs.cluster.Layout.COVERING) {
        coldMiB += options.ioThreads() * options.ioFileMiB(); // it stores --data-mib all the same
      } else {
        CompareDfsIo d = CompareDfsIo.open(cluster, fs, options, replication());
        progress.accept(run.label() + ": TestDFSIO writing " + options.ioThreads() + " files of "
            + options.ioFileMiB() + " MB on YARN");
        stored.addAll(d.write(fs, checks, run.label()));
        dfsio = Optional.of(d);
      }
    }
    if (options.command().equals(COMPARE) && coldMiB > 0) {
      writeCold(fs, clock, coldMiB);
    }
    if (options.runsOn("kv", index)) {
      kv = new ZipfKvWorkload(ZipfKvConfig.builder().dir(new Path("/demo/kv"))
          .keyCount(options.kvKeys()).packCount(Math.min(options.kvPacks(), options.kvKeys()))
          .replication(replication())
          .getOps(options.kvGets()).timeLimit(Duration.ofMillis(options.cellTimeMs()))
          .build(), fs, clock, options.seed());
      progress.accept(run.label() + ": writing " + options.kvKeys() + " key-value objects");
      kv.prepare(workloadProgress);
    }
  }

  /**
   * bench compare: {@code mib} more in {@code --io-threads} files nobody reads, so the data set
   * stored is {@code --data-mib} ({@link ColdData}).
   */
  private void writeCold(FileSystem fs, WorkloadClock clock, int mib) throws IOException {
    progress.accept(run.label() + ": writing " + mib + " MiB that no cell reads (the rest of"
        + " --data-mib " + options.dataMiB() + ")");
    ColdData cold = ColdData.write(fs, clock, new Path("/demo/cold"), options.ioThreads(), mib,
        replication(), workloadProgress);
    tally.add(cold.write());
    stored.addAll(cold.files());
  }

  /** The latency data and read cells of {@code options} in {@code dir} at replication r. */
  static LatencyConfig latencyConfig(DemoOptions options, Path dir, int r) {
    return LatencyConfig.builder().dir(dir)
        .fileCount(options.latencyFiles()).fileBytes((long) options.latencyFileMiB() << 20)
        .requestBytes(options.requestKiB() << 10).replication(r).readOps(options.readOps())
        .writeOps(options.writeOps()).timeLimit(Duration.ofMillis(options.cellTimeMs()))
        .clients(options.clients())
        // Each reader thinks K times as long, so K readers still spread readOps over the cell.
        .thinkTime(Duration.ofMillis(Math.max(1,
            options.cellTimeMs() * options.clients() / options.readOps())))
        .build();
  }

  /**
   * The latency cells of level {@code power}: per replication factor, the read phase (in
   * {@link #latencyRounds} rounds for bench compare, pooled with their intervals by {@link
   * RoundsPool}) beside the expectation under {@code s}, then the writes. {@code s} is null
   * for the migration baseline, whose cell starts before its schedule exists (activation: no
   * window to wait for, so no expectation).
   */
  private void latency(FileSystem fs, int power, Schedule s) throws IOException {
    for (Map.Entry<Integer, LatencyConfig> e : latencyData.entrySet()) {
      int r = e.getKey();
      LatencyConfig whole = e.getValue();
      Rounds cell = readRounds(fs, whole, options.seed() * 1_000 + power * 10L + r,
          e0 -> energy().end(e0));
      if (migration.isPresent()) {
        firstRound = cell.read();
      }
      PhaseResult read = cell.read();
      LatencyWorkload w = cell.last();
      Map<String, Double> measured = cell.measured();
      LatencySummary l = read.latency();
      if (power == 100) {
        baseMeanMs.put(r, l.meanMs());
      }
      double base = baseMeanMs.getOrDefault(r, Double.NaN);
      if (!Double.isNaN(base)) {
        measured.put(Metrics.MEAN_WAIT_MS, Math.max(0, l.meanMs() - base));
      }
      Map<String, Double> expected = s == null ? Map.of()
          : latencyExpected(w, whole, s, r, power, l, read);
      add("latency", r, power, measured, expected);
      if (r == replication() && options.writeOps() > 0) {
        LatencyWorkload writer = new LatencyWorkload(whole, fs, WorkloadClock.system(),
            options.seed() * 1_000 + power * 10L + r);
        EnergySnapshot w0 = energy().begin();
        PhaseResult write = writer.writePhase(workloadProgress);
        tally.add(write, true);
        Map<String, Double> wm = latencyMetrics(write);
        wm.putAll(energy().endBytes(w0, write.bytes()));
        add("latency-write", r, power, wm, Map.of());
      }
    }
  }

  /** How one round's energy is measured from its start's snapshot. */
  @FunctionalInterface
  private interface RoundEnergy {
    CellEnergy since(EnergySnapshot start);
  }

  /** A read cell measured in rounds: all rounds as one phase, its metrics, the last workload. */
  private record Rounds(PhaseResult read, Map<String, Double> measured, LatencyWorkload last) {}

  /**
   * The read phase of {@code whole} in {@link #latencyRounds} rounds of its reads and time each
   * (seeds {@code seed + round · 1 000 003}), the migration baseline's readers at its gate: the
   * merged phase and its metrics, energy by {@code energy} per round, pooled with their
   * intervals by {@link RoundsPool}.
   */
  private Rounds readRounds(FileSystem fs, LatencyConfig whole, long seed, RoundEnergy energy)
      throws IOException {
    int rounds = latencyRounds();
    LatencyConfig each = rounds == 1 ? whole : whole.toBuilder()
        .readOps(Math.max(1, whole.readOps() / rounds))
        .timeLimit(whole.timeLimit().dividedBy(rounds)).build();
    List<PhaseResult> reads = new ArrayList<>();
    List<Map<String, Double>> perRound = new ArrayList<>();
    CellEnergy joules = null;
    LatencyWorkload w = null;
    for (int round = 0; round < rounds; round++) {
      w = new LatencyWorkload(each, fs, WorkloadClock.system(), seed + round * 1_000_003L);
      if (migration.isPresent()) {
        w.gate(migration.get().gate());
      }
      EnergySnapshot e0 = energy().begin();
      PhaseResult read = w.readPhase(workloadProgress);
      CellEnergy ce = energy.since(e0);
      joules = joules == null ? ce : joules.plus(ce);
      tally.add(read, false);
      reads.add(read);
      Map<String, Double> m = latencyMetrics(read);
      m.putAll(ce.metricsWithOps(read.okOps()));
      perRound.add(m);
    }
    PhaseResult read = merged(reads);
    Map<String, Double> measured = latencyMetrics(read);
    measured.putAll(joules.metricsWithOps(read.okOps()));
    if (rounds > 1) {
      measured = RoundsPool.of(perRound, measured);
    }
    return new Rounds(read, measured, w);
  }

  /** Read rounds per latency cell: bench compare's {@code --rounds}, else one. */
  private int latencyRounds() {
    return options.command().equals(COMPARE) ? options.rounds() : 1;
  }

  /** The expectations of one latency cell under {@code s}, and its progress line. */
  private Map<String, Double> latencyExpected(LatencyWorkload w, LatencyConfig c, Schedule s,
      int r, int power, LatencySummary l, PhaseResult read) throws IOException {
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < c.fileCount(); i++) {
      files.add(w.dataFile(i));
    }
    List<ReplicaSet> sets = Expectations.replicaSets(cluster.nameNode().dfs(), files);
    ReadWaitExpectation randomPhase = Expectations.readWait(s, cluster.minReadWindowMs(), sets);
    OptionalDouble expectedWait = randomPhase.allEventuallyAvailable()
        ? OptionalDouble.of(Expectations.blockingClientWaitMs(s, cluster.minReadWindowMs(),
            sets, c.thinkTime().toMillis(), baseMeanMs.getOrDefault(r, 5.0)))
        : OptionalDouble.empty();
    Map<String, Double> expected = new LinkedHashMap<>();
    double base = baseMeanMs.getOrDefault(r, Double.NaN);
    if (expectedWait.isPresent()) {
      expected.put(Metrics.MEAN_WAIT_MS, expectedWait.getAsDouble());
      if (!Double.isNaN(base)) {
        expected.put(Metrics.MEAN_MS, base + expectedWait.getAsDouble());
      }
    }
    OptionalDouble bound = Expectations.leastRandomPhaseWaitMs(s, r, cluster.minReadWindowMs());
    if (bound.isPresent()) {
      expected.put(Expectations.BOUND_WAIT_MS, bound.getAsDouble());
    }
    expected.put(Expectations.RANDOM_PHASE_WAIT_MS,
        randomPhase.meanWaitMs().orElse(Double.NaN));
    expected.values().removeIf(v -> Double.isNaN(v));
    progress.accept(String.format(java.util.Locale.ROOT,
        "  latency r=%d: %d reads, mean %.1f ms, p90 %.1f ms, %d errors; expected wait %s"
            + " (blocking client), %s (random phase)", r, read.attemptedOps(), l.meanMs(),
        l.p90Ms(), read.errors(), ms(expectedWait), ms(randomPhase.meanWaitMs())));
    return expected;
  }

  /**
   * The rounds of one cell as one phase: counts and bytes added, every sample, the latency of
   * every completed operation. One round is returned as it is.
   */
  static PhaseResult merged(List<PhaseResult> rounds) {
    if (rounds.size() == 1) {
      return rounds.get(0);
    }
    List<OpSample> samples = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    int requested = 0;
    int attempted = 0;
    int ok = 0;
    int verify = 0;
    int errors = 0;
    long bytes = 0;
    double wallMs = 0;
    PhaseResult first = rounds.get(0);
    for (PhaseResult p : rounds) {
      // Sample starts are relative to their round's start; make them relative to the first's.
      double shift = p.startEpochMs() - first.startEpochMs();
      p.samples().forEach(o -> samples.add(new OpSample(o.target(), o.startMs() + shift,
          o.durationMs(), o.bytes(), o.outcome(), o.error())));
      p.problems().stream().limit(PhaseResult.MAX_PROBLEMS - problems.size())
          .forEach(problems::add);
      requested += p.requestedOps();
      attempted += p.attemptedOps();
      ok += p.okOps();
      verify += p.verifyFailures();
      errors += p.errors();
      bytes += p.bytes();
      wallMs += p.wallMs();
    }
    double[] done = samples.stream().filter(o -> o.outcome() == OpOutcome.OK
        || o.outcome() == OpOutcome.VERIFY_FAILED).mapToDouble(o -> Math.max(0, o.durationMs()))
        .toArray();
    return new PhaseResult(first.workload(), first.phase(), requested, attempted, ok, verify,
        errors, bytes, first.startEpochMs(), wallMs,
        rounds.get(rounds.size() - 1).stopReason(),
        done.length == 0 ? LatencySummary.EMPTY : LatencySummary.of(done), samples, problems);
  }

  /**
   * The throughput cell: {@link DemoOptions#throughputRounds} read phases, their mean MiB/s and,
   * with two or more, its 95% interval ({@link Metrics#READ_MBPS_CI95}) and the rounds.
   *
   * <p>Why rounds wait for a phase: a round that ends waiting for one window ends at the same
   * phase every time, so back-to-back rounds would all start there and sample one phase of the
   * interval (a first run showed rounds of exactly 6.0 and 12.0 s). Under a blinking schedule,
   * round k of R starts at phase {@code (k + u)·T/R} of the interval, u uniform in [0, 1) from
   * the seed: the rounds cover the interval evenly, as {@code sim --validate} averages over it.
   */
  private void throughput(int power, Schedule s) throws InterruptedException {
    List<Double> rates = new ArrayList<>();
    ThroughputPhase read = null;
    int rounds = options.throughputRounds();
    java.util.Random phases = new java.util.Random(options.seed() * 1_000 + power);
    CellEnergy joules = null;
    long bytes = 0;
    List<Map<String, Double>> perRound = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      if (rounds > 1 && SteadyNodes.serving(s).isEmpty()) {
        long t = s.intervalMs();
        long target = (long) ((round + phases.nextDouble()) * t / rounds);
        Thread.sleep(Math.floorMod(target - s.phaseMs(System.currentTimeMillis()), t));
      }
      EnergySnapshot e0 = energy().begin();
      read = io.readPhase(workloadProgress);
      CellEnergy e = energy().end(e0);
      joules = joules == null ? e : joules.plus(e);
      ioReads.endRound(power, round, read, s);
      tally.add(read);
      rates.add(read.aggregateMiBps());
      bytes += read.totalBytes();
      Map<String, Double> one = new LinkedHashMap<>(e.metricsWithBytes(read.totalBytes()));
      one.put(Metrics.READ_MBPS, read.aggregateMiBps());
      perRound.add(one);
    }
    MeanInterval m = MeanInterval.of(rates);
    double expected = Expectations.readMiBps(s, options.bandwidthMBps(),
        cluster.minReadWindowMs(), cluster.spec().blockSizeBytes());
    Map<String, Double> measured = new LinkedHashMap<>();
    measured.put(Metrics.READ_MBPS, m.mean());
    if (m.hasInterval()) {
      measured.put(Metrics.READ_MBPS_CI95, m.halfWidth());
      measured.put(Metrics.ROUNDS, (double) m.count());
    }
    Map<String, Double> expectedMap = new LinkedHashMap<>();
    expectedMap.put(Metrics.READ_MBPS, expected);
    Map<String, Double> limits = Expectations.layoutLimits(s, options.bandwidthMBps(), ioHolders);
    expectedMap.putAll(limits);
    if (SteadyNodes.serving(s).isPresent()) {
      measured.put(ACTIVE_NODES, (double) SteadyNodes.servingRingNodes(s));
    }
    measured.putAll(joules.metricsWithBytes(bytes));
    if (rounds > 1) {
      measured = RoundsPool.of(perRound, measured);
    }
    add("throughput", replication(), power, measured, expectedMap);
    progress.accept(String.format(java.util.Locale.ROOT,
        "  throughput: %.1f MiB/s read by %d threads%s (expected %.1f%s)", m.mean(),
        read.threads(), m.hasInterval() ? String.format(java.util.Locale.ROOT,
            ", mean of %d rounds ± %.1f", m.count(), m.halfWidth()) : "", expected,
        limits.isEmpty() ? "" : String.format(java.util.Locale.ROOT,
            "; the layout allows %.1f with random replica choice, %.1f balanced",
            limits.get(Expectations.RANDOM_CHOICE_MBPS),
            limits.getOrDefault(Expectations.BALANCED_MBPS, Double.NaN))));
  }

  private int replication() {
    return options.replicationFor(run.layout());
  }

  private void keyValue(FileSystem fs, int power) throws IOException {
    EnergySnapshot e0 = energy().begin();
    ZipfKvResult r = kv.getPhase(workloadProgress);
    Map<String, Double> joules = energy().endOps(e0, r.gets().okOps());
    tally.add(r.gets(), false);
    Map<String, Double> m = new LinkedHashMap<>(latencyMetrics(r.gets()));
    m.putAll(joules);
    m.putAll(raisedPacks(fs));
    add("kv", replication(), power, m, Map.of());
  }

  /**
   * Which pack files popularity replication has raised above the data's replication by the end
   * of the cell: {@value #PACKS_RAISED} of {@value #PACKS}, and {@value #RAISED_GET_SHARE}, the
   * share of gets (by the Zipf law) that go to a raised pack.
   */
  private Map<String, Double> raisedPacks(FileSystem fs) throws IOException {
    double[] share = kv.packShares();
    int raised = 0;
    double raisedShare = 0;
    for (int p = 0; p < share.length; p++) {
      if (fs.getFileStatus(kv.packFile(p)).getReplication() > replication()) {
        raised++;
        raisedShare += share[p];
      }
    }
    return Map.of(PACKS, (double) share.length, PACKS_RAISED, (double) raised,
        RAISED_GET_SHARE, raisedShare);
  }

  private static String ms(OptionalDouble v) {
    return v.isPresent() ? String.format(java.util.Locale.ROOT, "%.0f ms", v.getAsDouble())
        : "none (a block is never awake)";
  }

  /**
   * The phase's operation counts, always, and its latency statistics when some operation
   * completed: a cell where every operation failed (a write pipeline through a frozen node)
   * still reports what happened, and the "no write failed" / "no read failed" checks judge it.
   */
  static Map<String, Double> latencyMetrics(PhaseResult p) {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put(OK_OPS, (double) p.okOps());
    m.put(FAILED_OPS, (double) (p.errors() + p.verifyFailures()));
    LatencySummary l = p.latency();
    if (l.count() > 0) {
      m.put(Metrics.MEAN_MS, l.meanMs());
      if (l.count() > 1) {
        m.put(Metrics.MEAN_CI95_MS, QuantileInterval.meanHalfWidth(l));
      }
      m.put(Metrics.STD_MS, l.stdMs());
      m.put(Metrics.P50_MS, l.p50Ms());
      m.put(Metrics.P90_MS, l.p90Ms());
      double[] done = p.samples().stream().filter(o -> o.outcome() == OpOutcome.OK
          || o.outcome() == OpOutcome.VERIFY_FAILED).mapToDouble(OpSample::durationMs).sorted()
          .toArray();
      if (done.length > 0) {
        double[] p90 = QuantileInterval.of(done, 0.9);
        m.put(Metrics.P90_LOW_MS, p90[0]);
        m.put(Metrics.P90_HIGH_MS, p90[1]);
      }
      m.put(Metrics.P99_MS, l.p99Ms());
    }
    return m;
  }

  private void add(String experiment, int r, int power, Map<String, Double> measured,
      Map<String, Double> expected) {
    cells.add(new ReportCell(experiment, run.label(), r, power, measured, expected));
  }
}
