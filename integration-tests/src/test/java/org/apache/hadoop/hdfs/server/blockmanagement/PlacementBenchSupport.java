package org.apache.hadoop.hdfs.server.blockmanagement;

import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Test-only access to package-private NameNode placement internals for the benchmarks in
 * {@code org.blinkhdfs.bench} (integration-tests; not shipped).
 *
 * <p>Why this package: {@link BlockPlacementPolicy#initialize} takes the package-private
 * {@link Host2NodesMap}, the entry point the NameNode uses for a new block
 * ({@code chooseTarget(src, n, writer, excluded, blocksize, favoredNodes, policy, flags)}, called
 * by {@code BlockManager#chooseTarget4NewBlock}) is package-private, and so is
 * {@code DatanodeDescriptor#updateHeartbeat}. Everything here mirrors what the NameNode does;
 * nothing changes Hadoop's behaviour.
 */
public final class PlacementBenchSupport {
  private PlacementBenchSupport() {
  }

  /**
   * The replication policy named by {@code dfs.block.replicator.classname}, created and
   * initialised as {@link BlockPlacementPolicies} does in the NameNode, over {@code nodes}.
   */
  public static BlockPlacementPolicy newPolicy(Configuration conf, NetworkTopology clusterMap,
      FSClusterStats stats, List<DatanodeDescriptor> nodes) {
    Class<? extends BlockPlacementPolicy> cls = conf.getClass(
        DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY,
        DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_DEFAULT, BlockPlacementPolicy.class);
    BlockPlacementPolicy policy = ReflectionUtils.newInstance(cls, conf);
    Host2NodesMap hosts = new Host2NodesMap();
    for (DatanodeDescriptor d : nodes) {
      hosts.add(d);
    }
    policy.initialize(conf, stats, clusterMap, hosts);
    return policy;
  }

  /**
   * Targets for a new block, through the same entry point as
   * {@code BlockManager#chooseTarget4NewBlock} with no favored nodes; a fresh excluded-node set
   * each call, as the NameNode builds one per addBlock.
   */
  public static DatanodeStorageInfo[] chooseTargetForNewBlock(BlockPlacementPolicy policy,
      String src, int replicas, Node writer, long blocksize, BlockStoragePolicy storagePolicy) {
    return policy.chooseTarget(src, replicas, writer, new HashSet<>(), blocksize,
        Collections.emptyList(), storagePolicy, EnumSet.noneOf(AddBlockFlag.class));
  }

  /** A heartbeat giving every storage of {@code dn} this capacity and free space. */
  public static void heartbeat(DatanodeDescriptor dn, long capacity, long remaining,
      int xceivers) {
    for (DatanodeStorageInfo s : dn.getStorageInfos()) {
      s.setUtilizationForTesting(capacity, capacity - remaining, remaining,
          capacity - remaining);
    }
    dn.updateHeartbeat(BlockManagerTestUtil.getStorageReportsForDatanode(dn), 0L, 0L, xceivers,
        0, null);
  }

  /** Cluster statistics as a quiet NameNode would report them. */
  public static FSClusterStats quietStats(int nodesInService) {
    return new FSClusterStats() {
      @Override
      public int getTotalLoad() {
        return 0;
      }

      @Override
      public boolean isAvoidingStaleDataNodesForWrite() {
        return false;
      }

      @Override
      public int getNumDatanodesInService() {
        return nodesInService;
      }

      @Override
      public double getInServiceXceiverAverage() {
        return 0;
      }

      @Override
      public double getInServiceXceiverAverageForVolume() {
        return 0;
      }

      @Override
      public Map<StorageType, StorageTypeStats> getStorageTypeStats() {
        return Collections.emptyMap();
      }
    };
  }
}
