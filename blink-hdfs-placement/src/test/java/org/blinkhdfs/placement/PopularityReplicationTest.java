package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Popularity replication on a real NameNode with 9 DataNodes: reads counted from the audit
 * events of real clients raise a hot file to 6 replicas, placed where the ring puts 6 (the first
 * three stay); a cold file keeps 3; a file written often stays at 3; the owner's replication is
 * kept in the xattr while extras exist; and a file the owner re-replicates is left alone.
 */
class PopularityReplicationTest {
  @TempDir
  Path dir;

  @Test
  void hotFilesGetExtraReplicasOnTheRing() throws Exception {
    try (MiniBlinkCluster c = BlinkNameNode.start(dir, 9, conf -> {
      conf.set("dfs.namenode.audit.loggers",
          "default," + PopularityAuditLogger.class.getName());
      conf.setBoolean("blink.popularity.enabled", true);
      // Periods are run by hand below (runOnce); the timer's would interleave.
      conf.setLong("blink.popularity.period.ms", 86_400_000L);
    })) {
      c.writeSchedule(c.allActive(9));
      c.writeFile("/hot", 1000, 3);
      c.writeFile("/cold", 1000, 3);
      c.writeFile("/log", 1000, 3);
      PopularityReplicator replicator = BlinkNameNode.plugin(c).popularityReplicator();
      replicator.runOnce(); // the writes above fall in this period
      for (int i = 0; i < 10; i++) {
        c.read("/hot");
        try (FSDataOutputStream out = c.fs.append(new org.apache.hadoop.fs.Path("/log"))) {
          out.write(i);
        }
        c.read("/log");
      }
      Map<String, Integer> changes = replicator.runOnce();
      assertEquals(Map.of("/hot", 6), changes);
      assertEquals(6, c.fs.getFileStatus(new org.apache.hadoop.fs.Path("/hot")).getReplication());
      assertEquals("3", new String(c.fs.getXAttr(new org.apache.hadoop.fs.Path("/hot"),
          PopularityReplicator.BASE_XATTR), java.nio.charset.StandardCharsets.UTF_8));
      c.waitReplicas("/hot", 6);
      List<Integer> held = c.ringPositions("/hot", 9);
      LayoutCheck check = new RingLayout(9).check(held, 6);
      assertTrue(check.isPerfect(), "held " + held + ", ring layout " + check.layout());
      assertEquals(3, c.fs.getFileStatus(new org.apache.hadoop.fs.Path("/cold"))
          .getReplication());
      assertEquals(3, c.fs.getFileStatus(new org.apache.hadoop.fs.Path("/log"))
          .getReplication());
      assertEquals(3, runtime(c).extraReplicas().get());
      assertEquals(3, runtime(c).popularityReplicasAdded().get()); // one block, 3 more copies

      // Nobody reads /hot any more: with plenty of room it keeps its extras (lazy).
      assertEquals(Map.of(), replicator.runOnce());
      assertEquals(6, c.fs.getFileStatus(new org.apache.hadoop.fs.Path("/hot")).getReplication());

      // The owner sets replication 2 itself: that is its base now. /hot is still warm (the
      // block location look-ups above are audited opens too), so it is raised again, from 2.
      c.fs.setReplication(new org.apache.hadoop.fs.Path("/hot"), (short) 2);
      assertEquals(Map.of("/hot", 6), replicator.runOnce());
      assertEquals("2", new String(c.fs.getXAttr(new org.apache.hadoop.fs.Path("/hot"),
          PopularityReplicator.BASE_XATTR), java.nio.charset.StandardCharsets.UTF_8));
      assertEquals(4, runtime(c).extraReplicas().get());
      // Ten quiet periods cool it below one read per period (α = 0.5: 2^-10 of its average).
      for (int i = 0; i < 10; i++) {
        replicator.runOnce();
      }
      // The owner sets 4: 4 stays, and the xattr goes.
      c.fs.setReplication(new org.apache.hadoop.fs.Path("/hot"), (short) 4);
      assertEquals(Map.of(), replicator.runOnce());
      assertEquals(4, c.fs.getFileStatus(new org.apache.hadoop.fs.Path("/hot")).getReplication());
      assertTrue(c.fs.getXAttrs(new org.apache.hadoop.fs.Path("/hot")).isEmpty());
      assertEquals(0, runtime(c).extraReplicas().get());
    }
  }

  private static BlinkRuntime runtime(MiniBlinkCluster c) {
    return BlinkRuntime.forConf(c.conf);
  }
}
