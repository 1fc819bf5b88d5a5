package org.blinkhdfs.model.api;

import java.util.Objects;

/**
 * {@code getServerLoadStats(node)}: a DataNode's I/O since it started, from its own metrics
 * ({@code DataNodeActivity}: {@code BytesRead}, {@code BytesWritten}, {@code ReadBlockOpNumOps},
 * {@code WriteBlockOpNumOps}), the load BlinkFS's proxy uses to judge popularity.
 *
 * <p>A sleeping DataNode cannot answer (suspended, or frozen by the agent), so the proxy keeps
 * the last values it read: {@code stale} true, {@code asOfMs} when they were read, and {@code
 * staleReason} why they could not be read now. Counters are cumulative since the DataNode
 * started; a restart resets them, so compare two answers only when the second is not smaller.
 *
 * <p>Example: {@code {"node": "10.0.0.11:9866", "counters": {"bytesRead": 1048576,
 * "bytesWritten": 3145728, "readOps": 8, "writeOps": 3}, "asOfMs": 1790000012000, "stale": true,
 * "staleReason": "GET http://10.0.0.11:9864/jmx?... failed: Read timed out ..."}}.
 *
 * @param node the DataNode transfer address asked about
 * @param counters the DataNode's counters
 * @param asOfMs when the counters were read from the DataNode (the proxy's clock)
 * @param stale true when they are not from now
 * @param staleReason why not, null when fresh
 */
public record ServerLoad(String node, Counters counters, long asOfMs, boolean stale,
    String staleReason) {

  /**
   * Cumulative I/O counters of one DataNode.
   *
   * @param bytesRead bytes served to readers
   * @param bytesWritten bytes received from writers and copies
   * @param readOps block read operations
   * @param writeOps block write operations
   */
  public record Counters(long bytesRead, long bytesWritten, long readOps, long writeOps) {}

  public ServerLoad {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(counters, "counters");
    if (stale != (staleReason != null)) {
      throw new IllegalArgumentException("staleReason must be given exactly when stale, got stale "
          + stale + " with reason " + staleReason);
    }
  }

  /** Counters read just now. */
  public static ServerLoad fresh(String node, Counters counters, long asOfMs) {
    return new ServerLoad(node, counters, asOfMs, false, null);
  }

  /** These counters, marked as not read now for {@code reason}. */
  public ServerLoad asStale(String reason) {
    return new ServerLoad(node, counters, asOfMs, true, Objects.requireNonNull(reason, "reason"));
  }
}
