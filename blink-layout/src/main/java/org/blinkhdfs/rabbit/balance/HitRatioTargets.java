package org.blinkhdfs.rabbit.balance;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The desired hit-ratios of one dataset's active nodes (Rabbit §3.2), fixed for one active set and
 * one set of stored-block counts.
 *
 * <h2>Definition</h2>
 * With n active nodes each should serve B/n of a full read of the dataset's B blocks. Node i can
 * serve at most the b_i blocks it stores, so it should serve a fraction {@code (B/n) / b_i} of
 * the requests it could serve: that is its desired hit-ratio. The paper prints the fraction as
 * {@code b_i/(B/n)}, but its own examples (the n-th node, storing B/n, has desired ratio 1; a
 * primary, storing B/p, has p/n) and the actual hit-ratio it is compared with (blocks served
 * over blocks that could have been served, at most 1) both need {@code (B/n)/b_i}; we use that.
 *
 * <p>n counts active nodes that store at least one block of the dataset. An active node with
 * b_i = 0 (e.g. one holding only an offloaded stand-in replica the layout counts do not know) has
 * no target: desired 0, so it serves only when no other active replica exists. A ratio above 1
 * (b_i &lt; B/n, a node short of blocks) is kept: such a node cannot do its share, and should
 * serve every block it can.
 *
 * <p>Example: B = 60, p = 2, chain stored counts 30, 30, 20, 15, 12, 10. All six on: B/n = 10,
 * desired 1/3, 1/3, 1/2, 2/3, 5/6, 1. First four on: B/n = 15, desired 1/2, 1/2, 3/4, 1.
 *
 * <p>Immutable and thread-safe. Build a new one when the active set or the counts change.
 */
public final class HitRatioTargets {
  /** A limit on the number of nodes described. */
  public static final int MAX_NODES = 100_000;

  private final Set<String> activeNodes;
  private final Map<String, Double> desired;
  private final int activeCount;

  private HitRatioTargets(Set<String> activeNodes, Map<String, Double> desired, int activeCount) {
    this.activeNodes = activeNodes;
    this.desired = desired;
    this.activeCount = activeCount;
  }

  /**
   * @param storedBlocks b_i: blocks of the dataset stored per node (≥ 0)
   * @param datasetBlocks B ≥ 1, the dataset's block count
   * @param activeNodes the nodes on now (for one dataset: A(d))
   */
  public static HitRatioTargets of(Map<String, Long> storedBlocks, long datasetBlocks,
      Set<String> activeNodes) {
    Objects.requireNonNull(storedBlocks, "storedBlocks must not be null");
    Objects.requireNonNull(activeNodes, "activeNodes must not be null");
    if (datasetBlocks < 1) {
      throw new IllegalArgumentException("datasetBlocks must be >= 1, got " + datasetBlocks);
    }
    if (storedBlocks.size() > MAX_NODES || activeNodes.size() > MAX_NODES) {
      throw new IllegalArgumentException("at most " + MAX_NODES + " nodes, got "
          + Math.max(storedBlocks.size(), activeNodes.size()));
    }
    int n = 0;
    for (String node : activeNodes) {
      long b = storedBlocks.getOrDefault(node, 0L);
      if (b < 0) {
        throw new IllegalArgumentException("stored block count of " + node + " is " + b
            + ", must be >= 0");
      }
      n += b > 0 ? 1 : 0;
    }
    Map<String, Double> desired = new HashMap<>();
    for (String node : activeNodes) {
      long b = storedBlocks.getOrDefault(node, 0L);
      desired.put(node, b > 0 ? ((double) datasetBlocks / n) / b : 0.0);
    }
    return new HitRatioTargets(Set.copyOf(activeNodes), Map.copyOf(desired), n);
  }

  /** n: active nodes storing at least one block. */
  public int activeCount() {
    return activeCount;
  }

  /** The active set this was built for. */
  public Set<String> activeNodes() {
    return activeNodes;
  }

  /** True when {@code node} is on. */
  public boolean isActive(String node) {
    return activeNodes.contains(node);
  }

  /** The desired hit-ratio (B/n)/b_i; 0 for a node that is off or stores nothing. */
  public double desired(String node) {
    return desired.getOrDefault(node, 0.0);
  }
}
