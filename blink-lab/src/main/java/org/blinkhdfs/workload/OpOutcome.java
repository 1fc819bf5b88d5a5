package org.blinkhdfs.workload;

/** How one workload operation (a request, or a whole file for dfsio) ended. */
public enum OpOutcome {
  /** The I/O succeeded and every byte matched the {@code DataPattern}. */
  OK,
  /** The I/O succeeded but some byte (or the length) differed from what was written. */
  VERIFY_FAILED,
  /** The I/O failed with an exception; recorded, and the run continued. */
  ERROR,
  /** Stopped by the phase's time limit or an interrupt before all its bytes were moved. */
  INCOMPLETE
}
