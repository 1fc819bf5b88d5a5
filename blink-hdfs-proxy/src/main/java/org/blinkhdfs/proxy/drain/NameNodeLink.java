package org.blinkhdfs.proxy.drain;

import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.NameNodeProxies;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.datatransfer.TrustedChannelResolver;
import org.apache.hadoop.hdfs.protocol.datatransfer.sasl.DataTransferSaslUtil;
import org.apache.hadoop.hdfs.protocol.datatransfer.sasl.SaslDataTransferClient;
import org.apache.hadoop.hdfs.server.balancer.KeyManager;
import org.apache.hadoop.hdfs.server.protocol.NamenodeProtocol;

/**
 * What the drain needs from the NameNode, set up the way HDFS's Balancer and Mover set it up
 * ({@code NameNodeConnector}) but without their single-instance lock file, which would stop the
 * Balancer while the proxy runs: a client ({@link DistributedFileSystem}) for listings and
 * DataNode reports, the block pool ID, block access tokens for {@code replaceBlock}
 * ({@link KeyManager}, from {@code NamenodeProtocol#getBlockKeys}) and the SASL client of the
 * data transfer protocol. The proxy runs as the HDFS superuser, as the Mover does.
 */
public final class NameNodeLink implements Closeable {
  private final DistributedFileSystem fs;
  private final String blockPoolId;
  private final KeyManager keys;
  private final SaslDataTransferClient sasl;
  private final boolean connectViaHostname;
  private final int ioBufferSize;

  private NameNodeLink(DistributedFileSystem fs, String blockPoolId, KeyManager keys,
      SaslDataTransferClient sasl, Configuration conf) {
    this.fs = fs;
    this.blockPoolId = blockPoolId;
    this.keys = keys;
    this.sasl = sasl;
    this.connectViaHostname = conf.getBoolean(HdfsClientConfigKeys.DFS_CLIENT_USE_DN_HOSTNAME,
        HdfsClientConfigKeys.DFS_CLIENT_USE_DN_HOSTNAME_DEFAULT);
    this.ioBufferSize = DFSUtilClient.getIoFileBufferSize(conf);
  }

  /** Connects to the NameNode of {@code fs.defaultFS}. */
  public static NameNodeLink open(Configuration conf) throws IOException {
    URI uri = FileSystem.getDefaultUri(conf);
    FileSystem generic = FileSystem.newInstance(uri, conf);
    if (!(generic instanceof DistributedFileSystem)) {
      generic.close();
      throw new IllegalArgumentException("fs.defaultFS = " + uri + " is not HDFS ("
          + generic.getClass().getName() + "); the proxy drains an HDFS NameNode: set"
          + " fs.defaultFS to hdfs://namenode:port");
    }
    DistributedFileSystem fs = (DistributedFileSystem) generic;
    AtomicBoolean fallbackToSimpleAuth = new AtomicBoolean(false);
    NamenodeProtocol nn = NameNodeProxies.createProxy(conf, uri, NamenodeProtocol.class,
        fallbackToSimpleAuth).getProxy();
    String blockPoolId = nn.versionRequest().getBlockPoolID();
    KeyManager keys = new KeyManager(blockPoolId, nn,
        fs.getServerDefaults(new org.apache.hadoop.fs.Path("/")).getEncryptDataTransfer(), conf);
    keys.startBlockKeyUpdater();
    SaslDataTransferClient sasl = new SaslDataTransferClient(conf,
        DataTransferSaslUtil.getSaslPropertiesResolver(conf),
        TrustedChannelResolver.getInstance(conf), fallbackToSimpleAuth);
    return new NameNodeLink(fs, blockPoolId, keys, sasl, conf);
  }

  public DistributedFileSystem fs() {
    return fs;
  }

  public String blockPoolId() {
    return blockPoolId;
  }

  KeyManager keys() {
    return keys;
  }

  SaslDataTransferClient sasl() {
    return sasl;
  }

  boolean connectViaHostname() {
    return connectViaHostname;
  }

  int ioBufferSize() {
    return ioBufferSize;
  }

  @Override
  public void close() throws IOException {
    keys.close();
    fs.close();
  }
}
