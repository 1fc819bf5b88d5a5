package org.blinkhdfs.proxy.drain;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.layout.drain.Consistency;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.proxy.ProxyTestCluster;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proxy's drain and the NameNode's own layout correction at once, on a real NameNode and
 * DataNodes ({@link ProxyTestCluster} with the correction switched back on: HDFS's default
 * {@code dfs.namenode.replication.max-streams}, redundancy monitor every second), under {@link
 * WindowedDrainTest}'s schedule (ring nodes 5–8 asleep while files are written, awake 10 s later).
 *
 * <p>Racing: both start copying when the window opens; every block must end in its layout with
 * its three replicas and its bytes, the proxy must never move more than was staged, and no
 * replica it moved may be trimmed again ({@code TrimmedAfterMove} = 0: the two follow one rule).
 * Which of them makes a given copy is a race, so the split is printed, not asserted.
 *
 * <p>The NameNode first, made deterministic: the proxy's clock is held before the window (it
 * scans once, sees the whole backlog, and waits), the NameNode's deletions are postponed ({@code
 * dfs.namenode.startup.delay.block.deletion.sec}) so the stand-ins stay readable, and the test
 * waits until the NameNode has made every staged copy; released, the proxy's copies of that stale
 * backlog all meet a FINALIZED replica at their target and are counted as {@code
 * MovesAlreadyInPlace}, none as moved or failed.
 */
@ExtendWith(MetricsSystemPerClass.class)
class CorrectionAndDrainTest {
  static final int RING = WindowedDrainTest.RING;
  static final int STAGING = WindowedDrainTest.STAGING;
  static final int DELETION_DELAY_S = 75;
  static final int FILES = 12;

  @TempDir
  Path dir;

  /** The proxy's cluster with the NameNode's layout correction on (HDFS's default streams). */
  static MiniBlinkCluster.Builder withCorrection(Path dir) {
    return TestDrain.cluster(dir, RING).set(DFSConfigKeys.DFS_NAMENODE_REPLICATION_MAX_STREAMS_KEY,
            String.valueOf(DFSConfigKeys.DFS_NAMENODE_REPLICATION_MAX_STREAMS_DEFAULT));
  }

  @Test
  void racingTheNameNodeEveryStandInReachesItsLayoutAndNoMoveIsTrimmed() throws Exception {
    try (MiniBlinkCluster c = withCorrection(dir).start()) {
      Written w = writeWhileAsleep(c);
      List<String> paths = w.paths();
      int staged = w.staged();
      try (TestDrain d = TestDrain.start(c, 500, TestDrain.settings(Consistency.WEAK, 1),
          Clock.systemUTC())) {
        DrainMetrics metrics = d.metrics;
        GenericTestUtils.waitFor(() -> TestDrain.inLayout(c, paths, RING, 3), 200, 60_000);
        // Enough scans after the last move for a trimmed replica to show (moved ones are looked
        // at again after two scans).
        long scans = metrics.scans();
        GenericTestUtils.waitFor(() -> metrics.scans() >= scans + 6, 100, 20_000);
        System.out.printf("proxy and NameNode together: %d staged; the proxy moved %d, found %d"
            + " already in place, %d failed, %d trimmed; the NameNode made the other %d%n",
            staged, metrics.finished(), metrics.alreadyThere(), metrics.failed(),
            metrics.trimmed(), staged - metrics.finished() - metrics.alreadyThere());
        assertTrue(metrics.finished() + metrics.alreadyThere() <= staged,
            "the proxy never copies more than was staged");
        assertEquals(0, metrics.trimmed(), "no copy-and-trim loop");
        assertEquals(0, metrics.backlogBlocks());
      }
      verify(c, w);
    }
  }

