package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import org.apache.hadoop.test.GenericTestUtils;
import org.apache.hadoop.util.ExitUtil;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bug in the layout must not stop the NameNode: with the layout throwing on every call
 * ({@link FaultyLayoutPolicy}), re-replication on the RedundancyMonitor thread, excess deletion
 * and a client's new block still happen, by HDFS's default rules, and the NameNode never calls
 * {@code ExitUtil.terminate} (which HDFS does for any exception on that thread).
 */
class PolicyFailureTest {
  @TempDir
  Path dir;

  @BeforeEach
  void noSystemExit() {
    ExitUtil.disableSystemExit();
    ExitUtil.resetFirstExitException();
  }

  @AfterEach
  void faultsOff() {
    FaultyLayoutPolicy.FAULTS.set(false);
    ExitUtil.resetFirstExitException();
  }

  @Test
  void layoutExceptionsFallBackToDefaultPlacementAndTheNameNodeKeepsRunning() throws Exception {
    try (MiniBlinkCluster c = MiniBlinkCluster.builder(dir).dataNodes(4)
        .placementPolicy(FaultyLayoutPolicy.class.getName())
        .topology(BlinkNetworkTopology.class.getName())
        .nameNodePlugins(BlinkNameNodePlugin.class.getName())
        .scheduleFile()
        .scheduleInForce(conf -> BlinkRuntime.forConf(conf).state())
        .start()) {
      c.writeSchedule(c.allActive(4));
      BlinkRuntime runtime = BlinkRuntime.forConf(c.cluster.getConfiguration(0));
      byte[] data = c.writeFile("/a", 3000, 2);
      assertEquals(0, runtime.policyFailures().get(), "no fault injected yet");

      FaultyLayoutPolicy.FAULTS.set(true);
      // Re-replication: the RedundancyMonitor asks chooseTarget and verifyBlockPlacement.
      c.fs.setReplication(new org.apache.hadoop.fs.Path("/a"), (short) 3);
      GenericTestUtils.waitFor(() -> ExitUtil.terminateCalled()
          || c.replicasNow("/a").size() == 3, 200, 60_000);
      assertFalse(ExitUtil.terminateCalled(), "the NameNode was terminated: "
          + ExitUtil.getFirstExitException());
      assertEquals(3, new HashSet<>(c.replicasNow("/a")).size(),
          "placed on three distinct nodes, as the default policy does");
      assertTrue(runtime.policyFailures().get() > 0, "the failures were counted");

      // Excess deletion: chooseReplicasToDelete.
      c.fs.setReplication(new org.apache.hadoop.fs.Path("/a"), (short) 2);
      GenericTestUtils.waitFor(() -> ExitUtil.terminateCalled()
          || c.replicasNow("/a").size() == 2, 200, 60_000);
      assertFalse(ExitUtil.terminateCalled());

      // A new block (addBlock on a handler thread): written by the default rules.
      byte[] b = c.writeFile("/b", 3000, 3);
      assertEquals(3, new HashSet<>(c.replicas("/b")).size());
      assertArrayEquals(b, c.read("/b"));
      assertArrayEquals(data, c.read("/a"));
      assertTrue(c.cluster.getNameNode().isActiveState(), "the NameNode still serves");
      assertFalse(ExitUtil.terminateCalled());
    }
  }
}
