package org.blinkhdfs.rabbit.dataset;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A(d) for every live dataset of a {@link DatasetDirectory}: the one computation the NameNode's
 * read order, its dataset metrics and the scheduler's activation share, so they name the same
 * nodes (Rabbit §3.4).
 *
 * <p>Only datasets that hold files now and have a chain take part ({@link #liveWeights}), each
 * weighted by the directory (fair share ignores the weights). {@link #allocate} shares the nodes
 * that are on among them with {@link NodeAllocator}, each live dataset kept at p nodes or more
 * when there are enough (its primaries, so all its blocks stay readable): n is the number of
 * nodes on, and each
 * dataset's nodes are then kept to those that really are on (a node the allocator names that is
 * asleep serves nobody).
 *
 * <p>Example: chains a [n8 n7 ...], b [n4 n5 ...] on ring n1..n8, both live, all 8 nodes on,
 * fair share: A(a) and A(b) get 4 nodes each, from the tops of their chains.
 *
 * <p>Pure and stateless.
 */
public final class DatasetShares {
  private DatasetShares() {}

  /** The live datasets that hold files and have a chain, with their weights, sorted by name. */
  public static Map<String, Integer> liveWeights(Set<String> live, DatasetDirectory directory,
      Map<String, ExpansionChain> chains) {
    Map<String, Integer> weights = new TreeMap<>();
    for (String d : live) {
      if (chains.containsKey(d) && directory.holding().contains(d)) {
        weights.put(d, directory.weight(d));
      }
    }
    return weights;
  }

  /**
   * A(d) of every live dataset when the nodes in {@code on} are on.
   *
   * @param on the ring nodes on now (ACTIVE, or awake and usable)
   */
  public static Allocation allocate(Set<String> live, DatasetDirectory directory,
      Map<String, ExpansionChain> chains, Collection<String> on, SharePolicy policy) {
    Map<String, Integer> weights = liveWeights(live, directory, chains);
    int p = chains.values().stream().findFirst().map(ExpansionChain::primaryCount).orElse(1);
    Allocation all = NodeAllocator.allocate(chains, LiveDatasets.withWeights(weights), on.size(),
        policy, p);
    Set<String> onSet = Set.copyOf(on);
    Map<String, List<String>> kept = new TreeMap<>();
    all.byDataset().forEach((d, nodes) -> kept.put(d,
        nodes.stream().filter(onSet::contains).toList()));
    return new Allocation(kept);
  }
}
