package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.math.TextRatios;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.bench.stats.MeanInterval;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.mapreduce.DfsIo;
import org.blinkhdfs.mapreduce.JobHistoryFiles;
import org.blinkhdfs.mapreduce.JobRecord;
import org.blinkhdfs.mapreduce.TeraJobs;
import org.blinkhdfs.mapreduce.TextJobs;
import org.blinkhdfs.mapreduce.ToolJobs;
import org.blinkhdfs.model.policy.LoadProportionalPolicy;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * {@code bin/blink bench dfsio} and {@code bin/blink bench terasort} on one layout's cluster with
 * YARN: at each power level ({@link PowerSteps}, as the demo moves between levels) real
 * MapReduce jobs are submitted to the cluster's ResourceManager while the hosts (DataNode,
 * NodeManager, containers) blink.
 *
 * <ul>
 *   <li>dfsio: Hadoop's TestDFSIO {@code -write} then {@code -read}, {@code --io-threads} files
 *       of {@code --io-file-mib} MB. Cell metrics: {@code writeMBps}/{@code readMBps}, total MB
 *       over the job's wall-clock time (what a user waits for), beside the analytic expectation
 *       of the read ({@link Expectations#readMiBps}: the per-DataNode cap times the awake ring
 *       nodes, an I/O ceiling that the two shared cores and MapReduce's start-up keep jobs far
 *       below); TestDFSIO's own {@code dfsioWriteThroughputMBps}/{@code dfsioReadThroughputMBps}
 *       (MB over the sum of the maps' I/O times) and average I/O rates; the job times.</li>
 *   <li>terasort: TeraGen of {@code --io-threads} x {@code --io-file-mib} MB ({@code --io-threads}
 *       maps), TeraSort (a map per generated file, 2 reduces), TeraValidate. Cell metrics:
 *       each job's wall-clock time and the sort's MB/s. TeraValidate's verdict against TeraGen's
 *       checksum is a check: a sort that does not validate fails the bench.</li>
 *   <li>wordcount (BlinkFS Fig 11): a generated text data set ({@code --io-threads} files of
 *       {@code --io-file-mib} MB, {@link TextJobs}) written once at 100% power, then at each
 *       level {@code --rounds} WordCount jobs. Cell metrics: the job's wall-clock seconds (mean
 *       and 95% interval) and input MB/s; {@link TextRatios} then compares the layouts at each
 *       level and each layout with its ideal (time at 100% / power).</li>
 *   <li>grep (Amur &amp; Schwan Table 2): the same data set, Grep jobs, under the io-server
 *       policy with the paper's watts ({@link #AMUR_SCHWAN_KEYS}): at each level k hosts are
 *       max-perf and the rest io-server (DataNode serves, YARN offers no containers). Cell
 *       metrics add k, the cluster's watts with Asterix-I or idle-Obelix io-servers, and
 *       throughput per watt (KB/s/W).</li>
 * </ul>
 *
 * <p>Every WordCount and Grep output is checked word by word against the direct count taken
 * while the data set was written (a check per job).
 *
 * <p>Every job must succeed with no failed and no killed task attempt (a check per level): a
 * task on a sleeping host is paused with it, never declared lost (YARN's liveness and task
 * timeouts are set far above a sleep, docs/yarn.md). A task can still fail on its own I/O, e.g.
 * an HDFS write pipeline through sleeping DataNodes that outlasts the client's ack timeout; a
 * job whose task ran out of attempts fails its level's check, and the bench goes on with the
 * next level. Data lives under {@code /demo}, so the
 * runner's checks (no block lost, no re-replication because of sleep) cover it.
 *
 * <p>Not thread-safe; runs on the caller's thread.
 */
final class MapReduceSession extends SessionBase {
  static final String DFSIO = "dfsio";
  static final String TERASORT = "terasort";
  static final String WORDCOUNT = "wordcount";
  static final String GREP = "grep";
  /** bench dfsio, terasort, wordcount and grep: MapReduce jobs on YARN. */
  static final Experiment DEFINITION = Experiment.of(List.of(DFSIO, TERASORT, WORDCOUNT, GREP),
      MapReduceSession::defaults, MapReduceSession::title, MapReduceSession::new);
  /**
   * Amur &amp; Schwan's watts (WEED 2010 §5.2): an Obelix server draws 252 W max-perf; in
   * io-server state the node draws 77 W with an Asterix-I board (111 W when the idle Obelix
   * itself serves, {@link #OBELIX_IO_SERVER_WATTS}). No sleep state, no overhead in Table 2.
   */
  static final Map<String, String> AMUR_SCHWAN_KEYS = Map.of("blink.power.active.watts", "252",
      "blink.power.ioserver.watts", "77", "blink.power.sleep.watts", "5",
      "blink.power.overhead.watts", "0");
  static final double MAX_PERF_WATTS = 252;
  static final double ASTERIX_IO_SERVER_WATTS = 77;
  static final double OBELIX_IO_SERVER_WATTS = 111;
  private static final long CORPUS_SEED_SALT = 0x5eedL;
  private static final int TERASORT_REDUCES = 2;
  private static final int ROW_BYTES = 100;

  private final PowerSteps steps;

  MapReduceSession(DemoOptions options, LayoutRun run, LocalCluster cluster,
      Consumer<String> progress) {
    super(options, run, cluster, progress);
    this.steps = new PowerSteps(cluster, PowerModel.macMini(options.nodes()), run.label(),
        options.layoutKeys().minimumActiveNodes(run.layout()), progress);
  }

  @Override
  public void run(FileSystem fs) throws IOException, InterruptedException {
    int r = options.replicationFor(run.layout());
    Configuration job = cluster.jobConf();
    job.setInt("dfs.replication", r);
    // Job files (jar, splits, configuration) at the data's replication: MapReduce's default of
    // 10 is more than these clusters' DataNodes, so every job file would stay under-replicated
    // and the NameNode would keep copying toward 10 whenever a new node is reachable.
    job.setInt("mapreduce.client.submit.file.replication", r);
    // --cell-time bounds each program: a job still running then is killed and fails its level.
    ToolJobs runner = new ToolJobs(new JobHistoryFiles(fs, cluster.jobHistoryDir()),
        options.cellTimeMs());
    if (options.runs(DFSIO) && !options.gears().isEmpty()) {
      dfsioGears(job, fs, runner, r);
      notes.addAll(steps.notes());
      return;
    }
    TextJobs text = null;
    if (options.runs(WORDCOUNT) || options.runs(GREP)) {
      text = new TextJobs(job, fs, runner, new Path("/demo/text"));
      text.generate(options.ioThreads(), (long) options.ioFileMiB() << 20, (short) r,
          options.seed() ^ CORPUS_SEED_SALT);
      progress.accept(String.format(java.util.Locale.ROOT, "  generated %d text files, %.1f MB,"
          + " at 100%% power", options.ioThreads(), text.inputBytes() / 1e6));
      if (run.schedulePolicy().equals(LoadProportionalPolicy.NAME)) {
        java.util.Set<String> ring = new java.util.HashSet<>();
        cluster.dataNodes().stream().filter(d -> !d.staging())
            .forEach(d -> ring.add(d.xferAddress()));
        Map<String, Double> weights = replicasPerNode(fs, text.input(), ring);
        cluster.setPopularity(weights);
        progress.accept("  load-proportional popularity (replicas of the data set per node): "
            + weights);
        notes.add(run.label() + ": popularity = replicas of the data set's blocks per ring node"
            + " (every block is read once per job), " + weights);
      }
    }
    for (int power : options.powers()) {
      Schedule s = steps.enter(power);
      long taskTimeoutMs = cluster.setTaskTimeouts(job, s);
      progress.accept(run.label() + " at " + power + "% power (epoch " + s.epoch()
          + ", task timeout " + taskTimeoutMs / 1000 + " s)");
      try {
        if (options.runs(DFSIO)) {
          dfsio(job, fs, runner, s, power, r);
        } else if (text != null) {
          textJobs(text, s, power, r);
        } else {
          terasort(job, fs, runner, power, r);
        }
      } catch (IOException e) {
        // A job that failed (its tasks exhausted their attempts) is a result of the level, not
        // the end of the bench: it fails the level's check and the next level runs.
        String why = e.getMessage() + (e.getCause() == null ? "" : " (" + e.getCause() + ")");
        progress.accept("  a job failed at " + power + "%: " + why);
        checks.add(Check.fail(jobsCheckName(power), "a job failed: " + why));
      }
      steps.leave(s);
    }
    notes.addAll(steps.notes());
  }

  private void dfsio(Configuration job, FileSystem fs, ToolJobs runner, Schedule s,
      int power, int r) throws IOException, InterruptedException {
    DfsIo io = new DfsIo(job, fs, runner, "/demo/dfsio",
        options.outDir().toAbsolutePath().resolve("TestDFSIO_results.log"));
    java.nio.file.Files.createDirectories(options.outDir().toAbsolutePath());
    org.blinkhdfs.bench.energy.EnergySnapshot e0 = energy().begin();
    DfsIo.Result w = io.write(options.ioThreads(), options.ioFileMiB());
    progress.accept("  " + w.summary());
    DfsIo.Result rd = io.read(options.ioThreads(), options.ioFileMiB());
    progress.accept("  " + rd.summary());
    Map<String, Double> joules = energy().end(e0).metricsWith(
        2L * options.ioThreads() * options.ioFileMiB() << 20, 2);
    io.clean();
    jobsClean(power, List.of(w.job(), rd.job()));
    Map<String, Double> measured = new LinkedHashMap<>();
    measured.put(Metrics.WRITE_MBPS, w.wallMBps());
    measured.put(Metrics.READ_MBPS, rd.wallMBps());
    measured.put("dfsioWriteThroughputMBps", w.throughputMBps());
    measured.put("dfsioReadThroughputMBps", rd.throughputMBps());
    measured.put("dfsioWriteIoRateMBps", w.averageIoRateMBps());
    measured.put("dfsioReadIoRateMBps", rd.averageIoRateMBps());
    measured.put("writeJobMs", (double) w.wallMs());
    measured.put("readJobMs", (double) rd.wallMs());
    measured.putAll(joules);
    Map<String, Double> expected = Map.of(Metrics.READ_MBPS, Expectations.readMiBps(s,
        options.bandwidthMBps(), cluster.minReadWindowMs(), cluster.spec().blockSizeBytes()),
        Metrics.WRITE_MBPS, Expectations.writeMiBps(s, options.bandwidthMBps(), r));
    cells.add(new ReportCell(DFSIO, run.label(), r, power, measured, expected));
  }

  /**
   * Le et al. Fig 3 with Hadoop's TestDFSIO: {@code -write} with every ring node on, then at
   * each gear {@code --rounds} {@code -read} jobs. Cell metric {@code readMBps} is the
   * wall-clock rate (total MB over the job's time, start-up included), the figure {@link
   * org.blinkhdfs.bench.math.GearRatios} turns into speed-ups; TestDFSIO's own throughput
   * beside it.
   */
  private void dfsioGears(Configuration job, FileSystem fs, ToolJobs runner, int r)
      throws IOException, InterruptedException {
    cluster.setPowerPercent(100);
    java.nio.file.Files.createDirectories(options.outDir().toAbsolutePath());
    DfsIo io = new DfsIo(job, fs, runner, "/demo/dfsio",
        options.outDir().toAbsolutePath().resolve("TestDFSIO_results.log"));
    DfsIo.Result w = io.write(options.ioThreads(), options.ioFileMiB());
    progress.accept("  " + w.summary() + " (all " + options.nodes() + " nodes on)");
    jobsClean(100, List.of(w.job()));
    List<Path> files = new ArrayList<>();
    for (org.apache.hadoop.fs.FileStatus f : fs.listStatus(new Path("/demo/dfsio/io_data"))) {
      files.add(f.getPath());
    }
    List<List<String>> holders = Expectations.holders(cluster.nameNode().dfs(), files);
    PowerModel model = PowerModel.macMini(options.nodes());
    for (int n : options.gears()) {
      GearStep g = GearStep.enter(steps, model, n, holders, run.label(), checks, progress);
      if (g.covered()) {
        List<JobRecord> jobs = new ArrayList<>();
        List<Double> wall = new ArrayList<>();
        List<Double> own = new ArrayList<>();
        org.blinkhdfs.bench.energy.EnergySnapshot e0 = energy().begin();
        for (int round = 0; round < options.rounds(); round++) {
          DfsIo.Result rd = io.read(options.ioThreads(), options.ioFileMiB());
          progress.accept("  gear " + n + ": " + rd.summary());
          jobs.add(rd.job());
          wall.add(rd.wallMBps());
          own.add(rd.throughputMBps());
        }
        Map<String, Double> joules = energy().end(e0).metricsWith((long) options.rounds()
            * options.ioThreads() * options.ioFileMiB() << 20, options.rounds());
        jobsClean(g.percent(), jobs);
        MeanInterval m = MeanInterval.of(wall);
        Map<String, Double> measured = new LinkedHashMap<>();
        measured.put(Metrics.READ_MBPS, m.mean());
        measured.put(Metrics.READ_MBPS_CI95, m.hasInterval() ? m.halfWidth() : 0.0);
        measured.put("dfsioReadThroughputMBps", MeanInterval.of(own).mean());
        measured.put(LayoutSession.ACTIVE_NODES, (double) n);
        measured.put("jobs", (double) m.count());
        measured.putAll(joules);
        Map<String, Double> expected = new LinkedHashMap<>();
        expected.put(Metrics.READ_MBPS, Expectations.readMiBps(g.schedule(),
            options.bandwidthMBps(), cluster.minReadWindowMs(), cluster.spec().blockSizeBytes()));
        expected.putAll(Expectations.layoutLimits(g.schedule(), options.bandwidthMBps(),
            holders));
        cells.add(new ReportCell(DFSIO, run.label(), r, g.percent(), measured, expected));
      }
      steps.leave(g.schedule());
    }
    io.clean();
  }

  private void terasort(Configuration job, FileSystem fs, ToolJobs runner, int power,
      int r) throws IOException, InterruptedException {
    long rows = (long) options.ioThreads() * options.ioFileMiB() * (1 << 20) / ROW_BYTES;
    org.blinkhdfs.bench.energy.EnergySnapshot e0 = energy().begin();
    TeraJobs.Result t = new TeraJobs(job, fs, runner, new Path("/demo/tera"))
        .run(rows, options.ioThreads(), TERASORT_REDUCES);
    Map<String, Double> joules = energy().end(e0).metricsWith(rows * ROW_BYTES, 3);
    progress.accept("  " + t.summary());
    jobsClean(power, List.of(t.gen(), t.sort(), t.validate()));
    String name = "TeraValidate at " + power + "% (" + run.label() + ")";
    checks.add(t.validation().valid() ? Check.pass(name, t.validation().reason())
        : Check.fail(name, t.validation().reason()));
    fs.delete(new Path("/demo/tera"), true);
    Map<String, Double> measured = new LinkedHashMap<>();
    measured.put("sortMBps", t.megabytes() / (t.sortWallMs() / 1000.0));
    measured.put("genJobMs", (double) t.genWallMs());
    measured.put("sortJobMs", (double) t.sortWallMs());
    measured.put("validateJobMs", (double) t.validateWallMs());
    measured.putAll(joules);
    cells.add(new ReportCell(TERASORT, run.label(), r, power, measured, Map.of()));
  }

  /**
   * {@code --rounds} WordCount or Grep jobs at one level: each verified against the direct
   * count (a check per job), times as mean and 95% interval. Grep cells also carry the level's
   * max-perf hosts and watts (Amur &amp; Schwan Table 2).
   */
  private void textJobs(TextJobs text, Schedule s, int power, int r)
      throws IOException, InterruptedException {
    boolean grep = options.runs(GREP);
    List<JobRecord> jobs = new ArrayList<>();
    List<Double> seconds = new ArrayList<>();
    org.blinkhdfs.bench.energy.EnergySnapshot e0 = energy().begin();
    for (int round = 0; round < options.rounds(); round++) {
      TextJobs.Result res = grep ? text.grep() : text.wordCount(TERASORT_REDUCES);
      progress.accept("  " + res.summary());
      jobs.addAll(res.run().jobs());
      seconds.add(res.run().wallMs() / 1000.0);
      String name = res.name() + " output at " + power + "%, job " + (round + 1) + " ("
          + run.label() + ")";
      checks.add(res.verification().ok() ? Check.pass(name, res.verification().reason())
          : Check.fail(name, res.verification().reason()));
    }
    Map<String, Double> joules = energy().end(e0).metricsWith(
        text.inputBytes() * options.rounds(), options.rounds());
    jobsClean(power, jobs);
    MeanInterval t = MeanInterval.of(seconds);
    double mb = text.inputBytes() / 1e6;
    Map<String, Double> measured = new LinkedHashMap<>();
    measured.put(TextRatios.JOB_SECONDS, t.mean());
    measured.put(TextRatios.JOB_SECONDS_CI95, t.hasInterval() ? t.halfWidth() : 0.0);
    measured.put("jobs", (double) t.count());
    measured.put("inputMBps", mb / t.mean());
    measured.putAll(joules);
    if (grep) {
      long k = s.nodes().stream().filter(n -> !n.isStaging()
          && n.mode() == org.blinkhdfs.model.schedule.NodeMode.ACTIVE).count();
      int n = s.ring().size();
      double asterix = k * MAX_PERF_WATTS + (n - k) * ASTERIX_IO_SERVER_WATTS;
      double obelix = k * MAX_PERF_WATTS + (n - k) * OBELIX_IO_SERVER_WATTS;
      measured.put(TextRatios.MAX_PERF_NODES, (double) k);
      measured.put("wattsAsterixI", asterix);
      measured.put("wattsDefault", obelix);
      measured.put(TextRatios.KBPS_PER_WATT, mb * 1000 / t.mean() / asterix);
      measured.put("kBpsPerWattDefault", mb * 1000 / t.mean() / obelix);
    }
    cells.add(new ReportCell(grep ? GREP : WORDCOUNT, run.label(), r, power, measured,
        Map.of()));
  }

  /**
   * How many replicas of the files under {@code dir} each ring DataNode holds, by transfer
   * address: the popularity an initial run of a job that reads every block once would measure.
   * Staging nodes are left out: the scheduler refuses popularity for a node outside the ring.
   */
  private static Map<String, Double> replicasPerNode(FileSystem fs, Path dir,
      java.util.Set<String> ring) throws IOException {
    Map<String, Double> out = new java.util.TreeMap<>();
    for (org.apache.hadoop.fs.FileStatus f : fs.listStatus(dir)) {
      for (org.apache.hadoop.fs.BlockLocation b : fs.getFileBlockLocations(f, 0, f.getLen())) {
        for (String name : b.getNames()) {
          if (ring.contains(name)) {
            out.merge(name, 1.0, Double::sum);
          }
        }
      }
    }
    return out;
  }

  /** One check per level: every job SUCCEEDED with no failed or killed task attempt. */
  private void jobsClean(int power, List<JobRecord> jobs) {
    String name = jobsCheckName(power);
    List<String> lines = jobs.stream().map(JobRecord::summary).toList();
    lines.forEach(l -> progress.accept("  " + l));
    boolean ok = jobs.stream().allMatch(JobRecord::clean);
    checks.add(ok ? Check.pass(name, String.join("; ", lines))
        : Check.fail(name, String.join("; ", lines)));
  }

  private String jobsCheckName(int power) {
    return "jobs succeeded, no task attempt failed or killed at " + power + "% (" + run.label()
        + ")";
  }





  /** The report's title of bench {@code o.command()}. */
  static String title(DemoOptions o) {
    switch (o.command()) {
      case DFSIO:
        return "BlinkHDFS bench: dfsio (Hadoop's TestDFSIO write and read as MapReduce jobs on"
            + " YARN while the hosts blink)";
      case TERASORT:
        return "BlinkHDFS bench: terasort (TeraGen, TeraSort and TeraValidate on YARN while the"
            + " hosts blink)";
      case WORDCOUNT:
        return "BlinkHDFS bench: wordcount (BlinkFS Fig 11: WordCount completion time per layout"
            + " and power level, outputs verified against a direct count)";
      default:
        return "BlinkHDFS bench: grep (Amur & Schwan Table 2: Grep throughput per watt with k"
            + " max-perf hosts, the rest io-server)";
    }
  }

  /**
   * The flag defaults of bench {@code command}: an hour per program, data written once;
   * wordcount and grep on 4 hosts with generated text (grep at Amur &amp; Schwan's levels, with
   * no staging host).
   */
  static Map<String, String> defaults(String command) {
    switch (command) {
      case WORDCOUNT:
        return Map.of("layouts", DemoOptions.WORDCOUNT_LAYOUTS, "nodes", "4",
            "latency-replication", FlagDefaults.AT_REPLICATION, "power", "100,80,50,20",
            "cell-time", "60m", "io-file-mib", "8", "rounds", "3");
      case GREP:
        return Map.of("layouts", DemoOptions.GREP_LAYOUTS, "nodes", "4", "staging", "0",
            "latency-replication", FlagDefaults.AT_REPLICATION, "power", DemoOptions.GREP_POWERS,
            "cell-time", "60m", "io-file-mib", "8", "rounds", "3");
      default:
        return Map.of("layouts", DemoOptions.MAPREDUCE_LAYOUTS,
            "latency-replication", FlagDefaults.AT_REPLICATION, "cell-time", "60m",
            "io-file-mib", "16");
    }
  }
}
