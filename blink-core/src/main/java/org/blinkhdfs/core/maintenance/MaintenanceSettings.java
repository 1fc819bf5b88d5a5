package org.blinkhdfs.core.maintenance;

/**
 * The knobs of {@link MaintenancePlanner}, already validated by the adapter that read them (the
 * NameNode side reads them from {@code blink.maintenance.*}; see docs/placement.md).
 *
 * @param sleepThresholdMs a BLINK node asleep with more than this many milliseconds until its
 *     next window is held in maintenance too (OFF nodes always are); must stay well below the
 *     NameNode's dead-node interval, which the adapter checks
 * @param expiryMarginMs added to the schedule's lease end to form the expiry written for HDFS,
 *     time for the agents to wake the node and for it to heartbeat once the lease runs out
 * @param maxMs the longest expiry written, counted from the planning time; the expiry of a
 *     schedule without a lease
 */
public record MaintenanceSettings(long sleepThresholdMs, long expiryMarginMs, long maxMs) {
  public MaintenanceSettings {
    if (sleepThresholdMs < 0 || expiryMarginMs < 0 || maxMs < 1) {
      throw new IllegalArgumentException("maintenance settings out of range: sleepThresholdMs="
          + sleepThresholdMs + " and expiryMarginMs=" + expiryMarginMs + " must be >= 0, maxMs="
          + maxMs + " must be >= 1");
    }
  }
}
