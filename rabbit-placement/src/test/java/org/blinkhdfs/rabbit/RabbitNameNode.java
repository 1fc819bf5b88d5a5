package org.blinkhdfs.rabbit;

import java.io.IOException;
import java.nio.file.Path;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.placement.BlinkNetworkTopology;
import org.blinkhdfs.testsupport.MiniBlinkCluster;

/**
 * The NameNode these tests start on the shared {@link MiniBlinkCluster}: one of this module's
 * placement policies with BlinkHDFS's read topology and a schedule file holding every DataNode
 * ACTIVE (gear n; the expansion chain is the start order), and {@link BlinkRuntime} as the view
 * {@code writeSchedule} waits on. Only the class names live here; the fixture cannot import
 * them (it is used by this module's tests).
 */
final class RabbitNameNode {
  private RabbitNameNode() {}

  /**
   * Starts {@code dataNodes} DataNodes under {@code dir} with {@code policy} as the NameNode's
   * placement policy, every node ACTIVE; {@code keys} are extra configuration pairs.
   */
  static MiniBlinkCluster start(Path dir, int dataNodes, Class<?> policy, String... keys)
      throws IOException {
    MiniBlinkCluster.Builder b = MiniBlinkCluster.builder(dir).dataNodes(dataNodes)
        .placementPolicy(policy.getName())
        .topology(BlinkNetworkTopology.class.getName())
        .scheduleInForce(conf -> BlinkRuntime.forConf(conf).state())
        .initialSchedule(c -> c.gear(dataNodes));
    for (int i = 0; i + 1 < keys.length; i += 2) {
      b.set(keys[i], keys[i + 1]);
    }
    return b.start();
  }
}
