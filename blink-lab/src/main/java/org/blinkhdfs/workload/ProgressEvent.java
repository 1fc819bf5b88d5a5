package org.blinkhdfs.workload;

import java.util.Locale;

/**
 * One progress report of a workload phase.
 *
 * <p>Example line ({@link #toLine()}): {@code latency/read 120/500 ops, 0 verify failures, 1
 * errors, 3.4 s}.
 *
 * @param workload {@code latency}, {@code dfsio} or {@code zipf-kv}
 * @param phase {@code prepare}, {@code read}, {@code write} or {@code get}
 * @param done operations (files, for dfsio) finished so far
 * @param total operations (files) the phase will attempt at most
 * @param verifyFailures finished operations whose bytes did not match what was written
 * @param errors finished operations that failed with an I/O error
 * @param elapsedMs time since the phase started
 */
public record ProgressEvent(String workload, String phase, long done, long total,
    long verifyFailures, long errors, double elapsedMs) {

  public String toLine() {
    return String.format(Locale.ROOT, "%s/%s %d/%d ops, %d verify failures, %d errors, %.1f s",
        workload, phase, done, total, verifyFailures, errors, elapsedMs / 1000.0);
  }
}
