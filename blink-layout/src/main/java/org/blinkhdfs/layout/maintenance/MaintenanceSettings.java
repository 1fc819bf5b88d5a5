package org.blinkhdfs.layout.maintenance;

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
 * @param silenceMaxMs a held node the NameNode has not heard from for longer than this is
 *     presumed failed, not asleep: its hold is no longer renewed, so it expires and HDFS rebuilds
 *     the node's replicas. A BLINK node heartbeats every window and an OFF node's agent wakes it
 *     at every check-in, so this must be well above an interval and the agents' {@code
 *     blink.agent.off.checkin.ms}
 */
public record MaintenanceSettings(long sleepThresholdMs, long expiryMarginMs, long maxMs,
    long silenceMaxMs) {
  public MaintenanceSettings {
    if (sleepThresholdMs < 0 || expiryMarginMs < 0 || maxMs < 1 || silenceMaxMs < 1) {
      throw new IllegalArgumentException("maintenance settings out of range: sleepThresholdMs="
          + sleepThresholdMs + " and expiryMarginMs=" + expiryMarginMs + " must be >= 0, maxMs="
          + maxMs + " and silenceMaxMs=" + silenceMaxMs + " must be >= 1");
    }
  }
}
