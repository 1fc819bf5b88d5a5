package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The migration-based baseline's moves on a real NameNode and five DataNodes (MiniDFSCluster,
 * HDFS's default placement): lowering to two nodes puts every block's two replicas on them,
 * raising to all five spreads the replicas again, the replication stays 2 and every byte reads
 * back; the moved-from replicas are gone (the delete hint).
 */
class ReplicaMigrationTest {
  static final int NODES = 5;
  static final int FILES = 3;
  static final int FILE_BYTES = 3 * MiniBlinkCluster.BLOCK_BYTES + 1000;

  @TempDir
  Path dir;

  @Test
  void movesEveryBlockOntoTheNodesKeptOnAndBackOut() throws Exception {
    try (MiniBlinkCluster cluster = MiniBlinkCluster.builder(dir).dataNodes(NODES)
        .conf(c -> c.setLong(DFSConfigKeys.DFS_DATANODE_BALANCE_BANDWIDTHPERSEC_KEY, 100L << 20))
        .start()) {
      List<org.apache.hadoop.fs.Path> files = new ArrayList<>();
      List<byte[]> data = new ArrayList<>();
      for (int f = 0; f < FILES; f++) {
        data.add(cluster.writeFile("/m/f" + f, FILE_BYTES, 2));
        files.add(new org.apache.hadoop.fs.Path("/m/f" + f));
      }
      List<String> all = cluster.addresses;
      List<String> two = all.subList(0, 2);
      try (ReplicaMigration m = ReplicaMigration.open(cluster.conf, 4)) {
        ReplicaMigration.Result down = m.migrate(files, 2, new LinkedHashSet<>(all), two);
        assertTrue(down.moves() > 0, "some replica was off the two nodes: " + down);
        awaitPlacement(cluster, files, h -> h.size() == 2 && two.containsAll(h));
        ReplicaMigration.Result again = m.migrate(files, 2, new LinkedHashSet<>(all), two);
        assertEquals(0, again.moves(), "a second migration onto the same nodes moves nothing");

        ReplicaMigration.Result up = m.migrate(files, 2, new LinkedHashSet<>(two), all);
        assertTrue(up.moves() > 0, "raising spreads the data: " + up);
        awaitPlacement(cluster, files, h -> h.size() == 2);
        Map<String, Integer> load = load(cluster, files);
        int replicas = FILES * 4 * 2;
        assertEquals(replicas, load.values().stream().mapToInt(Integer::intValue).sum());
        for (String n : all) {
          assertTrue(load.getOrDefault(n, 0) >= replicas / NODES - 1,
              "every node took its share: " + load);
        }
      }
      for (int f = 0; f < FILES; f++) {
        assertArrayEquals(data.get(f), cluster.read("/m/f" + f));
      }
    }
  }

  private static void awaitPlacement(MiniBlinkCluster cluster,
      List<org.apache.hadoop.fs.Path> files, java.util.function.Predicate<Set<String>> ok)
      throws Exception {
    long deadline = System.currentTimeMillis() + MiniBlinkCluster.WAIT_MS;
    String last = "";
    while (System.currentTimeMillis() < deadline) {
      boolean all = true;
      StringBuilder seen = new StringBuilder();
      for (org.apache.hadoop.fs.Path f : files) {
        for (BlockLocation b : cluster.fs.getFileBlockLocations(f, 0, Long.MAX_VALUE)) {
          Set<String> h = new LinkedHashSet<>(List.of(b.getNames()));
          seen.append(h).append(' ');
          all &= ok.test(h);
        }
      }
      if (all) {
        return;
      }
      last = seen.toString();
      Thread.sleep(200);
    }
    throw new AssertionError("blocks not placed as expected: " + last);
  }

  private static Map<String, Integer> load(MiniBlinkCluster cluster,
      List<org.apache.hadoop.fs.Path> files) throws Exception {
    Map<String, Integer> load = new HashMap<>();
    for (org.apache.hadoop.fs.Path f : files) {
      for (BlockLocation b : cluster.fs.getFileBlockLocations(f, 0, Long.MAX_VALUE)) {
        for (String n : b.getNames()) {
          load.merge(n, 1, Integer::sum);
        }
      }
    }
    return load;
  }
}
