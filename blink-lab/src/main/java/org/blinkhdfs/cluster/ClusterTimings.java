package org.blinkhdfs.cluster;

/**
 * Heartbeat, staleness, death and socket timeouts derived from the (shortened) blink interval,
 * so that a sleeping DataNode goes stale but never dead, and a frozen DataNode is waited for
 * rather than blamed.
 *
 * <p>Constraints (DEVELOPERS.md, measured on Hadoop 3.5.0):
 * <ul>
 *   <li>a sleep must outlast the stale interval for the NameNode to see it: DataNodes heartbeat
 *       every 500 ms (their {@code dfs.heartbeat.interval} takes milliseconds) and the stale
 *       interval is 1.5 s, three DataNode heartbeats. The NameNode reads the heartbeat interval
 *       in whole seconds and raises a stale interval below {@code
 *       dfs.namenode.stale.datanode.minimum.interval} (default 3) heartbeats, so its own copy
 *       says 1 s and the minimum is set to 1;</li>
 *   <li>dead after 2 × recheck + 10 × heartbeat: kept above 10 intervals, so the longest sleep
 *       (less than one interval) never kills a node and the NameNode never re-replicates
 *       because a node blinked;</li>
 *   <li>a frozen DataNode accepts connections and never answers. Client and DataNode socket
 *       timeouts are lowered together, to one interval plus a margin: a read or pipeline that
 *       meets a node just frozen waits for its thaw (at most one interval) instead of failing,
 *       and nothing waits the 60 s default. Production derives them as {@code
 *       org.blinkhdfs.model.timeouts.TimeoutPlan} does, {@code L = t + enter + resume} (6137 ms
 *       at 6 s with the scaled measured transitions, 61367 ms at 60 s); the 4 s margin here is
 *       more, slack for emulated freezes and thaws on a shared machine, and every local-cluster
 *       result so far was measured with it.</li>
 *   <li>a BLINK node asleep for more than a quarter of the dead interval (at least 2.5
 *       intervals, so never for an ordinary blink) is put into HDFS maintenance; a quarter leaves
 *       the NameNode plugin's check (at most half the dead interval minus the check period) a
 *       wide margin. OFF nodes always are.</li>
 * </ul>
 *
 * <p>Example: interval 6 s → DataNode heartbeat 500 ms, stale 1.5 s, recheck 30 s (dead after
 * 70 s), socket timeouts 10 s, maintenance for sleeps over 17.5 s. A 40% window at 6 s sleeps
 * 3.6 s: stale, never dead, never in maintenance.
 *
 * @param dataNodeHeartbeatMs the DataNodes' {@code dfs.heartbeat.interval}
 * @param heartbeatSeconds the NameNode's and clients' {@code dfs.heartbeat.interval}
 * @param staleMs {@code dfs.namenode.stale.datanode.interval}
 * @param recheckMs {@code dfs.namenode.heartbeat.recheck-interval}
 * @param socketTimeoutMs {@code dfs.client.socket-timeout} and
 *     {@code dfs.datanode.socket.write.timeout}
 */
public record ClusterTimings(long dataNodeHeartbeatMs, long heartbeatSeconds, long staleMs,
    long recheckMs,
    long socketTimeoutMs) {

  static final long SOCKET_MARGIN_MS = 4_000;

  /** The timings for a blink interval. */
  public static ClusterTimings forInterval(long intervalMs) {
    long recheckMs = Math.max(30_000, 5 * intervalMs);
    return new ClusterTimings(500, 1, 1_500, recheckMs,
        intervalMs + SOCKET_MARGIN_MS);
  }

  /** When the NameNode declares a silent DataNode dead. */
  public long deadMs() {
    return 2 * recheckMs + 10 * heartbeatSeconds * 1000;
  }

  /** {@code blink.maintenance.sleep.threshold.ms}: a quarter of {@link #deadMs()}. */
  public long maintenanceSleepThresholdMs() {
    return deadMs() / 4;
  }

  /** The NameNode's minimum stale interval in heartbeats; 1 lets 1.5 s stand (see above). */
  public int staleMinimumHeartbeats() {
    return 1;
  }
}
