package org.blinkhdfs.placement;

import java.util.List;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementStatus;

/**
 * The verdict of {@link PowerBalancedBlockPlacementPolicy#verifyBlockPlacement}: how many layout
 * positions that could hold a replica (registered, in-service node) do not hold one yet. The
 * NameNode's reconstruction asks for exactly that many more replicas, and accepts new targets
 * only if they lower the count, so the number must be honest.
 */
final class LayoutPlacementStatus implements BlockPlacementStatus {
  private final List<Integer> missingPositions;
  private final List<Integer> layout;

  LayoutPlacementStatus(List<Integer> missingPositions, List<Integer> layout) {
    this.missingPositions = List.copyOf(missingPositions);
    this.layout = List.copyOf(layout);
  }

  @Override
  public boolean isPlacementPolicySatisfied() {
    return missingPositions.isEmpty();
  }

  @Override
  public String getErrorDescription() {
    return isPlacementPolicySatisfied() ? null
        : "power-balanced layout " + layout + " lacks replicas at ring positions "
            + missingPositions;
  }

  @Override
  public int getAdditionalReplicasRequired() {
    return missingPositions.size();
  }
}
