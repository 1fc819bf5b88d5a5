package org.blinkhdfs.mapreduce;

import java.util.Map;

/**
 * What one finished MapReduce job's history file says about it: its identity, final status and
 * times, task attempts that failed or were killed, and its counters (group, then name, e.g.
 * {@code org.apache.hadoop.mapreduce.JobCounter} / {@code NUM_FAILED_MAPS}).
 *
 * <p>A task on a host that blinks is paused with the host, not failed: a run is clean when no
 * attempt failed or was killed ({@link #clean()}); speculation is off in the local cluster, so a
 * killed attempt means something took a task away.
 *
 * @param jobId e.g. {@code job_1764032460000_0001}
 * @param name the job's name, e.g. {@code TeraSort}
 * @param status SUCCEEDED, FAILED or KILLED
 * @param submitMs submit time (epoch ms)
 * @param finishMs finish time (epoch ms)
 * @param maps map tasks
 * @param reduces reduce tasks
 * @param failedAttempts task attempts that ended FAILED
 * @param killedAttempts task attempts that ended KILLED
 * @param firstError the first failed attempt's error, or empty
 * @param counters the job's total counters
 */
public record JobRecord(String jobId, String name, String status, long submitMs, long finishMs,
    long maps, long reduces, int failedAttempts, int killedAttempts, String firstError,
    Map<String, Map<String, Long>> counters) {

  public static final String JOB_COUNTER = "org.apache.hadoop.mapreduce.JobCounter";

  public JobRecord {
    counters = Map.copyOf(counters);
  }

  /** From submit to finish, ms. */
  public long elapsedMs() {
    return finishMs - submitMs;
  }

  /** A counter's value, 0 when the job has none of that name. */
  public long counter(String group, String name) {
    return counters.getOrDefault(group, Map.of()).getOrDefault(name, 0L);
  }

  /** SUCCEEDED with no failed and no killed task attempt. */
  public boolean clean() {
    return status.equals("SUCCEEDED") && failedAttempts == 0 && killedAttempts == 0;
  }

  /** One line for progress output and reports. */
  public String summary() {
    return String.format(java.util.Locale.ROOT, "%s %s %s in %.1f s: %d maps, %d reduces, %d"
        + " failed and %d killed attempts%s", jobId, name, status, elapsedMs() / 1000.0, maps,
        reduces, failedAttempts, killedAttempts, firstError.isEmpty() ? ""
            : " (first error: " + firstError.lines().findFirst().orElse("") + ")");
  }
}
