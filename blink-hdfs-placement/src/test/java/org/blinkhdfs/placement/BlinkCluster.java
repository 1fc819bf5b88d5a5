package org.blinkhdfs.placement;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.core.schedule.NodeMode;
import org.blinkhdfs.core.schedule.NodeSchedule;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.core.schedule.ScheduleJson;

/**
 * A real NameNode and DataNodes (MiniDFSCluster) configured with the BlinkHDFS placement
 * policy, read topology and NameNode plugin, plus helpers to write the schedule file with the
 * DataNodes' real transfer addresses and to read replica locations back. A {@code shape} given to
 * {@link #start(Path, int, Consumer, Consumer)} sets racks, storage types or capacities on the
 * MiniDFSCluster builder.
 */
final class BlinkCluster implements AutoCloseable {
  static final int BLOCK_BYTES = 1 << 20;

  final MiniDFSCluster cluster;
  final DistributedFileSystem fs;
  final Path scheduleFile;
  /** DataNode transfer addresses in start order; the first {@code ringSize} form the ring. */
  final List<String> addresses = new ArrayList<>();
  private long lastModifiedMs;

  private BlinkCluster(MiniDFSCluster cluster, Path scheduleFile) throws IOException {
    this.cluster = cluster;
    this.fs = cluster.getFileSystem();
    this.scheduleFile = scheduleFile;
    for (DataNode dn : cluster.getDataNodes()) {
      addresses.add(dn.getDatanodeId().getXferAddr());
    }
  }

