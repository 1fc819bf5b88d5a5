package org.blinkhdfs.demo;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.core.power.PowerModel;
import org.blinkhdfs.core.scheduler.SchedulerStatus;
import org.blinkhdfs.core.signal.PowerSignal;
import org.blinkhdfs.demo.math.TimeBuckets;
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
 * {@code bin/blink bench kv-signal} (BlinkFS Fig 12(b): Zipf key-value gets under the solar and
 * wind trace) and {@code bench search} (Fig 13: a search engine's random 64 KB reads under a
 * fixed budget over a price trace): one read workload runs without pause for {@code --cell-time}
 * while the power follows the signal step by step ({@link SignalOptions}); the reads are tallied
 * per step ({@link TimeBuckets}).
 *
 * <p><b>How the power follows the signal.</b> At each step's start the session sets the step's
 * level through the scheduler's admin power setting, the way BlinkFS's programmable supply
 * replayed its traces, and waits for the epoch planned for it; the level is computed from the
 * signal by the same pure classes the scheduler's {@code blink.scheduler.signal} uses. Doing it
 * from here, not in the scheduler, lets {@link PowerSteps#follow} keep Rabbit's minimum gear on
 * when the power affords fewer nodes (equal work then keeps its primaries ACTIVE above the
 * budget, and the report counts those steps: BlinkFS's Rabbit has no replica awake there, and
 * its latency is infinite). Nodes never go back to 100% between steps: an OFF node wakes at its
 * next check-in, within an interval, as it would under a live signal.
 *
 * <p><b>Workloads.</b> kv-signal: the {@link ZipfKvWorkload} of {@code bench kv} (Zipf 1.2 gets
 * over packed objects, one blocking client). search: the {@link LatencyWorkload}'s uniform random
 * positioned reads of {@code --request-kib} (64 KB, the paper's block) over {@code
 * --latency-files} files, {@code --clients} blocking readers without think time; a completed read
 * is a query served (the paper's emulator issued the SPC WebSearch trace's I/Os, which is not
 * shipped: the request stream here is generated, seeded by {@code --seed}).
 *
 * <p><b>Report.</b> Cells per layout and replayed power level (the steps at a level pooled): mean
 * and p90 latency, completed and failed operations and operations per minute, so the report's
 * latency-against-power plots apply; the per-step timeline goes to {@link SignalTimeline}; notes
 * give each layout's totals.
 *
 * <p>Not thread-safe; the workload runs on one extra thread.
 */
final class SignalSession implements ClusterSession {
  static final String KV = "kv-signal";
  static final String SEARCH = "search";
  static final String PER_MINUTE = "opsPerMinute";
  static final String STEPS = "steps";
  static final String GEAR_KEPT_STEPS = "minimumGearKeptSteps";
  private static final Path ROOT = new Path("/demo/signal");

  /** What happened at one step: the level, the override, the scheduler's watts, lateness. */
  record StepRecord(SignalOptions.Step step, boolean minimumGearKept, double plannedWatts,
      double availableWatts, long inForceAfterMs) {}

  /** One layout's run for {@link SignalTimeline}. */
  record Timeline(String layout, List<StepRecord> steps, List<TimeBuckets.Bucket> buckets,
      long stepWallMs) {}

  private final DemoOptions options;
  private final SignalOptions signalOptions;
  private final LayoutRun run;
  private final LocalCluster cluster;
  private final Consumer<String> progress;
  private final WorkloadProgress workloadProgress;
  private final PowerSteps powerSteps;
  private final PowerModel model;
  private final Tally tally = new Tally();
  private final List<StepRecord> records = new ArrayList<>();
  private final List<ReportCell> cells = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private TimeBuckets.Result buckets;
  private long stepWallMs;
  private org.blinkhdfs.core.schedule.Schedule lastSchedule;

  SignalSession(DemoOptions options, LayoutRun run, LocalCluster cluster,
      Consumer<String> progress) {
    this.options = options;
    this.signalOptions = options.signal().orElseThrow();
    this.run = run;
    this.cluster = cluster;
    this.progress = progress;
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
    cluster.setPowerPercent(100);
    PowerSignal signal = signalOptions.signal(model);
    int n = signalOptions.steps();
    stepWallMs = options.cellTimeMs() / n;
    long runMs = stepWallMs * n;
    ReadPhase phase = prepare(fs, Duration.ofMillis(runMs));
    progress.accept(run.label() + ": " + signalOptions.describe(model, runMs));
    long t0 = System.currentTimeMillis();
    records.add(follow(signal, 0, t0));
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
        records.add(follow(signal, i, at));
      }
      result = f.get();
    } catch (ExecutionException e) {
      throw new IOException("the " + options.command() + " workload failed: " + e.getCause(),
          e.getCause());
    } finally {
      pool.shutdownNow();
    }
    tally.add(result, false);
    tabulate(result, t0);
    // Back to 100% with every node heard (an OFF node wakes at its next check-in), so the
    // runner's end-of-run checks see every replica.
    powerSteps.leave(lastSchedule);
  }

  /** The workload's timed phase, ready to run on another thread. */
  @FunctionalInterface
  private interface ReadPhase {
    PhaseResult run() throws IOException;
  }

  private ReadPhase prepare(FileSystem fs, Duration limit) throws IOException {
    WorkloadClock clock = WorkloadClock.system();
    if (kv()) {
      ZipfKvWorkload w = new ZipfKvWorkload(ZipfKvConfig.builder().dir(new Path(ROOT, "kv"))
          .keyCount(options.kvKeys()).packCount(Math.min(options.kvPacks(), options.kvKeys()))
          .replication(replication()).getOps(ZipfKvConfig.MAX_OPS).timeLimit(limit).build(),
          fs, clock, options.seed());
      progress.accept(run.label() + ": writing " + options.kvKeys() + " key-value objects");
      w.prepare(workloadProgress);
      return () -> w.getPhase(WorkloadProgress.none()).gets();
    }
    LatencyConfig c = LatencyConfig.builder().dir(new Path(ROOT, "search"))
        .fileCount(options.latencyFiles()).fileBytes((long) options.latencyFileMiB() << 20)
        .requestBytes(options.requestKiB() << 10).replication(replication())
        .readOps(LatencyConfig.MAX_OPS).writeOps(0).timeLimit(limit)
        .clients(options.clients()).thinkTime(Duration.ZERO).build();
    LatencyWorkload w = new LatencyWorkload(c, fs, clock, options.seed());
    progress.accept(run.label() + ": writing " + c.fileCount() + " files of "
        + options.latencyFileMiB() + " MiB to search");
    w.prepare(workloadProgress);
    return () -> w.readPhase(WorkloadProgress.none());
  }

  private StepRecord follow(PowerSignal signal, int i, long at) throws InterruptedException {
    SignalOptions.Step step = signalOptions.step(signal, model, i);
    boolean kept;
    StepRecord last = records.isEmpty() ? null : records.get(records.size() - 1);
    if (last != null && last.step().percent() == step.percent()) {
      kept = last.minimumGearKept(); // same level: the epoch in force already plans it
    } else {
      PowerSteps.Followed f = powerSteps.follow(step.percent());
      lastSchedule = f.schedule();
      kept = f.minimumGearKept();
    }
    SchedulerStatus st = cluster.schedulerStatus();
    StepRecord r = new StepRecord(step, kept, st.plannedWatts(), st.availableWatts(),
        System.currentTimeMillis() - at);
    if (i % 6 == 0) {
      progress.accept(String.format(Locale.ROOT, "  step %d/%d (signal hour %.2f): %.0f%% ->"
          + " %d%%%s%s", i + 1, signalOptions.steps(), step.signalHours(), step.signalPercent(),
          step.percent(), step.clamped() ? " (floor)" : "",
          kept ? ", minimum gear kept above the budget" : ""));
    }
    return r;
  }

  private void tabulate(PhaseResult result, long t0) {
    double offset = result.startEpochMs() - t0;
    List<TimeBuckets.Op> ops = new ArrayList<>();
    for (OpSample s : result.samples()) {
      ops.add(new TimeBuckets.Op(offset + s.startMs(), s.durationMs(),
          s.outcome() == OpOutcome.OK));
    }
    int n = records.size();
    buckets = TimeBuckets.of(ops, stepWallMs, n);
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
      cells.add(new ReportCell(options.command(), run.label(), replication(), l.level(), m,
          Map.of()));
    }
    long clamped = records.stream().filter(r -> r.step().clamped()).count();
    long keptSteps = records.stream().filter(StepRecord::minimumGearKept).count();
    double minutes = stepWallMs * n / 60_000.0;
    notes.add(String.format(Locale.ROOT, "%s: %d %s completed in %.1f min (%.1f per minute),"
        + " %d failed, mean %.1f ms, p90 %.1f ms; %d of %d steps at the %d%% floor; minimum gear"
        + " kept above the budget in %d steps%s", run.label(), result.okOps(),
        kv() ? "gets" : "queries", minutes, result.okOps() / minutes,
        result.errors() + result.verifyFailures(), result.latency().meanMs(),
        result.latency().p90Ms(), clamped, n, signalOptions.floorPercent(), keptSteps,
        buckets.outside() > 0 ? "; " + buckets.outside() + " operations started after the"
            + " last step (not tabulated)" : ""));
    progress.accept("  " + notes.get(notes.size() - 1));
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

  /** The per-step record of this layout's run, for {@link SignalTimeline}. */
  Timeline timeline() {
    return new Timeline(run.label(), List.copyOf(records),
        buckets == null ? List.of() : buckets.buckets(), stepWallMs);
  }

  @Override
  public List<ReportCell> cells() {
    return cells;
  }

  @Override
  public Tally tally() {
    return tally;
  }

  @Override
  public List<Check> checks() {
    long late = records.stream().filter(r -> r.inForceAfterMs() > stepWallMs).count();
    long worst = records.stream().mapToLong(StepRecord::inForceAfterMs).max().orElse(0);
    return List.of(new Check("every step's power in force within its step (" + run.label()
        + ")", late == 0 && !records.isEmpty(), String.format(Locale.ROOT, "%d steps of %d ms;"
            + " the slowest epoch came %d ms after its step began, %d after the step ended",
            records.size(), stepWallMs, worst, late)));
  }

  @Override
  public List<String> notes() {
    List<String> out = new ArrayList<>(notes);
    out.addAll(powerSteps.notes());
    return out;
  }
}
