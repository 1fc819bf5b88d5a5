package org.blinkhdfs.layout.migrate;

/**
 * How long a relayout takes and how to pace it: the bottleneck node's bytes at the bandwidth left
 * after the clients' share, or the rate that finishes in a target time; and the NameNode's
 * per-iteration block count that rate needs.
 *
 * <p><b>Model.</b> The NameNode's redundancy monitor hands out copies every
 * {@code dfs.namenode.redundancy.interval.seconds} (I), up to
 * {@code dfs.namenode.replication.work.multiplier.per.iteration × live DataNodes} blocks per
 * pass; each DataNode sends at most {@code dfs.namenode.replication.max-streams} copies at once,
 * throttled together by {@code dfs.datanode.data.transfer.bandwidthPerSec}. A node both sends
 * and receives (full duplex), so the relayout takes the busiest node's bytes ({@link
 * RelayoutPlan#bottleneckBytes}) over the rate it may use. Every node is assumed awake: a copy
 * needs its source and its target awake, so at lower power it takes longer.
 *
 * <p>Worked example (tested): bottleneck 360 GiB, node bandwidth 100 MiB/s, clients keep 0.5:
 * 50 MiB/s, 7 372.8 s = 2.048 h. To finish in 4 h instead: 25.6 MiB/s, which leaves the
 * clients 0.744 of the bandwidth; 10 000 blocks touched over 14 400 s at I = 3 s need
 * ⌈2.083⌉ = 3 blocks per pass, a multiplier of 1 on 9 live nodes (HDFS's default 2 covers it).
 *
 * @param nodeBytesPerSec what one DataNode's link carries per second, each direction
 * @param clientShare the share of it kept for clients, 0 (none) up to below 1
 * @param targetHours the time asked for, or 0 for as fast as the share allows
 * @param bytesPerSec the rate each DataNode may use for the relayout (the throttle to set)
 * @param seconds how long the relayout takes at that rate
 * @param feasible false when the target time needs more than the bandwidth the share leaves
 * @param clientShareLeft the share of the bandwidth the clients keep at that rate
 * @param blocksPerIteration blocks the NameNode must hand out per redundancy-monitor pass
 * @param multiplier the {@code work.multiplier.per.iteration} that schedules them
 */
public record RelayoutPace(double nodeBytesPerSec, double clientShare, double targetHours,
    double bytesPerSec, double seconds, boolean feasible, double clientShareLeft,
    long blocksPerIteration, long multiplier) {

  /** HDFS's default {@code dfs.namenode.replication.work.multiplier.per.iteration}. */
  public static final int DEFAULT_MULTIPLIER = 2;

  /**
   * The pace of {@code plan} (class comment).
   *
   * @param nodeBytesPerSec each DataNode's bandwidth, bytes per second, above 0
   * @param clientShare share kept for clients, in [0, 1)
   * @param targetHours 0 for as fast as allowed, else the time to finish in (above 0)
   * @param liveNodes live DataNodes (the multiplier counts them), at least 1
   * @param intervalSeconds {@code dfs.namenode.redundancy.interval.seconds}, above 0
   * @throws IllegalArgumentException naming the argument, the value and the range
   */
  public static RelayoutPace of(RelayoutPlan plan, double nodeBytesPerSec, double clientShare,
      double targetHours, int liveNodes, double intervalSeconds) {
    require(nodeBytesPerSec > 0 && Double.isFinite(nodeBytesPerSec), "bandwidth",
        nodeBytesPerSec, "above 0 bytes/s");
    require(clientShare >= 0 && clientShare < 1, "clientShare", clientShare,
        "in [0, 1): the share of each node's bandwidth kept for clients");
    require(targetHours >= 0 && Double.isFinite(targetHours), "hours", targetHours,
        "above 0, or 0 for as fast as the client share allows");
    require(liveNodes >= 1, "live nodes", liveNodes, "at least 1");
    require(intervalSeconds > 0, "dfs.namenode.redundancy.interval.seconds", intervalSeconds,
        "above 0");
    double allowed = nodeBytesPerSec * (1 - clientShare);
    double bottleneck = plan.bottleneckBytes();
    double rate = allowed;
    boolean feasible = true;
    if (targetHours > 0 && bottleneck > 0) {
      double needed = bottleneck / (targetHours * 3600);
      feasible = needed <= allowed;
      rate = Math.min(needed, allowed);
    }
    double seconds = bottleneck / rate;
    long perIteration = seconds == 0 ? 0
        : (long) Math.ceil(plan.blocksTouched() * intervalSeconds / seconds);
    long multiplier = Math.max(1, (perIteration + liveNodes - 1) / liveNodes);
    return new RelayoutPace(nodeBytesPerSec, clientShare, targetHours, rate, seconds, feasible,
        1 - rate / nodeBytesPerSec, perIteration, multiplier);
  }

  /** {@link #seconds} in hours. */
  public double hours() {
    return seconds / 3600;
  }

  private static void require(boolean ok, String name, double value, String range) {
    if (!ok) {
      throw new IllegalArgumentException(name + " = " + value + " must be " + range);
    }
  }
}
