package org.blinkhdfs.rabbit.layout;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;

/**
 * PARAID's skewed layout as Le, Hikida and Yokota carry it into HDFS (§2.1.1, Table 1).
 *
 * <h2>Goal</h2>
 * Gear shifting over groups of nodes: gear k has groups 1..k on (a prefix of the chain) and must
 * serve every block; higher gears spread the load over more nodes. Hard constraints: every block
 * has a replica in group 1 (the lowest gear serves everything); replicas of a block are on
 * distinct nodes; the layout is a pure function of (block ID, chain, spec).
 *
 * <h2>Layout</h2>
 * With N nodes, group 1 = the first m, and B_i = the blocks originally on node i:
 * <ol>
 *   <li>original data is spread evenly: every block's original on a uniform node, B/N each;
 *   <li>(a) each group-1 node holds a 1/m fraction of every other node's data, B_i(1/m), so
 *       group 1 has a full copy of everything outside it;
 *   <li>(b) node j outside group 1 holds B_i(1/(i − 1)) of every later node i &gt; j: if nodes
 *       1..i − 1 were on and i off, i's data would be spread evenly over them (PARAID's skew);
 *       group 1's shares of that spread are already covered by (a).
 * </ol>
 * Group-1 data is not replicated (Table 1 has no B_1, B_2 replicas; PARAID relies on the RAID
 * below a node for durability), so replicas per block vary: 1 for group-1 originals, else 2 or 3
 * (2 + (i − 1 − m)/(i − 1) on average for a block of node i). An HDFS adapter with a fixed
 * replication factor must reconcile that.
 *
 * <h2>Algorithm for one block</h2>
 * origin i = {@code 1 + hash(id, stream 0) mod N}; if i &gt; m: group-1 copy on
 * {@code 1 + hash(id, stream 1) mod m}, and with u = hash(id, stream 2) in [0, 1) the slot
 * {@code 1 + floor(u·(i − 1))}, a skewed copy on that node when the slot is outside group 1. Write
 * order: original, group-1 copy, skewed copy.
 *
 * <h2>Worked example (Table 1, N = 7, m = 2)</h2>
 * n1, n2 hold B/7 + 5·(B/7)/2 = B/2; n3 holds (B/7)(1 + 1/3 + 1/4 + 1/5 + 1/6) = 0.2786·B, n4
 * (B/7)(1 + 1/4 + 1/5 + 1/6) = 0.2310·B, n5 0.1952·B, n6 B/6, n7 B/7; 2.0143·B replicas in all.
 *
 * <h2>Paper note</h2>
 * The text says rule (b) applies to nodes of groups "g &gt; 2", but Table 1 replicates group-2
 * data (B_4..B_7 onto n3..n6); we follow the table (g ≥ 2).
 *
 * <p>Immutable and thread-safe.
 */
public final class ParaidLayout implements ChainLayout {
  static final int ORIGIN_STREAM = 0;
  static final int GROUP_ONE_STREAM = 1;
  static final int SKEW_STREAM = 2;

  private final Chain chain;
  private final ParaidSpec spec;
  private final int groupOne;

  private ParaidLayout(Chain chain, ParaidSpec spec) {
    this.chain = chain;
    this.spec = spec;
    this.groupOne = spec.groupSizes().get(0);
  }

  /**
   * The layout of {@code spec} on {@code chain}.
   *
   * @throws IllegalArgumentException when the group sizes do not add up to the chain length
   */
  public static ParaidLayout of(Chain chain, ParaidSpec spec) {
    Objects.requireNonNull(chain, "chain must not be null");
    Objects.requireNonNull(spec, "spec must not be null");
    if (spec.nodeCount() != chain.size()) {
      throw new IllegalArgumentException("PARAID group sizes " + spec.groupSizes() + " add up to "
          + spec.nodeCount() + " nodes, but the chain has " + chain.size()
          + ": make the groups cover the chain exactly");
    }
    return new ParaidLayout(chain, spec);
  }

  @Override
  public Chain chain() {
    return chain;
  }

  /** The parameters. */
  public ParaidSpec spec() {
    return spec;
  }

  /** m: nodes in group 1, the lowest gear. */
  public int groupOneSize() {
    return groupOne;
  }

  /**
   * The fraction of node {@code originRank}'s original data that node {@code holderRank} holds as
   * a replica: one cell of Le et al. Table 1 (1/m in group 1, 1/(i − 1) below the origin
   * outside it, 0 elsewhere).
   */
  public double replicaFraction(int originRank, int holderRank) {
    chain.node(originRank);
    chain.node(holderRank);
    if (originRank <= groupOne || holderRank == originRank) {
      return 0;
    }
    if (holderRank <= groupOne) {
      return 1.0 / groupOne;
    }
    return holderRank < originRank ? 1.0 / (originRank - 1) : 0;
  }

