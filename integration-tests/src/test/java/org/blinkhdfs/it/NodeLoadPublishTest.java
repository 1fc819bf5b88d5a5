package org.blinkhdfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.core.config.CoreConfig;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.placement.BlinkRuntime;
import org.blinkhdfs.placement.PopularityAuditLogger;
import org.blinkhdfs.scheduler.SchedulerDaemon;
import org.blinkhdfs.testsupport.InProcessScheduler;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Load-proportional blinking fed by real reads ({@code blink.popularity.nodes.publish}): a real
 * NameNode counts a client's opens through the audit logger, turns them into each ring node's
 * read load once per period and sends them to the real scheduler daemon ({@code PUT
 * /v1/popularity}), whose load-proportional plan then keeps the node holding the read file awake
 * longest. Nothing is set by hand between the client's reads and the schedule.
 */
class NodeLoadPublishTest {
  static final long INTERVAL_MS = 4_000;

  @TempDir
  Path dir;

  @Test
  void theNodeHoldingTheReadFileGetsTheLongestWindow() throws Exception {
    InProcessScheduler wiring = InProcessScheduler.reserve();
    try (MiniBlinkCluster cluster = SchedulerDrivenPlacementTest.nameNode(dir, wiring)
        .set("dfs.namenode.audit.loggers", "default," + PopularityAuditLogger.class.getName())
        .set("blink.popularity.nodes.publish", "true")
        .set("blink.popularity.period.ms", "500")
        // A slow average: the reads stay visible for about 18 s of 500 ms periods (until
        // 4·0.8^k < 1e-3), longer than the wait for the next epoch's plan below.
        .set("blink.popularity.alpha", "0.2")
        .dataNodes(4).start();
        SchedulerDaemon scheduler = wiring.start(cluster.addresses, "load-proportional",
            "steady:50%", conf -> {
              conf.setLong(CoreConfig.INTERVAL_MS.name(), INTERVAL_MS);
              conf.set("blink.power.overhead.watts", "0");
            })) {
      BlinkRuntime runtime = BlinkRuntime.forConf(cluster.cluster.getConfiguration(0));
      SchedulerDrivenPlacementTest.waitInSync(runtime, scheduler);
      cluster.writeFile("/hot", 4096, 1);
      cluster.writeFile("/cold", 4096, 1);
      BlockLocation[] locs = cluster.fs.getFileBlockLocations(
          new org.apache.hadoop.fs.Path("/hot"), 0, 1);
      String holder = locs[0].getNames()[0];
      for (int i = 0; i < 20; i++) {
        cluster.read("/hot");
      }
      GenericTestUtils.waitFor(() -> {
        Map<String, Double> p = scheduler.scheduler().popularity();
        return p.getOrDefault(holder, 0.0) > 0;
      }, 100, 10_000);
      Map<String, Double> loads = scheduler.scheduler().popularity();
      assertEquals(cluster.addresses.size(), loads.size(), "every ring node weighed: " + loads);
      for (String n : cluster.addresses) {
        if (!n.equals(holder)) {
          assertTrue(loads.get(n) < loads.get(holder), n + " holds no read block: " + loads);
        }
      }
      assertTrue(runtime.nodeLoadsSent().get() > 0, "sends counted");
      // The next epoch's load-proportional plan keeps the holder awake longest.
      long deadline = System.currentTimeMillis() + 3 * INTERVAL_MS;
      Optional<Schedule> s = scheduler.scheduler().published();
      while (!holderLongest(s, holder, cluster.addresses)
          && System.currentTimeMillis() < deadline) {
        Thread.sleep(100);
        s = scheduler.scheduler().published();
      }
      assertTrue(holderLongest(s, holder, cluster.addresses), "holder " + holder + ", loads "
          + scheduler.scheduler().popularity() + ", schedule " + s);
    }
  }

  private static boolean holderLongest(Optional<Schedule> s, String holder,
      java.util.List<String> nodes) {
    if (s.isEmpty()) {
      return false;
    }
    long mine = s.get().window(holder).lengthMs();
    return nodes.stream().filter(n -> !n.equals(holder))
        .allMatch(n -> s.get().window(n).lengthMs() < mine);
  }
}
