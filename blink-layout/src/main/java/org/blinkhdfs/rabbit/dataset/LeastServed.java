package org.blinkhdfs.rabbit.dataset;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which allocated replica serves a block of a live dataset (Rabbit §3.4's read side): among the
 * block's holders in A(d), the one that has served the fewest blocks since A(d) was set, the
 * first of them on a tie. The NameNode's read order ({@code EqualWorkNetworkTopology}) and the
 * bench's simulated read ({@code bin/blink bench rabbit-datasets}) both choose with this class,
 * so the simulator's read is the cluster's rule on a simulated layout.
 *
 * <p>Why the fewest served and not Rabbit's hit ratios: the hit-ratio balancer's desired ratios
 * need each node's share of the dataset, which the NameNode does not count per dataset; the
 * greedy rule needs nothing. It is online: a node holding few of the dataset's blocks is offered
 * rarely and ends below B/n, so the busiest ends above it (bench rabbit-datasets measures the
 * gap to the best assignment).
 *
 * <p>Worked example (tested): A = {a, b, c}; blocks held by [a, b], [a, c], [a, b], [b, c],
 * [d, a] go to a (both 0: the first), c (a has 1, c 0), b (a 1, b 0), b (b 1 and c 1: the
 * first), a (d is not allocated): a 2, b 2, c 1.
 *
 * <p>Thread-safe: per-node counters are atomic; two concurrent choices may pick the same node,
 * and later ones see its higher count.
 */
public final class LeastServed {
  private final Map<String, AtomicLong> served = new ConcurrentHashMap<>();

  /**
   * The index in {@code candidates} of the holder in {@code allocated} with the fewest served
   * blocks (the first on a tie), or -1 when none of them is allocated.
   */
  public int pick(List<String> candidates, Collection<String> allocated) {
    int best = -1;
    long bestServed = Long.MAX_VALUE;
    for (int i = 0; i < candidates.size(); i++) {
      String node = candidates.get(i);
      if (allocated.contains(node)) {
        long s = served(node);
        if (s < bestServed) {
          best = i;
          bestServed = s;
        }
      }
    }
    return best;
  }

  /** Counts one block served by {@code node}. */
  public void serve(String node) {
    served.computeIfAbsent(node, k -> new AtomicLong()).incrementAndGet();
  }

  /** Blocks {@code node} has served. */
  public long served(String node) {
    AtomicLong n = served.get(node);
    return n == null ? 0 : n.get();
  }

  /** Blocks served per node so far, by node name. */
  public Map<String, Long> snapshot() {
    Map<String, Long> out = new TreeMap<>();
    served.forEach((k, v) -> out.put(k, v.get()));
    return out;
  }
}
