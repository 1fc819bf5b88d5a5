package org.blinkhdfs.placement;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.blinkhdfs.core.schedule.NodeMode;
import org.blinkhdfs.core.schedule.NodeSchedule;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.core.schedule.ScheduleJson;

/**
 * A real NameNode and DataNodes (MiniDFSCluster) configured with the BlinkHDFS placement
 * policy, read topology and NameNode plugin, plus helpers to write the schedule file with the
 * DataNodes' real transfer addresses and to read replica locations back.
 */
final class BlinkCluster implements AutoCloseable {
  static final int BLOCK_BYTES = 1 << 20;

  final MiniDFSCluster cluster;
  final DistributedFileSystem fs;
  final Path scheduleFile;
  /** DataNode transfer addresses in start order; the first {@code ringSize} form the ring. */
  final List<String> addresses = new ArrayList<>();

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
    Path scheduleFile = dir.resolve("schedule.json");
    Configuration conf = conf(scheduleFile);
    tune.accept(conf);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir.resolve("dfs").toFile())
        .numDataNodes(dataNodes).build();
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

  /** Replaces the schedule file atomically, as a scheduler would. */
  void writeSchedule(Schedule s) throws IOException {
    Path tmp = scheduleFile.resolveSibling(scheduleFile.getFileName() + ".tmp");
    Files.writeString(tmp, ScheduleJson.write(s), StandardCharsets.UTF_8);
    Files.move(tmp, scheduleFile, StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
  }

  /**
   * Writes a one-block file of {@code bytes} deterministic bytes with replication {@code r} and
   * waits until the NameNode has all {@code r} replicas reported (close() returns once the
   * minimum is reported; the others arrive in incremental block reports).
   */
  byte[] writeFile(String path, int bytes, int r) throws IOException {
    byte[] data = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      data[i] = (byte) (path.hashCode() * 31 + i);
    }
    try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(path), (short) r)) {
      out.write(data);
    }
    waitReplicas(path, r);
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
