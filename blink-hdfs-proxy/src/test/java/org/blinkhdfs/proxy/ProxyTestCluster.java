package org.blinkhdfs.proxy;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.placement.BlinkNameNodePlugin;
import org.blinkhdfs.placement.BlinkNetworkTopology;
import org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy;
import org.blinkhdfs.testsupport.MiniBlinkCluster;

/**
 * The blinking NameNode the proxy's tests drain: the power-balanced policy, read topology and
 * plugin on {@link MiniBlinkCluster}, with the NameNode's own layout correction switched off
 * ({@code dfs.namenode.replication.max-streams} = 0: no DataNode may be a reconstruction source),
 * so every move a test sees is the proxy's. Excess deletion does not depend on it.
 */
public final class ProxyTestCluster {
  private ProxyTestCluster() {}

  /**
   * Lets the relay (this JVM's user) act for callers in the NameNode's {@code conf}. HttpFS
   * refreshes the JVM-wide proxy-user table from {@code httpfs.proxyuser.*}, so the rule is
   * repeated there.
   */
  public static void allowRelayUser(Configuration conf) {
    String user = System.getProperty("user.name");
    for (String prefix : new String[] {"hadoop.proxyuser.", "httpfs.proxyuser."}) {
      conf.set(prefix + user + ".hosts", "*");
      conf.set(prefix + user + ".groups", "*");
    }
  }

  /** A builder for {@code dataNodes} DataNodes under {@code dir}; add the schedule source. */
  public static MiniBlinkCluster.Builder builder(Path dir, int dataNodes) {
    return MiniBlinkCluster.builder(dir).dataNodes(dataNodes)
        .placementPolicy(PowerBalancedBlockPlacementPolicy.class.getName())
        .topology(BlinkNetworkTopology.class.getName())
        .nameNodePlugins(BlinkNameNodePlugin.class.getName())
        // the proxy tests' worked examples are BlinkFS's bisection ring, by name
        .set(RingSpacing.KEY, RingSpacing.BISECTION.value())
        .set(DFSConfigKeys.DFS_NAMENODE_REPLICATION_MAX_STREAMS_KEY, "0");
  }
}
