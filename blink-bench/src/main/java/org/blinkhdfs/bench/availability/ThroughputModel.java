package org.blinkhdfs.bench.availability;

/**
 * Expected aggregate throughput of a blinking cluster whose nodes are each limited to a fixed
 * bandwidth: the analytic line the report draws beside measured MB/s.
 *
 * <p>Model. Each awake DataNode serves at most {@code perNodeMBps} (the demo enforces this with
 * {@code dfs.datanode.data.*.bandwidthPerSec}, so I/O, not CPU, is the bottleneck); asleep it
 * serves nothing. With {@code n(t)} ring nodes awake at phase {@code t} ({@link AwakeCount}), the
 * cluster can deliver {@code perNodeMBps · n(t)} of reads, and, since every written byte is
 * stored on {@code r} nodes, {@code perNodeMBps · n(t) / r} of client writes. The clients
 * together may be capped at {@code clientCapMBps} (their own NIC or the number of streams). The
 * expectation is the time average {@code (1/T) ∫ min(cap, perNodeMBps · n(t) / copies) dt},
 * exact on the step function {@code n(t)}; without a cap it is {@code perNodeMBps ·
 * mean(n) / copies}.
 *
 * <p>Assumptions, each a reason measurements may fall short: enough concurrent requests that
 * every awake node is kept busy; every awake node holds data the workload wants (reads are spread
 * over blocks placed on all nodes, and the reader always picks an awake replica); writes may use
 * any awake nodes or staging stand-ins for their pipeline; windows already exclude suspend and
 * resume time (the policies subtract it), and nodes reach full speed the instant they wake.
 *
 * <p>The ideal proportional line, {@link #idealMBps}, is throughput at 100% power scaled by the
 * power level: what a perfectly energy-proportional cluster would give. The bandwidth model lies
 * below it whenever sleeping draws power: the awake fraction is {@code (p − p_inactive)/(p_total
 * − p_inactive) < p/p_total}.
 *
 * <p>Worked example, BlinkFS Mac-mini model (9 nodes, 25 W awake, 1 W asleep), 40% power, 20
 * MB/s per node: each node is awake {@code 81/216 = 0.375} of the interval, mean awake count
 * {@code 3.375}, expected reads {@code 67.5 MB/s}; ideal {@code 9·20·0.4 = 72 MB/s}; writes with
 * 3 replicas {@code 22.5 MB/s}. Capped: windows {@code [0, 4)} and {@code [2, 6)} s of a 6 s
 * interval, 10 MB/s per node, clients capped at 15 MB/s: one, two, then one node awake for 2 s
 * each, so {@code (2·10 + 2·min(15, 20) + 2·10)/6 = 11.67 MB/s} (13.33 uncapped).
 *
 * @param perNodeMBps one awake node's bandwidth, finite and {@code > 0}
 * @param clientCapMBps the clients' total cap, {@code > 0}; {@link Double#POSITIVE_INFINITY} for
 *     none
 */
public record ThroughputModel(double perNodeMBps, double clientCapMBps) {

  public ThroughputModel {
    if (!(perNodeMBps > 0) || Double.isInfinite(perNodeMBps)) {
      throw new IllegalArgumentException("perNodeMBps must be finite and > 0, got " + perNodeMBps
          + ": give one DataNode's bandwidth limit in MB/s");
    }
    if (!(clientCapMBps > 0)) {
      throw new IllegalArgumentException("clientCapMBps must be > 0 (or +Infinity for no cap),"
          + " got " + clientCapMBps);
    }
  }

  /** Nodes limited to {@code perNodeMBps}, clients unlimited. */
  public static ThroughputModel perNode(double perNodeMBps) {
    return new ThroughputModel(perNodeMBps, Double.POSITIVE_INFINITY);
  }

  /**
   * The ideal energy-proportional throughput: {@code fullPowerMBps · powerPercent / 100}.
   *
   * @throws IllegalArgumentException if {@code fullPowerMBps} is negative or not finite, or
   *     {@code powerPercent} is outside {@code [0, 100]}
   */
  public static double idealMBps(double fullPowerMBps, double powerPercent) {
    if (!(fullPowerMBps >= 0) || Double.isInfinite(fullPowerMBps)) {
      throw new IllegalArgumentException("fullPowerMBps must be finite and >= 0, got "
          + fullPowerMBps + ": give the throughput measured at 100% power");
    }
    if (!(powerPercent >= 0 && powerPercent <= 100)) {
      throw new IllegalArgumentException("powerPercent must be in [0, 100], got " + powerPercent);
    }
    return fullPowerMBps * powerPercent / 100.0;
  }

  /** Expected aggregate read MB/s under the awake profile. */
  public double readMBps(AwakeCount awake) {
    return aggregate(awake, 1);
  }

  /**
   * Expected aggregate client write MB/s when each block is stored {@code replication} times.
   *
   * @throws IllegalArgumentException if {@code replication < 1}
   */
  public double writeMBps(AwakeCount awake, int replication) {
    if (replication < 1) {
      throw new IllegalArgumentException("replication must be >= 1, got " + replication);
    }
    return aggregate(awake, replication);
  }

  private double aggregate(AwakeCount awake, int copies) {
    return awake.integrate(n -> Math.min(clientCapMBps, perNodeMBps * n / copies));
  }
}
