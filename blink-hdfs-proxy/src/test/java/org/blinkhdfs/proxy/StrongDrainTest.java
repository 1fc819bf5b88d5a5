package org.blinkhdfs.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.control.scheduler.WakeLimits;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.proxy.relay.RelayConfig;
import org.blinkhdfs.scheduler.SchedulerConfig;
import org.blinkhdfs.scheduler.SchedulerDaemon;
import org.blinkhdfs.testsupport.InProcessScheduler;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code blink.proxy.consistency = strong} against a real scheduler: half the ring is OFF (the
 * activation policy at 50% power), so those nodes never have a natural window and a weak drain
 * would wait forever; the strong proxy asks the scheduler for extra windows ({@code POST
 * /v1/wake}), the scheduler publishes them, and the staged replicas reach their layout.
 */
class StrongDrainTest {
  static final int RING = 9;

  @TempDir
  Path dir;

  @Test
  void asksForExtraWindowsAndDrainsIntoNodesThatAreOff() throws Exception {
    InProcessScheduler sched = InProcessScheduler.reserve();
    try (MiniBlinkCluster c = ProxyTestCluster.builder(dir, RING + 1)
        .conf(sched::configureNameNode).start();
        SchedulerDaemon scheduler = sched.start(c.addresses.subList(0, RING), "activation",
            "steady:50%", conf -> {
              conf.set(SchedulerConfig.STAGING.name(), c.addresses.get(RING));
              conf.setLong(CoreConfig.INTERVAL_MS.name(), 10_000);
              conf.setLong(SchedulerConfig.LEASE_MS.name(), 10_000);
              conf.setInt(WakeLimits.MAX_NODES.name(), RING);
            })) {
      Configuration nnConf = c.cluster.getConfiguration(0);
      Schedule s = InProcessScheduler.waitInSync(
          () -> BlinkRuntime.forConf(nnConf).state().usable(), scheduler);
      List<String> off = new ArrayList<>();
      for (String n : s.ring()) {
        if (s.entry(n).mode() == NodeMode.OFF) {
          off.add(n);
        }
      }
      assertFalse(off.isEmpty(), "some ring nodes are OFF at 50%: " + s);
      List<String> paths = new ArrayList<>();
      List<byte[]> data = new ArrayList<>();
      for (int f = 0; f < 8; f++) {
        paths.add("/strong/f" + f);
        data.add(c.writeFile(paths.get(f), 4000, 3));
      }
      RingLayout layout = new RingLayout(RING);
      assertTrue(paths.stream().anyMatch(p -> !layout.check(c.ringPositionsNow(p, RING), 3)
          .isPerfect()), "some layout replicas were staged for OFF nodes");

      Configuration conf = new Configuration(nnConf);
      conf.set(ProxyConfig.CONSISTENCY.name(), "strong");
      conf.set(ProxyConfig.SCAN_MS.name(), "500");
      conf.set(ProxyConfig.HTTP_ADDRESS.name(), "127.0.0.1:0");
      conf.set(RelayConfig.ENABLED.name(), "false");
      try (ProxyDaemon proxy = ProxyDaemon.start(conf)) {
        GenericTestUtils.waitFor(() -> paths.stream().allMatch(p -> {
          List<Integer> held = c.ringPositionsNow(p, RING);
          return c.replicasNow(p).size() == 3 && held.size() == 3
              && layout.check(held, 3).isPerfect();
        }), 200, 60_000);
        System.out.printf("strong drain: %d moves after %d wake requests; OFF nodes %s%n",
            proxy.drain().metrics().finished(), proxy.drain().metrics().wakeRequests(), off);
        assertTrue(proxy.drain().metrics().wakeRequests() > 0);
        assertTrue(proxy.drain().metrics().finished() > 0);
        assertEquals(0, proxy.drain().metrics().trimmed());
      }
      for (int f = 0; f < paths.size(); f++) {
        assertArrayEquals(data.get(f), c.read(paths.get(f)));
      }
    }
  }
}
