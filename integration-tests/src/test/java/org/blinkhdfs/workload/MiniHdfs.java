package org.blinkhdfs.workload;

import java.io.IOException;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A stock in-process HDFS (MiniDFSCluster) for workload tests: small blocks so a few hundred KB
 * span several blocks, 1 s heartbeats, and helpers to wait for replication and to corrupt a file
 * the way a wrong or stale replica would look to a reader (valid HDFS checksums, wrong bytes).
 */
final class MiniHdfs implements AutoCloseable {
  /** Small blocks: test files of a few hundred KB cross block boundaries. */
  static final long BLOCK_BYTES = 128 * 1024;

  final MiniDFSCluster cluster;
  final DistributedFileSystem fs;

  private MiniHdfs(MiniDFSCluster cluster) throws IOException {
    this.cluster = cluster;
    this.fs = cluster.getFileSystem();
  }

  static MiniHdfs start(java.nio.file.Path dir, int dataNodes) throws IOException {
    Configuration conf = new Configuration();
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK_BYTES);
    conf.setLong(DFSConfigKeys.DFS_NAMENODE_MIN_BLOCK_SIZE_KEY, 4096);
    conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 1);
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY, 1);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir.resolve("dfs").toFile())
        .numDataNodes(dataNodes).build();
    cluster.waitActive();
    return new MiniHdfs(cluster);
  }

  /** Waits until every block of {@code path} has {@code r} reported replicas. */
  void waitReplication(Path path, int r) throws IOException {
    try {
      DFSTestUtil.waitReplication(fs, path, (short) r);
    } catch (TimeoutException | InterruptedException e) {
      throw new IOException(path + " did not reach " + r + " replicas", e);
    }
  }

  /** Rewrites {@code path} with the byte at {@code offset} inverted. */
  void flipByte(Path path, long offset) throws IOException {
    byte[] data = readAll(path);
    data[(int) offset] ^= (byte) 0xFF;
    rewrite(path, data);
  }

  /** Rewrites {@code path} keeping only its first {@code length} bytes. */
  void truncateTo(Path path, int length) throws IOException {
    byte[] data = readAll(path);
    rewrite(path, java.util.Arrays.copyOf(data, length));
  }

  byte[] readAll(Path path) throws IOException {
    byte[] data = new byte[(int) fs.getFileStatus(path).getLen()];
    try (FSDataInputStream in = fs.open(path)) {
      in.readFully(0, data, 0, data.length);
    }
    return data;
  }

  private void rewrite(Path path, byte[] data) throws IOException {
    short r = fs.getFileStatus(path).getReplication();
    try (FSDataOutputStream out = fs.create(path, true, 4096, r, BLOCK_BYTES)) {
      out.write(data);
    }
  }

  @Override
  public void close() {
    cluster.shutdown();
  }
}
