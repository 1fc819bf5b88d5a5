package org.blinkhdfs.cluster;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;

/**
 * What the NameNode of a local cluster says: DataNode reports over RPC (through a plain
 * {@link DistributedFileSystem}, never the blink-aware client) and metrics from its
 * {@code /jmx} servlet (FSNamesystem, FSNamesystemState and the BlinkSchedule source).
 *
 * <p>Thread-safe (the file system client is).
 */
public final class NameNodeView implements AutoCloseable {
  private final DistributedFileSystem dfs;
  private final String httpAddress;

  NameNodeView(Configuration common, String httpAddress) throws IOException {
    Configuration conf = new Configuration(common);
    conf.set("fs.hdfs.impl", DistributedFileSystem.class.getName());
    conf.setBoolean("fs.hdfs.impl.disable.cache", true);
    conf.setInt("ipc.client.connect.max.retries", 2);
    this.dfs = (DistributedFileSystem) org.apache.hadoop.fs.FileSystem.newInstance(
        URI.create(conf.get("fs.defaultFS")), conf);
    this.httpAddress = httpAddress;
  }

  /** The plain HDFS client (for fsck-like checks that must not wait for windows). */
  public DistributedFileSystem dfs() {
    return dfs;
  }

  /** DataNodes the NameNode reports as live (stale ones included). */
  public DatanodeInfo[] live() throws IOException {
    return dfs.getDataNodeStats(DatanodeReportType.LIVE);
  }

  public DatanodeInfo[] dead() throws IOException {
    return dfs.getDataNodeStats(DatanodeReportType.DEAD);
  }

  /**
   * Transfer addresses of the live DataNodes whose last heartbeat is older than the stale
   * interval (wall-clock {@code lastUpdate}: the monotonic stamp does not cross RPC).
   */
  public List<String> stale() throws IOException {
    long staleMs = dfs.getConf().getLong("dfs.namenode.stale.datanode.interval", 30_000);
    long now = System.currentTimeMillis();
    return java.util.Arrays.stream(live()).filter(d -> now - d.getLastUpdate() >= staleMs)
        .map(DatanodeInfo::getXferAddr).sorted().toList();
  }

  /** Waits until {@code count} DataNodes are live; fails early if a daemon died. */
  void awaitLive(int count, long timeoutMs, List<JavaDaemon> daemons)
      throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMs;
    String last = "no answer yet";
    while (System.currentTimeMillis() < deadline) {
      for (JavaDaemon d : daemons) {
        if (!d.isAlive()) {
          throw new IOException(d.name() + " exited during start-up; see " + d.log());
        }
      }
      try {
        int live = live().length;
        if (live >= count) {
          return;
        }
        last = live + " of " + count + " DataNodes live";
      } catch (IOException e) {
        last = "NameNode not answering yet: " + e.getMessage();
      }
      Thread.sleep(500);
    }
    throw new IOException("cluster not live within " + timeoutMs + " ms (" + last
        + "); see the logs of " + daemons);
  }

  /** A NameNode metric: {@code bean} like {@code FSNamesystem}, {@code attribute} its name. */
  public long metric(String bean, String attribute) throws IOException {
    return Jmx.read(httpAddress, "Hadoop:service=NameNode,name=" + bean, attribute);
  }

  /** A text attribute (a tag) of the NameNode's metrics bean {@code bean}. */
  public String metricText(String bean, String attribute) throws IOException {
    return Jmx.readText(httpAddress, "Hadoop:service=NameNode,name=" + bean, attribute);
  }

  @Override
  public void close() {
    try {
      dfs.close();
    } catch (IOException e) {
      // closing a client of a stopping NameNode; nothing to keep
    }
  }
}
