package org.blinkhdfs.workload;

import java.util.List;
import org.blinkhdfs.bench.stats.LatencySummary;

/**
 * What one request-by-request phase (latency reads or writes, key-value gets) did.
 *
 * <p>{@code latency} summarises the durations of the operations whose I/O completed ({@code OK}
 * and {@code VERIFY_FAILED}); failed operations are counted in {@code errors} and listed in
 * {@code samples} with their duration (often a timeout) but kept out of the summary, so a dead
 * node shows up as errors rather than as a flattering or absurd latency.
 *
 * <p>Immutable.
 *
 * @param workload {@code latency} or {@code zipf-kv}
 * @param phase {@code read}, {@code write} or {@code get}
 * @param requestedOps operations the configuration asked for
 * @param attemptedOps operations issued ({@code < requestedOps} only when stopped early)
 * @param okOps operations that completed and verified
 * @param verifyFailures operations that completed with wrong bytes
 * @param errors operations that failed with an exception
 * @param bytes bytes transferred by completed operations
 * @param startEpochMs wall-clock start of the phase
 * @param wallMs duration of the phase
 * @param stopReason why the phase ended
 * @param latency summary of completed operations' durations
 * @param samples every operation, in the order they finished (bounded by the op limit)
 * @param problems the first {@value #MAX_PROBLEMS} descriptions of errors and verify failures
 */
public record PhaseResult(String workload, String phase, int requestedOps, int attemptedOps,
    int okOps, int verifyFailures, int errors, long bytes, long startEpochMs, double wallMs,
    StopReason stopReason, LatencySummary latency, List<OpSample> samples,
    List<String> problems) {

  /** Problem descriptions kept per phase; the counts are always complete. */
  public static final int MAX_PROBLEMS = 10;

  public PhaseResult {
    samples = List.copyOf(samples);
    problems = List.copyOf(problems);
  }

  /** Operations per second over the phase's wall time (0 for an empty phase). */
  public double opsPerSec() {
    return wallMs > 0 ? attemptedOps / (wallMs / 1000.0) : 0;
  }

  /** Transferred MiB ({@code 2^20} bytes, as TestDFSIO) per second of wall time. */
  public double mibPerSec() {
    return wallMs > 0 ? bytes / (double) (1 << 20) / (wallMs / 1000.0) : 0;
  }
}
