package org.blinkhdfs.cluster;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The block layouts the local cluster can run, each naming the placement policy class its
 * NameNode is started with ({@code dfs.block.replicator.classname}) and the read-selection class
 * ({@code dfs.net.topology.impl}).
 *
 * <p>Why a topology per layout: the layouts read through {@code BlinkNetworkTopology} (awake
 * replicas first, HDFS's random shuffle among equals), except {@link #EQUAL_WORK}: Rabbit's
 * equal-work layout only delivers equal work per node with its hit-ratio read selection
 * ({@code org.blinkhdfs.rabbit.EqualWorkNetworkTopology}, a {@code BlinkNetworkTopology} that
 * orders tied awake replicas by the balancer). The demo's report names the class each layout
 * ran with.
 *
 * <p>The Rabbit layouts also read keys ({@code blink.equalwork.primaries},
 * {@code blink.paraid.groups}); {@link LayoutKeys} holds and checks them.
 */
public enum Layout {
  /** BlinkFS's power-balanced ring as printed: {@code blink.ring.spacing = bisection}. */
  POWER_BALANCED("power-balanced", "org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy",
      Layout.BLINK_TOPOLOGY),
  /**
   * The co-designed stagger's layout: the same policy with {@code blink.ring.spacing = even}
   * (replicas ⌊N/r⌋ or ⌈N/r⌉ apart), run with the scheduler policy {@code aligned}
   * (docs/availability.md).
   */
  ALIGNED("aligned", "org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy",
      Layout.BLINK_TOPOLOGY),
  /**
   * Phase groups' layout: the same policy with {@code blink.ring.spacing = groups} (one replica in
   * each phase group, {@code blink.phase.groups} = the run's replication on the NameNode, the
   * proxy and the scheduler alike, {@link #groupKeys}), run with the scheduler policy {@code
   * phase-groups} or {@code auto} (docs/availability.md, docs/scheduler.md).
   */
  PHASE_GROUPS("phase-groups", "org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy",
      Layout.BLINK_TOPOLOGY),
  /** HDFS's own rack-aware random placement. */
  HDFS_DEFAULT("default",
      "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault",
      Layout.BLINK_TOPOLOGY),
  /** Rabbit's equal-work layout: p primaries, then B/i on chain node i (docs/equal-work.md). */
  EQUAL_WORK("equal-work", "org.blinkhdfs.rabbit.EqualWorkBlockPlacementPolicy",
      "org.blinkhdfs.rabbit.EqualWorkNetworkTopology"),
  /** PARAID's skewed layout as Le et al. put it in HDFS (docs/equal-work.md). */
  PARAID("paraid", "org.blinkhdfs.rabbit.ParaidBlockPlacementPolicy", Layout.BLINK_TOPOLOGY),
  /**
   * What an operator does with stock HDFS 3.5 and no BlinkHDFS NameNode code: HDFS's
   * upgrade-domain placement with as many domains as replicas, whole domains taken out by
   * maintenance as the power falls (a covering set, docs/equal-work.md). HDFS's own topology and
   * no BlinkHDFS plugin on the NameNode; run with the scheduler policy {@code covering}
   * ({@link CoveringHosts}, {@link CoveringMaintenance}).
   */
  COVERING("covering-set",
      "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyWithUpgradeDomain",
      Layout.STOCK_TOPOLOGY);

  /** The blink-aware read ordering every BlinkHDFS layout uses. */
  static final String BLINK_TOPOLOGY = "org.blinkhdfs.placement.BlinkNetworkTopology";
  /** The phase groups G, read by the NameNode's group layout and the scheduler's policies. */
  public static final String PHASE_GROUPS_KEY =
      org.blinkhdfs.model.config.CoreConfig.PHASE_GROUPS.name();
  /** HDFS's own {@code dfs.net.topology.impl} default. */
  static final String STOCK_TOPOLOGY = "org.apache.hadoop.hdfs.net.DFSNetworkTopology";

  private final String flag;
  private final String policyClass;
  private final String topologyClass;

  Layout(String flag, String policyClass, String topologyClass) {
    this.flag = flag;
    this.policyClass = policyClass;
    this.topologyClass = topologyClass;
  }

  /** The name used on the command line and in reports. */
  public String flag() {
    return flag;
  }

  /** What the layout is, for reports: {@link #flag()} and, for the stock baseline, its method. */
  public String description() {
    return this == COVERING ? "stock covering set (upgrade domains + maintenance)" : flag;
  }

  /**
   * True for the layout that runs HDFS's NameNode as shipped: no BlinkHDFS plugin, placement or
   * topology, so no BlinkHDFS NameNode metric and no schedule read by the NameNode.
   */
  public boolean isStock() {
    return this == COVERING;
  }

  public String policyClass() {
    return policyClass;
  }

  /** The NameNode's {@code dfs.net.topology.impl}: how replicas are ordered for reads. */
  public String topologyClass() {
    return topologyClass;
  }

  /** The NameNode keys this layout sets beyond the Rabbit ones ({@link LayoutKeys}). */
  public java.util.Map<String, String> nameNodeKeys() {
    // Each says its spacing, default or not: power-balanced is BlinkFS's bisection ring by name
    return this == POWER_BALANCED ? java.util.Map.of("blink.ring.spacing", "bisection")
        : this == ALIGNED ? java.util.Map.of("blink.ring.spacing", "even")
        : this == PHASE_GROUPS ? java.util.Map.of("blink.ring.spacing", "groups")
        : java.util.Map.of();
  }

  /**
   * The keys that must be equal on the NameNode (and the proxy, which computes the same layout)
   * and on the scheduler for this layout with data of {@code replication}: for {@link
   * #PHASE_GROUPS}, {@code blink.phase.groups} = r, so every block has one replica in each group
   * (G = r) and one whole group is a covering set, which the {@code auto} policy's activation
   * relies on; empty for every other layout. Why r and not the default 3: with r = 2 and G = 3
   * a block misses a group, and with r = 6 and G = 3 the windows are twice as long as needed.
   *
   * @throws IllegalArgumentException when {@code replication} is below 1
   */
  public java.util.Map<String, String> groupKeys(int replication) {
    if (replication < 1) {
      throw new IllegalArgumentException("replication " + replication + " for layout " + flag
          + ": give the replication of the data the layout holds, at least 1");
    }
    return this == PHASE_GROUPS
        ? java.util.Map.of(PHASE_GROUPS_KEY, Integer.toString(replication))
        : java.util.Map.of();
  }

  /**
   * True for BlinkFS's ring with any spacing, phase groups included: the layouts that blink and
   * stage.
   */
  public boolean isRing() {
    return this == POWER_BALANCED || this == ALIGNED || this == PHASE_GROUPS;
  }

  /** True for the layouts whose gears are chain prefixes (equal-work, PARAID). */
  public boolean hasGears() {
    return this == EQUAL_WORK || this == PARAID;
  }

  /**
   * True for the BlinkHDFS layouts ({@code LayoutBlockPlacementPolicy}): they stage replicas for
   * sleeping nodes, which the write proxy drains; HDFS's default policy stages nothing.
   */
  public boolean stagesForProxy() {
    return this != HDFS_DEFAULT && this != COVERING;
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
