package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.IOUtils;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Rabbit path of the local cluster in {@code mvn verify}: a 4-node ring with the equal-work
 * layout and the activation policy. p = 1, r = 2 (p = 2 needs 5 nodes for r = 2: on 4, node 3
 * would hold 0.571·B, more than a primary's B/2; {@link LayoutKeys} refuses it). A file written
 * with all nodes on must have a replica of every block on the primary n1, and must read back
 * byte for byte with only n1 and n2 ACTIVE and the other 2 DataNodes frozen (OFF), set by the
 * scheduler's admin override as {@code bin/blink admin -setActive 2} would.
 */
class EqualWorkGearClusterTest {
  @TempDir Path dir;

  @Test
  void twoOfFourNodesServeEveryBlock() throws Exception {
    ClusterSpec spec = ClusterSpec.defaults(dir).toBuilder().dataNodes(4).stagingNodes(0)
        .intervalMs(4_000).layout(Layout.EQUAL_WORK, "activation")
        .layoutKeys(LayoutKeys.defaults().withPrimaries(1)).powerPercent(100).build();
    spec.layoutKeys().chainLayout(Layout.EQUAL_WORK, 4, 2); // throws if the layout refuses
    List<Long> pids;
    try (LocalCluster cluster = LocalCluster.startFresh(spec, System.out::println)) {
      pids = cluster.livePids();
      byte[] data = new byte[4 * (1 << 20) + 777];
      new Random(11).nextBytes(data);
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/gear/file");
      try (FileSystem fs = cluster.newClient()) {
        try (FSDataOutputStream out = fs.create(p, (short) 2)) {
          out.write(data);
        }
        List<String> ring = cluster.schedule().orElseThrow().ring();
        FileStatus st = cluster.nameNode().dfs().getFileStatus(p);
        for (BlockLocation b : cluster.nameNode().dfs().getFileBlockLocations(st, 0,
            st.getLen())) {
          List<String> names = List.of(b.getNames());
          assertTrue(names.contains(ring.get(0)),
              "every block has a replica on the primary " + ring.get(0) + ": " + names);
        }

        Schedule two = cluster.setActiveNodes(OptionalInt.of(2));
        assertEquals(NodeMode.OFF, two.entry(ring.get(3)).mode());
        // The agents freeze n3 and n4 within their 250 ms poll; the NameNode sees them stale
        // 1.5 s later. Read only then, so the read really has 2 of 4 DataNodes.
        long until = System.currentTimeMillis() + 10_000;
        while (!cluster.nameNode().stale().containsAll(ring.subList(2, 4))
            && System.currentTimeMillis() < until) {
          Thread.sleep(200);
        }
        assertTrue(cluster.nameNode().stale().containsAll(ring.subList(2, 4)),
            "n3 and n4 frozen (stale): " + cluster.nameNode().stale());
        byte[] back = new byte[data.length];
        try (FSDataInputStream in = fs.open(p)) {
          IOUtils.readFully(in, back, 0, back.length);
        }
        assertArrayEquals(data, back);
        cluster.setActiveNodes(OptionalInt.empty());
      }
    }
    for (long pid : pids) {
      assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
          "pid " + pid + " still running after close");
    }
  }
}
