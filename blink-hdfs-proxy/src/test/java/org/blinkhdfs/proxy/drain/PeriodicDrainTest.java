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
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.proxy.ProxyTestCluster;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code blink.proxy.consistency = periodic} on a real NameNode and DataNodes: ring nodes 5–8
 * blink (awake the second half of each 20 s interval), so files written in the first half stage
 * layout replicas on the staging node. With the threshold ({@code
 * blink.proxy.periodic.threshold.blocks}) one above that first backlog, the drain moves nothing
 * through a window in which every target is awake (a weak drain copies there: with {@code weak}
 * this test fails at that check); a second batch written in the next asleep half pushes the
 * backlog past the threshold, and the drain empties all of it, first batch included, in the
 * following window.
 *
 * <p>The threshold is the first batch's move count plus one, counted with the drain's own scan
 * ({@link TestDrain#stagedMoves}), because how many replicas the layout stages depends on where
 * it puts each block. The NameNode's layout correction is off ({@link ProxyTestCluster}).
 */
@ExtendWith(MetricsSystemPerClass.class)
class PeriodicDrainTest {
  static final int RING = 9;
  static final int STAGING = 9;
  static final long INTERVAL_MS = 20_000;
  static final long HALF_MS = INTERVAL_MS / 2;

  @TempDir
  Path dir;

  /** Puts in force from now: ring nodes 0–4 always awake; 5–8 awake in each second half. */
  static Schedule secondHalf(MiniBlinkCluster c) throws IOException {
    return TestDrain.ringAndStagingFromNow(c, RING, INTERVAL_MS, (i, node) -> i < 5
        ? NodeSchedule.of(node, NodeMode.ACTIVE) : NodeSchedule.blink(node, HALF_MS, HALF_MS));
  }

  @Test
  void movesNothingBelowTheThresholdThenEmptiesTheBacklogOnceItIsPassed() throws Exception {
    try (MiniBlinkCluster c = TestDrain.cluster(dir, RING).start()) {
      Schedule schedule = secondHalf(c);
      long start = schedule.intervalStartMs();
      List<String> paths = new ArrayList<>();
      List<byte[]> contents = new ArrayList<>();
      write(c, "/periodic/a", paths, contents);
      assertTrue(System.currentTimeMillis() < start + HALF_MS - 1000, "the test wrote too slowly");
      int firstMoves = TestDrain.stagedMoves(c, schedule);
      assertTrue(firstMoves > 0, "the first batch staged replicas");

      try (TestDrain d = TestDrain.start(c, 500,
          TestDrain.settings(Consistency.PERIODIC, firstMoves + 1), Clock.systemUTC())) {
        DrainMetrics metrics = d.metrics;
        GenericTestUtils.waitFor(() -> metrics.backlogBlocks() == firstMoves, 100, 30_000);
        // Half way through the first window of 5-8: the drain scans every 500 ms and would
        // have started at the window's opening if the backlog were enough.
        sleepUntil(start + HALF_MS + HALF_MS / 2);
        long now = System.currentTimeMillis();
        assertTrue(now < start + INTERVAL_MS - 1000, "the check ran after the window closed");
        for (int i = 5; i < RING; i++) {
          assertTrue(schedule.remainingActiveMs(c.addresses.get(i), now) > 0, "node " + i);
        }
        assertEquals(0, metrics.started.get(), "no copy below the threshold, targets awake");
        assertEquals(firstMoves, metrics.backlogBlocks(), "the backlog waits");

        sleepUntil(start + INTERVAL_MS);
        write(c, "/periodic/b", paths, contents);
        assertTrue(System.currentTimeMillis() < start + INTERVAL_MS + HALF_MS - 1000,
            "the test wrote the second batch too slowly");
        GenericTestUtils.waitFor(() -> TestDrain.inLayout(c, paths, RING, 3), 200, 60_000);
        GenericTestUtils.waitFor(() -> metrics.backlogBlocks() == 0, 100, 10_000);
        System.out.printf("periodic drain: threshold %d, first batch %d moves held through a"
            + " window; then %d moves started, %d finished%n", firstMoves + 1, firstMoves,
            metrics.started.get(), metrics.finished());
        assertTrue(metrics.finished() > firstMoves, "the proxy moved both batches");
        assertEquals(0, metrics.trimmed());
      }
      for (int f = 0; f < paths.size(); f++) {
        assertFalse(c.replicas(paths.get(f)).contains(c.addresses.get(STAGING)), paths.get(f));
        assertArrayEquals(contents.get(f), c.read(paths.get(f)));
      }
    }
  }

  private static void write(MiniBlinkCluster c, String prefix, List<String> paths,
      List<byte[]> contents) throws Exception {
    for (int f = 0; f < 6; f++) {
      paths.add(prefix + f);
      contents.add(c.writeFile(prefix + f, 5000, 3));
    }
  }

  static void sleepUntil(long timeMs) throws InterruptedException {
    Thread.sleep(Math.max(0, timeMs - System.currentTimeMillis()));
  }
}
