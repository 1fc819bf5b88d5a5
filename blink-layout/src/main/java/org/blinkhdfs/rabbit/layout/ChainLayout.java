package org.blinkhdfs.rabbit.layout;

import java.util.Collection;
import java.util.List;
import java.util.Random;

/**
 * What the Rabbit-family layouts (equal work, PARAID) share over an expansion chain, on node
 * names: a deterministic function from a block ID to its target nodes, plus the gears (prefixes
 * of the chain) that can serve every block. Not a port of its own: callers reach these layouts
 * through {@link org.blinkhdfs.layout.LayoutModel}, which {@link ChainLayoutModel} implements over
 * this interface by translating node names to ring positions; gear questions (which nodes to keep
 * on) are asked here.
 *
 * <p>Two ways in, because HDFS allocates a block's ID only after its targets are chosen: with the
 * block ID ({@link #targets(long)}, for the proxy and the simulator, or an adapter that learns
 * it), and without ({@link #targets(Random)} draws from the same distribution with an injected
 * seeded random; {@link #bestFit} recognises a layout from the nodes that hold the block). Both
 * give the same expected per-node counts ({@link #expectedBlocks}).
 *
 * <p>Targets are in write order (primary first). The first k targets are the layout of a block
 * with k replicas: {@link #deletionOrder} drops layout replicas from the back.
 *
 * <p>Implementations are immutable and thread-safe.
 */
public interface ChainLayout {
  /** The expansion chain. */
  Chain chain();

  /** The block's target nodes, distinct, in write order. */
  List<String> targets(long blockId);

  /** Targets drawn from the same distribution as {@link #targets(long)}, using {@code random}. */
  List<String> targets(Random random);

  /**
   * Of all the layouts this layout can produce, one that covers the most {@code holders} (see
   * {@link BestFit} for ties); with no holders, a fixed default layout.
   */
  List<String> bestFit(Collection<String> holders);

  /** Expected blocks on every chain node when {@code blockCount} blocks are placed. */
  LayoutTable expectedBlocks(long blockCount);

  /** Node counts of the gears, smallest (the minimum power setting) first; the last is N. */
  List<Integer> gearSizes();

  /**
   * The nodes on at the gear with {@code activeCount} nodes: the first activeCount of the chain.
   * Every block has a replica among them.
   *
   * @throws IllegalArgumentException when activeCount is not one of {@link #gearSizes()}
   */
  default List<String> activeNodes(int activeCount) {
    if (!gearSizes().contains(activeCount)) {
      throw new IllegalArgumentException(activeCount + " active nodes is not a gear of this "
          + "layout; gears have " + gearSizes() + " nodes: round up with Gears.roundUp");
    }
    return chain().prefix(activeCount);
  }

  /** Compares {@code holders} with the layout of {@code blockId}. */
  default PlacementCheck check(long blockId, Collection<String> holders) {
    return PlacementCheck.compare(chain(), targets(blockId), holders);
  }

  /** Compares {@code holders} with the layout that fits them best ({@link #bestFit}). */
  default PlacementCheck check(Collection<String> holders) {
    return PlacementCheck.compare(chain(), bestFit(holders), holders);
  }

  /**
   * Holders to delete, in order, to keep {@code keep} replicas of {@code blockId}: stand-ins
   * first, then the layout's holders in reverse write order.
   */
  default List<String> deletionOrder(long blockId, Collection<String> holders, int keep) {
    return DeletionOrder.of(chain(), targets(blockId), holders, keep);
  }

  /** As {@link #deletionOrder(long, Collection, int)} against the best-fitting layout. */
  default List<String> deletionOrder(Collection<String> holders, int keep) {
    return DeletionOrder.of(chain(), bestFit(holders), holders, keep);
  }
}
