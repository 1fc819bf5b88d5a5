package org.blinkhdfs.mapreduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.jobhistory.JobHistoryParser;

/**
 * Finished jobs' records read from the history files their ApplicationMasters leave in HDFS
 * ({@code mapreduce.jobhistory.intermediate-done-dir}): the local cluster runs no JobHistory
 * server, and a client's {@code Job.getCounters()} after the job's end would have to ask one.
 * The AM moves the {@code .jhist} file there as it finishes, a moment after the client sees the
 * job complete, so {@link #awaitNew} polls.
 *
 * <p>Usage: take a {@link #snapshot()} before a job, then {@code awaitNew(before, 1, timeout)}.
 * Not thread-safe.
 */
public final class JobHistoryFiles {
  private final FileSystem fs;
  private final Path dir;

  public JobHistoryFiles(FileSystem fs, String dir) {
    this.fs = fs;
    this.dir = new Path(dir);
  }

  /** The history files present now. */
  public Set<Path> snapshot() throws IOException {
    Set<Path> out = new HashSet<>();
    if (!fs.exists(dir)) {
      return out;
    }
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(dir, true);
    while (it.hasNext()) {
      Path p = it.next().getPath();
      if (p.getName().endsWith(".jhist")) {
        out.add(p);
      }
    }
    return out;
  }

  /**
   * Waits until {@code count} history files not in {@code before} exist and returns their
   * records, oldest submit first.
   */
  public List<JobRecord> awaitNew(Set<Path> before, int count, long timeoutMs)
      throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMs;
    while (true) {
      Set<Path> now = snapshot();
      now.removeAll(before);
      if (now.size() >= count) {
        List<JobRecord> out = new ArrayList<>();
        for (Path p : now) {
          out.add(read(p));
        }
        out.sort(java.util.Comparator.comparingLong(JobRecord::submitMs));
        return out;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IOException(now.size() + " of " + count + " new job history files in " + dir
            + " after " + timeoutMs + " ms; see the ApplicationMasters' container logs under"
            + " <cluster>/<host>/nm/userlogs");
      }
      Thread.sleep(250);
    }
  }

  /** Parses one history file. */
  public JobRecord read(Path file) throws IOException {
    JobHistoryParser.JobInfo info = new JobHistoryParser(fs, file).parse();
    int failed = 0;
    int killed = 0;
    String firstError = "";
    for (JobHistoryParser.TaskInfo task : info.getAllTasks().values()) {
      for (JobHistoryParser.TaskAttemptInfo a : task.getAllTaskAttempts().values()) {
        if ("FAILED".equals(a.getTaskStatus())) {
          failed++;
          if (firstError.isEmpty() && a.getError() != null) {
            firstError = a.getError();
          }
        } else if ("KILLED".equals(a.getTaskStatus())) {
          killed++;
        }
      }
    }
    Map<String, Map<String, Long>> counters = new LinkedHashMap<>();
    if (info.getTotalCounters() != null) {
      for (CounterGroup g : info.getTotalCounters()) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (Counter c : g) {
          values.put(c.getName(), c.getValue());
        }
        counters.put(g.getName(), values);
      }
    }
    return new JobRecord(info.getJobId().toString(), info.getJobname(), info.getJobStatus(),
        info.getSubmitTime(), info.getFinishTime(), info.getTotalMaps(), info.getTotalReduces(),
        failed, killed, firstError, counters);
  }
}
