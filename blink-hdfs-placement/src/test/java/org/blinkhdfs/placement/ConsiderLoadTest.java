package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataNodeTestUtils;
import org.apache.hadoop.test.GenericTestUtils;
import org.apache.hadoop.util.Time;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dfs.namenode.redundancy.considerLoad} with a ring node far busier than the rest.
 *
 * <p>HDFS skips the load check for a local or favored node, the call the layout uses for each of
 * its positions, so the policy applies it itself: an overloaded node takes no new block, even at
 * a layout position; new blocks pick layouts without it, a re-replication puts a stand-in there,
 * and once the node's load is normal again the NameNode moves the copy to it.
 *
 * <p>The load is faked the way HDFS's own tests do: the DataNode's heartbeats are paused and its
 * descriptor in the NameNode reports 50 transfers; resuming heartbeats restores the real count.
 */
class ConsiderLoadTest {
  static final int RING = 9;
  static final int STAGING = 9;
  static final RingLayout LAYOUT = new RingLayout(RING);

  @TempDir
  Path dir;

  @Test
  void anOverloadedLayoutNodeGetsAStandInThatIsCorrectedLater() throws Exception {
    // MiniDFSCluster turns considerLoad off unless its builder is told otherwise.
    try (MiniBlinkCluster c = BlinkNameNode.start(dir, RING + 1, conf -> { },
        builder -> builder.setNNRedundancyConsiderLoad(true))) {
      String staging = c.addresses.get(STAGING);
      c.writeSchedule(MiniBlinkCluster.activeRing(c.addresses.subList(0, RING), List.of(staging)));
      c.writeFile("/load/grow", 1000, 2);
      List<Integer> two = c.ringPositions("/load/grow", RING);
      int busy = LAYOUT.positions(LAYOUT.check(two, 2).first(), 3).get(2);
      String busyAddr = c.addresses.get(busy);
      DataNode busyNode = c.cluster.getDataNodes().get(busy);
      DatanodeDescriptor busyDescriptor = c.descriptor(busyAddr);
      overload(busyNode, busyDescriptor);

      for (int f = 0; f < 9; f++) {
        String path = "/load/new/f" + f;
        c.writeFile(path, 1000, 3);
        assertFalse(c.replicas(path).contains(busyAddr), path + " written to the busy node");
        List<Integer> held = c.ringPositions(path, RING);
        assertTrue(LAYOUT.check(held, 3).isPerfect(), path + " layout avoids it: " + held);
      }

      // Raising the replication asks for the busy node's position: a stand-in takes it.
      c.fs.setReplication(new org.apache.hadoop.fs.Path("/load/grow"), (short) 3);
      c.waitReplicas("/load/grow", 3);
      List<String> grown = c.replicas("/load/grow");
      assertTrue(grown.contains(staging), "stand-in " + grown);
      assertFalse(grown.contains(busyAddr));
      GenericTestUtils.waitFor(() -> c.blockManager().getBadlyDistributedBlocks() == 1, 200,
          30_000);
      assertEquals(50, busyDescriptor.getXceiverCount(), "still overloaded while queued");

      // Real heartbeats resume with the real (low) load: the copy moves to its layout node.
      DataNodeTestUtils.setHeartbeatsDisabledForTests(busyNode, false);
      GenericTestUtils.waitFor(() -> c.settled() && c.replicasNow("/load/grow").size() == 3
          && LAYOUT.check(c.ringPositionsNow("/load/grow", RING), 3).isPerfect(), 200, 60_000);
      assertTrue(c.replicas("/load/grow").contains(busyAddr));
    }
  }

  /**
   * Pauses {@code dn}'s heartbeats, waits until the last one in flight has been processed, and
   * makes the NameNode see 50 active transfers on it.
   */
  private static void overload(DataNode dn, DatanodeDescriptor d) throws Exception {
    DataNodeTestUtils.setHeartbeatsDisabledForTests(dn, true);
    GenericTestUtils.waitFor(() -> Time.monotonicNow() - d.getLastUpdateMonotonic() > 2_500,
        100, 30_000);
    d.setXceiverCount(50);
  }
}
