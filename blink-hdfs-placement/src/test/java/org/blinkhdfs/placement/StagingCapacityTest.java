package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bounded staging: once the staging node holds {@code blink.placement.staging.capacity.bytes},
 * stand-ins go to awake ring nodes instead; every write still succeeds with all its replicas, and
 * the NameNode counts the fallbacks.
 */
class StagingCapacityTest {
  static final int BLOCK = 8192;
  static final long CAPACITY = 6L * BLOCK;

  @TempDir
  Path dir;

  @Test
  void aFullStagingNodeSendsStandInsToAwakeRingNodesAndWritesSucceed() throws Exception {
    try (MiniBlinkCluster c = BlinkNameNode.start(dir, SleepingNodesTest.RING + 1, conf -> {
      conf.setLong("dfs.blocksize", BLOCK);
      conf.setLong(PlacementConfig.STAGING_CAPACITY_BYTES.name(), CAPACITY);
    })) {
      c.writeSchedule(SleepingNodesTest.halfAsleep(c, System.currentTimeMillis() - 1_000));
      BlinkRuntime runtime = BlinkRuntime.forConf(c.cluster.getConfiguration(0));
      String staging = c.addresses.get(SleepingNodesTest.STAGING);
      List<String> asleep = c.addresses.subList(5, SleepingNodesTest.RING);
      int onStaging = 0;
      for (int f = 0; f < 16; f++) {
        String path = "/bounded/f" + f;
        byte[] data = c.writeFile(path, BLOCK - 200, 3);
        List<String> replicas = c.replicas(path);
        assertEquals(3, replicas.size(), path + " has all its replicas");
        assertTrue(replicas.stream().noneMatch(asleep::contains), path + " avoided sleepers");
        assertArrayEquals(data, c.read(path));
        onStaging += replicas.contains(staging) ? 1 : 0;
      }
      int blocks = c.descriptor(staging).numBlocks();
      System.out.printf("bounded staging: %d of 16 files staged, %d blocks held for a capacity of"
          + " %d, %d fallbacks%n", onStaging, blocks, CAPACITY / BLOCK,
          runtime.stagingFullFallbacks().get());
      assertEquals(CAPACITY / BLOCK, blocks, "the staging node took stand-ins until full");
      assertTrue(runtime.stagingFullFallbacks().get() > 0, "the fallbacks were counted");
    }
  }
}
