package org.blinkhdfs.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.blinkhdfs.bench.stats.LatencyRecorder;

/**
 * Accumulates the operations of one phase into a {@link PhaseResult} and paces progress events.
 *
 * <p>Every operation is kept as an {@link OpSample} (the phase's op limit bounds them); the
 * durations of completed operations go to a {@link LatencyRecorder} sized to hold them all, so the
 * summary is exact. Problem descriptions are kept up to {@link PhaseResult#MAX_PROBLEMS}.
 *
 * <p>Thread-safe: all methods are synchronized, and progress callbacks happen under the lock, so
 * they are serialised.
 */
final class PhaseRecorder {
  /** HDFS exception messages can be long; each kept description is cut to this. */
  static final int MAX_PROBLEM_CHARS = 400;

  private final String workload;
  private final String phase;
  private final int requestedOps;
  private final WorkloadClock clock;
  private final WorkloadProgress progress;
  private final long startNanos;
  private final long startEpochMs;
  private final long progressStep;
  private final LatencyRecorder latency;
  private final List<OpSample> samples = new ArrayList<>();
  private final List<String> problems = new ArrayList<>();
  private int okOps;
  private int verifyFailures;
  private int errors;
  private long bytes;

  PhaseRecorder(String workload, String phase, int requestedOps, WorkloadClock clock,
      WorkloadProgress progress) {
    this.workload = workload;
    this.phase = phase;
    this.requestedOps = requestedOps;
    this.clock = clock;
    this.progress = progress;
    this.progressStep = Math.max(1, requestedOps / 10);
    this.latency = new LatencyRecorder(Math.max(1, requestedOps), new Random(0));
    this.startEpochMs = clock.wall().millis();
    this.startNanos = clock.nanos();
    progress.onProgress(event(0));
  }

  long startNanos() {
    return startNanos;
  }

  /** Records a completed operation ({@code OK} or {@code VERIFY_FAILED}). */
  synchronized void completed(String target, long opStartNanos, long opEndNanos, long opBytes,
      int firstMismatch) {
    double durationMs = (opEndNanos - opStartNanos) / 1e6;
    OpOutcome outcome = firstMismatch < 0 ? OpOutcome.OK : OpOutcome.VERIFY_FAILED;
    if (firstMismatch < 0) {
      okOps++;
    } else {
      verifyFailures++;
      problem(target + ": verify failed, first wrong byte at +" + firstMismatch);
    }
    bytes += opBytes;
    latency.record(Math.max(0, durationMs));
    add(new OpSample(target, msSinceStart(opStartNanos), durationMs, opBytes, outcome, ""));
  }

  /** Records a failed operation. */
  synchronized void failed(String target, long opStartNanos, long opEndNanos, Exception e) {
    errors++;
    problem(target + ": " + HdfsIo.describe(e));
    add(new OpSample(target, msSinceStart(opStartNanos), (opEndNanos - opStartNanos) / 1e6, 0,
        OpOutcome.ERROR, e.getClass().getSimpleName()));
  }

  synchronized PhaseResult finish(StopReason reason) {
    double wallMs = (clock.nanos() - startNanos) / 1e6;
    PhaseResult r = new PhaseResult(workload, phase, requestedOps, samples.size(), okOps,
        verifyFailures, errors, bytes, startEpochMs, wallMs, reason, latency.summary(), samples,
        problems);
    if (samples.size() % progressStep != 0 || samples.isEmpty()) {
      progress.onProgress(event(wallMs));
    }
    return r;
  }

  private void add(OpSample s) {
    samples.add(s);
    if (samples.size() % progressStep == 0) {
      progress.onProgress(event((clock.nanos() - startNanos) / 1e6));
    }
  }

  private void problem(String text) {
    if (problems.size() < PhaseResult.MAX_PROBLEMS) {
      problems.add(text.length() <= MAX_PROBLEM_CHARS ? text
          : text.substring(0, MAX_PROBLEM_CHARS) + "...");
    }
  }

  private double msSinceStart(long nanos) {
    return (nanos - startNanos) / 1e6;
  }

  private ProgressEvent event(double elapsedMs) {
    return new ProgressEvent(workload, phase, samples.size(), requestedOps, verifyFailures, errors,
        elapsedMs);
  }
}
