package org.blinkhdfs.cluster;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The block layouts the local cluster can run, each naming the placement policy class its
 * NameNode is started with ({@code dfs.block.replicator.classname}). Reads use
 * {@code BlinkNetworkTopology} for every layout, so a comparison between layouts measures the
 * layout alone, not the read ordering.
 */
public enum Layout {
  /** BlinkFS's power-balanced ring. */
  POWER_BALANCED("power-balanced", "org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy"),
  /** HDFS's own rack-aware random placement. */
  HDFS_DEFAULT("default",
      "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault");

  private final String flag;
  private final String policyClass;

  Layout(String flag, String policyClass) {
    this.flag = flag;
    this.policyClass = policyClass;
  }

  /** The name used on the command line and in reports. */
  public String flag() {
    return flag;
  }

  public String policyClass() {
    return policyClass;
  }

  /** Parses a {@link #flag()}; the error lists the accepted names. */
  public static Layout byFlag(String option, String value) {
    for (Layout l : values()) {
      if (l.flag.equals(value.toLowerCase(Locale.ROOT))) {
        return l;
      }
    }
    throw new IllegalArgumentException(option + " " + value + " is not a layout; use one of "
        + Arrays.stream(values()).map(Layout::flag).collect(Collectors.joining(", ")));
  }
}
