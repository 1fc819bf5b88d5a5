package org.blinkhdfs.model.policy;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which k ring nodes a policy that switches whole nodes (activation, gear shifting) keeps
 * ACTIVE once the power or the load has fixed k.
 *
 * <p>Why a seam: for one data set, Rabbit and PARAID put the primaries first in the expansion
 * chain, so the first k ring nodes ({@link #PREFIX}) are right. With several datasets or
 * application groups, each live group needs nodes from its own chain (Rabbit §3.4, A(d)), which
 * only code that knows the groups can choose; the scheduler passes such a chooser in the
 * {@link PolicyRequest}.
 *
 * <p>Implementations must be pure functions of their arguments and state, return exactly k
 * distinct ring nodes, and be thread-safe.
 */
@FunctionalInterface
public interface ActiveSet {
  /** The first k ring nodes. */
  ActiveSet PREFIX = (ring, k) -> new LinkedHashSet<>(ring.subList(0, k));

  /**
   * @param ring the ring in order
   * @param k 0..ring size
   * @return k distinct nodes of the ring
   */
  Set<String> choose(List<String> ring, int k);

  /**
   * {@code set.choose(ring, k)}, checked.
   *
   * @throws IllegalStateException when the chooser broke its contract
   */
  static Set<String> checked(ActiveSet set, List<String> ring, int k) {
    Set<String> chosen = set.choose(ring, k);
    if (chosen.size() != k || !ring.containsAll(chosen)) {
      throw new IllegalStateException("the active-set chooser " + set + " returned " + chosen
          + " for " + k + " of the ring " + ring + ": it must return exactly k ring nodes");
    }
    return chosen;
  }
}
