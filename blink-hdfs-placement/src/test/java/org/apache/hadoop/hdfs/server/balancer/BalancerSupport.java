package org.apache.hadoop.hdfs.server.balancer;

import java.io.IOException;
import java.net.URI;
import java.util.Collection;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSUtil;

/**
 * Test-only access to the in-process Balancer for {@code org.blinkhdfs.placement} tests
 * (blink-hdfs-placement's test tree; not shipped).
 *
 * <p>Why this package: {@code Balancer#run} and {@link BalancerParameters} are package-private;
 * HDFS's own TestBalancer calls them the same way. Nothing here changes the Balancer.
 */
public final class BalancerSupport {
  private BalancerSupport() {
  }

  /**
   * Runs the Balancer against the NameNode(s) of {@code conf} with {@code thresholdPct} (percent
   * of capacity), moving blocks only off {@code sources} and onto {@code targets} (each
   * {@code ip:xferPort}, as the {@code -source} and {@code -target} options take them; empty
   * means every node), until the cluster is balanced or one iteration moved nothing; returns its
   * exit code ({@link ExitStatus}).
   */
  public static int run(Configuration conf, double thresholdPct, Set<String> sources,
      Set<String> targets) throws IOException, InterruptedException {
    Collection<URI> namenodes = DFSUtil.getInternalNsRpcUris(conf);
    BalancerParameters p = new BalancerParameters.Builder().setThreshold(thresholdPct)
        .setMaxIdleIteration(1).setSourceNodes(sources).setTargetNodes(targets).build();
    return Balancer.run(namenodes, p, conf);
  }
}