  @Override
  public List<String> targets(long blockId) {
    long seed = spec.seed();
    return targetsAt(BlockHash.index(blockId, seed, ORIGIN_STREAM, chain.size()) + 1,
        BlockHash.index(blockId, seed, GROUP_ONE_STREAM, groupOne) + 1,
        BlockHash.units(blockId, seed, SKEW_STREAM));
  }

  @Override
  public List<String> targets(Random random) {
    Objects.requireNonNull(random, "random must not be null");
    int origin = random.nextInt(chain.size()) + 1;
    int copy = random.nextInt(groupOne) + 1;
    return targetsAt(origin, copy, BlockHash.units(random));
  }

  private List<String> targetsAt(int origin, int groupOneCopy, long u) {
    if (origin <= groupOne) {
      return build(origin, 0, 0);
    }
    // Exact in 64 bits: u < 2^40 and origin ≤ Chain.MAX_NODES < 2^23.
    int slot = (int) ((u * (origin - 1)) >>> BlockHash.UNIT_BITS) + 1;
    return build(origin, groupOneCopy, slot > groupOne ? slot : 0);
  }

  @Override
  public List<String> bestFit(Collection<String> holders) {
    BestFit fit = new BestFit(holders);
    for (List<String> candidate : candidates(holders)) {
      fit.offer(candidate);
    }
    return fit.result();
  }

  /**
   * The layouts {@link #bestFit} compares for {@code holders}, in offer order: for every origin,
   * the group-1 copies and skew nodes among the holders (an unheld choice covers nothing more,
   * so one stands for all: copy 1, no skew). At most N·m·N candidates, far fewer in practice.
   */
  List<List<String>> candidates(Collection<String> holders) {
    Set<String> held = PlacementCheck.distinctHolders(holders);
    List<List<String>> out = new ArrayList<>();
    for (int origin = 1; origin <= chain.size(); origin++) {
      if (origin <= groupOne) {
        out.add(List.of(chain.node(origin)));
        continue;
      }
      List<Integer> copies = heldRanks(held, 1, groupOne);
      if (copies.isEmpty()) {
        copies = List.of(1);
      }
      List<Integer> skews = new ArrayList<>(heldRanks(held, groupOne + 1, origin - 1));
      skews.add(0);
      for (int copy : copies) {
        for (int skew : skews) {
          out.add(build(origin, copy, skew));
        }
      }
    }
    return out;
  }

  /**
   * Calls {@code action} with every layout {@link #targets(Random)} can draw and its
   * probability (origin 1/N, group-1 copy 1/m, skew slot 1/(i − 1); the slot's 2^-40 rounding is
   * ignored); the probabilities add up to 1. O(N²·m) calls.
   */
  void forEachLayout(LayoutWeight action) {
    int n = chain.size();
    for (int origin = 1; origin <= n; origin++) {
      if (origin <= groupOne) {
        action.accept(build(origin, 0, 0), 1.0 / n);
        continue;
      }
      double perCopy = 1.0 / n / groupOne;
      for (int copy = 1; copy <= groupOne; copy++) {
        action.accept(build(origin, copy, 0), perCopy * groupOne / (origin - 1));
        for (int skew = groupOne + 1; skew < origin; skew++) {
          action.accept(build(origin, copy, skew), perCopy / (origin - 1));
        }
      }
    }
  }

  /** One layout and its probability, for {@link #forEachLayout}. */
  @FunctionalInterface
  interface LayoutWeight {
    void accept(List<String> targets, double probability);
  }

  @Override
  public LayoutTable expectedBlocks(long blockCount) {
    LayoutTable.requireBlockCount(blockCount);
    int n = chain.size();
    double perOrigin = (double) blockCount / n;
    double[] perRank = new double[n];
    for (int holder = 1; holder <= n; holder++) {
      double blocks = perOrigin;
      for (int origin = 1; origin <= n; origin++) {
        blocks += perOrigin * replicaFraction(origin, holder);
      }
      perRank[holder - 1] = blocks;
    }
    return LayoutTable.of(chain, blockCount, perRank);
  }

  /** Gear k (1-based, as Le et al.) has groups 1..k on; sizes are the running group totals. */
  @Override
  public List<Integer> gearSizes() {
    List<Integer> sizes = new ArrayList<>();
    int total = 0;
    for (int size : spec.groupSizes()) {
      total += size;
      sizes.add(total);
    }
    return List.copyOf(sizes);
  }

  /** Targets of an origin, its group-1 copy (0: none, for a group-1 origin) and skew (0: none). */
  private List<String> build(int origin, int groupOneCopy, int skew) {
    if (groupOneCopy == 0) {
      return List.of(chain.node(origin));
    }
    return skew == 0
        ? List.of(chain.node(origin), chain.node(groupOneCopy))
        : List.of(chain.node(origin), chain.node(groupOneCopy), chain.node(skew));
  }

  private List<Integer> heldRanks(Set<String> held, int fromRank, int toRank) {
    List<Integer> ranks = new ArrayList<>();
    for (int rank = fromRank; rank <= toRank; rank++) {
      if (held.contains(chain.node(rank))) {
        ranks.add(rank);
      }
    }
    return ranks;
  }
}
