package org.blinkhdfs.rabbit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.core.schedule.NodeMode;
import org.blinkhdfs.core.schedule.NodeSchedule;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.core.schedule.ScheduleJson;
import org.blinkhdfs.placement.BlinkNetworkTopology;
import org.blinkhdfs.placement.BlinkRuntime;
import org.blinkhdfs.placement.PlacementConfig;

/**
 * A MiniDFSCluster whose NameNode runs one of this module's placement policies with
 * BlinkHDFS's read topology and a schedule file, plus what the tests need: schedules of ACTIVE
 * and OFF nodes over the DataNodes' real transfer addresses (the chain is their start order),
 * one-block files with deterministic bytes, replica locations, and stopping and restarting
 * DataNodes on the same ports (a gear change with the OFF nodes really down).
 *
 * <p>Uses the main code's own pieces (the schedule model and JSON, {@link BlinkRuntime} to wait
 * until the NameNode follows a new file, {@link PlacementConfig}'s keys).
 */
final class RabbitCluster implements AutoCloseable {
  static final int BLOCK_BYTES = 1 << 20;

  final MiniDFSCluster cluster;
  final DistributedFileSystem fs;
  /** DataNode transfer addresses in start order: the expansion chain, rank 1 first. */
  final List<String> chain = new ArrayList<>();
  private final Path scheduleFile;
  private final Map<String, MiniDFSCluster.DataNodeProperties> stopped = new HashMap<>();
  private long lastModifiedMs;
  private long epoch;

  private RabbitCluster(MiniDFSCluster cluster, Path scheduleFile) throws IOException {
    this.cluster = cluster;
    this.fs = cluster.getFileSystem();
    this.scheduleFile = scheduleFile;
    for (DataNode dn : cluster.getDataNodes()) {
      chain.add(dn.getDatanodeId().getXferAddr());
    }
  }