  @Test
  void copiesTheNameNodeMadeFirstAreCountedAlreadyInPlace() throws Exception {
    try (MiniBlinkCluster c = withCorrection(dir)
        .set(DFSConfigKeys.DFS_NAMENODE_STARTUP_DELAY_BLOCK_DELETION_SEC_KEY,
            String.valueOf(DELETION_DELAY_S)).start()) {
      Written w = writeWhileAsleep(c);
      List<String> paths = w.paths();
      int staged = w.staged();
      Schedule schedule = w.schedule();
      HeldClock clock = new HeldClock();
      assertTrue(clock.millis() < w.wakeAtMs(), "the proxy's clock is held before the window");

      try (TestDrain d = TestDrain.start(c, 600_000, TestDrain.settings(Consistency.WEAK, 1),
          clock)) {
        DrainMetrics metrics = d.metrics;
        GenericTestUtils.waitFor(() -> metrics.backlogBlocks() == staged, 100, 30_000);
        // The NameNode copies in the window; with deletions postponed each copy leaves one
        // replica over the replication, and the drain's scan then finds nothing to do.
        GenericTestUtils.waitFor(() -> extraReplicas(c, paths) == staged
            && stagedNow(c, schedule) == 0, 200, 60_000);
        assertEquals(0, metrics.started.get(), "the proxy still waits for its window");

        clock.release();
        GenericTestUtils.waitFor(() -> metrics.alreadyThere() + metrics.failed()
            + metrics.finished() >= staged, 100, 30_000);
        System.out.printf("NameNode first: %d staged, %d copied by the NameNode; the proxy then"
            + " started %d, %d already in place, %d moved, %d failed (%s)%n", staged,
            extraReplicas(c, paths), metrics.started.get(), metrics.alreadyThere(),
            metrics.finished(), metrics.failed(), metrics.lastFailure());
        assertEquals(staged, metrics.alreadyThere(), "every copy was the NameNode's already");
        assertEquals(0, metrics.finished());
        assertEquals(0, metrics.failed());

        // Deletions resume DELETION_DELAY_S after the NameNode started: the stand-ins go.
        GenericTestUtils.waitFor(() -> TestDrain.inLayout(c, paths, RING, 3), 500,
            (DELETION_DELAY_S + 30) * 1000);
        d.drain.scanSoon();
        long scans = metrics.scans();
        GenericTestUtils.waitFor(() -> metrics.scans() > scans, 100, 10_000);
        assertEquals(0, metrics.backlogBlocks());
        assertEquals(0, metrics.trimmed());
      }
      verify(c, w);
    }
  }

  /** What a test wrote while ring nodes 5–8 slept, and the moves that left for the drain. */
  private record Written(Schedule schedule, long wakeAtMs, List<String> paths,
      List<byte[]> contents, int staged) {}

  private static Written writeWhileAsleep(MiniBlinkCluster c) throws Exception {
    Schedule schedule = WindowedDrainTest.wakingLater(c);
    List<String> paths = new ArrayList<>();
    List<byte[]> contents = new ArrayList<>();
    for (int f = 0; f < FILES; f++) {
      paths.add("/both/f" + f);
      contents.add(c.writeFile(paths.get(f), 5000, 3));
    }
    int staged = TestDrain.stagedMoves(c, schedule);
    assertTrue(staged > 0, "some layout replicas were staged");
    long wakeAtMs = schedule.intervalStartMs() + WindowedDrainTest.SLEEP_MS;
    assertTrue(System.currentTimeMillis() < wakeAtMs - 1000, "the test wrote too slowly");
    return new Written(schedule, wakeAtMs, paths, contents, staged);
  }

  /** Replicas above the replication (3), summed over {@code paths}. */
  private static int extraReplicas(MiniBlinkCluster c, List<String> paths) {
    return paths.stream().mapToInt(p -> c.replicasNow(p).size() - 3).sum();
  }

  private static int stagedNow(MiniBlinkCluster c, Schedule schedule) {
    try {
      return TestDrain.stagedMoves(c, schedule);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Every file keeps three replicas, none on the staging node, and reads back as written. */
  private static void verify(MiniBlinkCluster c, Written w) throws Exception {
    for (int f = 0; f < w.paths().size(); f++) {
      String path = w.paths().get(f);
      assertEquals(3, c.replicas(path).size(), path);
      assertFalse(c.replicas(path).contains(c.addresses.get(STAGING)), path);
      assertArrayEquals(w.contents().get(f), c.read(path));
    }
  }

  /**
   * The system clock held at the instant it was made until {@link #release}: the proxy sees the
   * schedule as it was before the window, while the NameNode sees the real time.
   */
  static final class HeldClock extends Clock {
    private final long heldAt = System.currentTimeMillis();
    private volatile boolean released;

    void release() {
      released = true;
    }

    @Override
    public long millis() {
      return released ? System.currentTimeMillis() : heldAt;
    }

    @Override
    public Instant instant() {
      return Instant.ofEpochMilli(millis());
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      throw new UnsupportedOperationException("UTC only");
    }
  }
}
