package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.IOUtils;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The write proxy killed with SIGKILL in the middle of its drain, on the local multi-process
 * cluster (5 ring + 1 staging DataNode JVMs, 6 s blink interval, shortened from 60 s): files
 * written at 40% power get stand-in replicas on the staging node; the power goes back to 100%
 * and the proxy starts draining; it is killed while copies are in flight (moves capped at
 * 2 MiB/s per DataNode and 4 MiB blocks, so a copy takes about 2 s); a new proxy JVM is started.
 *
 * <p>Asserted once things settle: no byte lost (every file reads back equal), every block holds
 * exactly its replication, all in its layout, none on a stand-in (a copy that finished after the
 * kill had its stand-in deleted; none left moved-and-not-deleted), the NameNode holds no excess
 * replica, and the restarted proxy did the rest (it found a backlog, finished moves, and its
 * backlog reached 0). The NameNode's own correction is off ({@link ProxySpec.Fallback#NONE}), so
 * every move is the proxy's.
 */
class ProxyKillTest {
  static final int RING = 5;
  static final int REPLICATION = 2;
  static final int FILES = 10;
  static final int BLOCK_BYTES = 4 << 20;
  static final long SETTLE_TIMEOUT_MS = 180_000;

  @TempDir Path dir;

  @Test
  void killedMidDrainTheRestartedProxyFinishesAndNothingIsLost() throws Exception {
    ClusterSpec spec = ClusterSpec.defaults(dir).toBuilder().dataNodes(RING).stagingNodes(1)
        .intervalMs(6_000).blockSizeBytes(BLOCK_BYTES).moveBytesPerSec(2L << 20)
        .proxy(ProxySpec.byCaller().fallback(ProxySpec.Fallback.NONE).keys(Map.of(
            "blink.proxy.moves.per.target", "1", "blink.proxy.moves.per.source", "2")))
        .build();
    List<Long> pids;
    try (LocalCluster cluster = LocalCluster.startFresh(spec, System.out::println)) {
      List<String> ring = cluster.setPowerPercent(40).ring();
      LayoutModel layout = new RingLayoutModel(RING);
      org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path("/kill");
      List<byte[]> contents = write(cluster, root);
      LayoutAudit.Result written = audit(cluster, root, ring, layout);
      System.out.println("written at 40% power: " + written);
      assertTrue(written.standIns() >= 3, "stand-ins to drain: " + written);

      cluster.setPowerPercent(100);
      ProxyProcess proxy = cluster.proxy();
      long drainStart = System.currentTimeMillis();
      proxy.start();
      long firstPid = proxy.pid();
      Map<String, Long> atKill = awaitCopiesInFlight(proxy);
      proxy.kill();
      long killedAt = System.currentTimeMillis();
      assertFalse(ProcessHandle.of(firstPid).map(ProcessHandle::isAlive).orElse(false));
      LayoutAudit.Result afterKill = audit(cluster, root, ring, layout);
      System.out.println("killed (kill -9) " + (killedAt - drainStart) + " ms into the drain at "
          + atKill + "; HDFS then: " + afterKill);

      proxy.start();
      long restartedAt = System.currentTimeMillis();
      assertNotEquals(firstPid, proxy.pid());
      assertEquals(2, proxy.starts());
      assertTrue(ProcessReaper.find(dir).contains(proxy.pid()),
          "the restarted proxy carries the cluster's marker, so a later run reaps it");
      long firstBacklog = proxy.metric("BacklogBlocks");
      LayoutAudit.Result settled = awaitSettled(cluster, root, ring, layout);
      long settledAt = System.currentTimeMillis();
      awaitProxyIdle(proxy);
      long finished = proxy.metric("MovesFinished");
      System.out.printf("restarted proxy: backlog %d at its first scan, %d moves finished,"
          + " %d already in place, %d target busy, %d failed, %d trimmed; settled %d ms after"
          + " the restart (%d ms after the drain began): %s%n", firstBacklog, finished,
          proxy.metric("MovesAlreadyInPlace"), proxy.metric("MovesTargetBusy"),
          proxy.metric("MovesFailed"),
          proxy.metric("TrimmedAfterMove"), settledAt - restartedAt, settledAt - drainStart,
          settled);

      assertTrue(settled.settled(), settled.toString());
      assertEquals(0, settled.standIns());
      assertEquals(0, settled.extra());
      assertTrue(firstBacklog > 0, "the kill left work for the restarted proxy");
      assertTrue(finished > 0, "the restarted proxy moved replicas");
      assertEquals(0, proxy.metric("BacklogBlocks"));
      assertEquals(0, proxy.metric("TrimmedAfterMove"));
      long excess = awaitNoExcess(cluster);
      assertEquals(0, excess, "the NameNode holds no excess replica");
      verify(cluster, root, contents);
      long bytes = contents.stream().mapToLong(c -> c.length).sum();
      System.out.printf("proxy kill summary: killed %d ms into the drain with %d moves finished"
          + " and %d in flight; stand-ins %d written, %d at the kill, %d settled; the restarted"
          + " proxy found a backlog of %d and finished %d moves (%d trimmed); settled %d ms"
          + " after the restart; %d files (%d bytes) read back equal; NameNode excess replicas"
          + " %d%n", killedAt - drainStart, atKill.get("MovesFinished"),
          atKill.get("MovesInFlight"), written.standIns(), afterKill.standIns(),
          settled.standIns(), firstBacklog, finished, proxy.metric("TrimmedAfterMove"),
          settledAt - restartedAt, contents.size(), bytes, excess);
      pids = cluster.livePids();
      assertTrue(pids.contains(proxy.pid()));
    }
    for (long pid : pids) {
      assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
          "pid " + pid + " still running after close");
    }
  }

  /** Files of one block each, written while part of the ring sleeps. */
  private static List<byte[]> write(LocalCluster cluster, org.apache.hadoop.fs.Path root)
      throws IOException {
    List<byte[]> contents = new ArrayList<>();
    Random random = new Random(12);
    try (FileSystem fs = cluster.newClient()) {
      for (int f = 0; f < FILES; f++) {
        byte[] data = new byte[BLOCK_BYTES - 1000 * f];
        random.nextBytes(data);
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(root, "f" + f),
            (short) REPLICATION)) {
          out.write(data);
        }
        contents.add(data);
      }
    }
    return contents;
  }

  /** Waits until the proxy has finished a copy and has others running, so the kill cuts some. */
  private static Map<String, Long> awaitCopiesInFlight(ProxyProcess proxy) throws Exception {
    long deadline = System.currentTimeMillis() + 60_000;
    while (System.currentTimeMillis() < deadline) {
      long inFlight = proxy.metric("MovesInFlight");
      long finished = proxy.metric("MovesFinished");
      if (inFlight > 0 && finished > 0) {
        return Map.of("MovesStarted", proxy.metric("MovesStarted"), "MovesFinished", finished,
            "MovesInFlight", inFlight);
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the proxy never had a copy in flight after finishing one");
  }

  private static LayoutAudit.Result awaitSettled(LocalCluster cluster,
      org.apache.hadoop.fs.Path root, List<String> ring, LayoutModel layout) throws Exception {
    long deadline = System.currentTimeMillis() + SETTLE_TIMEOUT_MS;
    LayoutAudit.Result r = audit(cluster, root, ring, layout);
    while (!r.settled() && System.currentTimeMillis() < deadline) {
      Thread.sleep(500);
      r = audit(cluster, root, ring, layout);
    }
    return r;
  }

  /** Waits for the proxy's next scans to see the settled namespace (no move waiting). */
  private static void awaitProxyIdle(ProxyProcess proxy) throws Exception {
    long deadline = System.currentTimeMillis() + 20_000;
    while ((proxy.metric("BacklogBlocks") > 0 || proxy.metric("MovesInFlight") > 0)
        && System.currentTimeMillis() < deadline) {
      Thread.sleep(250);
    }
  }

  /** The NameNode's excess replicas, given time for its cached /jmx (10 s) to catch up. */
  private static long awaitNoExcess(LocalCluster cluster) throws Exception {
    long deadline = System.currentTimeMillis() + 25_000;
    long excess = cluster.nameNode().metric("FSNamesystem", "ExcessBlocks");
    while (excess > 0 && System.currentTimeMillis() < deadline) {
      Thread.sleep(1_000);
      excess = cluster.nameNode().metric("FSNamesystem", "ExcessBlocks");
    }
    return excess;
  }

  private static LayoutAudit.Result audit(LocalCluster cluster, org.apache.hadoop.fs.Path root,
      List<String> ring, LayoutModel layout) throws IOException {
    return LayoutAudit.of(cluster.nameNode().dfs(), root, ring, layout);
  }

  private static void verify(LocalCluster cluster, org.apache.hadoop.fs.Path root,
      List<byte[]> contents) throws IOException {
    try (FileSystem fs = cluster.newClient()) {
      for (int f = 0; f < contents.size(); f++) {
        byte[] back = new byte[contents.get(f).length];
        try (FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path(root, "f" + f))) {
          IOUtils.readFully(in, back, 0, back.length);
          assertEquals(-1, in.read(), "f" + f + " is longer than written");
        }
        assertArrayEquals(contents.get(f), back, "f" + f);
      }
    }
  }
}
