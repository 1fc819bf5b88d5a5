package org.blinkhdfs.rabbit.layout;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * An expansion chain (Rabbit §3.1.1): the DataNodes of a layout in the order they are powered
 * up. Rank 1 is the first node; the first p ranks are an equal-work layout's primaries, the first
 * group's ranks are PARAID's group 1. Every gear of the layouts in this package is a prefix of the
 * chain, so "which nodes are on" is always "the first n".
 *
 * <p>By default the chain is the schedule's order of non-staging nodes ({@link #fromSchedule}),
 * the same order as the power-balanced ring and the stagger. Node ids are opaque strings (the
 * DataNode transfer address in HDFS).
 *
 * <p>Immutable and thread-safe.
 */
public final class Chain {
  /** A limit on chain length (as the dataset package's ExpansionChain): far beyond any cluster. */
  public static final int MAX_NODES = 100_000;

  private final List<String> nodes;
  private final Map<String, Integer> rankByNode;

  private Chain(List<String> nodes) {
    Objects.requireNonNull(nodes, "nodes must not be null");
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("a chain needs at least one node, got none: give the "
          + "DataNodes in power-up order (the schedule's non-staging nodes)");
    }
    if (nodes.size() > MAX_NODES) {
      throw new IllegalArgumentException("a chain holds at most " + MAX_NODES + " nodes, got "
          + nodes.size() + ": split the cluster into several layouts");
    }
    Map<String, Integer> ranks = new HashMap<>();
    for (int i = 0; i < nodes.size(); i++) {
      String node = nodes.get(i);
      if (node == null || node.isBlank()) {
        throw new IllegalArgumentException("chain rank " + (i + 1) + " has no node id (got "
            + (node == null ? "null" : "\"" + node + "\"") + "): give every node's address");
      }
      Integer previous = ranks.put(node, i + 1);
      if (previous != null) {
        throw new IllegalArgumentException("node " + node + " appears twice in the chain, at ranks "
            + previous + " and " + (i + 1) + ": a chain lists each DataNode once");
      }
    }
    this.nodes = List.copyOf(nodes);
    this.rankByNode = Map.copyOf(ranks);
  }

  /** A chain of the given node ids, first powered up first. */
  public static Chain of(List<String> nodes) {
    return new Chain(nodes);
  }

  /** A chain of the given node ids, first powered up first. */
  public static Chain of(String... nodes) {
    return new Chain(new ArrayList<>(List.of(nodes)));
  }

  /** The schedule's non-staging nodes in ring (and stagger) order. */
  public static Chain fromSchedule(Schedule schedule) {
    Objects.requireNonNull(schedule, "schedule must not be null");
    return new Chain(schedule.ring());
  }

  /** Chain of {@code n1 .. nN}: handy for examples and tests. */
  public static Chain numbered(int size) {
    if (size < 1 || size > MAX_NODES) {
      throw new IllegalArgumentException("size must be within 1.." + MAX_NODES + ", got " + size);
    }
    List<String> nodes = new ArrayList<>(size);
    for (int rank = 1; rank <= size; rank++) {
      nodes.add("n" + rank);
    }
    return new Chain(nodes);
  }

  /** Number of nodes N. */
  public int size() {
    return nodes.size();
  }

  /** All node ids, rank 1 first; immutable. */
  public List<String> nodes() {
    return nodes;
  }

  /**
   * The node at 1-based {@code rank}.
   *
   * @throws IllegalArgumentException when rank is outside 1..N
   */
  public String node(int rank) {
    if (rank < 1 || rank > nodes.size()) {
      throw new IllegalArgumentException("rank must be within 1.." + nodes.size() + ", got "
          + rank + ": the chain has " + nodes.size() + " nodes");
    }
    return nodes.get(rank - 1);
  }

  /** True when {@code node} is on the chain. */
  public boolean contains(String node) {
    return rankByNode.containsKey(node);
  }

  /**
   * The 1-based rank of {@code node}.
   *
   * @throws IllegalArgumentException when the node is not on the chain
   */
  public int rank(String node) {
    Integer rank = rankByNode.get(node);
    if (rank == null) {
      throw new IllegalArgumentException("node " + node + " is not on the chain " + nodes);
    }
    return rank;
  }

  /** Rank of {@code node}, or 0 when it is not on the chain (stand-ins, staging nodes). */
  int rankOrZero(String node) {
    return rankByNode.getOrDefault(node, 0);
  }

  /**
   * The first {@code count} nodes: the active set when {@code count} nodes are on.
   *
   * @throws IllegalArgumentException when count is outside 0..N
   */
  public List<String> prefix(int count) {
    if (count < 0 || count > nodes.size()) {
      throw new IllegalArgumentException("count must be within 0.." + nodes.size() + ", got "
          + count);
    }
    return nodes.subList(0, count);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Chain other && nodes.equals(other.nodes);
  }

  @Override
  public int hashCode() {
    return nodes.hashCode();
  }

  @Override
  public String toString() {
    return "Chain" + nodes;
  }
}
