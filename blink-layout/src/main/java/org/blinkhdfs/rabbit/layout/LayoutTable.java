package org.blinkhdfs.rabbit.layout;

import java.util.List;
import java.util.Objects;

/**
 * The analytic layout: expected blocks on every chain node when B blocks are placed (Rabbit Fig 2,
 * Le et al. Tables 1 and 2 as numbers).
 *
 * @param blockCount B
 * @param loads one entry per chain node, rank 1 first
 */
public record LayoutTable(long blockCount, List<LayoutTable.NodeLoad> loads) {
  /**
   * Expected blocks on one node.
   *
   * @param node node id
   * @param rank 1-based chain rank
   * @param expectedBlocks expected replicas stored on the node (not rounded)
   */
  public record NodeLoad(String node, int rank, double expectedBlocks) {}

  /** Copies the list. */
  public LayoutTable {
    loads = List.copyOf(Objects.requireNonNull(loads, "loads must not be null"));
  }

  /** Expected blocks on the node at 1-based {@code rank}. */
  public double expected(int rank) {
    if (rank < 1 || rank > loads.size()) {
      throw new IllegalArgumentException("rank must be within 1.." + loads.size() + ", got "
          + rank);
    }
    return loads.get(rank - 1).expectedBlocks();
  }

  /** Expected blocks on {@code node}. */
  public double expected(String node) {
    for (NodeLoad load : loads) {
      if (load.node().equals(node)) {
        return load.expectedBlocks();
      }
    }
    throw new IllegalArgumentException("node " + node + " is not in the layout table");
  }

  /** Sum over all nodes: B times the mean replicas per block. */
  public double totalReplicas() {
    double total = 0;
    for (NodeLoad load : loads) {
      total += load.expectedBlocks();
    }
    return total;
  }

  static LayoutTable of(Chain chain, long blockCount, double[] perRank) {
    NodeLoad[] loads = new NodeLoad[chain.size()];
    for (int rank = 1; rank <= chain.size(); rank++) {
      loads[rank - 1] = new NodeLoad(chain.node(rank), rank, perRank[rank - 1]);
    }
    return new LayoutTable(blockCount, List.of(loads));
  }

  static void requireBlockCount(long blockCount) {
    if (blockCount < 0) {
      throw new IllegalArgumentException("blockCount must be at least 0, got " + blockCount);
    }
  }
}
