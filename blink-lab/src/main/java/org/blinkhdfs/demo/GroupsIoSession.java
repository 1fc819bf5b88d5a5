package org.blinkhdfs.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.bench.energy.EnergySnapshot;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.bench.stats.DataPattern;
import org.blinkhdfs.bench.stats.MeanInterval;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.group.Group;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.group.GroupsJson;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * {@code bin/blink bench groups-io}: Rabbit §4.3's I/O scheduling between datasets, with the
 * application groups as the datasets, on equal work ({@code +groups}: {@code
 * blink.rabbit.datasets.source = groups}, the read order serving a group's blocks from A(g), the
 * scheduler's activation keeping A(g) ACTIVE) against the same layout without groups, side by
 * side.
 *
 * <p><b>Table 2 (fair isolation).</b> app_A reads group A with {@value #THREADS} threads without
 * pause; 1, 2 and 3 instances of app_B ({@value #THREADS} threads each) read group B beside it,
 * {@code --cell-time} each, the three in turn, {@code --rounds} times. A and B have the same
 * priority, so the share is fair. Cells {@code groups-io-fair-b<m>}: app_A's MB/s (mean and 95%
 * interval over the rounds, the first {@value #SETTLE_MS} ms of each window left out) and app_B's
 * together, at each {@code --power} level (below 100% the scheduler keeps k nodes ACTIVE: A(A)
 * and A(B) with groups, the first k ring nodes without). app_A and the first app_B read through
 * the whole phase, so the live groups, and so the ACTIVE nodes, stay put; the others come and go
 * with the windows.
 *
 * <p><b>Table 3 (priority).</b> At 100% power three jobs read their groups, j1 (priority 1, 100
 * units), j2 (priority 3, 40 units), j3 (priority 5, 20 units), entering at 0, 5.1% and 50.9% of
 * j1's ideal time alone (Rabbit's 1, 20 and 200 s of 393 s); a unit is a hundredth of what the
 * ring reads in {@value #SOLO_SECONDS} s at its bandwidth cap. Cells {@code
 * groups-io-priority-j<k>}: each job's completion time (mean and 95% interval over the rounds).
 * {@link #ratios} puts the runs side by side: app_A's MB/s with over without groups, and each
 * job's speed-up t0/tr (Rabbit's Table 3 column).
 *
 * <p>Groups stay live {@value #LIVE_MS} ms after their last read ({@code
 * blink.rabbit.datasets.live.ms}): a job that ended gives its nodes back quickly.
 *
 * <p><b>Energy.</b> A Table 2 cell has the DataNodes' energy over its measured windows (each
 * round's, after the settling time), pooled over the rounds, with MiB/J over app_A's and app_B's
 * bytes in them. The three jobs of Table 3 run at once, so their energy is one measurement: each
 * round from j1's entry until every job has finished, pooled over the rounds; every job's cell
 * carries that shared energy and MiB/J over all three jobs' bytes. A cell more than {@link
 * CellEnergy#DEFAULT_TOLERANCE} over its budget is marked ‡ and its ratio against the other run
 * ({@link #ratios}) is left out and named ({@link #notComparable}).
 */
final class GroupsIoSession extends SessionBase {
  static final String EXPERIMENT = "groups-io";
  static final String FAIR = "groups-io-fair";
  static final String PRIORITY = "groups-io-priority";
  static final String A_MBPS = "appAMBps";
  static final String A_MBPS_CI = "appAMBpsCi95";
  static final String B_MBPS = "appBMBps";
  static final String JOB_SECONDS = "jobSeconds";
  static final String JOB_SECONDS_CI = "jobSecondsCi95";
  static final String SPEEDUP = "speedup";
  static final String A_RATIO = "appARatio";
  /** bench groups-io (Rabbit Tables 2-3). */
  static final Experiment DEFINITION = Experiment.of(List.of(EXPERIMENT),
      c -> Map.of("layouts", DemoOptions.GROUPS_IO_LAYOUTS, "nodes", "8",
          "replication", "2", "staging", "0", "power", "100,60", "cell-time", "20s",
          "rounds", "3"),
      o -> "BlinkHDFS bench: groups-io (Rabbit Tables 2-3: fair isolation and priority"
          + " speed-ups with application groups as equal work's datasets, against equal work"
          + " without groups)", GroupsIoSession::new);
  static final int THREADS = 8;
  static final int FILES = 16;
  static final int FILE_MIB = 4;
  static final long SETTLE_MS = 3_000;
  static final long LIVE_MS = 2_000;
  static final int SOLO_SECONDS = 20;
  /** Group, priority, and for the jobs their size in units and entry as a fraction of j1's. */
  private static final List<String> FAIR_GROUPS = List.of("A", "B");
  private static final List<String> JOBS = List.of("j1", "j2", "j3");
  private static final Map<String, Integer> PRIORITIES = Map.of("A", 1, "B", 1, "j1", 1,
      "j2", 3, "j3", 5);
  private static final Map<String, Integer> UNITS = Map.of("j1", 100, "j2", 40, "j3", 20);
  private static final Map<String, Double> ENTRY = Map.of("j1", 0.0, "j2", 20.0 / 393,
      "j3", 200.0 / 393);

  private final PowerSteps steps;
  private final DataPattern pattern;
  private final Map<String, List<Path>> files = new LinkedHashMap<>();

  GroupsIoSession(DemoOptions options, LayoutRun run, LocalCluster cluster,
      Consumer<String> progress) {
    super(options, run, cluster, progress);
    this.steps = new PowerSteps(cluster, PowerModel.macMini(options.nodes()), run.label(),
        options.layoutKeys().minimumActiveNodes(run.layout()), progress);
    this.pattern = new DataPattern(options.seed());
  }

  /** The keys of a +groups run, NameNode and scheduler alike (both read the groups file). */
  static Map<String, String> groupKeys(java.nio.file.Path groupsFile) {
    Map<String, String> k = new LinkedHashMap<>();
    k.put("blink.rabbit.datasets.source", "groups");
    k.put("blink.rabbit.datasets.share", "priority");
    k.put("blink.rabbit.datasets.live.ms", Long.toString(LIVE_MS));
    k.put("blink.groups.file", groupsFile.toAbsolutePath().toString());
    k.put("blink.groups.refresh.ms", "500");
    k.put("dfs.namenode.plugins", "org.blinkhdfs.placement.BlinkNameNodePlugin,"
        + "org.blinkhdfs.rabbit.DatasetNameNodePlugin");
    k.put("dfs.namenode.audit.loggers", "default,org.blinkhdfs.rabbit.DatasetAuditLogger");
    // Below 100% a group that is not live may have every replica on OFF nodes (Rabbit: its
    // nodes are off); maintenance must not copy it elsewhere (docs/groups.md).
    k.put("dfs.namenode.maintenance.replication.min", "0");
    return k;
  }

  /** The scheduler keys of a +groups run. */
  static Map<String, String> schedulerKeys(java.nio.file.Path groupsFile) {
    return Map.of("blink.scheduler.groups.file", groupsFile.toAbsolutePath().toString(),
        "blink.scheduler.groups.activation", "true",
        "blink.rabbit.datasets.share", "priority",
        "blink.rabbit.datasets.live.ms", Long.toString(LIVE_MS));
  }

  /** Writes the groups of a +groups run to {@code file}. */
  static void writeGroups(java.nio.file.Path file) throws IOException {
    GroupSet groups = GroupSet.empty();
    for (String g : List.of("A", "B", "j1", "j2", "j3")) {
      groups = groups.add(Group.live(g, List.of(dir(g).toString()), PRIORITIES.get(g)));
    }
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, GroupsJson.write(groups), StandardCharsets.UTF_8);
  }

  private static Path dir(String group) {
    return new Path("/demo/groups-io/" + group);
  }

  private static long fileBytes() {
    return (long) FILE_MIB << 20;
  }




  @Override
  public List<String> notes() {
    List<String> all = new ArrayList<>(steps.notes());
    all.addAll(notes);
    return all;
  }

  @Override
  public void run(FileSystem fs) throws IOException, InterruptedException {
    cluster.setPowerPercent(100);
    int r = options.replicationFor(run.layout());
    write(fs, r);
    notes.add(run.label() + ": " + (run.groups() ? "groups A and B (priority 1 each), j1, j2,"
        + " j3 (priorities 1, 3, 5) are the datasets; reads of a group are served from A(g)"
        : "no groups: every file on the ring's own chain, reads balanced over every node on")
        + "; " + THREADS + " reader threads per application, whole " + FILE_MIB + " MiB files");
    Thread.sleep(LIVE_MS + 1_000); // the writes' liveness ends
    for (int power : options.powers()) {
      Schedule s = fair(fs, power, r);
      if (power == 100) {
        priority(fs, r);
      }
      steps.leave(s);
    }
  }

  private void write(FileSystem fs, int r) throws IOException, InterruptedException {
    List<String> groups = new ArrayList<>(FAIR_GROUPS);
    groups.addAll(JOBS);
    progress.accept(run.label() + ": writing groups " + groups + " (" + FILES + " files of "
        + FILE_MIB + " MiB each, r=" + r + ")");
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<Path>> written = new ArrayList<>();
      for (String g : groups) {
        for (int i = 0; i < FILES; i++) {
          Path p = new Path(dir(g), "f" + i);
          written.add(pool.submit(() -> writeFile(fs, p, r)));
        }
      }
      for (int i = 0; i < written.size(); i++) {
        Path p = get(written.get(i));
        files.computeIfAbsent(groups.get(i / FILES), k -> new ArrayList<>()).add(p);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private Path writeFile(FileSystem fs, Path p, int r) throws IOException {
    byte[] buf = new byte[(int) fileBytes()];
    pattern.fill(DataPattern.streamIdOf(p.toString()), 0, buf, 0, buf.length);
    try (FSDataOutputStream out = fs.create(p, true, 1 << 16, (short) r,
        cluster.spec().blockSizeBytes())) {
      out.write(buf);
    }
    synchronized (tally) {
      tally.writeOps++;
    }
    return p;
  }

  private static <T> T get(Future<T> f) throws IOException, InterruptedException {
    try {
      return f.get();
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IOException("writing the groups' data failed: " + e.getCause(), e.getCause());
    }
  }

  /**
   * Table 2 at one power level: app_A and the first app_B start reading before the power falls
   * (the applications are running when it does, so the scheduler already knows their groups
   * live), then the level is entered. Returns the level's schedule.
   */
  private Schedule fair(FileSystem fs, int power, int r) throws IOException,
      InterruptedException {
    Schedule s;
    Map<Integer, List<Double>> aMBps = new LinkedHashMap<>();
    Map<Integer, List<Double>> bMBps = new LinkedHashMap<>();
    Map<Integer, CellEnergy> energy = new LinkedHashMap<>();
    Map<Integer, Long> bytes = new LinkedHashMap<>();
    long window = options.cellTimeMs();
    // app_A and the first app_B read throughout, so both groups stay live and the scheduler's
    // ACTIVE set stays put; the second and third app_B come and go with the windows.
    try (DatasetReaders a = readers(fs, "A", Long.MAX_VALUE).start(THREADS, 1, "app-A");
        DatasetReaders b0 = readers(fs, "B", Long.MAX_VALUE).start(THREADS, 2, "app-B0")) {
      Thread.sleep(1_000); // two reports of the live groups (every 500 ms)
      s = steps.enter(power);
      progress.accept(run.label() + " at " + power + "% power: epoch " + s.epoch());
      // Nodes the new plan turns on wake at their next check-in (an interval).
      Thread.sleep((power < 100 ? 3 : 1) * options.intervalMs());
      for (int round = 0; round < options.rounds(); round++) {
        for (int m = 1; m <= 3; m++) {
          List<DatasetReaders> extra = new ArrayList<>();
          for (int i = 1; i < m; i++) {
            extra.add(readers(fs, "B", Long.MAX_VALUE).start(THREADS, 100L * i + round,
                "app-B" + i));
          }
          Thread.sleep(SETTLE_MS);
          EnergySnapshot e0 = energy().begin();
          long from = System.currentTimeMillis();
          Thread.sleep(Math.max(1, window - SETTLE_MS));
          long to = System.currentTimeMillis();
          CellEnergy e = energy().end(e0);
          long aBytes = a.bytesBetween(from, to);
          double aRate = mbps(aBytes, to - from);
          long bBytes = b0.bytesBetween(from, to);
          for (DatasetReaders b : extra) {
            bBytes += b.bytesBetween(from, to);
            b.close();
            account(b);
          }
          double bRate = mbps(bBytes, to - from);
          aMBps.computeIfAbsent(m, k -> new ArrayList<>()).add(aRate);
          bMBps.computeIfAbsent(m, k -> new ArrayList<>()).add(bRate);
          energy.merge(m, e, CellEnergy::plus);
          bytes.merge(m, aBytes + bBytes, Long::sum);
          progress.accept(String.format(Locale.ROOT, "  %d%%, round %d, %d app_B: app_A %.1f"
              + " MB/s, app_B %.1f MB/s; DataNodes %s", power, round + 1, m, aRate, bRate,
              EnergyText.line(e, aBytes + bBytes, -1)));
        }
      }
      a.close();
      account(a);
      b0.close();
      account(b0);
    }
    for (int m = 1; m <= 3; m++) {
      MeanInterval ai = MeanInterval.of(aMBps.get(m));
      Map<String, Double> metrics = new LinkedHashMap<>();
      metrics.put(A_MBPS, ai.mean());
      metrics.put(A_MBPS_CI, ai.hasInterval() ? ai.halfWidth() : 0.0);
      metrics.put(B_MBPS, MeanInterval.of(bMBps.get(m)).mean());
      metrics.put("rounds", (double) ai.count());
      metrics.putAll(energy.get(m).metricsWithBytes(bytes.get(m)));
      cells.add(new ReportCell(FAIR + "-b" + m, run.label(), r, power, metrics, Map.of()));
    }
    return s;
  }

  /** Table 3: three jobs of three priorities, entering one after another. */
  private void priority(FileSystem fs, int r) throws IOException, InterruptedException {
    long unitBytes = (long) SOLO_SECONDS * options.nodes() * ((long) options.bandwidthMBps()
        << 20) / 100;
    long soloMs = 100L * unitBytes * 1000 / ((long) options.nodes() * options.bandwidthMBps()
        << 20);
    Map<String, List<Double>> seconds = new LinkedHashMap<>();
    CellEnergy shared = null;
    long sharedBytes = 0;
    for (int round = 0; round < options.rounds(); round++) {
      EnergySnapshot e0 = energy().begin();
      long start = System.currentTimeMillis();
      Map<String, DatasetReaders> jobs = new LinkedHashMap<>();
      Map<String, Long> entered = new LinkedHashMap<>();
      for (String j : JOBS) {
        long at = start + Math.round(ENTRY.get(j) * soloMs);
        long wait = at - System.currentTimeMillis();
        if (wait > 0) {
          Thread.sleep(wait);
        }
        long reads = Math.max(1, UNITS.get(j) * unitBytes / fileBytes());
        entered.put(j, System.currentTimeMillis());
        jobs.put(j, readers(fs, j, reads).start(THREADS, 1_000L * round + j.hashCode(), j));
      }
      StringBuilder line = new StringBuilder("  priority round " + (round + 1) + ":");
      for (String j : JOBS) {
        DatasetReaders job = jobs.get(j);
        if (!job.await(20L * soloMs + 600_000)) {
          job.close();
          account(job);
          throw new IOException("job " + j + " did not finish its reads in time ("
              + job.completedReads() + " done); last failure: " + job.lastFailure());
        }
        account(job);
        double s = (job.finishedMs() - entered.get(j)) / 1000.0;
        seconds.computeIfAbsent(j, k -> new ArrayList<>()).add(s);
        line.append(String.format(Locale.ROOT, " %s %.1f s", j, s));
      }
      CellEnergy e = energy().end(e0);
      shared = shared == null ? e : shared.plus(e);
      long roundBytes = 0;
      for (String j : JOBS) {
        roundBytes += jobs.get(j).completedReads() * fileBytes();
      }
      sharedBytes += roundBytes;
      progress.accept(line + "; DataNodes " + EnergyText.line(e, roundBytes, -1));
      Thread.sleep(LIVE_MS + 1_000); // every job's liveness ends before the next round
    }
    notes.add(String.format(Locale.ROOT, "%s: jobs j1, j2, j3 read %d, %d and %d MiB, entering"
        + " at 0, %.1f and %.1f s (Rabbit's 1, 20 and 200 s of j1's 393 s, scaled to j1's ideal"
        + " %.0f s alone)", run.label(), UNITS.get("j1") * unitBytes >> 20,
        UNITS.get("j2") * unitBytes >> 20, UNITS.get("j3") * unitBytes >> 20,
        ENTRY.get("j2") * soloMs / 1000.0, ENTRY.get("j3") * soloMs / 1000.0, soloMs / 1000.0));
    for (String j : JOBS) {
      MeanInterval t = MeanInterval.of(seconds.get(j));
      Map<String, Double> metrics = new LinkedHashMap<>();
      metrics.put(JOB_SECONDS, t.mean());
      metrics.put(JOB_SECONDS_CI, t.hasInterval() ? t.halfWidth() : 0.0);
      metrics.put("priority", (double) PRIORITIES.get(j));
      metrics.put("rounds", (double) t.count());
      metrics.putAll(shared.metricsWithBytes(sharedBytes));
      cells.add(new ReportCell(PRIORITY + "-" + j, run.label(), r, 100, metrics, Map.of()));
    }
  }

  private DatasetReaders readers(FileSystem fs, String group, long maxReads) {
    return new DatasetReaders(fs, files.get(group), fileBytes(), pattern, maxReads);
  }

  private void account(DatasetReaders d) {
    synchronized (tally) {
      tally.readOps += d.completedReads() + d.failures();
      tally.readErrors += d.failures();
      tally.verifyFailures += d.mismatches();
    }
    if (d.failures() > 0) {
      notes.add(run.label() + ": " + d.failures() + " reads failed, last: " + d.lastFailure());
    }
  }

  private static double mbps(long bytes, long ms) {
    return ms <= 0 ? 0 : bytes / 1e6 / (ms / 1000.0);
  }

  /**
   * The runs side by side: for each cell of a +groups run, the same cell of the run without
   * groups gives app_A's MB/s ratio (with over without) or the job's speed-up t0/tr.
   */
  static List<ReportCell> ratios(List<ReportCell> all) {
    List<ReportCell> out = new ArrayList<>();
    for (ReportCell[] pair : pairs(all)) {
      ReportCell with = pair[0];
      ReportCell without = pair[1];
      if (Metrics.overBudget(with) || Metrics.overBudget(without)) {
        continue;
      }
      Map<String, Double> m = new LinkedHashMap<>();
      if (with.experiment().startsWith(FAIR)) {
        m.put(A_RATIO, with.measured(A_MBPS).orElse(Double.NaN)
            / without.measured(A_MBPS).orElse(Double.NaN));
      } else {
        m.put(SPEEDUP, without.measured(JOB_SECONDS).orElse(Double.NaN)
            / with.measured(JOB_SECONDS).orElse(Double.NaN));
      }
      out.add(new ReportCell(with.experiment() + "-ratio", with.layout(), with.replication(),
          with.powerPercent(), m, Map.of()));
    }
    return out;
  }

  /**
   * One line per pair of cells {@link #ratios} left out because either side ran over budget: no
   * "faster with groups" claim rests on a run that drew more than its budget.
   */
  static List<String> notComparable(List<ReportCell> all) {
    List<String> out = new ArrayList<>();
    for (ReportCell[] pair : pairs(all)) {
      List<String> over = new ArrayList<>();
      for (ReportCell c : pair) {
        if (Metrics.overBudget(c)) {
          over.add(String.format(Locale.ROOT, "%s %.1f of %.1f W", c.layout(),
              c.measured(Metrics.MEAN_POWER_W).orElse(0), c.measured(Metrics.BUDGET_W)
                  .orElse(0)));
        }
      }
      if (!over.isEmpty()) {
        out.add(String.format(Locale.ROOT, "%s at %d%%: not comparable, over budget %s: %s;"
            + " no ratio given", pair[0].experiment(), pair[0].powerPercent(),
            EnergyText.OVER_MARK, String.join(", ", over)));
      }
    }
    return out;
  }

  /** Each cell of a +groups run with the same cell of the run without groups: {with, without}. */
  private static List<ReportCell[]> pairs(List<ReportCell> all) {
    List<ReportCell[]> out = new ArrayList<>();
    for (ReportCell with : all) {
      if (!with.layout().endsWith("+" + GroupsSession.FLAG)
          || !with.experiment().startsWith(EXPERIMENT + "-")) {
        continue;
      }
      String plain = with.layout().substring(0, with.layout().length()
          - GroupsSession.FLAG.length() - 1);
      for (ReportCell without : all) {
        if (without.layout().equals(plain) && without.experiment().equals(with.experiment())
            && without.powerPercent() == with.powerPercent()) {
          out.add(new ReportCell[] {with, without});
        }
      }
    }
    return out;
  }

  /** One line per ratio cell, for the report's notes. */
  static List<String> summary(List<ReportCell> ratios) {
    List<String> out = new ArrayList<>();
    for (ReportCell c : ratios) {
      c.measured(A_RATIO).ifPresent(v -> out.add(String.format(Locale.ROOT,
          "%s at %d%%: app_A's MB/s with groups / without = %.2f", c.experiment(),
          c.powerPercent(), v)));
      c.measured(SPEEDUP).ifPresent(v -> out.add(String.format(Locale.ROOT,
          "%s: speed-up t0/tr = %.2f", c.experiment(), v)));
    }
    return out;
  }
}
