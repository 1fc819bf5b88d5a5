package org.blinkhdfs.demo;

import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.blinkhdfs.cluster.LocalCluster;

/**
 * The three ways {@code bin/blink bench relay} reads the same files, each with an unmodified
 * Hadoop client, so the comparison is of the server side only:
 *
 * <ul>
 *   <li>{@link #RELAY}: {@code WebHdfsFileSystem} against the proxy's read relay (HttpFS over
 *       {@code BlinkDistributedFileSystem}, which holds a read for a replica's window);</li>
 *   <li>{@link #DIRECT}: {@code WebHdfsFileSystem} against the NameNode's own WebHDFS ({@code
 *       dfs.namenode.http-address}), which redirects each OPEN to a DataNode's WebHDFS;</li>
 *   <li>{@link #NATIVE}: {@code DistributedFileSystem}, HDFS's own client, no relay.</li>
 * </ul>
 */
enum ReadPath {
  RELAY("relay", "stock WebHdfsFileSystem -> proxy relay (HttpFS over BlinkDistributedFileSystem)"),
  DIRECT("direct-webhdfs", "stock WebHdfsFileSystem -> NameNode WebHDFS -> DataNode WebHDFS"),
  NATIVE("native", "stock DistributedFileSystem (no relay)");

  private final String label;
  private final String description;

  ReadPath(String label, String description) {
    this.label = label;
    this.description = description;
  }

  /** The layout column of the report's cells. */
  String label() {
    return label;
  }

  String description() {
    return description;
  }

  /**
   * A new stock client of this path on {@code cluster}; the caller closes it.
   *
   * @param nativeSocketTimeoutMs {@code dfs.client.socket-timeout} of the native client
   */
  FileSystem open(LocalCluster cluster, long nativeSocketTimeoutMs) throws IOException {
    URI uri = switch (this) {
      case RELAY -> cluster.proxy().relayUri();
      case DIRECT -> cluster.nameNodeWebHdfsUri();
      case NATIVE -> cluster.hdfsUri();
    };
    Configuration conf = cluster.stockClientConf();
    if (this == NATIVE) {
      conf.setLong("dfs.client.socket-timeout", nativeSocketTimeoutMs);
    }
    return FileSystem.newInstance(uri, conf);
  }
}
