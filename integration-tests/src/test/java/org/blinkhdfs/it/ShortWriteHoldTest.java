package org.blinkhdfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.placement.PlacementConfig;
import org.blinkhdfs.scheduler.SchedulerDaemon;
import org.blinkhdfs.testsupport.InProcessScheduler;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short write with no staging node: four ring nodes blink staggered at low power, so a block
 * of replication 2 often finds only one node with enough window left and is written with one
 * replica. That holder must not go to sleep with the block's only copy: the NameNode asks the
 * real scheduler daemon to hold it awake ({@code POST /v1/wake}), and the scheduler's next epoch
 * has it ACTIVE, until the other nodes' windows have passed and the NameNode has copied the
 * block.
 *
 * <p>The hold is two intervals here, not the default one: at this test's scale each other node
 * may take a write for only 1 s of its 2 s window (the 1 s write margin), and the redundancy
 * monitor runs once a second, so one interval gives it three narrow chances, which a loaded CI
 * machine once missed; two give it six.
 */
class ShortWriteHoldTest {
  static final long INTERVAL_MS = 8_000;

  @TempDir
  Path dir;

  @Test
  void theOnlyHolderOfAShortWrittenBlockIsHeldAwakeByTheScheduler() throws Exception {
    InProcessScheduler wiring = InProcessScheduler.reserve();
    try (MiniBlinkCluster cluster = SchedulerDrivenPlacementTest.nameNode(dir, wiring)
        .set(PlacementConfig.SHORT_WRITE_HOLD_INTERVALS.name(), "2")
        .dataNodes(4).start();
        SchedulerDaemon scheduler = wiring.start(cluster.addresses, "staggered", "steady:25%",
            conf -> {
              conf.setLong(CoreConfig.INTERVAL_MS.name(), INTERVAL_MS);
              conf.set("blink.power.overhead.watts", "0");
            })) {
      BlinkRuntime runtime = BlinkRuntime.forConf(cluster.cluster.getConfiguration(0));
      Schedule planned = SchedulerDrivenPlacementTest.waitInSync(runtime, scheduler);
      for (String n : cluster.addresses) {
        assertEquals(NodeMode.BLINK, planned.entry(n).mode(), "staggered at 25%: " + planned);
      }
      String holder = null;
      org.apache.hadoop.fs.Path shortFile = null;
      for (int f = 0; f < 40 && holder == null; f++) {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/short/f" + f);
        try (FSDataOutputStream out = cluster.fs.create(p, (short) 2)) {
          out.write(new byte[4096]);
        } catch (java.io.IOException e) {
          // Between two staggered windows no node may have the write guard left: no target at
          // all (HDFS's "could only be written to 0"); try again a little later.
          Thread.sleep(250);
          continue;
        }
        BlockLocation[] locs = cluster.fs.getFileBlockLocations(p, 0, 1);
        if (locs[0].getNames().length == 1) {
          holder = locs[0].getNames()[0];
          shortFile = p;
        } else {
          Thread.sleep(250);
        }
      }
      assertTrue(holder != null, "no write was short in 40 tries");
      String held = holder;
      GenericTestUtils.waitFor(() -> {
        Optional<Schedule> s = scheduler.scheduler().published();
        return s.isPresent() && s.get().entry(held).mode() == NodeMode.ACTIVE;
      }, 50, 5_000);
      // The scheduler publishes the ACTIVE epoch before its HTTP answer reaches the NameNode's
      // sender thread, which counts the grant only then: wait for the count too.
      GenericTestUtils.waitFor(() -> runtime.shortWriteHolds().get() > 0, 50, 5_000);
      // While it is held, another node's window opens and the NameNode copies the block.
      org.apache.hadoop.fs.Path copied = shortFile;
      GenericTestUtils.waitFor(() -> {
        try {
          return cluster.fs.getFileBlockLocations(copied, 0, 1)[0].getNames().length == 2;
        } catch (java.io.IOException e) {
          return false;
        }
      }, 200, (int) (3 * INTERVAL_MS + 10_000));
    }
  }
}
