package org.blinkhdfs.model.schedule;

/**
 * What a DataNode does during a schedule epoch (ARCHITECTURE.md, schedule JSON).
 *
 * <ul>
 *   <li>{@link #ACTIVE}: max-perf, awake the whole interval.
 *   <li>{@link #BLINK}: awake during its window of every interval, in S3 for the rest.
 *   <li>{@link #IO_SERVER}: DataNode and disks serve I/O the whole interval; compute is switched
 *       off (Amur &amp; Schwan), so no tasks are scheduled there.
 *   <li>{@link #OFF}: asleep for the whole epoch; HDFS should hold it in maintenance.
 * </ul>
 */
public enum NodeMode {
  ACTIVE,
  BLINK,
  IO_SERVER,
  OFF;

  /** True when the DataNode serves I/O at every instant of the interval. */
  public boolean alwaysServes() {
    return this == ACTIVE || this == IO_SERVER;
  }
}
