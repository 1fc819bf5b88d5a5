package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.IOUtils;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local cluster with its scheduler and agents in JVMs of their own ({@link
 * ControlPlane#PROCESSES}), the pieces {@code bin/blink bench faults} is built on: each of the
 * scheduler, an emulate agent and the NameNode is killed with SIGKILL and started again, and
 * the cluster keeps blinking and serving. 3 ring + 1 staging DataNode JVMs, 4 s interval
 * (shortened from 60 s), 40% power.
 *
 * <p>Asserted: a restarted scheduler is a new JVM that publishes a schedule whose lease runs
 * into the future; a restarted agent's DataNode is seen running within one interval (the agent
 * thaws it at start, even if its killed predecessor left it frozen); a restarted NameNode has
 * every DataNode back, has left safe mode, and every file written before the kill reads back
 * byte for byte; closing leaves no daemon running.
 */
class ControlPlaneRestartTest {
  static final long INTERVAL_MS = 4_000;

  @TempDir Path dir;

  @Test
  void killedSchedulerAgentAndNameNodeRestartAndNothingIsLost() throws Exception {
    ClusterSpec spec = ClusterSpec.defaults(dir).toBuilder().dataNodes(3).stagingNodes(1)
        .intervalMs(INTERVAL_MS).powerPercent(40).controlPlane(ControlPlane.PROCESSES).build();
    List<Long> pids;
    try (LocalCluster cluster = LocalCluster.startFresh(spec, System.out::println)) {
      assertEquals(List.of("SIGNALS", cluster.hostsAreCgroups() ? "CGROUP" : "SIGNALS",
          "DRY_RUN"), cluster.agentKinds());
      List<byte[]> contents = write(cluster);

      long schedulerPid = cluster.schedulerPid();
      cluster.killScheduler();
      Thread.sleep(INTERVAL_MS / 2);
      cluster.restartScheduler();
      assertNotEquals(schedulerPid, cluster.schedulerPid());
      Schedule s = cluster.schedule().orElseThrow();
      assertTrue(s.validUntilMs().orElseThrow() > System.currentTimeMillis(),
          "the restarted scheduler's lease runs on: " + s);

      String node = cluster.dataNodes().get(0).xferAddress();
      awaitFrozen(cluster, node); // kill the agent while its node sleeps
      cluster.killAgent(0);
      Thread.sleep(INTERVAL_MS);
      assertTrue(cluster.frozenDataNodes().contains(node),
          "a killed agent's frozen node stays frozen until an agent thaws it");
      cluster.restartAgent(0);
      assertTrue(seenRunning(cluster, node, INTERVAL_MS),
          "the restarted agent left " + node + " frozen for a whole interval");

      cluster.killNameNode();
      Thread.sleep(INTERVAL_MS / 2);
      long restartMs = cluster.restartNameNode();
      System.out.println("NameNode back with every DataNode in " + restartMs + " ms");
      verify(cluster, contents);
      pids = cluster.livePids();
      assertEquals(1 + 4 + 1 + 3, pids.size(), "NameNode, 4 DataNodes, scheduler, 3 agents");
    }
    for (long pid : pids) {
      assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
          "pid " + pid + " still running after close");
    }
  }

  private static List<byte[]> write(LocalCluster cluster) throws Exception {
    List<byte[]> out = new ArrayList<>();
    Random random = new Random(5);
    try (FileSystem fs = cluster.newClient()) {
      for (int f = 0; f < 4; f++) {
        byte[] data = new byte[300_000 + f];
        random.nextBytes(data);
        try (FSDataOutputStream o = fs.create(new org.apache.hadoop.fs.Path("/cp/f" + f),
            (short) 2)) {
          o.write(data);
        }
        out.add(data);
      }
    }
    return out;
  }

  private static void verify(LocalCluster cluster, List<byte[]> contents) throws Exception {
    try (FileSystem fs = cluster.newClient()) {
      for (int f = 0; f < contents.size(); f++) {
        byte[] back = new byte[contents.get(f).length];
        try (FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path("/cp/f" + f))) {
          IOUtils.readFully(in, back, 0, back.length);
          assertEquals(-1, in.read());
        }
        assertArrayEquals(contents.get(f), back, "f" + f);
      }
    }
  }

  private static void awaitFrozen(LocalCluster cluster, String node) throws Exception {
    long deadline = System.currentTimeMillis() + 3 * INTERVAL_MS;
    while (!cluster.frozenDataNodes().contains(node)) {
      assertTrue(System.currentTimeMillis() < deadline, node + " never slept at 40% power");
      Thread.sleep(20);
    }
  }

  private static boolean seenRunning(LocalCluster cluster, String node, long withinMs)
      throws Exception {
    long deadline = System.currentTimeMillis() + withinMs;
    while (System.currentTimeMillis() < deadline) {
      if (!cluster.frozenDataNodes().contains(node)) {
        return true;
      }
      Thread.sleep(50);
    }
    return false;
  }
}
