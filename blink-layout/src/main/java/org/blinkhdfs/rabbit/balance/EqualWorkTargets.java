package org.blinkhdfs.rabbit.balance;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Desired hit-ratios for an equal-work cluster from the replica counts its NameNode holds.
 *
 * <h2>Which counts, and why</h2>
 * {@link HitRatioTargets} needs b_i (blocks on node i) and B (blocks in the dataset). Two sources
 * were possible: the layout's table ({@code EqualWorkLayout#expectedBlocks}: b_i = c·B/i), or the
 * replicas the NameNode actually records per DataNode. We take the recorded counts:
 * <ul>
 *   <li>they are what a full read can use. Blocks are drawn at random (a 7-node chain with B = 350
 *       puts 46 ± 6 blocks on n7, not 45.9), blocks written in a low gear live inside that gear
 *       ({@code ChainLayoutModel}), and offloaded replicas sit on stand-ins until corrected; the
 *       table knows none of this, and a node asked to serve more than it stores drags the rest;
 *   <li>they cover every replication factor at once, where the table is per r.
 * </ul>
 * B is the sum of the primaries' counts: every equal-work block has exactly one replica on the
 * primaries (the first p chain nodes), whatever its r and whichever gear it was written in, so
 * that sum counts each block once. (Summing all nodes and dividing by r would need one r for all
 * files.) If a primary is lost its blocks drop out of B until they are re-replicated: the
 * targets then under-ask slightly, which costs evenness, never availability.
 *
 * <p>The whole namespace counts as one dataset: the placement policy is cluster-wide.
 *
 * <h2>Example</h2>
 * Stored n1 = 175, n2 = 175, n3 = 107, n4 = 80, n5..n7 = 64, 54, 46 (B = 350, r = 2), first four
 * on: B = 175 + 175 = 350, n = 4, B/n = 87.5, desired n1 = n2 = 0.5, n3 = 0.818, n4 = 1.094 (n4
 * stores less than its share; it serves every block it is offered).
 *
 * <p>Stateless and thread-safe.
 */
public final class EqualWorkTargets {
  private EqualWorkTargets() {}

  /**
   * @param storedBlocks replicas recorded per chain node (nodes not listed store none)
   * @param primaries the first p chain nodes
   * @param activeNodes the nodes on now
   * @return the targets, empty when the primaries store no block (nothing to balance yet)
   */
  public static Optional<HitRatioTargets> of(Map<String, Long> storedBlocks,
      List<String> primaries, Set<String> activeNodes) {
    Objects.requireNonNull(storedBlocks, "storedBlocks must not be null");
    Objects.requireNonNull(primaries, "primaries must not be null");
    if (primaries.isEmpty()) {
      throw new IllegalArgumentException("an equal-work chain has at least one primary, got none");
    }
    long datasetBlocks = 0;
    for (String primary : primaries) {
      datasetBlocks += storedBlocks.getOrDefault(primary, 0L);
    }
    return datasetBlocks == 0 ? Optional.empty()
        : Optional.of(HitRatioTargets.of(storedBlocks, datasetBlocks, activeNodes));
  }
}
