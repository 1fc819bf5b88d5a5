package org.blinkhdfs.rabbit.layout;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.NewBlockView;

/**
 * A Rabbit-family {@link ChainLayout} (equal work, PARAID) on an expansion chain over the
 * schedule's ring, as the {@link LayoutModel} of an HDFS placement policy. Positions are ring
 * indices ({@code Schedule#ring()}); the chain is the ring itself (rank i is position i − 1) or,
 * for a Rabbit dataset (§3.4), another order of the same nodes, chosen by the node score
 * ({@code org.blinkhdfs.rabbit.dataset.ChainPlanner}). The model translates positions to nodes
 * and nodes to chain ranks, so the pure layout never sees the ring.
 *
 * <h2>One layout per replication</h2>
 * These layouts depend on r (equal work's secondaries hold exactly r − 1 replicas), and HDFS sets
 * r per file. So the model builds the layout for each r on first use ({@code build}) and keeps
 * it; an r the layout rejects on this chain (equal work: a chain too short for r, p larger than
 * the chain) is refused with the pure layout's message, and the policy places those blocks as
 * stock HDFS.
 *
 * <h2>New blocks</h2>
 * Up to {@link #MAX_DRAWS} draws from the layout's own distribution ({@link
 * ChainLayout#targets(java.util.Random)}, the policy's seeded random); the first draw whose
 * positions can all take a replica now wins, else the draw that can take the most (then could
 * take the most once everyone is awake). With every node awake the first draw wins, so blocks
 * follow {@link ChainLayout#expectedBlocks} exactly. With some nodes asleep this draws from the
 * layout conditioned on the awake nodes: a block written in a low gear gets a valid layout
 * inside the gear (Rabbit §3.3's stated cost: such data lives on fewer nodes) rather than a
 * stand-in. Why not always offload to stand-ins and correct later, as Rabbit intends: HDFS gives
 * the policy no block ID, so a block is recognised later from its holders only ({@link
 * ChainLayout#bestFit}); with r = 2 a block whose secondary was offloaded keeps only its primary,
 * which does not say which secondary it lost, and every such block would be corrected to the
 * same one. Stand-ins remain for draws that cannot be placed whole (say, only the primaries
 * awake); those are corrected to their best-fitting layout once its nodes wake.
 *
 * <p>Example (N = 7, p = 2, r = 2, nodes n1..n3 awake, n4..n7 OFF): a draw [n1, n5] has a
 * sleeping target, so the next is tried; [n2, n3] is taken (probability 0.305 per draw, so 32
 * draws miss with probability 1e-5; then the best draw, with one stand-in).
 *
 * <p>Thread-safe: the chain and the layouts are immutable; the cache is concurrent.
 */
public final class ChainLayoutModel implements LayoutModel {
  /** A limit on the draws per new block. */
  static final int MAX_DRAWS = 32;

  private final String name;
  private final List<String> ring;
  private final Map<String, Integer> positionByNode;
  private final IntFunction<ChainLayout> build;
  private final String keyHint;
  private final Map<Integer, Built> byReplicas = new ConcurrentHashMap<>();

  /**
   * The layouts {@code build} makes for each replication on {@code chain}; {@code build} throws
   * IllegalArgumentException (with the numbers and the fix) for a replication it rejects, and
   * {@code keyHint} (e.g. {@code "p = blink.equalwork.primaries = 2"}) is added to that message.
   */
  public ChainLayoutModel(String name, Chain chain, IntFunction<ChainLayout> build,
      String keyHint) {
    this(name, chain.nodes(), chain, build, keyHint);
  }

  /**
   * As above, on a {@code chain} that lists exactly the nodes of {@code ring} (the schedule's
   * ring, whose indices are the positions) in its own order.
   *
   * @throws IllegalArgumentException when the chain and the ring hold different nodes
   */
  public ChainLayoutModel(String name, List<String> ring, Chain chain,
      IntFunction<ChainLayout> build,
      String keyHint) {
    if (ring.size() != chain.size() || !chain.nodes().containsAll(ring)) {
      throw new IllegalArgumentException("the chain " + chain.nodes()
          + " must list exactly the ring's nodes " + ring);
    }
    this.name = name;
    this.ring = List.copyOf(ring);
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < ring.size(); i++) {
      index.put(ring.get(i), i);
    }
    this.positionByNode = Map.copyOf(index);
    this.build = build;
    this.keyHint = keyHint;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Optional<String> refusal(int replicas) {
    return Optional.ofNullable(built(replicas).refusal);
  }

  @Override
  public List<Integer> newBlock(int replicas, NewBlockView view) {
    ChainLayout layout = layout(replicas);
    List<Integer> best = null;
    int bestTakeable = -1;
    int bestFillable = -1;
    for (int draw = 0; draw < MAX_DRAWS; draw++) {
      List<Integer> candidate = positions(view.withRandom(layout::targets));
      int takeable = view.takeable(candidate);
      if (takeable == candidate.size()) {
        return candidate;
      }
      int fillable = view.fillable(candidate);
      if (takeable > bestTakeable || (takeable == bestTakeable && fillable > bestFillable)) {
        best = candidate;
        bestTakeable = takeable;
        bestFillable = fillable;
      }
    }
    return best;
  }

  /** {@link ChainLayout#targets(long)} of the replication's layout, as positions. */
  @Override
  public List<Integer> targets(long blockId, int replicas) {
    return positions(layout(replicas).targets(blockId));
  }

  @Override
  public LayoutCheck check(Collection<Integer> held, int replicas) {
    PlacementCheck c = layout(replicas).check(nodes(held));
    List<Integer> layout = positions(c.layout());
    List<Integer> extra = positions(c.standIns());
    extra.sort(null);
    return new LayoutCheck(layout.get(0), layout, positions(c.missing()), extra);
  }

  @Override
  public List<Integer> deletionOrder(Collection<Integer> held, int replicas) {
    return positions(layout(replicas).deletionOrder(nodes(held), 0));
  }

  private ChainLayout layout(int replicas) {
    Built b = built(replicas);
    if (b.layout == null) {
      throw new IllegalStateException("the " + name + " layout refuses " + replicas
          + " replicas (" + b.refusal + "); the policy must check refusal() first");
    }
    return b.layout;
  }

  private Built built(int replicas) {
    return byReplicas.computeIfAbsent(replicas, r -> {
      try {
        return new Built(build.apply(r), null);
      } catch (IllegalArgumentException e) { // the pure layout's verdict on this chain and r
        return new Built(null, e.getMessage() + " (" + keyHint + ")");
      }
    });
  }

  private List<String> nodes(Collection<Integer> positions) {
    List<String> out = new ArrayList<>(positions.size());
    for (int p : positions) {
      out.add(ring.get(p));
    }
    return out;
  }

  private List<Integer> positions(List<String> nodes) {
    List<Integer> out = new ArrayList<>(nodes.size());
    for (String node : nodes) {
      out.add(positionByNode.get(node));
    }
    return out;
  }

  /** A replication's layout, or why there is none. */
  private static final class Built {
    final ChainLayout layout;
    final String refusal;

    Built(ChainLayout layout, String refusal) {
      this.layout = layout;
      this.refusal = refusal;
    }
  }
}
