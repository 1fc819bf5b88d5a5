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
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.rabbit.layout.Chain;
import org.blinkhdfs.rabbit.layout.EqualWorkLayout;
import org.blinkhdfs.rabbit.layout.EqualWorkSpec;
import org.blinkhdfs.rabbit.layout.RabbitConfig;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link EqualWorkBlockPlacementPolicy} in a real NameNode: Le et al.'s 7-node chain (p = 2,
 * r = 2). One cluster for the class; each test sets its own schedule and writes under its own
 * directory.
 */
class EqualWorkInClusterTest {
  static final int NODES = 7;
  static final int BLOCKS = 600;

  @TempDir
  static Path dir;
  static MiniBlinkCluster c;
  static EqualWorkLayout layout;

  @BeforeAll
  static void startCluster() throws IOException {
    c = RabbitNameNode.start(dir, NODES, EqualWorkBlockPlacementPolicy.class,
        RabbitConfig.PRIMARIES.name(), "2");
    layout = EqualWorkLayout.of(Chain.of(c.addresses), EqualWorkSpec.of(2, 2));
  }

  @AfterAll
  static void stopCluster() {
    if (c != null) {
      c.close();
    }
  }

  /** All awake: every block is a whole equal-work layout, and the counts follow the table. */
  @Test
  void blocksPerNodeFollowTheTable() throws IOException {
    c.writeSchedule(c.gear(NODES));
    List<String> paths = new ArrayList<>();
    for (int f = 0; f < BLOCKS; f++) {
      paths.add("/table/f" + f);
    }
    c.writeFiles(paths, 100, 2);
    Map<String, Integer> counts = new HashMap<>();
    for (String path : paths) {
      List<String> holders = c.replicas(path);
      assertTrue(layout.check(holders).isPerfect(), path + " on " + holders);
      for (String node : holders) {
        counts.merge(node, 1, Integer::sum);
      }
    }
    // Table (Le et al. Table 2 scaled by c = 0.915): 300, 300, 183.0, 137.3, 109.8, 91.5, 78.4;
    // tolerance ±50 on the primaries, ±46 on n3, ±34 on n7.
    System.out.println("equal-work replicas per chain node: " + LayoutCounts.inChainOrder(counts,
        c.addresses));
    LayoutCounts.assertMatches(layout.expectedBlocks(BLOCKS), counts, c.addresses);
  }

  /**
   * r = 3 does not fit a 7-node chain with p = 2 (it needs 10): the policy logs an ERROR and
   * HDFS's default placement writes the file, fully replicated and readable.
   */
  @Test
  void aReplicationTheChainCannotHoldGetsDefaultPlacement() throws IOException {
    c.writeSchedule(c.gear(NODES));
    byte[] data = c.writeFile("/fallback/r3", 5000, 3);
    assertEquals(3, c.replicas("/fallback/r3").size());
    assertArrayEquals(data, c.read("/fallback/r3"));
    MiniBlinkCluster.waitFor("nothing queued", c::settled);
  }

  /**
   * Only the primaries on: no write reaches an OFF node; the secondary goes to a stand-in (the
   * other primary), and once the chain is back on, the NameNode copies each block to its layout
   * and drops the stand-in.
   */
  @Test
  void primariesOnlyOffloadAndTheLayoutIsCorrectedOnWake() throws IOException {
    c.writeSchedule(c.gear(2));
    BlinkRuntime runtime = BlinkRuntime.forConf(c.cluster.getConfiguration(0));
    long offloadedBefore = runtime.offloadedReplicas().get();
    List<String> off = c.addresses.subList(2, NODES);
    List<String> paths = new ArrayList<>();
    for (int f = 0; f < 8; f++) {
      paths.add("/gear2/f" + f);
    }
    c.writeFiles(paths, 3000, 2);
    for (String path : paths) {
      for (String node : c.replicas(path)) {
        assertFalse(off.contains(node), path + " written to OFF node " + node);
      }
    }
    assertTrue(runtime.offloadedReplicas().get() - offloadedBefore >= paths.size(),
        "every block's secondary was asleep, so each was offloaded");

    c.writeSchedule(c.gear(NODES));
    MiniBlinkCluster.waitFor("layouts corrected", () -> paths.stream().allMatch(p -> {
      List<String> holders = c.replicasNow(p);
      return holders.size() == 2 && layout.check(holders).isPerfect();
    }) && c.settled());
    for (String p : paths) {
      assertArrayEquals(MiniBlinkCluster.contents(p, 3000), c.read(p));
    }
  }
}
