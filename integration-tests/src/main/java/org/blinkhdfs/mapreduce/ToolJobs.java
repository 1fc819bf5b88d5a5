package org.blinkhdfs.mapreduce;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * Runs a MapReduce program the way a user would (a {@link Tool} through {@link ToolRunner}, or
 * a built {@link Job} to completion) and returns the history records of the jobs it ran, with
 * the wall-clock time the caller waited. A program that exits non-zero or a job that does not
 * succeed is an {@link IOException} naming it, so a bench level records a failure instead of
 * numbers.
 *
 * <p>Why one place: TestDFSIO, the Tera programs, Grep and WordCount all need "snapshot the
 * history directory, run, wait for the new history files".
 */
public final class ToolJobs {
  private ToolJobs() {}

  /** The history records of the jobs a run started, and how long the caller waited. */
  public record Run(List<JobRecord> jobs, long wallMs) {
    /** The run's only (or last) job. */
    public JobRecord last() {
      return jobs.get(jobs.size() - 1);
    }
  }

  /** Runs {@code tool} with {@code args}; it is expected to run {@code jobs} jobs. */
  public static Run tool(JobHistoryFiles history, Tool tool, Configuration conf, int jobs,
      String... args) throws IOException, InterruptedException {
    String name = tool.getClass().getSimpleName();
    Set<Path> before = history.snapshot();
    long t0 = System.currentTimeMillis();
    int rc;
    try {
      rc = ToolRunner.run(conf, tool, args);
    } catch (IOException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(name + " failed: " + e, e);
    }
    long wallMs = System.currentTimeMillis() - t0;
    if (rc != 0) {
      throw new IOException(name + " " + String.join(" ", args) + " exited with " + rc);
    }
    return new Run(history.awaitNew(before, jobs, 60_000), wallMs);
  }

  /** Submits {@code job}, waits for it, and fails unless it succeeded. */
  public static Run job(JobHistoryFiles history, Job job)
      throws IOException, InterruptedException {
    Set<Path> before = history.snapshot();
    long t0 = System.currentTimeMillis();
    boolean ok;
    try {
      ok = job.waitForCompletion(false);
    } catch (ClassNotFoundException e) {
      throw new IOException(job.getJobName() + " failed: " + e, e);
    }
    long wallMs = System.currentTimeMillis() - t0;
    if (!ok) {
      throw new IOException(job.getJobName() + " " + job.getJobID() + " did not succeed: "
          + job.getStatus().getFailureInfo());
    }
    return new Run(history.awaitNew(before, 1, 60_000), wallMs);
  }
}
