package org.blinkhdfs.rabbit.dataset;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The degree of power-proportionality of a dataset's active set (Rabbit §3.4).
 *
 * <h2>Definition</h2>
 * A dataset of B blocks is read in full with n = |A(d)| nodes on. Ideally each serves B/n. A node
 * at chain position l stores only b_l blocks (B/p for a primary, B/l after), so a node with
 * b_l &lt; B/n serves at most b_l, and the rest of its share, the extra work, falls on the nodes
 * storing more. If each of those serves b_e extra blocks, the degree is
 * {@code (B/n) / (B/n + b_e)}: 1 is ideal, lower means the busiest node does more than its share
 * and the read takes longer for the same power.
 *
 * <h2>Computation: water-filling</h2>
 * The paper spreads the extra work evenly, which is right while every richer node stores enough
 * to take it. In general the least possible load of the busiest node is the level L with
 * {@code Σ_{i ∈ A(d)} min(b_i, L) = B} (fill the nodes up to L, each capped by what it stores),
 * and the degree is {@code (B/n) / L}. When every richer node stores at least L this is exactly
 * the paper's formula with {@code L = B/n + b_e}; otherwise the paper's b_e is not feasible and
 * L is the honest value. B cancels, so everything is computed in fractions of B. This is a fluid
 * model of the equal-work layout of §3.1.3 (the paper's simulator counts blocks per node the same
 * way); it does not check that particular blocks have a replica in A(d). If even Σ b_i &lt; B,
 * the active set cannot serve the dataset at all and the degree is 0.
 *
 * <h2>Worked example</h2>
 * p = 2, A(d) at positions {1, 2, 3, 7}, n = 4, B/n = 1/4 of B. Stored: 1/2, 1/2, 1/3, 1/7. The
 * node at 7 is short by 1/4 − 1/7 = 3/28; the three richer nodes share it, b_e = 1/28, so
 * L = 2/7 (all three store ≥ 2/7) and the degree is (1/4)/(2/7) = 7/8.
 *
 * <p>Stateless and thread-safe.
 */
public final class PowerProportionality {
  private PowerProportionality() {}

  /** The degree for {@code chain}'s dataset with {@code activeNodes} on; 0 for none. */
  public static double degree(ExpansionChain chain, Collection<String> activeNodes) {
    List<Double> stored = new ArrayList<>(activeNodes.size());
    for (String node : activeNodes) {
      stored.add(chain.storedFraction(node));
    }
    return degreeOfStored(stored);
  }

  /**
   * The degree of an active set whose nodes store the given fractions of the dataset (one entry
   * per active node, each in [0, 1]): the same water-filling on measured counts, e.g. a real
   * layout's blocks per node divided by B, rather than the chain's ideal B/p and B/l. 0 for an
   * empty set or one storing less than the whole dataset.
   */
  public static double degreeOfStored(Collection<Double> storedFractions) {
    List<Double> stored = new ArrayList<>(storedFractions.size());
    for (Double f : storedFractions) {
      if (f == null || !(f >= 0 && f <= 1)) {
        throw new IllegalArgumentException("stored fraction must be in [0, 1], got " + f);
      }
      stored.add(f);
    }
    if (stored.isEmpty()) {
      return 0;
    }
    double level = waterLevel(stored);
    return level <= 0 ? 0 : Math.min(1.0, (1.0 / stored.size()) / level);
  }

  /** The degree of every live dataset of {@code allocation}. */
  public static ProportionalityReport of(Allocation allocation,
      Map<String, ExpansionChain> chains) {
    Map<String, Double> degrees = new TreeMap<>();
    allocation.byDataset().forEach((d, nodes) -> degrees.put(d, degree(chains.get(d), nodes)));
    return new ProportionalityReport(degrees);
  }

  /**
   * The least L with Σ min(b_i, L) = 1 (all in fractions of B), or 0 when Σ b_i &lt; 1.
   * Ascending capacities: while the smallest cannot reach the even share of what is left, it
   * serves all it stores and drops out.
   */
  static double waterLevel(List<Double> stored) {
    List<Double> sorted = new ArrayList<>(stored);
    Collections.sort(sorted);
    double total = sorted.stream().mapToDouble(Double::doubleValue).sum();
    if (total < 1 - 1e-12) {
      return 0;
    }
    double left = 1;
    int count = sorted.size();
    for (double capacity : sorted) {
      double even = left / count;
      if (capacity >= even) {
        return even;
      }
      left -= capacity;
      count--;
    }
    return sorted.get(sorted.size() - 1);
  }
}
