package org.blinkhdfs.placement;

import java.util.Collection;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.blinkhdfs.layout.StandInDemand;

/**
 * HDFS's rack rule, as {@code BlockPlacementPolicyDefault#verifyBlockPlacement} states it: once
 * the cluster has had more than one rack, a block of r ≥ 2 replicas must span at least
 * {@code min(2, r)} racks. The power-balanced layout is a soft goal inside this hard rule: no
 * write, correction, deletion or Balancer move may take a block below it (or, for a block that is
 * already below it, lower its rack count further).
 *
 * <p>Example: 9 DataNodes on racks A, B, C; a block on {A, A, B} satisfies the rule; deleting the
 * only B replica would not, so {@link PowerBalancedBlockPlacementPolicy} deletes an A replica
 * even when the B replica is the stand-in.
 *
 * <p>Stateless; thread-safe.
 */
final class RackRule {
  private RackRule() {
  }

  /** Racks a block of {@code replicas} replicas must span on {@code clusterMap}. */
  static int required(NetworkTopology clusterMap, int replicas) {
    return clusterMap.hasClusterEverBeenMultiRack() ? Math.min(2, replicas) : 1;
  }

  /** Distinct racks (network locations) among {@code nodes}. */
  static int count(Collection<? extends Node> nodes) {
    return StandInDemand.rackCount(nodes.stream().map(Node::getNetworkLocation).toList());
  }

  /**
   * True when a block that spanned {@code before} racks and spans {@code after} racks afterwards
   * still honours the rule: at least {@code required} racks, or no fewer than before when it was
   * already short of them.
   */
  static boolean keeps(int before, int after, int required) {
    return StandInDemand.keepsRacks(before, after, required);
  }
}
