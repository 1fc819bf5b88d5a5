package org.blinkhdfs.layout.migrate;

/**
 * One node's share of a relayout: what it holds before and after, what it receives and sends.
 *
 * @param node the node's name
 * @param onRing true for a ring node, false for a holder off the ring (staging, unnamed)
 * @param replicasBefore replicas it holds now
 * @param bytesBefore bytes it holds now
 * @param replicasIn replicas copied to it
 * @param bytesIn bytes copied to it
 * @param replicasOut replicas it sends (as {@link BlockChange#sender})
 * @param bytesOut bytes it sends
 * @param replicasDeleted replicas it loses
 * @param bytesDeleted bytes it loses
 */
public record NodeFlow(String node, boolean onRing, long replicasBefore, long bytesBefore,
    long replicasIn, long bytesIn, long replicasOut, long bytesOut, long replicasDeleted,
    long bytesDeleted) {

  /** Replicas it holds once the relayout is done. */
  public long replicasAfter() {
    return replicasBefore + replicasIn - replicasDeleted;
  }

  /** Bytes it holds once the relayout is done. */
  public long bytesAfter() {
    return bytesBefore + bytesIn - bytesDeleted;
  }

  /**
   * The bytes its link carries in its busier direction, {@code max(in, out)}: a node sends and
   * receives at once (full duplex), so the busier direction decides its time.
   */
  public long busiestBytes() {
    return Math.max(bytesIn, bytesOut);
  }
}
