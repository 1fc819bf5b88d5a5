package org.blinkhdfs.rabbit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.test.MetricsAsserts;
import org.blinkhdfs.client.BlinkDistributedFileSystem;
import org.blinkhdfs.placement.BlinkNetworkTopology;
import org.blinkhdfs.rabbit.layout.RabbitConfig;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rabbit §3.2 on a real NameNode: with n nodes on, a full read through a real client is served
 * at about B/n blocks per active node by {@link EqualWorkNetworkTopology}, and much less evenly by
 * HDFS's own order ({@link BlinkNetworkTopology}) on the very same blocks.
 *
 * <p>Set-up (Le et al.): 7 DataNodes, equal work with p = 2, r = 2, B = 350 one-block files
 * written with all 7 ACTIVE. Then for n = 7, 4, 2: the schedule file makes the first n ACTIVE and
 * the rest OFF (the DataNodes keep running; only the read order follows the schedule), every file
 * is read once through {@link BlinkDistributedFileSystem}, and each DataNode's {@code BlocksRead}
 * metric gives the blocks it served; they must equal the reads the NameNode's balancer counted
 * per node (so the client followed its choice, and HDFS's second sort of a file's last block was
 * not counted). The NameNode is then restarted with the plain topology and the three reads are
 * repeated.
 *
 * <p>Bounds. Node i can serve at most the b_i blocks it stores, so no selection beats the
 * water-filled split ({@link ReadSpread#idealCv}); at n = 4 and 7 the last node stores less than
 * B/n (Le et al.'s chain is longer than equal work's spread, docs/equal-work.md), so even the
 * ideal is not flat. The balancer must come within {@value #CV_SLACK} of the ideal CV: the greedy
 * rule decides one block at a time, and Rabbit's own simulation and ours
 * (HitRatioBalancerSimulationTest) land within about 0.01 of even on large reads; at B/n = 50 one
 * block is 0.02 of the mean, so this allows about one block of rounding per node. The
 * plain order must be at least {@value #PLAIN_FACTOR} times less even at n = 7 and 4 (it sends
 * work in proportion to what is stored, CV ≈ 0.5). At n = 2 every block has exactly one replica
 * on an active node, so there is no choice: both orders serve exactly what the two primaries
 * store.
 */
class EqualWorkReadBalanceTest {
  static final int NODES = 7;
  static final int BLOCKS = 350;
  static final int FILE_BYTES = 1024;
  static final int[] GEARS = {7, 4, 2};
  static final double CV_SLACK = 0.02;
  static final double PLAIN_FACTOR = 4;

  @TempDir
  Path dir;

  /** One full read with {@code activeNodes} on. */
  record Pass(int activeNodes, ReadSpread served, List<Long> stored, long servedByOff,
      List<Long> balancerServed) {
    double idealCv() {
      return ReadSpread.idealCv(stored, BLOCKS);
    }
  }

  @Test
  @Timeout(180)
  void aFullReadIsServedAtAboutBOverNPerActiveNode() throws Exception {
    try (MiniBlinkCluster c = RabbitNameNode.start(dir, NODES, EqualWorkBlockPlacementPolicy.class,
        RabbitConfig.PRIMARIES.name(), "2",
        DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, EqualWorkNetworkTopology.class.getName(),
        // After the restart the NameNode may leave safe mode before every DataNode's full block
        // report and send a copy to a node that already holds the replica: the node refuses, and
        // only an incremental report clears the pending entry, so it would wait the default
        // 300 s (a CI run timed out with 700 of 700 replicas reported and 8 pending). Safe mode
        // waits for all DataNodes, and a stale pending entry expires in seconds.
        DFSConfigKeys.DFS_NAMENODE_SAFEMODE_MIN_DATANODES_KEY, Integer.toString(NODES),
        DFSConfigKeys.DFS_NAMENODE_RECONSTRUCTION_PENDING_TIMEOUT_SEC_KEY, "5")) {
      List<String> paths = write(c);
      Map<Integer, Pass> balanced = readAtEveryGear(c, paths);

      c.cluster.getConfiguration(0).set(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY,
          BlinkNetworkTopology.class.getName());
      // Restart with every node ACTIVE, as when the files were written: the restarted NameNode
      // then judges every block against the all-awake layout (a CI run that restarted under the
      // last gear, n = 2, once waited 60 s for the blocks to settle and timed out).
      c.writeSchedule(c.gear(NODES));
      c.cluster.restartNameNode(true);
      awaitAllReplicas(c);
      Map<Integer, Pass> plain = readAtEveryGear(c, paths);

      for (int n : GEARS) {
        Pass b = balanced.get(n);
        Pass p = plain.get(n);
        System.out.printf(Locale.ROOT, "n = %d, B/n = %.2f, stored %s, ideal CV %.4f%n"
            + "  hit-ratio balancer: %s%n  HDFS order:         %s%n", n, (double) BLOCKS / n,
            b.stored(), b.idealCv(), b.served(), p.served());
        for (Pass pass : List.of(b, p)) {
          assertEquals(0, pass.servedByOff(), "OFF nodes served reads at n = " + n);
          assertEquals(BLOCKS, pass.served().served().stream().mapToLong(Long::longValue).sum(),
              "every block read once at n = " + n);
        }
        assertEquals(b.served().served(), b.balancerServed(), "n = " + n + ": every read went to"
            + " the replica the balancer chose, and each was counted once");
        assertTrue(b.served().cv() <= b.idealCv() + CV_SLACK, "n = " + n + ": balancer CV "
            + b.served().cv() + " vs ideal " + b.idealCv() + " + " + CV_SLACK);
      }
      for (int n : new int[] {7, 4}) {
        assertTrue(plain.get(n).served().cv() >= PLAIN_FACTOR * balanced.get(n).served().cv(),
            "n = " + n + ": HDFS order CV " + plain.get(n).served().cv() + " vs balancer "
                + balanced.get(n).served().cv());
      }
      // At n = 2 there is no choice: in both orders each primary serves exactly the blocks it
      // stores (compared per pass: the restart between the passes may let the NameNode settle a
      // few blocks differently between the two primaries).
      for (Pass pass : List.of(balanced.get(2), plain.get(2))) {
        assertEquals(pass.stored(), pass.served().served(),
            "n = 2: each primary serves exactly the blocks it stores");
      }
    }
  }

  /**
   * Writes the files with every node ACTIVE and waits for all replicas on the NameNode's side
   * (asking for block locations would already count as reads).
   */
  private static List<String> write(MiniBlinkCluster c) throws IOException {
    List<String> paths = new ArrayList<>();
    for (int f = 0; f < BLOCKS; f++) {
      String path = "/full/f" + f;
      try (FSDataOutputStream out = c.fs.create(new org.apache.hadoop.fs.Path(path), (short) 2)) {
        out.write(MiniBlinkCluster.contents(path, FILE_BYTES));
      }
      paths.add(path);
    }
    awaitAllReplicas(c);
    return paths;
  }

  private static void awaitAllReplicas(MiniBlinkCluster c) throws IOException {
    try {
      MiniBlinkCluster.waitFor(2 * BLOCKS + " replicas reported", () ->
          stored(c).values().stream().mapToLong(Long::longValue).sum() == 2L * BLOCKS
              && c.settled());
    } catch (IOException e) {
      var bm = c.blockManager();
      throw new IOException(e.getMessage() + ": " + stored(c).values().stream()
          .mapToLong(Long::longValue).sum() + " reported; low redundancy "
          + bm.getLowRedundancyBlocks() + ", badly distributed " + bm.getBadlyDistributedBlocks()
          + ", pending reconstruction " + bm.getPendingReconstructionBlocksCount() + ", excess "
          + bm.getExcessBlocksCount() + ", pending deletion " + bm.getPendingDeletionBlocksCount()
          + ", safe mode " + c.cluster.getNameNode().isInSafeMode(), e);
    }
  }

  /** Replicas per DataNode transfer address, as the NameNode records them. */
  private static Map<String, Long> stored(MiniBlinkCluster c) {
    Map<String, Long> out = new HashMap<>();
    for (DatanodeDescriptor d : c.blockManager().getDatanodeManager()
        .getDatanodeListForReport(DatanodeReportType.ALL)) {
      out.put(d.getXferAddr(), (long) d.numBlocks());
    }
    return out;
  }

  private static Map<Integer, Pass> readAtEveryGear(MiniBlinkCluster c, List<String> paths)
      throws IOException {
    Map<Integer, Pass> passes = new LinkedHashMap<>();
    for (int n : GEARS) {
      c.writeSchedule(c.gear(n));
      passes.put(n, fullRead(c, paths, n));
    }
    return passes;
  }

  /** Reads every file once through the blink-aware client; blocks served per chain node. */
  private static Pass fullRead(MiniBlinkCluster c, List<String> paths, int activeNodes)
      throws IOException {
    Map<String, Long> before = blocksRead(c);
    Configuration conf = new Configuration(c.cluster.getConfiguration(0));
    conf.set("fs.hdfs.impl", BlinkDistributedFileSystem.class.getName());
    conf.setBoolean("fs.hdfs.impl.disable.cache", true);
    try (FileSystem fs = FileSystem.get(c.cluster.getURI(), conf)) {
      assertInstanceOf(BlinkDistributedFileSystem.class, fs);
      byte[] buf = new byte[FILE_BYTES];
      for (String path : paths) {
        try (FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path(path))) {
          IOUtils.readFully(in, buf, 0, FILE_BYTES);
        }
        assertArrayEquals(MiniBlinkCluster.contents(path, FILE_BYTES), buf, path);
      }
    }
    Map<String, Long> after = settledBlocksRead(c, before, paths.size());
    Map<String, Long> stored = stored(c);
    List<Long> served = new ArrayList<>();
    List<Long> storedActive = new ArrayList<>();
    long servedByOff = 0;
    for (int rank = 0; rank < c.addresses.size(); rank++) {
      String node = c.addresses.get(rank);
      long delta = after.get(node) - before.get(node);
      if (rank < activeNodes) {
        served.add(delta);
        storedActive.add(stored.get(node));
      } else {
        servedByOff += delta;
      }
    }
    return new Pass(activeNodes, new ReadSpread(served), storedActive, servedByOff,
        balancerServed(c, activeNodes));
  }

  /**
   * The reads the NameNode's balancer counted per active node (none with the plain topology):
   * the choices it made, to compare with what the DataNodes served.
   */
  private static List<Long> balancerServed(MiniBlinkCluster c, int activeNodes) {
    List<Long> out = new ArrayList<>();
    if (c.blockManager().getDatanodeManager().getNetworkTopology()
        instanceof EqualWorkNetworkTopology t) {
      for (String node : c.addresses.subList(0, activeNodes)) {
        out.add(t.balancer().servedInWindow(node));
      }
    }
    return out;
  }

  /**
   * {@link #blocksRead} once the DataNodes have counted {@code reads} more reads, or after 10 s:
   * a DataNode counts a read after the client has its bytes, so the last count may lag the
   * client's return by milliseconds.
   */
  private static Map<String, Long> settledBlocksRead(MiniBlinkCluster c, Map<String, Long> before,
      int reads) {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (true) {
      Map<String, Long> now = blocksRead(c);
      long delta = now.entrySet().stream().mapToLong(e -> e.getValue() - before.get(e.getKey()))
          .sum();
      if (delta >= reads || System.nanoTime() > deadline) {
        return now;
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return now;
      }
    }
  }

  /** Each DataNode's {@code BlocksRead} counter, by transfer address. */
  private static Map<String, Long> blocksRead(MiniBlinkCluster c) {
    Map<String, Long> out = new HashMap<>();
    for (DataNode dn : c.cluster.getDataNodes()) {
      out.put(dn.getDatanodeId().getXferAddr(), MetricsAsserts.getLongCounter("BlocksRead",
          MetricsAsserts.getMetrics(dn.getMetrics().name())));
    }
    return out;
  }
}
