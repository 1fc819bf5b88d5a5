package org.blinkhdfs.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.schedule.Schedule;
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
 * longest. Nothing is set by hand between the client's reads and the schedule. The files are
 * written at 100% (a write needs a node with window left) and read at 40%, where the four
 * nodes share 1.6 intervals of awake time: the holder takes a whole interval (the cap), so every
 * other node, the one holding the once-read /cold included, gets less.
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
            "steady:100%", conf -> {
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
      // Written with every node awake; now 40% (the next tick plans it, within 100 ms).
      scheduler.scheduler().setPowerOverride(new PowerLevel.Percent(40));
      for (int i = 0; i < 20; i++) {
        cluster.read("/hot");
      }
      // /cold was opened once too (writeFile waits for its replication through a block-location
      // look-up): wait until the twenty reads of /hot make its holder the heaviest.
      GenericTestUtils.waitFor(() -> heaviest(scheduler.scheduler().popularity(), holder,
          cluster.addresses), 100, 10_000);
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

  private static boolean heaviest(Map<String, Double> loads, String holder,
      java.util.List<String> nodes) {
    double mine = loads.getOrDefault(holder, 0.0);
    return mine > 0 && nodes.stream().filter(n -> !n.equals(holder))
        .allMatch(n -> loads.getOrDefault(n, 0.0) < mine);
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
