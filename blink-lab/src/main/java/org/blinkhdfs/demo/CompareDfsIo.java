package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.energy.EnergySnapshot;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.mapreduce.DfsIo;
import org.blinkhdfs.mapreduce.JobHistoryFiles;
import org.blinkhdfs.mapreduce.JobRecord;
import org.blinkhdfs.mapreduce.ToolJobs;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * bench compare's MapReduce job ({@code --mapreduce on}, issue 38 item 4: "a MapReduce job"):
 * Hadoop's TestDFSIO ({@link DfsIo}) writes {@code --io-threads} files of {@code --io-file-mib}
 * MB once at 100% power, and at each level one {@code -read} job reads them on YARN while the
 * hosts blink. The level's {@value MapReduceSession#DFSIO} cell: the job's wall-clock MB/s
 * ({@code readMBps}), TestDFSIO's own throughput, the job's time, its energy and MiB per joule.
 *
 * <p>Why opt-in: YARN adds a ResourceManager and a NodeManager per host to every cluster, on
 * the same two cores as the latency cells. Why the stock covering set gets a "not supported"
 * cell ({@link #notSupported}): it runs without a staging host, and YARN would be told nothing
 * of the domains in maintenance, so no host is sure to stay on for the job's application master.
 *
 * <p>Not thread-safe; the session's thread.
 */
final class CompareDfsIo {
  /** Longest one TestDFSIO job runs before it is killed and its level's check fails. */
  static final long JOB_LIMIT_MS = 30 * 60_000L;
  private static final Path BASE = new Path("/demo/mapreduce");

  private final LocalCluster cluster;
  private final Configuration job;
  private final DfsIo io;
  private final int files;
  private final int sizeMB;

  private CompareDfsIo(LocalCluster cluster, Configuration job, DfsIo io, int files,
      int sizeMB) {
    this.cluster = cluster;
    this.job = job;
    this.io = io;
    this.files = files;
    this.sizeMB = sizeMB;
  }

  /** TestDFSIO on {@code cluster}'s YARN, its data at replication {@code r}. */
  static CompareDfsIo open(LocalCluster cluster, FileSystem fs, DemoOptions options, int r)
      throws IOException {
    Configuration job = cluster.jobConf();
    job.setInt("dfs.replication", r);
    // Job files at the data's replication (MapReduce's 10 exceeds these clusters' nodes).
    job.setInt("mapreduce.client.submit.file.replication", r);
    java.nio.file.Path out = options.outDir().toAbsolutePath();
    java.nio.file.Files.createDirectories(out);
    ToolJobs runner = new ToolJobs(new JobHistoryFiles(fs, cluster.jobHistoryDir()),
        JOB_LIMIT_MS);
    DfsIo io = new DfsIo(job, fs, runner, BASE.toString(), out.resolve("TestDFSIO_results.log"));
    return new CompareDfsIo(cluster, job, io, options.ioThreads(), options.ioFileMiB());
  }

  /**
   * {@code -write} at 100% power; returns TestDFSIO's data files, which the migration baseline
   * must hold like the rest of the stored set.
   */
  List<Path> write(FileSystem fs, List<Check> checks, String label)
      throws IOException, InterruptedException {
    DfsIo.Result w = io.write(files, sizeMB);
    checks.add(jobsCheck(List.of(w.job()), 100, label));
    List<Path> out = new ArrayList<>();
    for (FileStatus f : fs.listStatus(new Path(BASE, "io_data"))) {
      out.add(f.getPath());
    }
    return out;
  }

  /**
   * One {@code -read} job at {@code power} under {@code s}: the cell's metrics, its check, and
   * its progress line; a job that failed is a failed check and a cell without figures.
   */
  Map<String, Double> read(int power, Schedule s, EnergyProbe energy, List<Check> checks,
      String label, java.util.function.Consumer<String> progress) throws InterruptedException {
    cluster.setTaskTimeouts(job, s);
    EnergySnapshot e0 = energy.begin();
    DfsIo.Result rd;
    try {
      rd = io.read(files, sizeMB);
    } catch (IOException e) {
      String why = e.getMessage() + (e.getCause() == null ? "" : " (" + e.getCause() + ")");
      progress.accept("  TestDFSIO read failed at " + power + "%: " + why);
      checks.add(Check.fail(checkName(power, label), "a job failed: " + why));
      energy.end(e0);
      return Map.of(LayoutSession.FAILED_OPS, 1.0);
    }
    Map<String, Double> m = new LinkedHashMap<>();
    m.put(Metrics.READ_MBPS, rd.wallMBps());
    m.put("dfsioReadThroughputMBps", rd.throughputMBps());
    m.put("readJobMs", (double) rd.wallMs());
    m.putAll(energy.end(e0).metricsWith((long) files * sizeMB << 20, 1));
    checks.add(jobsCheck(List.of(rd.job()), power, label));
    progress.accept(String.format(Locale.ROOT, "  %s; %.3f MiB/J", rd.summary(),
        m.getOrDefault(Metrics.MIB_PER_J, Double.NaN)));
    return m;
  }

  /** The cell of a layout that cannot run the job: {@link Metrics#NOT_SUPPORTED} = 1 only. */
  static Map<String, Double> notSupported() {
    return Map.of(Metrics.NOT_SUPPORTED, 1.0);
  }

  private static Check jobsCheck(List<JobRecord> jobs, int power, String label) {
    String detail = String.join("; ", jobs.stream().map(JobRecord::summary).toList());
    return jobs.stream().allMatch(JobRecord::clean) ? Check.pass(checkName(power, label), detail)
        : Check.fail(checkName(power, label), detail);
  }

  private static String checkName(int power, String label) {
    return "TestDFSIO succeeded, no task attempt failed or killed at " + power + "% (" + label
        + ")";
  }
}
