package org.blinkhdfs.placement;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.testsupport.MiniBlinkCluster;

/**
 * The blinking NameNode these tests start on the shared {@link MiniBlinkCluster}: this module's
 * placement policy, read topology and NameNode plugin, a schedule file (absent until written),
 * and {@link BlinkRuntime} as the view {@code writeSchedule} waits on. Only the class names
 * live here; the fixture cannot import them (it is used by this module's tests).
 */
final class BlinkNameNode {
  private BlinkNameNode() {}

  /** Starts {@code dataNodes} DataNodes under {@code dir}; {@code tune} may adjust the conf. */
  static MiniBlinkCluster start(Path dir, int dataNodes, Consumer<Configuration> tune)
      throws IOException {
    return start(dir, dataNodes, tune, builder -> { });
  }

  /**
   * As {@link #start(Path, int, Consumer)}; {@code shape} adjusts the MiniDFSCluster builder,
   * e.g. {@code .racks(...)}, {@code .storageTypes(...)}, {@code .storageCapacities(...)}.
   */
  static MiniBlinkCluster start(Path dir, int dataNodes, Consumer<Configuration> tune,
      Consumer<MiniDFSCluster.Builder> shape) throws IOException {
    return MiniBlinkCluster.builder(dir).dataNodes(dataNodes)
        .placementPolicy(PowerBalancedBlockPlacementPolicy.class.getName())
        .topology(BlinkNetworkTopology.class.getName())
        .nameNodePlugins(BlinkNameNodePlugin.class.getName())
        // These tests' worked examples are BlinkFS's bisection ring, by name since the default
        // became phase groups; a test of another layout sets it in tune (applied after).
        .set(RingSpacing.KEY, RingSpacing.BISECTION.value())
        .scheduleFile()
        .scheduleInForce(conf -> BlinkRuntime.forConf(conf).state())
        .conf(tune).shape(shape).start();
  }

  /** The plugin instance the NameNode started ({@code NameNode#plugins} is private). */
  static BlinkNameNodePlugin plugin(MiniBlinkCluster c) {
    try {
      java.lang.reflect.Field f = org.apache.hadoop.hdfs.server.namenode.NameNode.class
          .getDeclaredField("plugins");
      f.setAccessible(true);
      for (Object p : (java.util.List<?>) f.get(c.cluster.getNameNode())) {
        if (p instanceof BlinkNameNodePlugin) {
          return (BlinkNameNodePlugin) p;
        }
      }
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("no BlinkNameNodePlugin on the NameNode");
  }

  /** The placement policy instance the NameNode uses. */
  static PowerBalancedBlockPlacementPolicy policy(MiniBlinkCluster c) {
    return (PowerBalancedBlockPlacementPolicy) c.blockManager().getBlockPlacementPolicy();
  }
}
