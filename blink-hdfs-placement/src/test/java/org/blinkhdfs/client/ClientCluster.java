package org.blinkhdfs.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.core.schedule.ScheduleJson;
import org.blinkhdfs.placement.PlacementConfig;

/**
 * A MiniDFSCluster with the BlinkHDFS placement policy and read topology (the few lines of the
 * placement tests' {@code BlinkCluster} this package needs), the schedule file and a client
 * {@link BlinkDistributedFileSystem}.
 */
final class ClientCluster implements AutoCloseable {
  static final int BLOCK_BYTES = 1 << 20;

  final MiniDFSCluster cluster;
  final DistributedFileSystem fs;
  final Path scheduleFile;
  final Configuration conf;
  final List<String> addresses = new ArrayList<>();

  private ClientCluster(MiniDFSCluster cluster, Configuration conf, Path scheduleFile)
      throws IOException {
    this.cluster = cluster;
    this.conf = conf;
    this.fs = cluster.getFileSystem();
    this.scheduleFile = scheduleFile;
    for (DataNode dn : cluster.getDataNodes()) {
      addresses.add(dn.getDatanodeId().getXferAddr());
    }
  }

  static ClientCluster start(Path dir, int dataNodes) throws IOException {
    Path scheduleFile = dir.resolve("schedule.json");
    Configuration conf = new Configuration();
    conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY,
        "org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy");
    conf.set(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY,
        "org.blinkhdfs.placement.BlinkNetworkTopology");
    conf.set(PlacementConfig.SCHEDULE_FILE.name(), scheduleFile.toString());
    conf.setLong(PlacementConfig.SCHEDULE_POLL_MS.name(), 0);
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK_BYTES);
    conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 1);
    conf.setBoolean(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_CONSIDERLOAD_KEY, false);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir.resolve("dfs").toFile())
        .numDataNodes(dataNodes).build();
    cluster.waitActive();
    return new ClientCluster(cluster, conf, scheduleFile);
  }

  /** A new (uncached) client of class {@link BlinkDistributedFileSystem}. */
  BlinkDistributedFileSystem blinkClient() throws IOException {
    Configuration c = new Configuration(conf);
    c.set("fs.hdfs.impl", BlinkDistributedFileSystem.class.getName());
    return (BlinkDistributedFileSystem) FileSystem.newInstance(fs.getUri(), c);
  }

  /** Replaces the schedule file atomically, as a scheduler would. */
  void writeSchedule(Schedule s) throws IOException {
    Path tmp = scheduleFile.resolveSibling(scheduleFile.getFileName() + ".tmp");
    Files.writeString(tmp, ScheduleJson.write(s), StandardCharsets.UTF_8);
    Files.move(tmp, scheduleFile, StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
  }

  void deleteSchedule() throws IOException {
    Files.deleteIfExists(scheduleFile);
  }

  /** Writes {@code bytes} deterministic bytes with replication {@code r}, fully replicated. */
  byte[] writeFile(String path, int bytes, int r) throws Exception {
    byte[] data = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      data[i] = (byte) (path.hashCode() * 31 + i * 7 + (i >> 11));
    }
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
    try (FSDataOutputStream out = fs.create(p, (short) r)) {
      out.write(data);
    }
    DFSTestUtil.waitReplication(fs, p, (short) r);
    return data;
  }

  /** Every DataNode holding some block of {@code path}. */
  Set<String> replicaNodes(String path) throws IOException {
    Set<String> out = new LinkedHashSet<>();
    for (BlockLocation loc : fs.getFileBlockLocations(new org.apache.hadoop.fs.Path(path), 0,
        Long.MAX_VALUE)) {
      out.addAll(List.of(loc.getNames()));
    }
    return out;
  }

  @Override
  public void close() {
    cluster.shutdown();
  }
}
