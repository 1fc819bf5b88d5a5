package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The aligned layout's correction cycle on a real NameNode ({@code blink.ring.spacing = even}),
 * with no staging node, so stand-ins sit on awake ring nodes outside the layout: blocks written
 * while ring nodes 5-8 sleep; once everyone is awake each stand-in is copied to its even layout
 * position and the stand-in, never a layout replica, is deleted, so every block ends exactly on
 * its even layout after one copy per stand-in. Before the fix of the even deletion order a
 * just-copied layout replica could be trimmed instead (the demo saw one such loop).
 */
class EvenSpacingCorrectionTest {
  @TempDir
  Path dir;

  /** Ring nodes only: 0-4 awake for minutes and 5-8 asleep ({@code sleepy}), or all ACTIVE. */
  private static Schedule ringOnly(MiniBlinkCluster c, int ring, boolean sleepy, long epoch) {
    Schedule.Builder b = Schedule.builder().epoch(epoch)
        .intervalStartMs(System.currentTimeMillis() - 1_000)
        .intervalMs(SleepingNodesTest.INTERVAL_MS);
    for (int i = 0; i < ring; i++) {
      b.add(!sleepy ? NodeSchedule.of(c.addresses.get(i), NodeMode.ACTIVE)
          : i < 5 ? NodeSchedule.blink(c.addresses.get(i), 0, 240_000)
          : NodeSchedule.blink(c.addresses.get(i), 300_000, 100_000));
    }
    return b.build();
  }

  @Test
  void standInsMoveToTheEvenLayoutOnceEach() throws Exception {
    int ring = SleepingNodesTest.RING;
    try (MiniBlinkCluster c = BlinkNameNode.start(dir, ring,
        conf -> conf.set(RingSpacing.KEY, "even"))) {
      c.writeSchedule(ringOnly(c, ring, true, 2));
      BlinkRuntime runtime = BlinkRuntime.forConf(c.cluster.getConfiguration(0));
      List<String> paths = new ArrayList<>();
      for (int f = 0; f < 12; f++) {
        String path = "/even/f" + f;
        c.writeFile(path, 4000, 3);
        paths.add(path);
      }
      long offloaded = runtime.offloadedReplicas().get();
      assertTrue(offloaded > 0, "some even layout positions were asleep");
      c.writeSchedule(ringOnly(c, ring, false, 3));
      RingLayout layout = new RingLayout(ring, RingSpacing.EVEN);
      GenericTestUtils.waitFor(() -> paths.stream().allMatch(p -> {
        List<Integer> held = c.ringPositionsNow(p, ring);
        return c.replicasNow(p).size() == 3 && held.size() == 3
            && layout.check(held, 3).isPerfect();
      }), 200, 90_000);
      // One deliberate copy per stand-in: nothing was copied, trimmed and copied again.
      assertEquals(offloaded, runtime.layoutCorrections().get());
    }
  }
}
