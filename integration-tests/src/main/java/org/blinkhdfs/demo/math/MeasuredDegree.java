package org.blinkhdfs.demo.math;

import java.util.Map;

/**
 * The degree of power-proportionality of one full read on a cluster (Rabbit §3.4): the read of B
 * blocks was meant to be split over the n nodes allocated to the dataset, B/n each; the busiest
 * node served L blocks, so the read took L/(B/n) times the ideal, and the degree is (B/n)/L. Nodes
 * outside the allocation that served blocks (a block with no replica allocated) count like any
 * other: their load is part of the read.
 *
 * <p>Worked example (tested): B = 10, n = 4, served {a: 3, b: 3, c: 2, d: 2}: B/n = 2.5, L = 3,
 * degree 5/6.
 *
 * <p>Pure.
 */
public final class MeasuredDegree {
  private MeasuredDegree() {}

  /** (B/n)/max served; 0 when nothing was served. */
  public static double of(long blocks, int allocatedNodes, Map<String, Long> servedByNode) {
    if (blocks < 1 || allocatedNodes < 1) {
      throw new IllegalArgumentException("blocks and allocated nodes must be >= 1, got " + blocks
          + " and " + allocatedNodes);
    }
    long busiest = servedByNode.values().stream().mapToLong(Long::longValue).max().orElse(0);
    return busiest == 0 ? 0 : Math.min(1.0, ((double) blocks / allocatedNodes) / busiest);
  }
}
