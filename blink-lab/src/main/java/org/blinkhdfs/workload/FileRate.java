package org.blinkhdfs.workload;

/**
 * How one file of a throughput phase went.
 *
 * @param index file number (and {@code DataPattern} stream id)
 * @param path the file
 * @param bytes bytes moved (written, or read) before the file ended, failed or was stopped
 * @param durationMs from create/open to close
 * @param outcome {@code OK}; {@code VERIFY_FAILED} (read: a byte or the length differed);
 *     {@code ERROR}; {@code INCOMPLETE} (time limit or interrupt)
 * @param firstMismatchOffset file offset of the first wrong byte (or where the length went
 *     wrong), -1 if none
 * @param problem description of the error or mismatch, empty if none
 */
public record FileRate(int index, String path, long bytes, double durationMs, OpOutcome outcome,
    long firstMismatchOffset, String problem) {

  /** This file's rate in MiB ({@code 2^20} bytes) per second; 0 if no time passed. */
  public double mibPerSec() {
    return durationMs > 0 ? bytes / (double) (1 << 20) / (durationMs / 1000.0) : 0;
  }
}
