package org.blinkhdfs.mapreduce;

import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Runs a MapReduce program the way a user would (a {@link Tool} through {@link ToolRunner}, or
 * a built {@link Job} to completion) and returns the history records of the jobs it ran, with
 * the wall-clock time the caller waited. A program that exits non-zero or a job that does not
 * succeed is an {@link IOException} naming it, so a bench level records a failure instead of
 * numbers.
 *
 * <p>Why one place: TestDFSIO, the Tera programs, Grep and WordCount all need "snapshot the
 * history directory, run, wait for the new history files".
 *
 * <p><b>The limit.</b> MapReduce has no wall-clock limit on a job: a job whose write pipelines
 * keep running into sleeping DataNodes (HDFS's default placement at low power) retries its
 * tasks for as long as their attempts last, and a bench would wait without end. With a limit,
 * a program still running when it expires has its YARN applications killed (every application
 * started since the program began and not yet finished: the benches run one program at a
 * time), and the run is an {@link IOException} saying so. {@code 0} means no limit.
 *
 * <p>One program at a time per instance.
 */
public final class ToolJobs {
  private static final long KILL_REPEAT_MS = 1_000;
  private static final EnumSet<YarnApplicationState> UNFINISHED = EnumSet.of(
      YarnApplicationState.NEW, YarnApplicationState.NEW_SAVING, YarnApplicationState.SUBMITTED,
      YarnApplicationState.ACCEPTED, YarnApplicationState.RUNNING);

  private final JobHistoryFiles history;
  private final long limitMs;

  /**
   * @param history where the jobs' records appear
   * @param limitMs the longest one program may run, {@code 0} for no limit
   */
  public ToolJobs(JobHistoryFiles history, long limitMs) {
    if (limitMs < 0) {
      throw new IllegalArgumentException("job limit " + limitMs + " ms: give 0 (no limit) or"
          + " a positive number of milliseconds");
    }
    this.history = history;
    this.limitMs = limitMs;
  }

  /** The history records of the jobs a run started, and how long the caller waited. */
  public record Run(List<JobRecord> jobs, long wallMs) {
    /** The run's only (or last) job. */
    public JobRecord last() {
      return jobs.get(jobs.size() - 1);
    }
  }

  /** Runs {@code tool} with {@code args}; it is expected to run {@code jobs} jobs. */
  public Run tool(Tool tool, Configuration conf, int jobs, String... args)
      throws IOException, InterruptedException {
    String name = tool.getClass().getSimpleName() + " " + String.join(" ", args);
    Set<Path> before = history.snapshot();
    long t0 = System.currentTimeMillis();
    int rc = limited(conf, name, t0, () -> ToolRunner.run(conf, tool, args));
    long wallMs = System.currentTimeMillis() - t0;
    if (rc != 0) {
      throw new IOException(name + " exited with " + rc);
    }
    return new Run(history.awaitNew(before, jobs, 60_000), wallMs);
  }

  /** Submits {@code job}, waits for it, and fails unless it succeeded. */
  public Run job(Job job) throws IOException, InterruptedException {
    Set<Path> before = history.snapshot();
    long t0 = System.currentTimeMillis();
    boolean ok = limited(job.getConfiguration(), job.getJobName(), t0,
        () -> job.waitForCompletion(false));
    long wallMs = System.currentTimeMillis() - t0;
    if (!ok) {
      throw new IOException(job.getJobName() + " " + job.getJobID() + " did not succeed: "
          + job.getStatus().getFailureInfo());
    }
    return new Run(history.awaitNew(before, 1, 60_000), wallMs);
  }

  /**
   * Calls {@code program}; past the limit, kills (and keeps killing, once a second) the YARN
   * applications started since {@code t0}, and reports the run as killed whatever it returned.
   */
  private <T> T limited(Configuration conf, String name, long t0, Callable<T> program)
      throws IOException, InterruptedException {
    if (limitMs == 0) {
      return call(name, program);
    }
    Set<ApplicationId> killed = java.util.Collections.synchronizedSet(
        new java.util.LinkedHashSet<>());
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "job-limit");
      t.setDaemon(true);
      return t;
    });
    timer.scheduleWithFixedDelay(() -> killStartedSince(conf, t0, killed), limitMs,
        KILL_REPEAT_MS, TimeUnit.MILLISECONDS);
    T out;
    IOException failure = null;
    try {
      out = call(name, program);
    } catch (IOException e) {
      out = null;
      failure = e;
    } finally {
      // The program can see its job killed before the kill call returns: stop the timer first,
      // so a kill in flight is recorded before deciding what the run was.
      timer.shutdownNow();
      timer.awaitTermination(10, TimeUnit.SECONDS);
    }
    if (!killed.isEmpty()) {
      throw overLimit(name, killed, failure);
    }
    if (failure != null) {
      throw failure;
    }
    return out;
  }

  private IOException overLimit(String name, Set<ApplicationId> killed, IOException cause) {
    return new IOException(name + " was still running at the job limit of " + limitMs / 1000
        + " s; killed " + killed, cause);
  }

  private static <T> T call(String name, Callable<T> program) throws IOException,
      InterruptedException {
    try {
      return program.call();
    } catch (IOException | InterruptedException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(name + " failed: " + e, e);
    }
  }

  /**
   * Kills every unfinished application started at or after {@code t0}, adding each to {@code
   * killed} before its kill is asked for.
   */
  private static void killStartedSince(Configuration conf, long t0, Set<ApplicationId> killed) {
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(conf);
      yarn.start();
      for (ApplicationReport a : yarn.getApplications(UNFINISHED)) {
        if (a.getStartTime() >= t0) {
          killed.add(a.getApplicationId());
          yarn.killApplication(a.getApplicationId());
        }
      }
    } catch (YarnException | IOException e) {
      // The next repetition tries again; the program's own failure is reported if none works.
    }
  }
}
