package org.blinkhdfs.rabbit.dataset;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * Allocates n active nodes to the live datasets (Rabbit §3.4, Fig. 3(b) and 3(c)).
 *
 * <h2>Goals</h2>
 * Hard: every active node serves exactly one live dataset, and only nodes on that dataset's chain
 * (a node storing none of d's blocks cannot serve d). Soft: each dataset gets its quota
 * ({@link QuotaSplitter}: fair share, or in proportion to priority), and gets nodes as high up its
 * chain as possible, because nodes high up store more of its blocks (§3.1.3) and so keep its
 * reads power-proportional.
 *
 * <h2>Algorithm</h2>
 * Every live dataset d claims its chain nodes in order. All claims (d, l, node) are processed by
 * decreasing contribution s_node(d) (eq. 5: 1 for a primary, 1/l after), then increasing position
 * l, then (priority policy only) decreasing weight, then dataset name. A claim succeeds when the
 * node is still free and d is below its quota. This is the paper's arbitration rule made into a
 * procedure: a node wanted by several live datasets goes to "the live dataset that contributes
 * the most to the score of the node", s_i(d0) = max s_i(d), unless that dataset already has its
 * share, in which case the next one gets it. Datasets walk down their chains in lock-step, so a
 * dataset that loses a node settles for a lower one (the "nodes which are lower in their
 * respective expansion-chains" of Fig. 3(c)).
 *
 * <p>When a dataset's chain runs out before its quota (short chains, or too many nodes taken by
 * others) the rest of its quota stays off: the allocator never hands a dataset a node that holds
 * none of its blocks, and does not give the quota to another dataset (that would break the
 * share). With chains spanning all N nodes and n ≤ N, exactly n nodes are allocated.
 *
 * <h2>Worked example (Fig. 3, small)</h2>
 * Chains (p = 2) 1: [n1 n2 n3 n4 n5 n6 n7 n8], 2: [n8 n7 n6 n5 n4 n3 n1 n2], 3: [n4 n5 n3 n6 n2
 * n8 n1 n7] ({@link ChainPlanner}). Datasets 1 and 3 live, n = 8, fair share 4 each:
 * contribution 1: 1→n1, 3→n4, 1→n2, 3→n5; 1/3: 1→n3 and 3→n3 tie, name order gives it to 1;
 * 1/4: 1 wants n4 (taken), 3→n6; 1/5: n5 and n2 taken; 1/6: n6 taken, 3→n8 (3 is full);
 * 1/7: 1→n7 (1 is full). A(1) = [n1 n2 n3 n7], A(3) = [n4 n5 n6 n8].
 *
 * <p>Cost: O(C log C) for C = the total length of the live chains. Stateless and thread-safe.
 */
public final class NodeAllocator {
  private NodeAllocator() {}

  /**
   * @param chains the chain of every stored dataset (at least the live ones)
   * @param live the live datasets D_L
   * @param activeNodes n, the number of nodes the power budget keeps on, ≥ 0
   * @param policy fair share or priority
   */
  public static Allocation allocate(Map<String, ExpansionChain> chains, LiveDatasets live,
      int activeNodes, SharePolicy policy) {
    return allocate(chains, live, activeNodes, policy, 1);
  }

  /**
   * As {@link #allocate(Map, LiveDatasets, int, SharePolicy)}, with every live dataset's quota
   * raised to {@code minimum} nodes when there are that many per live dataset (p: with fewer
   * than its p primaries on, part of an equal-work dataset has no replica on).
   */
  public static Allocation allocate(Map<String, ExpansionChain> chains, LiveDatasets live,
      int activeNodes, SharePolicy policy, int minimum) {
    Objects.requireNonNull(chains, "chains must not be null");
    Objects.requireNonNull(policy, "policy must not be null");
    if (activeNodes < 0) {
      throw new IllegalArgumentException("number of active nodes must be >= 0, got "
          + activeNodes);
    }
    Map<String, Integer> weights = new TreeMap<>();
    for (String d : live.names()) {
      if (!chains.containsKey(d)) {
        throw new IllegalArgumentException("live dataset '" + d + "' has no expansion chain;"
            + " known datasets: " + chains.keySet());
      }
      weights.put(d, policy == SharePolicy.PRIORITY ? live.weight(d) : 1);
    }
    Map<String, Integer> quota = QuotaSplitter.split(weights, activeNodes, minimum);
    Map<String, List<String>> allocated = new TreeMap<>();
    weights.keySet().forEach(d -> allocated.put(d, new ArrayList<>()));
    Set<String> taken = new HashSet<>();
    for (Claim c : claims(chains, weights)) {
      List<String> mine = allocated.get(c.dataset());
      if (mine.size() < quota.get(c.dataset()) && taken.add(c.node())) {
        mine.add(c.node());
      }
    }
    return new Allocation(allocated);
  }

  private static List<Claim> claims(Map<String, ExpansionChain> chains,
      Map<String, Integer> weights) {
    List<Claim> claims = new ArrayList<>();
    weights.forEach((d, w) -> {
      ExpansionChain chain = chains.get(d);
      for (int l = 1; l <= chain.size(); l++) {
        claims.add(new Claim(d, l, chain.nodeAt(l), chain.contributionDenominator(l), w));
      }
    });
    claims.sort(Comparator.comparingInt(Claim::contributionDenominator)
        .thenComparingInt(Claim::position)
        .thenComparing(Comparator.comparingInt(Claim::weight).reversed())
        .thenComparing(Claim::dataset));
    return claims;
  }

  /** Dataset d wants the node at its chain position l, which it values at 1/denominator. */
  private record Claim(String dataset, int position, String node, int contributionDenominator,
      int weight) {}
}
