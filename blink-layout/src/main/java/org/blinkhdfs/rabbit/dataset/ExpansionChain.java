package org.blinkhdfs.rabbit.dataset;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The expansion chain of one dataset (Rabbit §3.1.1): the ordered list of nodes that store its
 * blocks, in the order they are turned on to scale up and off to scale down. The first {@code p}
 * are the primaries; the chain's length is the dataset's spread.
 *
 * <h2>What a position means</h2>
 * Positions are 1-based, as in the paper. Under the equal-work layout (§3.1.3) the node at
 * position l stores a fraction {@code 1/p} of the dataset's B blocks when l ≤ p (one replica
 * spread evenly over the primaries) and {@code 1/l} otherwise. Its contribution to the node score
 * of §3.4, equation (5), is {@code s_i(d) = 1} when l ≤ p and {@code 1/l} otherwise. A node not
 * on the chain stores nothing of the dataset and contributes 0.
 *
 * <p>Example: chain [n1, n2, n3, n4], p = 2. n3 has position 3, stores B/3 blocks and contributes
 * 1/3; n1 stores B/2 and contributes 1. With n = 3 nodes on, A(d) = [n1, n2, n3].
 *
 * <p>Immutable and thread-safe.
 */
public final class ExpansionChain {
  /** A limit on chain length (a cluster of this many DataNodes is far beyond any deployment). */
  public static final int MAX_NODES = 100_000;

  private final List<String> nodes;
  private final int primaryCount;
  private final Map<String, Integer> positions;

  /**
   * @param nodes distinct, non-blank node ids (DataNode transfer addresses), in chain order
   * @param primaryCount p, 1 ≤ p ≤ nodes.size()
   */
  public ExpansionChain(List<String> nodes, int primaryCount) {
    this.nodes = List.copyOf(Objects.requireNonNull(nodes, "nodes must not be null"));
    if (this.nodes.isEmpty() || this.nodes.size() > MAX_NODES) {
      throw new IllegalArgumentException("an expansion chain needs 1.." + MAX_NODES
          + " nodes, got " + this.nodes.size());
    }
    if (primaryCount < 1 || primaryCount > this.nodes.size()) {
      throw new IllegalArgumentException("primaryCount must be in 1.." + this.nodes.size()
          + " (the chain's length), got " + primaryCount);
    }
    this.primaryCount = primaryCount;
    Map<String, Integer> index = new HashMap<>();
    for (String node : this.nodes) {
      if (node.isBlank()) {
        throw new IllegalArgumentException("blank node id in expansion chain " + this.nodes);
      }
      if (index.put(node, index.size() + 1) != null) {
        throw new IllegalArgumentException("node " + node + " appears twice in expansion chain "
            + this.nodes);
      }
    }
    this.positions = Map.copyOf(index);
  }

  /** The nodes in chain order. */
  public List<String> nodes() {
    return nodes;
  }

  /** p, the number of primaries (the first p nodes). */
  public int primaryCount() {
    return primaryCount;
  }

  /** The spread: the number of nodes storing the dataset. */
  public int size() {
    return nodes.size();
  }

  /** The 1-based position l(d) of {@code node}, empty when the node is not on the chain. */
  public OptionalInt position(String node) {
    Integer l = positions.get(node);
    return l == null ? OptionalInt.empty() : OptionalInt.of(l);
  }

  /** The node at 1-based position {@code l}. */
  public String nodeAt(int l) {
    return nodes.get(l - 1);
  }

  /**
   * A(d) for a dataset that has the cluster to itself: the first {@code min(n, size)} nodes.
   * The paper never runs a dataset below p nodes; this method does not enforce that, because the
   * power budget, not the layout, decides n.
   */
  public List<String> firstNodes(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("number of active nodes must be >= 0, got " + n);
    }
    return nodes.subList(0, Math.min(n, nodes.size()));
  }

  /** The score contribution s_i(d) of §3.4, eq. (5): 1 for a primary, 1/l after, 0 off-chain. */
  public double contribution(String node) {
    return scoreOf(node).toDouble();
  }

  /** The fraction of the dataset's B blocks stored on {@code node}: 1/p, 1/l, or 0 off-chain. */
  public double storedFraction(String node) {
    Integer l = positions.get(node);
    if (l == null) {
      return 0;
    }
    return 1.0 / denominatorAt(l);
  }

  /** s_i(d) exactly. */
  ChainScore scoreOf(String node) {
    Integer l = positions.get(node);
    return l == null ? ChainScore.ZERO : ChainScore.unit(l <= primaryCount ? 1 : l);
  }

  /** k such that s_i(d) = 1/k at position l (1 for primaries, l after); smaller k wins. */
  int contributionDenominator(int l) {
    return l <= primaryCount ? 1 : l;
  }

  private int denominatorAt(int l) {
    return l <= primaryCount ? primaryCount : l;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ExpansionChain c && primaryCount == c.primaryCount && nodes.equals(c.nodes);
  }

  @Override
  public int hashCode() {
    return nodes.hashCode() * 31 + primaryCount;
  }

  @Override
  public String toString() {
    return "ExpansionChain(p=" + primaryCount + ", " + nodes + ")";
  }
}
