package org.blinkhdfs.sim;

/**
 * One DataNode's read throttler as the simulator's readers meet it: HDFS's {@code
 * DataTransferThrottler} ({@code dfs.datanode.data.read.bandwidthPerSec}, one per DataNode,
 * shared by all its reads) with bytes as a fluid.
 *
 * <p>Why it matters: the cap is an average over 500 ms periods, not a speed. A DataNode sends a
 * period's quota as fast as the machine lets it and then waits for the period's end, and one that
 * was idle (or frozen) for a while gets two quotas before its first wait. On the local cluster a
 * one-second read round at full power therefore beats 8 readers × the cap (docs/simulator.md).
 *
 * <p>HDFS's algorithm, per call that sends bytes: the reserve is reduced; while it is not
 * positive: before the current period ends, wait for its end; within three periods of the
 * period's start, begin the next period and add a quota; later, restart the periods now with a
 * fresh quota. Here {@link #send} reduces the reserve and {@link #refill} runs that loop once the
 * reserve is spent, or when a wait ends; {@link #blockedUntil} is the end of a wait.
 *
 * <p>Worked example (tested): cap 10 MiB/s (quota 5 MiB), idle before. 5 MiB sent by 100 ms:
 * spent, and the period start (never) is more than three periods ago, so the periods restart at
 * 100 ms with 5 MiB. Spent again at 200 ms: before the period's end, so blocked until 600 ms,
 * when the next period begins with 5 MiB.
 *
 * <p>Not thread-safe; one per simulated DataNode.
 */
final class ReadThrottler {
  /** HDFS's period: a node's quota is its cap times this. */
  static final double PERIOD_MS = 500;
  /** How far the periods may lag before they restart: three periods. */
  static final double EXTENSION_MS = 3 * PERIOD_MS;

  private final double quotaMiB;
  private double reserveMiB;
  private double periodStartMs = Double.NEGATIVE_INFINITY;
  private double blockedUntilMs = Double.NaN;

  /** A throttler idle for long, with one quota of {@code capMiBps} in hand. */
  ReadThrottler(double capMiBps) {
    if (!(capMiBps > 0)) {
      throw new IllegalArgumentException("the read cap must be positive, got " + capMiBps);
    }
    this.quotaMiB = capMiBps * PERIOD_MS / 1000.0;
    this.reserveMiB = quotaMiB;
  }

  double reserveMiB() {
    return reserveMiB;
  }

  /** True when the reserve is spent and {@link #refill} must run before sending more. */
  boolean spent() {
    return reserveMiB <= FileReadSim.EPS;
  }

  boolean blocked() {
    return !Double.isNaN(blockedUntilMs);
  }

  /** The end of the current wait; NaN when not waiting. */
  double blockedUntil() {
    return blockedUntilMs;
  }

  /** Counts {@code mib} sent. */
  void send(double mib) {
    reserveMiB -= mib;
  }

  /** HDFS's throttle loop at {@code nowMs}: clears a wait that ended, or starts one. */
  void refill(double nowMs) {
    blockedUntilMs = Double.NaN;
    while (spent()) {
      if (nowMs < periodStartMs + PERIOD_MS - FileReadSim.EPS) {
        blockedUntilMs = periodStartMs + PERIOD_MS;
        return;
      }
      if (nowMs < periodStartMs + EXTENSION_MS) {
        periodStartMs += PERIOD_MS;
        reserveMiB += quotaMiB;
      } else {
        periodStartMs = nowMs;
        reserveMiB = quotaMiB;
      }
    }
  }
}