  /**
   * Starts {@code dataNodes} DataNodes under {@code dir} with {@code policy} as the NameNode's
   * placement policy, every node ACTIVE; {@code keys} are extra configuration pairs.
   */
  static RabbitCluster start(Path dir, int dataNodes, Class<?> policy, String... keys)
      throws IOException {
    Path scheduleFile = dir.resolve("schedule.json");
    Configuration conf = new Configuration();
    conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, policy.getName());
    conf.set(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, BlinkNetworkTopology.class.getName());
    conf.set(PlacementConfig.SCHEDULE_FILE.name(), scheduleFile.toString());
    conf.setLong(PlacementConfig.SCHEDULE_POLL_MS.name(), 0);
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK_BYTES);
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY, 1);
    conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 1);
    conf.setBoolean(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_CONSIDERLOAD_KEY, false);
    // close() asks the NameNode until the last block is reported; 400 ms between the first asks
    // would dominate writing hundreds of small files.
    conf.setInt(HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_INITIAL_DELAY_MS_KEY, 20);
    for (int i = 0; i + 1 < keys.length; i += 2) {
      conf.set(keys[i], keys[i + 1]);
    }
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir.resolve("dfs").toFile())
        .numDataNodes(dataNodes).build();
    cluster.waitActive();
    RabbitCluster c = new RabbitCluster(cluster, scheduleFile);
    c.writeSchedule(c.gear(dataNodes));
    return c;
  }

  /** The first {@code active} chain nodes ACTIVE, the rest OFF (Rabbit's gear). */
  Schedule gear(int active) {
    Schedule.Builder b = Schedule.builder().epoch(++epoch)
        .intervalStartMs(System.currentTimeMillis()).intervalMs(60_000);
    for (int i = 0; i < chain.size(); i++) {
      b.add(NodeSchedule.of(chain.get(i), i < active ? NodeMode.ACTIVE : NodeMode.OFF));
    }
    return b.build();
  }

  /**
   * Replaces the schedule file atomically, as a scheduler would, and waits until the NameNode
   * follows it. Each write gets a later modification time, so the reader always notices it.
   */
  void writeSchedule(Schedule s) throws IOException {
    Path tmp = scheduleFile.resolveSibling(scheduleFile.getFileName() + ".tmp");
    Files.writeString(tmp, ScheduleJson.write(s), StandardCharsets.UTF_8);
    lastModifiedMs = Math.max(System.currentTimeMillis(), lastModifiedMs + 1000);
    Files.setLastModifiedTime(tmp, FileTime.fromMillis(lastModifiedMs));
    Files.move(tmp, scheduleFile, StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
    BlinkRuntime runtime = BlinkRuntime.forConf(cluster.getConfiguration(0));
    waitFor("schedule epoch " + s.epoch() + " in force",
        () -> runtime.state().schedule().map(s::equals).orElse(false));
  }

  /**
   * Writes a one-block file of {@code bytes} deterministic bytes with replication {@code r} and
   * waits until all {@code r} replicas are reported.
   */
  byte[] writeFile(String path, int bytes, int r) throws IOException {
    byte[] data = create(path, bytes, r);
    waitReplicas(path, r);
    return data;
  }

  /**
   * Writes {@code paths} as {@link #writeFile} does, then waits for their replicas: one wait for
   * many files, since the last replicas arrive in incremental block reports.
   */
  void writeFiles(List<String> paths, int bytes, int r) throws IOException {
    for (String path : paths) {
      create(path, bytes, r);
    }
    for (String path : paths) {
      waitReplicas(path, r);
    }
  }

  /** Creates {@code path} with its deterministic bytes; returns once the file is closed. */
  private byte[] create(String path, int bytes, int r) throws IOException {
    byte[] data = contents(path, bytes);
    try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(path), (short) r)) {
      out.write(data);
    }
    return data;
  }

  /** Waits until the first block of {@code path} has {@code r} reported replicas. */
  void waitReplicas(String path, int r) throws IOException {
    try {
      DFSTestUtil.waitReplication(fs, new org.apache.hadoop.fs.Path(path), (short) r);
    } catch (TimeoutException | InterruptedException e) {
      throw new IOException(path + " did not reach " + r + " replicas: " + replicas(path), e);
    }
  }

  /** The bytes {@link #writeFile} writes to {@code path}. */
  static byte[] contents(String path, int bytes) {
    byte[] data = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      data[i] = (byte) (path.hashCode() * 31 + i);
    }
    return data;
  }

  /** Reads the whole of {@code path}. */
  byte[] read(String path) throws IOException {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
    byte[] buf = new byte[(int) fs.getFileStatus(p).getLen()];
    try (FSDataInputStream in = fs.open(p)) {
      IOUtils.readFully(in, buf, 0, buf.length);
    }
    return buf;
  }

  /** Transfer addresses holding the first block of {@code path}. */
  List<String> replicas(String path) throws IOException {
    BlockLocation[] locs = fs.getFileBlockLocations(new org.apache.hadoop.fs.Path(path), 0, 1);
    return Arrays.asList(locs[0].getNames());
  }

  /** {@link #replicas} inside wait conditions. */
  List<String> replicasNow(String path) {
    try {
      return replicas(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Stops the DataNode at {@code xferAddr}, remembering it for {@link #restartAll}. */
  void stop(String xferAddr) {
    MiniDFSCluster.DataNodeProperties p = cluster.stopDataNode(xferAddr);
    if (p == null) {
      throw new IllegalStateException("no running DataNode at " + xferAddr);
    }
    stopped.put(xferAddr, p);
  }

  /** Restarts every stopped DataNode on its old ports and waits until all are registered. */
  void restartAll() throws IOException {
    for (MiniDFSCluster.DataNodeProperties p : stopped.values()) {
      cluster.restartDataNode(p, true);
    }
    stopped.clear();
    cluster.waitActive();
  }

  BlockManager blockManager() {
    return cluster.getNamesystem().getBlockManager();
  }

  /**
   * True when the NameNode has no block waiting for reconstruction, mis-placed, pending a copy
   * or awaiting the deletion of an excess replica.
   */
  boolean settled() {
    BlockManager bm = blockManager();
    return bm.getLowRedundancyBlocks() == 0 && bm.getBadlyDistributedBlocks() == 0
        && bm.getPendingReconstructionBlocksCount() == 0 && bm.getExcessBlocksCount() == 0
        && bm.getPendingDeletionBlocksCount() == 0;
  }

  /** Waits up to 60 s for {@code condition}, checking every 100 ms. */
  static void waitFor(String what, java.util.function.Supplier<Boolean> condition)
      throws IOException {
    try {
      GenericTestUtils.waitFor(condition, 100, 60_000);
    } catch (TimeoutException | InterruptedException e) {
      throw new IOException("timed out waiting for " + what, e);
    }
  }

  @Override
  public void close() {
    cluster.shutdown();
  }
}
