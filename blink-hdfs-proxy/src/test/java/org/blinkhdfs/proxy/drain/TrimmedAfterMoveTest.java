package org.blinkhdfs.proxy.drain;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.layout.drain.Consistency;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A copy-and-trim loop, forced: the drain moves a staged replica into its layout; then the
 * replica at its target is deleted (as an invalidate from the NameNode deletes it) and the block
 * is copied to the staging node again, so the drain's next scans find the very move it made
 * (same block, same target) waiting again. The drain must count it ({@code TrimmedAfterMove} =
 * 1) and leave it alone: it is not moved a second time, however many scans follow.
 *
 * <p>Why by hand: the NameNode's deletion rule never trims a layout replica while a stand-in
 * exists ({@code ReplicaDeletion}), so a real loop needs a bug; this test checks that the drain's
 * guard holds if one ever appears. The NameNode's correction is off ({@link TestDrain#cluster}),
 * so nothing but the test and the drain copies. Scans run every {@code SCAN_MS}: the drain looks
 * for its moved replicas again between two and four scans after a move, which leaves the test
 * a few seconds to delete and restage.
 */
@ExtendWith(MetricsSystemPerClass.class)
class TrimmedAfterMoveTest {
  static final int RING = WindowedDrainTest.RING;
  static final long SCAN_MS = 5_000;

  @TempDir
  Path dir;

  @Test
  void aMovedReplicaFoundStagedAgainIsCountedAndNotMovedTwice() throws Exception {
    try (MiniBlinkCluster c = TestDrain.cluster(dir, RING).start()) {
      WindowedDrainTest.wakingLater(c);
      String staging = c.addresses.get(RING);
      List<String> paths = new ArrayList<>();
      String path = null;
      List<String> before = null;
      byte[] data = null;
      for (int f = 0; f < 6; f++) {
        paths.add("/trim/f" + f);
        byte[] written = c.writeFile(paths.get(f), 5000, 3);
        if (path == null && c.replicas(paths.get(f)).contains(staging)) {
          path = paths.get(f);
          before = c.replicas(path);
          data = written;
        }
      }
      assertNotNull(path, "a replica was staged");
      String staged = path;

      try (TestDrain d = TestDrain.start(c, SCAN_MS, TestDrain.settings(Consistency.WEAK, 1),
          Clock.systemUTC());
          NameNodeLink link = NameNodeLink.open(new Configuration(c.conf))) {
        DrainMetrics metrics = d.metrics;
        GenericTestUtils.waitFor(() -> TestDrain.inLayout(c, paths, RING, 3), 200, 60_000);
        List<String> moved = new ArrayList<>(c.replicas(staged));
        moved.removeAll(before);
        assertEquals(1, moved.size(), before + " became " + c.replicas(staged));
        String target = moved.get(0);
        long finished = metrics.finished();

        // The trim: the target deletes the moved replica and tells the NameNode ...
        ExtendedBlock block = c.fs.getClient().getLocatedBlocks(staged, 0).get(0).getBlock();
        dataNode(c, target).getFSDataset().invalidate(block.getBlockPoolId(),
            new Block[] {block.getLocalBlock()});
        GenericTestUtils.waitFor(() -> c.replicasNow(staged).size() == 2, 100, 10_000);
        // ... and the block is staged again (no excess: the delete hint is not used).
        LiveNodes live = LiveNodes.of(c.fs);
        String holder = c.replicas(staged).get(0);
        StringBuilder error = new StringBuilder();
        assertEquals(BlockMover.Outcome.MOVED, new BlockMover(link, 30_000).move(
            block.getBlockId(), block.getNumBytes(), block.getGenerationStamp(),
            live.get(staging), StorageType.DEFAULT, live.get(holder), live.get(holder), error),
            error.toString());
        GenericTestUtils.waitFor(() -> c.replicasNow(staged).contains(staging), 100, 10_000);

        GenericTestUtils.waitFor(() -> metrics.trimmed() == 1, 200, 5 * SCAN_MS);
        long scans = metrics.scans();
        GenericTestUtils.waitFor(() -> metrics.scans() >= scans + 3, 200, 5 * SCAN_MS);
        System.out.printf("trim: block %d moved to %s, lost there and staged again; %d trimmed,"
            + " %d moves before and %d after, backlog %d%n", block.getBlockId(), target,
            metrics.trimmed(), finished, metrics.finished(), metrics.backlogBlocks());
        assertEquals(1, metrics.trimmed());
        assertEquals(finished, metrics.finished(), "the trimmed move was not made again");
        assertEquals(0, metrics.backlogBlocks(), "nor is it waiting");
        assertTrue(c.replicas(staged).contains(staging), c.replicas(staged).toString());
        assertFalse(c.replicas(staged).contains(target), c.replicas(staged).toString());
      }
      assertArrayEquals(data, c.read(staged));
    }
  }

  private static DataNode dataNode(MiniBlinkCluster c, String xferAddr) {
    return c.cluster.getDataNodes().stream()
        .filter(dn -> dn.getDatanodeId().getXferAddr().equals(xferAddr)).findFirst()
        .orElseThrow();
  }
}
