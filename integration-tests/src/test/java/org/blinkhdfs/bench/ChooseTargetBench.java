package org.blinkhdfs.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManagerTestUtil;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockStoragePolicySuite;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.PlacementBenchSupport;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.blinkhdfs.model.schedule.Schedule;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * JMH: one new-block placement decision ({@code chooseTarget} for 3 replicas) of HDFS's default
 * policy and of the layout policies ({@link PlacementSetup}: power-balanced all ACTIVE and
 * staggered, about half the ring asleep; equal work and PARAID all ACTIVE and in a half-ring
 * gear), without a NameNode around it.
 *
 * <p>Set-up as the NameNode has it: a {@link DFSNetworkTopology} of {@link DatanodeDescriptor}s
 * with two DISK storages each (as MiniDFSCluster), {@code nodes / 3} racks for 9 nodes and
 * {@code nodes / 10} for 100 (or {@code racks}; MiniDFSCluster has one), ring order interleaving
 * racks; every node heartbeated with 2 TB
 * capacity, 1 TB free and no load. The policy is created and initialised as
 * {@code BlockPlacementPolicies} does, and called through the NameNode's entry point for a new
 * block ({@code BlockManager#chooseTarget4NewBlock}: no favored nodes, a fresh excluded set) with
 * the default storage policy, a 128 MB block and an off-cluster writer (null), like a client
 * outside the cluster. No state carries over between calls (nothing is allocated).
 *
 * <p>Run through {@link ChooseTargetJmh}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ChooseTargetBench {
  static final long BLOCK = 128L << 20;
  static final int REPLICAS = 3;

  @Param({"9", "100"})
  public int nodes;

  @Param({"DEFAULT", "PB_ACTIVE", "PB_STAGGERED", "EW_ACTIVE", "EW_GEARS", "PARAID_ACTIVE",
      "PARAID_GEARS"})
  public PlacementSetup config;

  /** Racks; 0 means {@code nodes / 3} for up to 9 nodes, else {@code nodes / 10}. */
  @Param({"0"})
  public int racks;

  private Path dir;
  private BlockPlacementPolicy policy;
  private BlockStoragePolicy storagePolicy;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    Bench.quietLogs();
    dir = Files.createTempDirectory("blink-choose-target");
    Path scheduleFile = dir.resolve("schedule.json");
    Configuration conf = new HdfsConfiguration();
    config.configure(conf, scheduleFile, nodes);

    DFSNetworkTopology topology = DFSNetworkTopology.getInstance(conf);
    List<DatanodeDescriptor> dns = addDataNodes(topology, nodes, rackCount(nodes, racks));
    List<String> ring = new ArrayList<>();
    for (DatanodeDescriptor dn : dns) {
      ring.add(dn.getXferAddr());
    }
    // The schedule is in force before the policy starts, as on a NameNode restarted under one.
    Optional<Schedule> schedule = config.schedule(ring, System.currentTimeMillis());
    if (schedule.isPresent()) {
      PlacementSetup.install(conf, scheduleFile, schedule.get());
    }
    policy = PlacementBenchSupport.newPolicy(conf, topology,
        PlacementBenchSupport.quietStats(nodes), dns);
    storagePolicy = BlockStoragePolicySuite.createDefaultSuite().getDefaultPolicy();
    check(schedule);
  }

  /** Racks for {@code nodes}: {@code racks} when positive, else the class comment's rule. */
  static int rackCount(int nodes, int racks) {
    return racks > 0 ? racks : nodes <= 9 ? Math.max(1, nodes / 3) : Math.max(1, nodes / 10);
  }

  /**
   * Adds {@code nodes} DataNodes on {@code rackCount} racks (node i on rack i mod racks), each
   * with two DISK storages and heartbeated with 2 TB capacity, 1 TB free and no load.
   */
  static List<DatanodeDescriptor> addDataNodes(DFSNetworkTopology topology, int nodes,
      int rackCount) {
    List<DatanodeDescriptor> dns = new ArrayList<>();
    for (int i = 0; i < nodes; i++) {
      String ip = "127." + (i / 40000) + "." + (i / 200 % 200) + "." + (i % 200 + 1);
      DatanodeDescriptor dn = DFSTestUtil.getDatanodeDescriptor(ip,
          DFSConfigKeys.DFS_DATANODE_DEFAULT_PORT, "/rack" + (i % rackCount), "dn" + i);
      for (int s = 0; s < 2; s++) {
        BlockManagerTestUtil.updateStorage(dn,
            new DatanodeStorage("DS-" + i + "-" + s, DatanodeStorage.State.NORMAL,
                StorageType.DISK));
      }
      topology.add(dn);
      PlacementBenchSupport.heartbeat(dn, 2L << 40, 1L << 40, 0);
      dns.add(dn);
    }
    return dns;
  }

  /** The policy under test (for the snapshot memory measurement). */
  BlockPlacementPolicy policy() {
    return policy;
  }

  /** Fails the trial unless the policy places as the configuration says it should. */
  private void check(Optional<Schedule> schedule) {
    for (int i = 0; i < 200; i++) {
      DatanodeStorageInfo[] t = chooseTarget();
      if (t.length != REPLICAS) {
        throw new IllegalStateException(config + ": " + t.length + " targets");
      }
      Set<DatanodeDescriptor> distinct = new HashSet<>();
      for (DatanodeStorageInfo s : t) {
        DatanodeDescriptor d = s.getDatanodeDescriptor();
        distinct.add(d);
        if (schedule.isPresent()
            && !schedule.get().isAwake(d.getXferAddr(), System.currentTimeMillis())) {
          throw new IllegalStateException(config + ": target " + d.getXferAddr() + " asleep");
        }
      }
      if (distinct.size() != REPLICAS) {
        throw new IllegalStateException(config + ": two replicas on one node");
      }
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    NameNodeOverheadBench.deleteTree(dir);
  }

  @Benchmark
  public DatanodeStorageInfo[] chooseTarget() {
    return PlacementBenchSupport.chooseTargetForNewBlock(policy, "/bench/file", REPLICAS, null,
        BLOCK, storagePolicy);
  }
}
