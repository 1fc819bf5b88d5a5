package org.blinkhdfs.rabbit.dataset;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The datasets stored on the cluster, each with its expansion chain.
 *
 * <p>{@link #plan} gives the datasets their chains one after another, in configuration order, each
 * by {@link ChainPlanner} against the chains of those before it, exactly as if they had been
 * written into the cluster in that order (Rabbit §3.4). The chains are therefore a pure function
 * of (configured datasets in order, node list, p): the NameNode, a simulator or a test recompute
 * the same chains without stored state. Reordering the configuration reorders the chains (and so
 * the target layout); append new datasets at the end.
 *
 * <p>Example: datasets a, b, c over nodes n1..n8 with p = 2 get [n1..n8], [n8 n7 n6 n5 n4 n3 n1
 * n2] and [n4 n5 n3 n6 n2 n8 n1 n7] (worked in {@link ChainPlanner}).
 *
 * <p>Immutable and thread-safe.
 */
public final class DatasetCatalog {
  private final Map<String, Dataset> byName;

  /** A catalog of datasets with given chains; names must be unique. */
  public DatasetCatalog(List<Dataset> datasets) {
    Map<String, Dataset> map = new LinkedHashMap<>();
    for (Dataset d : Objects.requireNonNull(datasets, "datasets must not be null")) {
      if (map.put(d.name(), d) != null) {
        throw new IllegalArgumentException("dataset '" + d.name() + "' is listed twice");
      }
    }
    this.byName = map;
  }

  /**
   * Plans chains over all {@code nodes} for {@code roots}, in order, each with p primaries.
   *
   * @param roots configured datasets, in the order they were added to the cluster
   * @param nodes the cluster's nodes; their order breaks score ties
   * @param primaryCount p for every dataset, 1 ≤ p ≤ nodes.size()
   */
  public static DatasetCatalog plan(List<DatasetRoot> roots, List<String> nodes,
      int primaryCount) {
    List<Dataset> datasets = new ArrayList<>(roots.size());
    List<ExpansionChain> chains = new ArrayList<>(roots.size());
    for (DatasetRoot root : roots) {
      ExpansionChain chain = ChainPlanner.next(nodes, chains, primaryCount);
      chains.add(chain);
      datasets.add(new Dataset(root.name(), root.root(), chain));
    }
    return new DatasetCatalog(datasets);
  }

  /**
   * Plans chains for {@code roots}, in order, over the nodes of {@code base}, counting {@code
   * base} as a dataset already stored: the chain of the files in no dataset (the schedule's
   * ring order). The datasets then start away from its head, exactly as if they had been written
   * after it. Every chain spans all nodes with the base's p.
   *
   * <p>Example: base [n1..n8], p = 2, datasets a, b: a gets [n8 n7 n6 n5 n4 n3 n1 n2] and b
   * [n4 n5 n3 n6 n2 n8 n1 n7] (the second and third chains of the class example).
   */
  public static DatasetCatalog planAfter(List<DatasetRoot> roots, ExpansionChain base) {
    List<Dataset> datasets = new ArrayList<>(roots.size());
    List<ExpansionChain> chains = new ArrayList<>(roots.size() + 1);
    chains.add(base);
    for (DatasetRoot root : roots) {
      ExpansionChain chain = ChainPlanner.next(base.nodes(), chains, base.primaryCount());
      chains.add(chain);
      datasets.add(new Dataset(root.name(), root.root(), chain));
    }
    return new DatasetCatalog(datasets);
  }

  /** The datasets, in configuration order. */
  public List<Dataset> datasets() {
    return List.copyOf(byName.values());
  }

  /** The dataset called {@code name}. */
  public Optional<Dataset> get(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** Every dataset's chain by name, in configuration order (the allocator's input). */
  public Map<String, ExpansionChain> chains() {
    Map<String, ExpansionChain> chains = new LinkedHashMap<>();
    byName.forEach((name, d) -> chains.put(name, d.chain()));
    return chains;
  }

  /** The configured roots, in order (the resolver's input). */
  public List<DatasetRoot> roots() {
    return byName.values().stream().map(d -> new DatasetRoot(d.name(), d.root())).toList();
  }
}
