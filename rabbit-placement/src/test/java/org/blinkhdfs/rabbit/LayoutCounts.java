package org.blinkhdfs.rabbit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.blinkhdfs.rabbit.layout.LayoutTable;

/**
 * Compares replicas per DataNode, counted from a real NameNode, with a layout's analytic table.
 *
 * <p>Tolerance: with every node awake the policy draws each block's layout independently from
 * the layout's distribution, so a node whose table share is π = expected/B holds
 * Binomial(B, π) replicas; we allow 4σ + 1 with σ = sqrt(B·π·(1 − π)) (a false alarm about once
 * in 16 000 nodes). The draws come from a seeded random, so a passing run repeats. For B = 600 and
 * π = 1/2 that is ±50 around 300.
 */
final class LayoutCounts {
  private LayoutCounts() {}

  /** The counts in chain order, rank 1 first, for a report line. */
  static List<Integer> inChainOrder(Map<String, Integer> counts, List<String> chain) {
    return chain.stream().map(n -> counts.getOrDefault(n, 0)).toList();
  }

  /** Asserts every chain node's count is within 4σ + 1 of {@code table}. */
  static void assertMatches(LayoutTable table, Map<String, Integer> counts, List<String> chain) {
    long b = table.blockCount();
    for (LayoutTable.NodeLoad load : table.loads()) {
      double pi = Math.min(1, load.expectedBlocks() / b);
      double tolerance = 4 * Math.sqrt(b * pi * (1 - pi)) + 1;
      int count = counts.getOrDefault(load.node(), 0);
      assertTrue(Math.abs(count - load.expectedBlocks()) <= tolerance, "rank " + load.rank()
          + " (" + load.node() + "): " + count + " replicas, table " + load.expectedBlocks()
          + " ± " + tolerance + "; all counts " + counts + ", chain " + chain);
    }
  }
}
