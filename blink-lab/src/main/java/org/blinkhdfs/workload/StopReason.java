package org.blinkhdfs.workload;

/** Why a workload phase stopped. */
public enum StopReason {
  /** Every requested operation was attempted. */
  COMPLETED,
  /** The phase's time limit ran out first. */
  TIME_LIMIT,
  /** The running thread was interrupted (the interrupt flag is restored). */
  INTERRUPTED
}
