package org.blinkhdfs.rabbit.layout;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * PARAID's layout with a fixed number r of replicas per block, as HDFS keeps them (a file has one
 * replication factor; HDFS re-replicates any block below it).
 *
 * <h2>Why</h2>
 * {@link ParaidLayout} gives a block 1 to 3 replicas: 1 for an original in group 1 (PARAID
 * relies on the RAID inside a node), 2 or 3 elsewhere. An HDFS adapter must turn that into
 * exactly r, and must keep PARAID's hard constraint: a replica in group 1, so the lowest gear
 * serves every block.
 *
 * <h2>Rule</h2>
 * Take the PARAID targets [original, group-1 copy, skewed copy] (write order).
 * <ul>
 *   <li>More targets than r: keep the first r (the skewed copy goes first), except that r = 1
 *       keeps the group-1 copy, not the original: the gear-1 guarantee outranks the even spread
 *       of originals.
 *   <li>Fewer targets than r: add <em>fill</em> replicas on the lowest-ranked chain nodes not
 *       yet used. Fill is for durability only; the lowest ranks are on in the most gears, so a
 *       fill replica never makes a gear wake a node it would not wake anyway, and a group-1
 *       original gets its second copy inside group 1 (a mirror, as the RAID it stands for).
 * </ul>
 * So r = 3 keeps PARAID's skew fully (plus fill); r = 2 keeps original and group-1 copy only, and
 * the skew that spreads load over higher gears is lost. Use r = 3 for PARAID.
 *
 * <h2>Worked example (N = 7, groups 2 and 5, r = 3)</h2>
 * Origin n1 → [n1, n2, n3]; origin n5 with copy n2 and slot 3 → [n5, n2, n3]; origin n5 with
 * copy n2 and slot 1 (in group 1: no skew) → [n5, n2, n1]. Expected blocks per node
 * ({@link #expectedBlocks}): n1 = n2 = 0.85·B, n3 = 0.5643·B, n4 = 0.2310·B, n5 = 0.1952·B,
 * n6 = B/6, n7 = B/7 (3·B in all). Le et al.'s Table 1 has B/2, B/2, 0.2786·B and the same
 * n4..n7: fill (0.9857·B) lands on n1..n3 only, so gears above 3 nodes see exactly PARAID's
 * skew.
 *
 * <h2>Recognition</h2>
 * {@link #bestFit} offers every candidate of {@link ParaidLayout#bestFit}, adjusted by the rule,
 * so a block written from any PARAID layout is recognised as exactly its r holders.
 *
 * <p>Immutable and thread-safe.
 */
public final class ParaidReplicas implements ChainLayout {
  private final ParaidLayout paraid;
  private final int replication;

  private ParaidReplicas(ParaidLayout paraid, int replication) {
    this.paraid = paraid;
    this.replication = replication;
  }

  /**
   * PARAID with {@code replication} replicas per block.
   *
   * @throws IllegalArgumentException when replication is outside 1..N
   */
  public static ParaidReplicas of(ParaidLayout paraid, int replication) {
    Objects.requireNonNull(paraid, "paraid must not be null");
    int n = paraid.chain().size();
    if (replication < 1 || replication > n) {
      throw new IllegalArgumentException("replication must be within 1.." + n + " for a chain of "
          + n + " nodes (one replica per node), got " + replication);
    }
    return new ParaidReplicas(paraid, replication);
  }

  /** The PARAID layout underneath. */
  public ParaidLayout paraid() {
    return paraid;
  }

  /** r: replicas of every block. */
  public int replication() {
    return replication;
  }

  @Override
  public Chain chain() {
    return paraid.chain();
  }

  @Override
  public List<String> targets(long blockId) {
    return adjust(paraid.targets(blockId));
  }

  @Override
  public List<String> targets(Random random) {
    return adjust(paraid.targets(random));
  }

  @Override
  public List<String> bestFit(Collection<String> holders) {
    BestFit fit = new BestFit(holders);
    for (List<String> candidate : paraid.candidates(holders)) {
      fit.offer(adjust(candidate));
    }
    return fit.result();
  }

  /** Exact expectation over every PARAID layout (O(N²·m·r)). */
  @Override
  public LayoutTable expectedBlocks(long blockCount) {
    LayoutTable.requireBlockCount(blockCount);
    Chain chain = chain();
    double[] perRank = new double[chain.size()];
    paraid.forEachLayout((targets, probability) -> {
      for (String node : adjust(targets)) {
        perRank[chain.rank(node) - 1] += probability * blockCount;
      }
    });
    return LayoutTable.of(chain, blockCount, perRank);
  }

  @Override
  public List<Integer> gearSizes() {
    return paraid.gearSizes();
  }

  /** The rule of the class comment: PARAID targets cut or filled to r, group-1 replica kept. */
  List<String> adjust(List<String> targets) {
    if (targets.size() > replication) {
      return replication == 1 ? List.of(targets.get(1)) : targets.subList(0, replication);
    }
    List<String> out = new ArrayList<>(targets);
    for (String node : chain().nodes()) {
      if (out.size() == replication) {
        break;
      }
      if (!out.contains(node)) {
        out.add(node);
      }
    }
    return List.copyOf(out);
  }
}
