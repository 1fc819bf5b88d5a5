package org.blinkhdfs.bench.math;

import java.util.Collection;
import java.util.Map;

/**
 * The degree of power-proportionality of one full read on a cluster (Rabbit §3.4): the read of B
 * blocks was meant to be split over the n nodes allocated to the dataset, A(d), B/n each; the
 * busiest node served L blocks, so the read took L/(B/n) times the ideal, and the degree is
 * (B/n)/L. If any block had to be served by a node outside A(d) (no replica of it is allocated),
 * A(d) could not serve the dataset by itself and the degree is 0, as in Rabbit's model (and
 * {@code PowerProportionality}) when the allocated nodes do not store the whole dataset.
 *
 * <p>Worked example (tested): B = 10, A = {a, b, c, d}, served {a: 3, b: 3, c: 2, d: 2}: B/n =
 * 2.5, L = 3, degree 5/6; had x outside A served one of them, 0.
 *
 * <p>Pure.
 */
public final class MeasuredDegree {
  private MeasuredDegree() {}

  /** (B/n)/max served over A(d); 0 when a node outside A(d) served a block, or none did. */
  public static double of(long blocks, Collection<String> allocated,
      Map<String, Long> servedByNode) {
    if (blocks < 1 || allocated.isEmpty()) {
      throw new IllegalArgumentException("blocks and allocated nodes must be >= 1, got " + blocks
          + " and " + allocated.size());
    }
    long busiest = 0;
    for (Map.Entry<String, Long> e : servedByNode.entrySet()) {
      if (e.getValue() > 0 && !allocated.contains(e.getKey())) {
        return 0;
      }
      busiest = Math.max(busiest, e.getValue());
    }
    return busiest == 0 ? 0 : Math.min(1.0, ((double) blocks / allocated.size()) / busiest);
  }
}
