package org.blinkhdfs.rabbit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.rabbit.layout.Chain;
import org.blinkhdfs.rabbit.layout.ParaidLayout;
import org.blinkhdfs.rabbit.layout.ParaidReplicas;
import org.blinkhdfs.rabbit.layout.ParaidSpec;
import org.blinkhdfs.rabbit.layout.RabbitConfig;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParaidBlockPlacementPolicy} in a real NameNode: 7 nodes, r = 3, {@code
 * blink.paraid.groups = 2,1} (groups of 2, 1 and the remaining 4 nodes; gears of 2, 3 and 7).
 * The per-node table depends only on group 1 (m = 2), so it is Le et al.'s Table 1 plus the fill
 * HDFS's r = 3 needs ({@link ParaidReplicas}).
 */
class ParaidInClusterTest {
  static final int NODES = 7;
  static final int BLOCKS = 400;

  @TempDir
  static Path dir;
  static MiniBlinkCluster c;
  static ParaidReplicas layout;

  @BeforeAll
  static void startCluster() throws IOException {
    c = RabbitNameNode.start(dir, NODES, ParaidBlockPlacementPolicy.class,
        RabbitConfig.PARAID_GROUPS.name(), "2,1");
    layout = ParaidReplicas.of(ParaidLayout.of(Chain.of(c.addresses), ParaidSpec.of(2, 1, 4)), 3);
  }

  @AfterAll
  static void stopCluster() {
    if (c != null) {
      c.close();
    }
  }

  /** All awake: every block is a whole PARAID layout, and the counts follow the table. */
  @Test
  void blocksPerNodeFollowTheTable() throws IOException {
    c.writeSchedule(c.gear(NODES));
    List<String> paths = new ArrayList<>();
    for (int f = 0; f < BLOCKS; f++) {
      paths.add("/table/f" + f);
    }
    c.writeFiles(paths, 100, 3);
    Map<String, Integer> counts = new HashMap<>();
    for (String path : paths) {
      List<String> holders = c.replicas(path);
      assertTrue(layout.check(holders).isPerfect(), path + " on " + holders);
      assertTrue(holders.contains(c.addresses.get(0)) || holders.contains(c.addresses.get(1)),
          path + " has a replica in group 1 (gear 1 serves it): " + holders);
      for (String node : holders) {
        counts.merge(node, 1, Integer::sum);
      }
    }
    // Table 1 plus fill, B = 400: 340, 340, 225.7, 92.4, 78.1, 66.7, 57.1.
    System.out.println("PARAID replicas per chain node: " + LayoutCounts.inChainOrder(counts,
        c.addresses));
    LayoutCounts.assertMatches(layout.expectedBlocks(BLOCKS), counts, c.addresses);
  }

  /**
   * Gear 2 (3 nodes ACTIVE, 4 OFF): no write reaches an OFF node, every block is readable, and
   * each is already a whole PARAID layout inside the gear, so nothing moves when the rest wakes.
   */
  @Test
  void aLowGearWritesOnlyToItsNodes() throws IOException {
    c.writeSchedule(c.gear(3));
    List<String> off = c.addresses.subList(3, NODES);
    List<String> paths = new ArrayList<>();
    for (int f = 0; f < 12; f++) {
      paths.add("/gear2/f" + f);
    }
    c.writeFiles(paths, 2000, 3);
    for (String path : paths) {
      List<String> holders = c.replicas(path);
      for (String node : holders) {
        assertFalse(off.contains(node), path + " written to OFF node " + node);
      }
      assertTrue(layout.check(holders).isPerfect(), path + " on " + holders);
    }
    c.writeSchedule(c.gear(NODES));
    MiniBlinkCluster.waitFor("nothing queued", c::settled);
    for (String path : paths) {
      assertEquals(3, c.replicas(path).size());
      assertArrayEquals(MiniBlinkCluster.contents(path, 2000), c.read(path));
    }
  }
}
