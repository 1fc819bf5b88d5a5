package org.blinkhdfs.rabbit.layout;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Which held replicas to delete, in order, to bring a block down to {@code keep} replicas.
 *
 * <p>Rule: stand-ins first (off-chain ones such as staging nodes, by name; then stand-ins on the
 * chain, latest rank first, since those are powered down first), then the layout's own holders in
 * reverse write order. Dropping layout replicas from the back retraces writing backwards, so a
 * block reduced to k replicas keeps the first k targets of its layout; for equal work the last
 * secondary (on the node latest in the chain) goes first and the primary stays to the end.
 *
 * <p>Example: layout [n1, n4, n9], holders {n1, n4, n9, n6}, keep 2: [n6, n9].
 */
final class DeletionOrder {
  private DeletionOrder() {}

  static List<String> of(Chain chain, List<String> layout, Collection<String> holders, int keep) {
    if (keep < 0) {
      throw new IllegalArgumentException("keep must be at least 0, got " + keep);
    }
    Set<String> held = PlacementCheck.distinctHolders(holders);
    if (held.size() <= keep) {
      return List.of();
    }
    List<String> offChain = new ArrayList<>();
    List<String> onChain = new ArrayList<>();
    for (String node : held) {
      if (!layout.contains(node)) {
        (chain.contains(node) ? onChain : offChain).add(node);
      }
    }
    Collections.sort(offChain);
    onChain.sort(Comparator.comparingInt(chain::rank).reversed());
    List<String> order = new ArrayList<>(offChain);
    order.addAll(onChain);
    for (int i = layout.size() - 1; i >= 0; i--) {
      if (held.contains(layout.get(i))) {
        order.add(layout.get(i));
      }
    }
    return List.copyOf(order.subList(0, held.size() - keep));
  }
}
