package org.blinkhdfs.rabbit.dataset;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The result of allocating active nodes to live datasets: A(d) for every live dataset d, each in
 * the order of d's expansion chain. The sets are disjoint (Rabbit §3.4: "a given node is assigned
 * to exactly one dataset"); their union is the set of nodes to keep on.
 *
 * <p>Immutable and thread-safe.
 */
public final class Allocation {
  private final Map<String, List<String>> byDataset;

  Allocation(Map<String, List<String>> byDataset) {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    byDataset.forEach((d, nodes) -> copy.put(d, List.copyOf(nodes)));
    this.byDataset = copy;
  }

  /** A(d) per live dataset, datasets sorted by name, nodes in chain order. */
  public Map<String, List<String>> byDataset() {
    return Collections.unmodifiableMap(byDataset);
  }

  /** A(d), empty when d is not live. */
  public List<String> nodesOf(String dataset) {
    return byDataset.getOrDefault(dataset, List.of());
  }

  /** The union of all A(d): the nodes to keep on. */
  public Set<String> activeNodes() {
    Set<String> all = new LinkedHashSet<>();
    byDataset.values().forEach(all::addAll);
    return all;
  }

  /** The live dataset node {@code node} serves, if it is active. */
  public Optional<String> datasetOf(String node) {
    return byDataset.entrySet().stream().filter(e -> e.getValue().contains(node))
        .map(Map.Entry::getKey).findFirst();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Allocation a && byDataset.equals(a.byDataset);
  }

  @Override
  public int hashCode() {
    return byDataset.hashCode();
  }

  @Override
  public String toString() {
    return "Allocation" + byDataset;
  }
}
