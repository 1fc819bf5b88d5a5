package org.blinkhdfs.bench.availability;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The nodes holding one block's replicas (by schedule node name, {@code host:port}), with a
 * weight: how often the block is read relative to the others, or how many blocks share this
 * node set. Input to {@link ExpectedReadWait}, which does not care how the set was chosen: the
 * demo feeds ring sets of the power-balanced layout (blink-hdfs-placement's {@code RingLayout}),
 * sets read back from the NameNode, or anything else.
 *
 * <p>Worked example: {@code ReplicaSet.onRing(ring, List.of(0, 3, 6))} on the ring
 * {@code [a:1, b:1, …, i:1]} is {@code [a:1, d:1, g:1]} with weight 1.
 *
 * <p>Immutable. A node listed twice counts once (the block is readable while any holder wakes).
 *
 * @param nodes schedule node names, at least one
 * @param weight relative read frequency, finite and {@code > 0}
 */
public record ReplicaSet(List<String> nodes, double weight) {

  public ReplicaSet {
    Objects.requireNonNull(nodes, "nodes");
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("a ReplicaSet needs at least one node: a block with no"
          + " replica cannot be read at all; leave it out and count it as lost");
    }
    for (int i = 0; i < nodes.size(); i++) {
      if (nodes.get(i) == null) {
        throw new IllegalArgumentException("nodes[" + i + "] is null: give node names");
      }
    }
    if (!(weight > 0) || Double.isInfinite(weight)) {
      throw new IllegalArgumentException("weight must be finite and > 0, got " + weight
          + ": give the block's relative read frequency (1 for uniform)");
    }
    nodes = List.copyOf(nodes);
  }

  /** Weight 1: every block equally likely to be read. */
  public static ReplicaSet of(List<String> nodes) {
    return new ReplicaSet(nodes, 1);
  }

  /** Weight 1, nodes given by position on {@code ring} (e.g. {@code Schedule#ring()}). */
  public static ReplicaSet onRing(List<String> ring, List<Integer> positions) {
    List<String> names = new ArrayList<>(positions.size());
    for (Integer p : positions) {
      if (p == null || p < 0 || p >= ring.size()) {
        throw new IllegalArgumentException("ring position " + p + " is outside 0.."
            + (ring.size() - 1) + ": give positions on the ring of " + ring.size() + " nodes");
      }
      names.add(ring.get(p));
    }
    return of(names);
  }
}
