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
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.core.power.PowerModel;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.mapreduce.DfsIo;
import org.blinkhdfs.mapreduce.JobHistoryFiles;
import org.blinkhdfs.mapreduce.JobRecord;
import org.blinkhdfs.mapreduce.TeraJobs;

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
 *       maps), TeraSort (2 reduces), TeraValidate. Cell metrics: each job's wall-clock time and
 *       the sort's MB/s. TeraValidate's verdict against TeraGen's checksum is a check: a sort
 *       that does not validate fails the bench.</li>
 * </ul>
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
final class MapReduceSession implements ClusterSession {
  static final String DFSIO = "dfsio";
  static final String TERASORT = "terasort";
  private static final int TERASORT_REDUCES = 2;
  private static final int ROW_BYTES = 100;

  private final DemoOptions options;
  private final LayoutRun run;
  private final LocalCluster cluster;
  private final Consumer<String> progress;
  private final PowerSteps steps;
  private final List<ReportCell> cells = new ArrayList<>();
  private final List<Check> checks = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private final Tally tally = new Tally();

  MapReduceSession(DemoOptions options, LayoutRun run, LocalCluster cluster,
      Consumer<String> progress) {
    this.options = options;
    this.run = run;
    this.cluster = cluster;
    this.progress = progress;
    this.steps = new PowerSteps(cluster, PowerModel.macMini(options.nodes()), run.label(),
        options.layoutKeys().minimumActiveNodes(run.layout()), progress);
  }

  @Override
  public void run(FileSystem fs) throws IOException, InterruptedException {
    int r = options.replicationFor(run.layout());
    Configuration job = cluster.jobConf();
    job.setInt("dfs.replication", r);
    JobHistoryFiles history = new JobHistoryFiles(fs, cluster.jobHistoryDir());
    for (int power : options.powers()) {
      Schedule s = steps.enter(power);
      progress.accept(run.label() + " at " + power + "% power (epoch " + s.epoch() + ")");
      try {
        if (options.runs(DFSIO)) {
          dfsio(job, fs, history, s, power, r);
        } else {
          terasort(job, fs, history, power, r);
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

  private void dfsio(Configuration job, FileSystem fs, JobHistoryFiles history, Schedule s,
      int power, int r) throws IOException, InterruptedException {
    DfsIo io = new DfsIo(job, fs, history, "/demo/dfsio",
        options.outDir().toAbsolutePath().resolve("TestDFSIO_results.log"));
    java.nio.file.Files.createDirectories(options.outDir().toAbsolutePath());
    DfsIo.Result w = io.write(options.ioThreads(), options.ioFileMiB());
    progress.accept("  " + w.summary());
    DfsIo.Result rd = io.read(options.ioThreads(), options.ioFileMiB());
    progress.accept("  " + rd.summary());
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
    Map<String, Double> expected = Map.of(Metrics.READ_MBPS, Expectations.readMiBps(s,
        options.bandwidthMBps(), cluster.minReadWindowMs(), cluster.spec().blockSizeBytes()));
    cells.add(new ReportCell(DFSIO, run.label(), r, power, measured, expected));
  }

  private void terasort(Configuration job, FileSystem fs, JobHistoryFiles history, int power,
      int r) throws IOException, InterruptedException {
    long rows = (long) options.ioThreads() * options.ioFileMiB() * (1 << 20) / ROW_BYTES;
    TeraJobs.Result t = new TeraJobs(job, fs, history, new Path("/demo/tera"))
        .run(rows, options.ioThreads(), TERASORT_REDUCES);
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
    cells.add(new ReportCell(TERASORT, run.label(), r, power, measured, Map.of()));
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
    return checks;
  }

  @Override
  public List<String> notes() {
    return notes;
  }
}
