package org.blinkhdfs.layout.ring;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.NewBlockView;

/**
 * BlinkFS's power-balanced ring ({@link RingLayout}) as a {@link LayoutModel}.
 *
 * <p>New block: the first position whose layout can take the most replicas now ({@link
 * NewBlockView#takeable}); ties go to the layout that could take the most once every node is
 * awake and idle ({@link NewBlockView#fillable}), then to the writer's own position (HDFS
 * locality), then to a seeded random choice, which spreads blocks over the ring. The layout is
 * rotation invariant, so every candidate is the writer-independent offsets shifted by its first
 * position: {@link FirstPositions}, O(N·r) to score, which the view may keep while its scores
 * stay the same ({@link NewBlockView#firstPositions}); the choice itself is O(1).
 *
 * <p>Example (9 nodes, r = 3, COLD: ARCHIVE on nodes 0, 4 and 6 only): layout(0) = [0, 4, 6]
 * scores 3, every other layout at most 2, so a COLD block starts at 0 even when the writer is
 * node 2 (whose layout [2, 6, 8] would need two stand-ins).
 *
 * <p>Block ID ({@link #targets}): the first position is {@link RingLayout#firstFromHash} of the
 * ID (seed {@link #HASH_SEED}), so IDs spread uniformly over the ring.
 *
 * <p>Check and deletion: {@link RingLayout#check} and {@link RingLayout#deletionOrder}, which
 * recognise the layout from the held positions ({@link RingLayout#bestFirst}).
 *
 * <p>Thread-safe: the ring is immutable, the offsets cache concurrent.
 */
public final class RingLayoutModel implements LayoutModel {
  /** The hash seed of {@link #targets}: fixed, so every process maps a block ID alike. */
  public static final long HASH_SEED = 0;

  private final RingLayout layout;
  private final Map<Integer, int[]> offsetsByReplicas = new ConcurrentHashMap<>();

  /** The ring layout on {@code ringSize} nodes (at least 1), BlinkFS's bisection spacing. */
  public RingLayoutModel(int ringSize) {
    this(ringSize, RingSpacing.BISECTION);
  }

  /** The ring layout on {@code ringSize} nodes (at least 1) with {@code spacing}. */
  public RingLayoutModel(int ringSize, RingSpacing spacing) {
    this.layout = new RingLayout(ringSize, spacing);
  }

  /** {@code power-balanced}, or {@code power-balanced (even)} for the aligned spacing. */
  @Override
  public String name() {
    return layout.spacing() == RingSpacing.BISECTION ? "power-balanced" : "power-balanced (even)";
  }

  /** Never refuses: the policy asks for 1..N replicas, and the ring places any of them. */
  @Override
  public Optional<String> refusal(int replicas) {
    return Optional.empty();
  }

  @Override
  public List<Integer> newBlock(int replicas, NewBlockView view) {
    int[] offsets = offsetsByReplicas.computeIfAbsent(replicas,
        r -> layout.positions(0, r).stream().mapToInt(Integer::intValue).toArray());
    return shifted(view.firstPositions(offsets, replicas).choose(view), offsets);
  }

  @Override
  public List<Integer> targets(long blockId, int replicas) {
    return layout.positions(layout.firstFromHash(blockId, HASH_SEED), replicas);
  }

  @Override
  public LayoutCheck check(Collection<Integer> held, int replicas) {
    return layout.check(held, replicas);
  }

  /**
   * Bisection: {@link RingLayout#deletionOrder} down to one replica, then that last replica (its
   * layouts are prefixes of each other, so that order passes through every replication). Even
   * spacing is not prefix-closed: the positions outside the best layout of {@code replicas} go
   * first ({@link RingLayout#deletionOrder} for {@code replicas}), then any other holder outside
   * it, then the layout's own positions in reverse placement order. Example (N = 9, r = 3, held
   * {0, 3, 4, 6}): [4, 6, 3, 0]; counting down to one replica instead would keep 0 and delete 3,
   * a replica the layout needs.
   */
  @Override
  public List<Integer> deletionOrder(Collection<Integer> held, int replicas) {
    if (layout.spacing() == RingSpacing.BISECTION) {
      Set<Integer> order = new LinkedHashSet<>(layout.deletionOrder(held, 1));
      order.addAll(held);
      return List.copyOf(order);
    }
    int distinct = new java.util.HashSet<>(held).size();
    int r = Math.max(1, Math.min(replicas, distinct));
    Set<Integer> order = new LinkedHashSet<>(layout.deletionOrder(held, r));
    List<Integer> best = distinct == 0 ? List.of() : layout.check(held, r).layout();
    for (int p : held) {
      if (!best.contains(p)) {
        order.add(p);
      }
    }
    for (int i = best.size() - 1; i >= 0; i--) {
      if (held.contains(best.get(i))) {
        order.add(best.get(i));
      }
    }
    return List.copyOf(order);
  }

  private List<Integer> shifted(int first, int[] offsets) {
    return FirstPositions.shifted(first, offsets, layout.ringSize());
  }
}
