package org.blinkhdfs.proxy.drain;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.layout.drain.Consistency;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proxy's drain on a real NameNode and DataNodes: ring nodes 5–8 sleep when files are
 * written, so their layout replicas land on the staging node; the drain moves nothing while they
 * sleep and moves every stand-in into the layout with {@code replaceBlock} once their window
 * opens; the NameNode deletes the stand-ins (the delete hint), and nothing is moved twice.
 *
 * <p>The NameNode's own layout correction is switched off here ({@code
 * dfs.namenode.replication.max-streams} = 0: no DataNode may be a reconstruction source), so the
 * moves seen are the proxy's alone; excess deletion does not depend on it.
 */
@ExtendWith(MetricsSystemPerClass.class)
class WindowedDrainTest {
  static final int RING = 9;
  static final int STAGING = 9;
  static final long INTERVAL_MS = 600_000;
  static final long SLEEP_MS = 10_000;

  @TempDir
  Path dir;

  /**
   * Puts in force from now: ring nodes 0–4 awake throughout; 5–8 asleep for the first {@code
   * SLEEP_MS}.
   */
  static Schedule wakingLater(MiniBlinkCluster c) throws IOException {
    return TestDrain.ringAndStagingFromNow(c, RING, INTERVAL_MS, (i, node) -> i < 5
        ? NodeSchedule.blink(node, 0, 400_000) : NodeSchedule.blink(node, SLEEP_MS, 300_000));
  }

  @Test
  void staysOutsideSleepingWindowsThenMovesEveryStandInIntoTheLayout() throws Exception {
    try (MiniBlinkCluster c = TestDrain.cluster(dir, RING).start()) {
      long wakeAt = wakingLater(c).intervalStartMs() + SLEEP_MS;
      List<String> paths = new ArrayList<>();
      List<byte[]> contents = new ArrayList<>();
      for (int f = 0; f < 12; f++) {
        paths.add("/drain/f" + f);
        contents.add(c.writeFile(paths.get(f), 5000, 3));
      }
      String staging = c.addresses.get(STAGING);
      long staged = paths.stream().filter(p -> c.replicasNow(p).contains(staging)).count();
      assertTrue(staged > 0, "some layout replicas went to the staging node");

      try (TestDrain d = TestDrain.start(c, 500, TestDrain.settings(Consistency.WEAK, 1),
          Clock.systemUTC())) {
        DrainMetrics metrics = d.metrics;
        GenericTestUtils.waitFor(() -> metrics.backlogBlocks() >= staged, 100, 30_000);
        assertTrue(System.currentTimeMillis() < wakeAt - 1000, "the test wrote too slowly");
        Thread.sleep(Math.max(0, wakeAt - System.currentTimeMillis() - 1000));
        assertEquals(0, metrics.started.get(), "no copy while the layout nodes sleep");

        GenericTestUtils.waitFor(() -> TestDrain.inLayout(c, paths, RING, 3), 200, 60_000);
        long convergedMs = System.currentTimeMillis() - wakeAt;
        System.out.printf("drain: %d staged files in their layout %d ms after the window opened;"
            + " %d moves, %d already there, %d failed%n", staged, convergedMs,
            metrics.finished(), metrics.alreadyThere(), metrics.failed());
        assertTrue(metrics.finished() >= staged, "the proxy made the moves");
        assertEquals(0, metrics.alreadyThere(), "the NameNode's correction is off here");
        assertEquals(0, metrics.trimmed());
      }
      for (int f = 0; f < paths.size(); f++) {
        assertFalse(c.replicas(paths.get(f)).contains(staging), paths.get(f));
        assertArrayEquals(contents.get(f), c.read(paths.get(f)));
      }
    }
  }
}
