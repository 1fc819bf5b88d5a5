package org.apache.hadoop.hdfs.server.balancer;

import java.io.IOException;
import java.net.URI;
import java.util.Collection;
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
   * of capacity) until the cluster is balanced or {@code maxIdleIterations} iterations in a row
   * moved nothing, and returns its exit code ({@link ExitStatus}).
   */
  public static int run(Configuration conf, double thresholdPct, int maxIdleIterations)
      throws IOException, InterruptedException {
    Collection<URI> namenodes = DFSUtil.getInternalNsRpcUris(conf);
    BalancerParameters p = new BalancerParameters.Builder().setThreshold(thresholdPct)
        .setMaxIdleIteration(maxIdleIterations).build();
    return Balancer.run(namenodes, p, conf);
  }
}
