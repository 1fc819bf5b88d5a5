package org.blinkhdfs.rabbit.dataset;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * Chooses the expansion chain of a new dataset given the chains already stored (Rabbit §3.4,
 * equations (4) and (5)).
 *
 * <h2>Why</h2>
 * Datasets overlaid on one cluster should put their "hot" head (primaries and early secondaries,
 * which store the most blocks and are on most of the time) on different nodes, so that live
 * datasets compete as little as possible for the same nodes.
 *
 * <h2>Algorithm</h2>
 * Every node i gets the score {@code s_i = Σ_{d ∈ D_i} s_i(d)} over the existing datasets d that
 * store blocks on i, where {@code s_i(d) = 1} if node i is one of d's p primaries and
 * {@code 1/l_i(d)} at position l_i(d) &gt; p. The new chain lists nodes by increasing score; equal
 * scores keep the order of the given node list. The first {@code spread} nodes form the chain.
 * Scores are summed exactly (rationals), so ties are exact, and the result is a deterministic
 * function of (node list, existing chains, p, spread).
 *
 * <p>Interpretation: the paper says the score "is updated once the blocks of the new dataset are
 * stored", so the new dataset's own contributions do not feed back while its chain is chosen;
 * the greedy choice is then a stable sort by score. Nodes of existing chains that are not in the
 * node list (decommissioned) are ignored.
 *
 * <h2>Worked example</h2>
 * Nodes n1..n8, p = 2, three datasets of spread 8 (the small analogue of Fig. 3(a)):
 * <ol>
 *   <li>Dataset 1: all scores 0, so node order: [n1 n2 n3 n4 n5 n6 n7 n8].
 *   <li>Dataset 2: scores n1 = n2 = 1, n3 = 1/3, ..., n8 = 1/8; ascending with n1 before n2:
 *       [n8 n7 n6 n5 n4 n3 n1 n2].
 *   <li>Dataset 3: scores n1 = 1 + 1/7 = 8/7, n2 = 1 + 1/8 = 9/8, n3 = 1/3 + 1/6 = 1/2,
 *       n4 = 1/4 + 1/5 = 9/20, n5 = 9/20, n6 = 1/2, n7 = 8/7, n8 = 9/8; ascending:
 *       [n4 n5 n3 n6 n2 n8 n1 n7]: the third dataset grows from the middle outwards.
 * </ol>
 *
 * <p>Stateless and thread-safe.
 */
public final class ChainPlanner {
  private ChainPlanner() {}

  /** The chain of a new dataset over all {@code nodes} (spread = cluster size, as in Fig. 3). */
  public static ExpansionChain next(List<String> nodes, Collection<ExpansionChain> existing,
      int primaryCount) {
    return next(nodes, existing, primaryCount, nodes.size());
  }

  /**
   * The chain of a new dataset.
   *
   * @param nodes the cluster's nodes, distinct; their order breaks score ties
   * @param existing chains of datasets already stored, in any order
   * @param primaryCount p of the new dataset, 1 ≤ p ≤ spread
   * @param spread length of the new chain, p ≤ spread ≤ nodes.size()
   */
  public static ExpansionChain next(List<String> nodes, Collection<ExpansionChain> existing,
      int primaryCount, int spread) {
    Objects.requireNonNull(nodes, "nodes must not be null");
    Objects.requireNonNull(existing, "existing chains must not be null");
    if (new HashSet<>(nodes).size() != nodes.size()) {
      throw new IllegalArgumentException("node list has duplicates: " + nodes);
    }
    if (spread < 1 || spread > nodes.size()) {
      throw new IllegalArgumentException("spread must be in 1.." + nodes.size()
          + " (the number of nodes), got " + spread);
    }
    List<Scored> scored = new ArrayList<>(nodes.size());
    for (int i = 0; i < nodes.size(); i++) {
      scored.add(new Scored(nodes.get(i), i, scoreOf(nodes.get(i), existing)));
    }
    scored.sort(Comparator.comparing(Scored::score).thenComparingInt(Scored::order));
    List<String> chain = new ArrayList<>(spread);
    for (int i = 0; i < spread; i++) {
      chain.add(scored.get(i).node());
    }
    return new ExpansionChain(chain, primaryCount);
  }

  /** s_i, equation (4): the sum of the contributions of every existing dataset. */
  static ChainScore scoreOf(String node, Collection<ExpansionChain> existing) {
    ChainScore sum = ChainScore.ZERO;
    for (ExpansionChain chain : existing) {
      sum = sum.plus(chain.scoreOf(node));
    }
    return sum;
  }

  private record Scored(String node, int order, ChainScore score) {}
}
