package org.blinkhdfs.workload;

import java.util.List;

/**
 * One phase (write or read) of the {@link ThroughputWorkload}.
 *
 * <p>Rates, in MiB ({@code 2^20} bytes) per second as TestDFSIO reports them:
 *
 * <ul>
 *   <li>{@code aggregateMiBps = totalBytes / wallMs}: what the cluster delivered to all T threads
 *       together, the number that should grow with the number of awake DataNodes;
 *   <li>{@code meanFileMiBps} and {@code stdFileMiBps}: mean and population standard deviation of
 *       the per-file rates of complete files (TestDFSIO's "Average IO rate" and "IO rate std
 *       deviation").
 * </ul>
 *
 * <p>Immutable.
 *
 * @param phase {@code write} or {@code read}
 * @param threads T
 * @param startEpochMs wall-clock start (all threads released together)
 * @param wallMs from the release to the last file's end
 * @param totalBytes bytes moved by all files
 * @param aggregateMiBps {@code totalBytes / wallMs} in MiB/s
 * @param meanFileMiBps mean per-file rate over complete files ({@code OK}, {@code VERIFY_FAILED})
 * @param stdFileMiBps population standard deviation of those rates
 * @param okFiles files that completed (and, when read, verified)
 * @param verifyFailures files read with a wrong byte or length
 * @param errors files that failed with an exception (or never finished)
 * @param incomplete files stopped by the time limit or an interrupt
 * @param stopReason {@code COMPLETED} unless the time limit or an interrupt cut the phase
 * @param files one entry per file, by index
 */
public record ThroughputPhase(String phase, int threads, long startEpochMs, double wallMs,
    long totalBytes, double aggregateMiBps, double meanFileMiBps, double stdFileMiBps, int okFiles,
    int verifyFailures, int errors, int incomplete, StopReason stopReason, List<FileRate> files) {

  public ThroughputPhase {
    files = List.copyOf(files);
  }

  /** Computes the totals and rates from the per-file entries. */
  static ThroughputPhase of(String phase, int threads, long startEpochMs, double wallMs,
      StopReason stopReason, List<FileRate> files) {
    long total = 0;
    int ok = 0;
    int verify = 0;
    int errors = 0;
    int incomplete = 0;
    double sum = 0;
    double sumSq = 0;
    int complete = 0;
    for (FileRate f : files) {
      total += f.bytes();
      switch (f.outcome()) {
        case OK -> ok++;
        case VERIFY_FAILED -> verify++;
        case ERROR -> errors++;
        case INCOMPLETE -> incomplete++;
        default -> throw new IllegalStateException("unknown outcome " + f.outcome());
      }
      if (f.outcome() == OpOutcome.OK || f.outcome() == OpOutcome.VERIFY_FAILED) {
        complete++;
        sum += f.mibPerSec();
        sumSq += f.mibPerSec() * f.mibPerSec();
      }
    }
    double mean = complete > 0 ? sum / complete : 0;
    double std = complete > 0 ? Math.sqrt(Math.max(0, sumSq / complete - mean * mean)) : 0;
    double aggregate = wallMs > 0 ? total / (double) (1 << 20) / (wallMs / 1000.0) : 0;
    return new ThroughputPhase(phase, threads, startEpochMs, wallMs, total, aggregate, mean, std,
        ok, verify, errors, incomplete, stopReason, files);
  }
}