  /** Base configuration of a blinking NameNode with a short redundancy-monitor period. */
  static Configuration conf(Path scheduleFile) {
    Configuration conf = new Configuration();
    conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY,
        PowerBalancedBlockPlacementPolicy.class.getName());
    conf.set(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, BlinkNetworkTopology.class.getName());
    conf.set(DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY, BlinkNameNodePlugin.class.getName());
    conf.set(PlacementConfig.SCHEDULE_FILE.name(), scheduleFile.toString());
    conf.setLong(PlacementConfig.SCHEDULE_POLL_MS.name(), 0);
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK_BYTES);
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY, 1);
    conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 1);
    conf.setBoolean(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_CONSIDERLOAD_KEY, false);
    return conf;
  }

  /** Starts {@code dataNodes} DataNodes under {@code dir}; {@code tune} may adjust the conf. */
  static BlinkCluster start(Path dir, int dataNodes, Consumer<Configuration> tune)
      throws IOException {
    return start(dir, dataNodes, tune, builder -> { });
  }

  /**
   * As {@link #start(Path, int, Consumer)}; {@code shape} adjusts the MiniDFSCluster builder,
   * e.g. {@code .racks(...)}, {@code .storageTypes(...)}, {@code .storageCapacities(...)}.
   */
  static BlinkCluster start(Path dir, int dataNodes, Consumer<Configuration> tune,
      Consumer<MiniDFSCluster.Builder> shape) throws IOException {
    Path scheduleFile = dir.resolve("schedule.json");
    Configuration conf = conf(scheduleFile);
    tune.accept(conf);
    MiniDFSCluster.Builder builder = new MiniDFSCluster.Builder(conf, dir.resolve("dfs").toFile())
        .numDataNodes(dataNodes);
    shape.accept(builder);
    MiniDFSCluster cluster = builder.build();
    cluster.waitActive();
    return new BlinkCluster(cluster, scheduleFile);
  }

  /** A schedule epoch starting now with the given interval. */
  static Schedule.Builder schedule(long intervalMs) {
    return Schedule.builder().epoch(1).intervalStartMs(System.currentTimeMillis())
        .intervalMs(intervalMs);
  }

  /** Every one of the first {@code ringSize} DataNodes ACTIVE, in start order. */
  Schedule allActive(int ringSize) {
    Schedule.Builder b = schedule(60_000);
    for (int i = 0; i < ringSize; i++) {
      b.add(NodeSchedule.of(addresses.get(i), NodeMode.ACTIVE));
    }
    return b.build();
  }

  /** Every node of {@code ring} ACTIVE in that ring order, plus {@code staging} nodes. */
  static Schedule activeRing(List<String> ring, List<String> staging) {
    Schedule.Builder b = schedule(60_000);
    for (String node : ring) {
      b.add(NodeSchedule.of(node, NodeMode.ACTIVE));
    }
    for (String node : staging) {
      b.add(NodeSchedule.staging(node));
    }
    return b.build();
  }

  /** Transfer addresses of the DataNodes with these start-order indices, in that order. */
  List<String> addresses(int... indices) {
    List<String> out = new ArrayList<>();
    for (int i : indices) {
      out.add(addresses.get(i));
    }
    return out;
  }

  BlockManager blockManager() {
    return cluster.getNamesystem().getBlockManager();
  }

  /** The placement policy instance the NameNode uses. */
  PowerBalancedBlockPlacementPolicy policy() {
    return (PowerBalancedBlockPlacementPolicy) blockManager().getBlockPlacementPolicy();
  }

  /** The NameNode's descriptor of the DataNode with transfer address {@code xferAddr}. */
  DatanodeDescriptor descriptor(String xferAddr) {
    int colon = xferAddr.lastIndexOf(':');
    return blockManager().getDatanodeManager().getDatanodeByXferAddr(
        xferAddr.substring(0, colon), Integer.parseInt(xferAddr.substring(colon + 1)));
  }

  /** The NameNode's descriptors of the DataNodes at these transfer addresses. */
  DatanodeDescriptor[] descriptors(List<String> xferAddrs) {
    return xferAddrs.stream().map(this::descriptor).toArray(DatanodeDescriptor[]::new);
  }

  /**
   * True when the NameNode has no block waiting for reconstruction, mis-placed (badly
   * distributed), pending a copy or awaiting the deletion of an excess replica.
   */
  boolean settled() {
    BlockManager bm = blockManager();
    return bm.getLowRedundancyBlocks() == 0 && bm.getBadlyDistributedBlocks() == 0
        && bm.getPendingReconstructionBlocksCount() == 0 && bm.getExcessBlocksCount() == 0
        && bm.getPendingDeletionBlocksCount() == 0;
  }

  /** The storage types of the first block's replicas, in the order of {@link #replicas}. */
  List<StorageType> storageTypes(String path) throws IOException {
    BlockLocation[] locs = fs.getFileBlockLocations(new org.apache.hadoop.fs.Path(path), 0, 1);
    return Arrays.asList(locs[0].getStorageTypes());
  }

  /**
   * Replaces the schedule file atomically, as a scheduler would, and waits until the NameNode's
   * schedule view has read it. The reader notices a change by modification time and size, and
   * two schedules of the same size can be written within one timestamp tick, so each write gets
   * a modification time later than the previous one.
   */
  void writeSchedule(Schedule s) throws IOException {
    Path tmp = scheduleFile.resolveSibling(scheduleFile.getFileName() + ".tmp");
    Files.writeString(tmp, ScheduleJson.write(s), StandardCharsets.UTF_8);
    lastModifiedMs = Math.max(System.currentTimeMillis(), lastModifiedMs + 1000);
    Files.setLastModifiedTime(tmp, FileTime.fromMillis(lastModifiedMs));
    Files.move(tmp, scheduleFile, StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
    BlinkRuntime runtime = BlinkRuntime.forConf(cluster.getConfiguration(0));
    try {
      GenericTestUtils.waitFor(() -> runtime.state().schedule().map(s::equals).orElse(false),
          10, 10_000);
    } catch (java.util.concurrent.TimeoutException | InterruptedException e) {
      throw new IOException("schedule not in force: " + runtime.state().detail(), e);
    }
  }

  /**
   * Writes a one-block file of {@code bytes} deterministic bytes with replication {@code r} and
   * waits until the NameNode has all {@code r} replicas reported (close() returns once the
   * minimum is reported; the others arrive in incremental block reports).
   */
  byte[] writeFile(String path, int bytes, int r) throws IOException {
    return writeFile(path, bytes, r, r);
  }

  /**
   * As {@link #writeFile(String, int, int)}, but waits for {@code reported} replicas only: a
   * write with too few nodes awake is short of {@code r}.
   */
  byte[] writeFile(String path, int bytes, int r, int reported) throws IOException {
    byte[] data = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      data[i] = (byte) (path.hashCode() * 31 + i);
    }
    try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(path), (short) r)) {
      out.write(data);
    }
    waitReplicas(path, reported);
    return data;
  }

  /** Waits until the first block of {@code path} has exactly {@code r} reported replicas. */
  void waitReplicas(String path, int r) throws IOException {
    try {
      DFSTestUtil.waitReplication(fs, new org.apache.hadoop.fs.Path(path), (short) r);
    } catch (java.util.concurrent.TimeoutException | InterruptedException e) {
      throw new IOException(path + " did not reach " + r + " replicas: " + replicas(path), e);
    }
  }

  /** The transfer addresses holding the first block of {@code path}, in NameNode order. */
  List<String> replicas(String path) throws IOException {
    BlockLocation[] locs = fs.getFileBlockLocations(new org.apache.hadoop.fs.Path(path), 0, 1);
    return Arrays.asList(locs[0].getNames());
  }

  /** {@link #replicas} for use inside wait conditions (lambdas cannot throw IOException). */
  List<String> replicasNow(String path) {
    try {
      return replicas(path);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** {@link #ringPositions} for use inside wait conditions. */
  List<Integer> ringPositionsNow(String path, int ringSize) {
    try {
      return ringPositions(path, ringSize);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Ring positions of {@code path}'s replicas, for a ring of the first {@code ringSize} nodes. */
  List<Integer> ringPositions(String path, int ringSize) throws IOException {
    List<Integer> out = new ArrayList<>();
    for (String addr : replicas(path)) {
      int i = addresses.indexOf(addr);
      if (i >= 0 && i < ringSize) {
        out.add(i);
      }
    }
    return out;
  }

  @Override
  public void close() {
    cluster.shutdown();
  }
}
