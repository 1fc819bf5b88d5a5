package org.blinkhdfs.rabbit.layout;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * Rabbit's equal-work layout (Amur et al. §3.1), with the gear and recovery groups of §3.5.
 *
 * <h2>Goal</h2>
 * With any prefix of n ≥ p chain nodes on, a read of the whole dataset can be split evenly, B/n
 * blocks per node, so throughput grows with power one node (or one gear group) at a time and no
 * data moves when the gear changes. Hard constraints: every block has a replica on a primary
 * (the first p nodes: the minimum power setting serves everything); replicas of a block are on
 * distinct nodes; the layout is a pure function of (block ID, chain, spec).
 *
 * <h2>Layout</h2>
 * One replica of every block goes to a primary, chosen uniformly: B/p per primary. The other
 * r − 1 go to secondaries, node i (rank, i &gt; p) holding c·B/i blocks, where the scale
 * {@code c = (r − 1)/f(p, N)} makes the secondaries hold exactly r − 1 replicas
 * ({@link SpreadMath#scale}). On a chain exactly as long as the paper's spread c = 1 and node i
 * holds B/i (Rabbit's rule, Le et al. Table 2). With gear size g &gt; 1 (§3.5) the secondaries
 * form a grid ({@link GearGroups}): a server of gear group i holds c·B/(p + g·i), and a block's
 * secondaries come only from the recovery group its primary maps to.
 *
 * <h2>Algorithm for one block</h2>
 * <ol>
 *   <li>primary = rank {@code 1 + hash(id, stream 0) mod p};
 *   <li>its recovery group's G servers get inclusion probabilities
 *       {@code π_i = c·g/(p + g·i)} (Σ π_i = r − 1, each ≤ 1), and {@link SystematicSampler}
 *       picks r − 1 distinct servers from {@code u = hash(id, stream 1)}: the servers under the
 *       points u, u + 1, ... on the servers' intervals laid end to end in chain order. Node i is
 *       picked with probability exactly π_i, so its expected count is (B/g)·π_i = c·B/(p + g·i).
 * </ol>
 * Write order is the primary, then the secondaries by chain rank; each block has one secondary
 * per "band" of the chain (Rabbit Fig 2's stacked replicas): band 1 right after the primaries.
 *
 * <h2>Worked example (Le et al. Table 2)</h2>
 * N = 7, p = 2, r = 2: f(2, 7) = 459/420, c = 420/459 ≈ 0.915. Primaries n1, n2 hold B/2; n3..n7
 * hold c·B/3 .. c·B/7 = (140, 105, 84, 70, 60)·B/459 ≈ 0.305B, 0.229B, 0.183B, 0.153B, 0.131B.
 * Those intervals end at 0.305, 0.534, 0.717, 0.869, 1; a block whose primary draw is 1 and u =
 * 0.5 is written to [n2, n4]. Table 2's B/3 .. B/7 sum to 1.093·B, more than the r − 1 = 1
 * replica a block has, so no r = 2 layout can match it; this one keeps its ratios exactly (B/i
 * shape) and is within 1 − c = 8.5% of every entry.
 *
 * <h2>Chains that are too short or too long</h2>
 * See {@link ChainLengthCheck}: chains where gear group 1 would hold more than a primary are
 * rejected with the paper's spread bound p·e^(r−1) and the fix in the message; a shorter-than-
 * spread chain with c &gt; 1 (Rabbit Fig 2 itself: N = 100 &lt; 5·e³) is accepted and every gear
 * stays ideal. A longer chain has c &lt; 1: node n holds c·B/n &lt; B/n, which costs a few
 * percent at the gears just above the primaries (at most 4.1% on Le et al.'s chain, gear 3). We
 * scale rather than truncate at the spread (B/i up to it, nothing after) so that Table 2 is
 * matched within 8.5% everywhere and every chain node adds throughput; docs/equal-work.md
 * compares the two.
 *
 * <h2>Failure of a primary (§3.5)</h2>
 * Every secondary of a primary's blocks is in its recovery group; the first band of that group
 * (its first {@code bandEnd} gear groups) holds one replica of each of them, so
 * {@link #nodesToWake} returns those of the group's servers not already on. With r = 2 the band
 * is the whole group, as in the paper.
 *
 * <p>Immutable and thread-safe.
 */
public final class EqualWorkLayout implements ChainLayout {
  static final int PRIMARY_STREAM = 0;
  static final int SECONDARY_STREAM = 1;

  private final Chain chain;
  private final EqualWorkSpec spec;
  private final GearGroups groups;
  private final double scale;
  private final SystematicSampler sampler;
  private final List<int[]> selections;

  private EqualWorkLayout(Chain chain, EqualWorkSpec spec) {
    this.chain = chain;
    this.spec = spec;
    this.groups = new GearGroups(chain, spec.primaries(), spec.gearSize());
    int rows = groups.gearGroupCount();
    this.scale = SpreadMath.scale(spec.primaries(), spec.gearSize(), rows, spec.replication());
    double[] inclusion = new double[rows];
    for (int row = 1; row <= rows; row++) {
      inclusion[row - 1] = scale * spec.gearSize()
          / (spec.primaries() + (double) spec.gearSize() * row);
    }
    this.sampler = new SystematicSampler(inclusion, spec.replication() - 1);
    this.selections = sampler.selections();
  }

  /**
   * The layout of {@code spec} on {@code chain}.
   *
   * @throws IllegalArgumentException when the chain does not fit (see {@link ChainLengthCheck}),
   *     with the numbers and the fix in the message
   */
  public static EqualWorkLayout of(Chain chain, EqualWorkSpec spec) {
    Objects.requireNonNull(chain, "chain must not be null");
    Objects.requireNonNull(spec, "spec must not be null");
    ChainLengthCheck.validate(chain.size(), spec);
    return new EqualWorkLayout(chain, spec);
  }

  @Override
  public Chain chain() {
    return chain;
  }

  /** The parameters. */
  public EqualWorkSpec spec() {
    return spec;
  }

  /** The gear and recovery groups. */
  public GearGroups groups() {
    return groups;
  }

  /** The scale c (secondaries hold c·B/(p + g·i)); 1 on a chain exactly the paper's spread. */
  public double scale() {
    return scale;
  }

  /** The spread s: Rabbit defines it as the expansion chain's length. */
  public int spread() {
    return chain.size();
  }

  @Override
  public List<String> targets(long blockId) {
    int primary = BlockHash.index(blockId, spec.seed(), PRIMARY_STREAM, spec.primaries());
    return targetsAt(primary, BlockHash.units(blockId, spec.seed(), SECONDARY_STREAM));
  }

  @Override
  public List<String> targets(Random random) {
    Objects.requireNonNull(random, "random must not be null");
    int primary = random.nextInt(spec.primaries());
    return targetsAt(primary, BlockHash.units(random));
  }

  /** Targets for the 0-based primary index and the secondary fraction u (0..UNIT-1). */
  List<String> targetsAt(int primaryIndex, long u) {
    return build(primaryIndex, sampler.select(u));
  }

  @Override
  public List<String> bestFit(Collection<String> holders) {
    // The best secondaries of a recovery group do not depend on which of its primaries is
    // chosen, so find them once per group, then pick the primary (same result as trying all).
    List<int[]> bestRows = new ArrayList<>(spec.gearSize());
    for (int group = 1; group <= spec.gearSize(); group++) {
      BestFit fit = new BestFit(holders);
      for (int[] rows : selections) {
        fit.offer(servers(group, rows));
      }
      bestRows.add(selections.get(fit.resultIndex()));
    }
    BestFit fit = new BestFit(holders);
    for (int primary = 0; primary < spec.primaries(); primary++) {
      int group = groups.recoveryGroupOfPrimary(primary + 1);
      fit.offer(build(primary, bestRows.get(group - 1)));
    }
    return fit.result();
  }

  @Override
  public LayoutTable expectedBlocks(long blockCount) {
    LayoutTable.requireBlockCount(blockCount);
    int p = spec.primaries();
    int g = spec.gearSize();
    double[] perRank = new double[chain.size()];
    for (int rank = 1; rank <= chain.size(); rank++) {
      int row = rank <= p ? 0 : (rank - p - 1) / g + 1;
      perRank[rank - 1] = row == 0
          ? (double) blockCount / p
          : scale * blockCount / (p + (double) g * row);
    }
    return LayoutTable.of(chain, blockCount, perRank);
  }

  @Override
  public List<Integer> gearSizes() {
    return groups.gearSizes();
  }

  /**
   * The recovery group whose servers hold every secondary replica of {@code primary}'s blocks
   * (what the paper wakes when it fails).
   *
   * @throws IllegalArgumentException when the node is not a primary
   */
  public List<String> recoveryGroup(String primary) {
    return groups.recoveryGroup(groups.recoveryGroupOfPrimary(primaryRank(primary)));
  }

  /**
   * The nodes to wake when {@code failedPrimary} fails while the gear with {@code activeCount}
   * nodes is on, so that every block whose primary it was has a replica on: the servers of its
   * recovery group in gear groups above the current gear, up to the end of the group's first
   * band. Empty when the active gear already covers the band, or when r = 1 (no other replica
   * exists).
   *
   * <p>Example (n1..n8, p = 2, g = 2, r = 2): n1 fails at 2 active nodes → wake [n3, n5, n7]; at
   * 4 active nodes → [n5, n7].
   *
   * @throws IllegalArgumentException when the node is not a primary or activeCount not a gear
   */
  public List<String> nodesToWake(String failedPrimary, int activeCount) {
    int group = groups.recoveryGroupOfPrimary(primaryRank(failedPrimary));
    int gear = groups.gearOf(activeCount);
    if (spec.replication() == 1) {
      return List.of();
    }
    int bandRows = sampler.bandEnd(1);
    List<String> wake = new ArrayList<>();
    for (int row = gear + 1; row <= bandRows; row++) {
      wake.add(groups.server(row, group));
    }
    return List.copyOf(wake);
  }

  private int primaryRank(String node) {
    int rank = chain.rank(node);
    if (rank > spec.primaries()) {
      throw new IllegalArgumentException("node " + node + " is not a primary: primaries are "
          + groups.primaryNodes());
    }
    return rank;
  }

  private List<String> build(int primaryIndex, int[] rows) {
    List<String> targets = new ArrayList<>(rows.length + 1);
    targets.add(chain.node(primaryIndex + 1));
    targets.addAll(servers(groups.recoveryGroupOfPrimary(primaryIndex + 1), rows));
    return List.copyOf(targets);
  }

  private List<String> servers(int recoveryGroup, int[] rows) {
    List<String> servers = new ArrayList<>(rows.length);
    for (int row : rows) {
      servers.add(groups.server(row + 1, recoveryGroup));
    }
    return servers;
  }
}
