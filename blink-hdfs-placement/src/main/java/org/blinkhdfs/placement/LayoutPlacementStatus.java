package org.blinkhdfs.placement;

import java.util.List;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementStatus;

/**
 * The verdict of {@link LayoutBlockPlacementPolicy#verifyBlockPlacement}: HDFS's rack rule
 * first, then the layout positions {@link LayoutDemand} asks to fill.
 *
 * <p>The NameNode's reconstruction asks for exactly {@link #getAdditionalReplicasRequired()} more
 * replicas and accepts new targets only if they lower that count, so the number must be honest:
 * the replicas a rack-violating block needs on new racks (as HDFS counts them) plus the demanded
 * layout positions.
 */
final class LayoutPlacementStatus implements BlockPlacementStatus {
  private final BlockPlacementStatus racks;
  private final String layoutName;
  private final List<Integer> missingPositions;
  private final List<Integer> layout;

  LayoutPlacementStatus(BlockPlacementStatus racks, String layoutName,
      List<Integer> missingPositions, List<Integer> layout) {
    this.racks = racks;
    this.layoutName = layoutName;
    this.missingPositions = List.copyOf(missingPositions);
    this.layout = List.copyOf(layout);
  }

  @Override
  public boolean isPlacementPolicySatisfied() {
    return racks.isPlacementPolicySatisfied() && missingPositions.isEmpty();
  }

  @Override
  public String getErrorDescription() {
    if (isPlacementPolicySatisfied()) {
      return null;
    }
    String layoutError = missingPositions.isEmpty() ? null
        : layoutName + " layout " + layout + " lacks replicas at ring positions "
            + missingPositions;
    String rackError = racks.getErrorDescription();
    if (rackError == null) {
      return layoutError;
    }
    return layoutError == null ? rackError : rackError + "; " + layoutError;
  }

  @Override
  public int getAdditionalReplicasRequired() {
    return racks.getAdditionalReplicasRequired() + missingPositions.size();
  }
}
