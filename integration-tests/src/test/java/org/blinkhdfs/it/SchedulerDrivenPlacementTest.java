package org.blinkhdfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.impl.MetricsRecordImpl;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleState;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.placement.BlinkNameNodePlugin;
import org.blinkhdfs.placement.BlinkNetworkTopology;
import org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy;
import org.blinkhdfs.scheduler.SchedulerDaemon;
import org.blinkhdfs.testsupport.InProcessScheduler;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real NameNode (MiniDFSCluster, six DataNodes) whose only schedule source is a real scheduler
 * daemon ({@code blink.scheduler.address}): the NameNode picks up each epoch the scheduler
 * publishes, never writes to the nodes that epoch puts to sleep, shows the epoch in its plugin's
 * metrics, and keeps the last schedule under its lease once the scheduler is gone.
 *
 * <p>The scheduler names the DataNodes by their transfer addresses, which exist only once the
 * cluster runs, so the NameNode is configured with a reserved port and the scheduler is started
 * on it afterwards ({@link InProcessScheduler}); until then the NameNode sees no schedule and
 * places as stock HDFS does.
 * The activation policy keeps whole nodes ACTIVE or OFF, so which nodes sleep does not depend on
 * when a block is written.
 */
class SchedulerDrivenPlacementTest {
  static final int DATANODES = 6;

  @TempDir
  Path dir;

  @Test
  void theNameNodeFollowsTheSchedulersEpochsAndNeverWritesToSleepingNodes() throws Exception {
    InProcessScheduler wiring = InProcessScheduler.reserve();
    String schedulerAddress = wiring.address();
    try (MiniBlinkCluster cluster = nameNode(dir, wiring).dataNodes(DATANODES).start()) {
      DistributedFileSystem fs = cluster.fs;
      List<String> nodes = cluster.addresses;
      BlinkRuntime runtime = BlinkRuntime.forConf(cluster.cluster.getConfiguration(0));
      assertEquals("scheduler " + schedulerAddress, runtime.describe());
      assertEquals(ScheduleState.Status.MISSING, runtime.state().status());
      assertEquals(3, writeAndLocate(fs, "/before-scheduler").size(), "stock HDFS placement");

      Schedule second;
      try (SchedulerDaemon scheduler = wiring.start(nodes, "activation", "steady:60%")) {
        // 60% of 6 x 25 W with activation: floor((90 - 6) / 24) = 3 nodes ACTIVE, 3 OFF.
        Schedule first = waitInSync(runtime, scheduler);
        assertEquals(List.of(NodeMode.ACTIVE, NodeMode.ACTIVE, NodeMode.ACTIVE, NodeMode.OFF,
            NodeMode.OFF, NodeMode.OFF), InProcessScheduler.modes(first, nodes));
        for (int f = 0; f < 4; f++) {
          assertEquals(Set.copyOf(nodes.subList(0, 3)), writeAndLocate(fs, "/three/f" + f),
              "only the three ACTIVE nodes may take replicas");
        }
        Map<String, Object> metrics = pluginMetrics();
        assertEquals("scheduler " + schedulerAddress, metrics.get("ScheduleSource"));
        assertEquals("OK", metrics.get("ScheduleStatus"));
        assertEquals(first.epoch(), ((Number) metrics.get("ScheduleEpoch")).longValue());
        assertEquals(DATANODES, ((Number) metrics.get("RingNodes")).intValue());
        assertEquals(3, ((Number) metrics.get("AwakeNodes")).intValue());

        // The admin keeps four nodes ACTIVE: a new epoch, which the NameNode follows.
        new SchedulerHttp(schedulerAddress, 5_000).putText("/v1/active", "4").requireSuccess();
        GenericTestUtils.waitFor(() -> scheduler.scheduler().published().orElseThrow()
            .entry(nodes.get(3)).mode() == NodeMode.ACTIVE, 50, 30_000);
        second = waitInSync(runtime, scheduler);
        assertTrue(second.epoch() > first.epoch());
        assertEquals(List.of(NodeMode.ACTIVE, NodeMode.ACTIVE, NodeMode.ACTIVE, NodeMode.ACTIVE,
            NodeMode.OFF, NodeMode.OFF), InProcessScheduler.modes(second, nodes));
        Set<String> used = new HashSet<>();
        for (int f = 0; f < 4; f++) {
          Set<String> replicas = writeAndLocate(fs, "/four/f" + f);
          assertFalse(replicas.contains(nodes.get(4)) || replicas.contains(nodes.get(5)),
              "written to a sleeping node: " + replicas);
          used.addAll(replicas);
        }
        assertTrue(used.contains(nodes.get(3)), "the woken node takes layout positions: " + used);
        assertEquals(second.epoch(),
            ((Number) pluginMetrics().get("ScheduleEpoch")).longValue());
        assertEquals(4, ((Number) pluginMetrics().get("AwakeNodes")).intValue());
      }

      // The scheduler is gone: the NameNode keeps the last epoch until its lease ends.
      GenericTestUtils.waitFor(() -> runtime.state().detail().contains("kept until its lease"),
          50, 30_000);
      Schedule kept = runtime.state().usable().orElseThrow();
      assertTrue(kept.epoch() >= second.epoch());
      assertEquals(InProcessScheduler.modes(second, nodes), InProcessScheduler.modes(kept, nodes));
      assertFalse(writeAndLocate(fs, "/after-scheduler").contains(nodes.get(5)));
    }
  }

  /**
   * The blinking NameNode of the placement tests (power-balanced placement, read topology and
   * plugin) on the shared fixture, with {@code scheduler} as its only schedule source.
   */
  static MiniBlinkCluster.Builder nameNode(Path dir, InProcessScheduler scheduler) {
    return MiniBlinkCluster.builder(dir)
        .placementPolicy(PowerBalancedBlockPlacementPolicy.class.getName())
        .topology(BlinkNetworkTopology.class.getName())
        .nameNodePlugins(BlinkNameNodePlugin.class.getName())
        .conf(scheduler::configureNameNode);
  }

  /** Waits until the NameNode follows the schedule the scheduler publishes now; returns it. */
  static Schedule waitInSync(BlinkRuntime runtime, SchedulerDaemon scheduler) throws Exception {
    return InProcessScheduler.waitInSync(() -> runtime.state().usable(), scheduler);
  }

  /**
   * The NameNode plugin's metrics record, read from the source it registered (what {@code /jmx}
   * shows, without waiting for JMX's once-per-period snapshot).
   */
  static Map<String, Object> pluginMetrics() {
    MetricsSource source = DefaultMetricsSystem.instance().getSource("BlinkSchedule");
    assertTrue(source instanceof BlinkNameNodePlugin, "the plugin registered its metrics");
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    source.getMetrics(collector, true);
    MetricsRecordImpl r = collector.getRecords().get(0);
    Map<String, Object> out = new HashMap<>();
    r.tags().forEach(t -> out.put(t.name(), t.value()));
    r.metrics().forEach(m -> out.put(m.name(), m.value()));
    return out;
  }

  /** Writes a one-block file with three replicas and returns their transfer addresses. */
  static Set<String> writeAndLocate(DistributedFileSystem fs, String path) throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
    try (FSDataOutputStream out = fs.create(p, (short) 3)) {
      out.write(new byte[4096]);
    }
    DFSTestUtil.waitReplication(fs, p, (short) 3);
    BlockLocation[] locs = fs.getFileBlockLocations(p, 0, 1);
    return new HashSet<>(Arrays.asList(locs[0].getNames()));
  }
}
