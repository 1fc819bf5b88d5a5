package org.blinkhdfs.bench.availability;

/**
 * Inaccessibility under HDFS's random replica placement when whole nodes are switched off, the
 * baseline BlinkFS argues against (Sharma, Irwin, Shenoy §2.1, Figure 2).
 *
 * <p>With {@code n} nodes of which {@code m} are inactive and {@code k} replicas placed on
 * {@code k} distinct nodes uniformly at random, a block is inaccessible when all {@code k} sit
 * on inactive nodes: {@code C(m,k)/C(n,k) = m!(n−k)! / (n!(m−k)!)}, and 0 when {@code k > m}.
 *
 * <p>Design note: the factorials overflow a {@code long} at 21! and lose precision in a
 * {@code double} long before they overflow at 171!, so the code multiplies the {@code k} ratios
 * {@code (m−i)/(n−i)}, {@code i = 0..k−1}, each in {@code [0, 1]}: no overflow for any {@code
 * int} inputs, and the same value as the paper's form.
 *
 * <p>Worked example: {@code n = 10}, {@code m = 5}, {@code k = 3}: {@code 5·4·3/(10·9·8) = 60/720
 * = 1/12}. Half the nodes off with 3 replicas leaves about 8.3% of blocks unreadable.
 *
 * <p>Stateless and thread-safe.
 */
public final class RandomPlacement {

  private RandomPlacement() {}

  /**
   * Probability that a randomly placed block has every replica on an inactive node.
   *
   * @param nodeCount {@code n}, at least 1
   * @param inactiveCount {@code m}, in {@code [0, n]}
   * @param replicaCount {@code k}, in {@code [1, n]} (replicas go on distinct nodes)
   */
  public static double inaccessibleProbability(int nodeCount, int inactiveCount,
      int replicaCount) {
    if (nodeCount < 1) {
      throw new IllegalArgumentException(
          "nodeCount must be at least 1, got " + nodeCount + ": give the number of DataNodes");
    }
    if (inactiveCount < 0 || inactiveCount > nodeCount) {
      throw new IllegalArgumentException("inactiveCount must be in [0, nodeCount=" + nodeCount
          + "], got " + inactiveCount + ": give how many of the nodes are off");
    }
    if (replicaCount < 1 || replicaCount > nodeCount) {
      throw new IllegalArgumentException("replicaCount must be in [1, nodeCount=" + nodeCount
          + "], got " + replicaCount + ": HDFS places each replica on a distinct node");
    }
    if (replicaCount > inactiveCount) {
      return 0;
    }
    double p = 1;
    for (int i = 0; i < replicaCount; i++) {
      p *= (double) (inactiveCount - i) / (nodeCount - i);
    }
    return p;
  }
}
