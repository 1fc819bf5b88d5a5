package org.blinkhdfs.rabbit.layout;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Places many blocks and compares the per-node counts with the analytic table.
 *
 * <p>Tolerance: a node with inclusion probability π holds Binomial(B, π) blocks (each block's
 * draw is an independent hash), standard deviation σ = sqrt(B·π·(1 − π)). We allow 4σ + 1: a
 * false alarm has probability about 6·10^-5 per node, and since the hashes are deterministic a
 * passing run passes forever. For B = 100 000 and π = 1/2 that is ±633 (1.3%).
 */
final class PlacementCounts {
  /** First block ID HDFS allocates (1024·1024·1024 + 1). */
  static final long FIRST_HDFS_BLOCK_ID = 1_073_741_825L;

  private PlacementCounts() {}

  /** Replicas per node for {@code blocks} consecutive HDFS block IDs. */
  static Map<String, Integer> byBlockId(ChainLayout layout, int blocks) {
    Map<String, Integer> counts = new HashMap<>();
    for (long id = FIRST_HDFS_BLOCK_ID; id < FIRST_HDFS_BLOCK_ID + blocks; id++) {
      add(counts, layout.targets(id));
    }
    return counts;
  }

  /** Replicas per node for {@code blocks} draws from a seeded random (the no-block-ID path). */
  static Map<String, Integer> byRandom(ChainLayout layout, int blocks, long seed) {
    Map<String, Integer> counts = new HashMap<>();
    Random random = new Random(seed);
    for (int i = 0; i < blocks; i++) {
      add(counts, layout.targets(random));
    }
    return counts;
  }

  /** Asserts every node's count is within 4σ + 1 of the table. */
  static void assertMatches(LayoutTable table, Map<String, Integer> counts) {
    long b = table.blockCount();
    for (LayoutTable.NodeLoad load : table.loads()) {
      double pi = load.expectedBlocks() / b;
      double tolerance = 4 * Math.sqrt(b * pi * (1 - pi)) + 1;
      int count = counts.getOrDefault(load.node(), 0);
      assertTrue(Math.abs(count - load.expectedBlocks()) <= tolerance, load.node() + ": count "
          + count + ", expected " + load.expectedBlocks() + " ± " + tolerance);
    }
  }

  private static void add(Map<String, Integer> counts, List<String> targets) {
    for (String node : targets) {
      counts.merge(node, 1, Integer::sum);
    }
  }
}
