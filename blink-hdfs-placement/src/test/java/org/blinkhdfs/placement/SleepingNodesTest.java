package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 9-node ring plus one staging node where ring nodes 5–8 are asleep: no write targets them,
 * their layout positions go to the staging node, reads list replicas by remaining window, and
 * once everyone is awake the NameNode moves each stand-in copy to its layout node and deletes it.
 */
class SleepingNodesTest {
  static final int RING = 9;
  static final int STAGING = 9; // index of the staging DataNode in start order
  static final long INTERVAL_MS = 600_000;
  static final int FILES = 16;

  @TempDir
  Path dir;

  /** Ring nodes 0–4 awake now with 2, 2.5, 3, 3.5, 4 minutes left; 5–8 asleep for 4 minutes. */
  static Schedule halfAsleep(MiniBlinkCluster c, long startMs) {
    Schedule.Builder b = Schedule.builder().epoch(2).intervalStartMs(startMs)
        .intervalMs(INTERVAL_MS);
    for (int i = 0; i < RING; i++) {
      b.add(i < 5 ? NodeSchedule.blink(c.addresses.get(i), 0, 120_000 + 30_000L * i)
          : NodeSchedule.blink(c.addresses.get(i), 240_000, 100_000));
    }
    return b.add(NodeSchedule.staging(c.addresses.get(STAGING))).build();
  }

  static Schedule allAwake(MiniBlinkCluster c, long epoch) {
    Schedule.Builder b = Schedule.builder().epoch(epoch).intervalStartMs(System.currentTimeMillis())
        .intervalMs(INTERVAL_MS);
    for (int i = 0; i < RING; i++) {
      b.add(NodeSchedule.of(c.addresses.get(i), NodeMode.ACTIVE));
    }
    return b.add(NodeSchedule.staging(c.addresses.get(STAGING))).build();
  }

  @Test
  void writesAvoidSleepersAndTheLayoutIsCorrectedOnWake() throws Exception {
    try (MiniBlinkCluster c = BlinkNameNode.start(dir, RING + 1, conf -> { })) {
      long start = System.currentTimeMillis() - 1_000;
      Schedule sleepy = halfAsleep(c, start);
      c.writeSchedule(sleepy);
      BlinkRuntime runtime = BlinkRuntime.forConf(c.cluster.getConfiguration(0));
      List<String> asleep = c.addresses.subList(5, RING);

      List<String> paths = new ArrayList<>();
      for (int f = 0; f < FILES; f++) {
        String path = "/sleepy/f" + f;
        c.writeFile(path, 4000, 3);
        paths.add(path);
        List<String> replicas = c.replicas(path);
        for (String r : replicas) {
          assertFalse(asleep.contains(r), path + " was written to sleeping node " + r);
        }
        // Reads: the NameNode lists replicas longest remaining window first.
        long now = System.currentTimeMillis();
        long previous = Long.MAX_VALUE;
        for (String r : replicas) {
          long left = sleepy.remainingActiveMs(r, now);
          assertTrue(left <= previous, path + " read order " + replicas);
          previous = left;
        }
      }
      assertTrue(runtime.offloadedReplicas().get() > 0, "some layout positions were asleep");
      assertTrue(runtime.sleepingTargetsAvoided().get() > 0);
      long onStaging = paths.stream().filter(p -> c.replicasNow(p)
          .contains(c.addresses.get(STAGING))).count();
      assertTrue(onStaging > 0, "stand-ins went to the staging node");
      // The NameNode plugin publishes the same counters through metrics2 / JMX.
      javax.management.ObjectName bean =
          new javax.management.ObjectName("Hadoop:service=NameNode,name=BlinkSchedule");
      javax.management.MBeanServer jmx = java.lang.management.ManagementFactory
          .getPlatformMBeanServer();
      GenericTestUtils.waitFor(() -> {
        try {
          return ((Number) jmx.getAttribute(bean, "ScheduleEpoch")).longValue() == 2L;
        } catch (javax.management.JMException e) {
          return false;
        }
      }, 200, 15_000); // JMX shows a snapshot refreshed once per metrics period
      assertEquals("OK", jmx.getAttribute(bean, "tag.ScheduleStatus"));
      assertEquals(9, ((Number) jmx.getAttribute(bean, "RingNodes")).intValue());
      assertEquals(6, ((Number) jmx.getAttribute(bean, "AwakeNodes")).intValue());
      assertTrue(((Number) jmx.getAttribute(bean, "OffloadedReplicas")).longValue() > 0);

      // Everyone wakes: reconstruction copies each stand-in to its layout node and deletes it.
      long wokeAt = System.currentTimeMillis();
      c.writeSchedule(allAwake(c, 3));
      RingLayout layout = new RingLayout(RING);
      GenericTestUtils.waitFor(() -> paths.stream().allMatch(p -> {
        List<String> reps = c.replicasNow(p);
        List<Integer> held = c.ringPositionsNow(p, RING);
        return reps.size() == 3 && held.size() == 3 && layout.check(held, 3).isPerfect();
      }), 200, 90_000);
      long convergedMs = System.currentTimeMillis() - wokeAt;
      System.out.printf("layout convergence after wake: %d ms for %d files, %d corrections%n",
          convergedMs, FILES, runtime.layoutCorrections().get());
      assertTrue(runtime.layoutCorrections().get() > 0);
      for (String p : paths) {
        assertFalse(c.replicas(p).contains(c.addresses.get(STAGING)), p + " stand-in deleted");
      }

      // Reads with some replicas asleep: awake first (longest window first), then by wake time.
      long now = System.currentTimeMillis() - 1_000;
      Schedule.Builder b = Schedule.builder().epoch(4).intervalStartMs(now).intervalMs(INTERVAL_MS);
      for (int i = 0; i < RING; i++) {
        b.add(i % 2 == 0 ? NodeSchedule.blink(c.addresses.get(i), 0, 60_000 + 20_000L * i)
            : NodeSchedule.blink(c.addresses.get(i), 100_000 + 30_000L * i, 10_000));
      }
      Schedule mixed = b.add(NodeSchedule.staging(c.addresses.get(STAGING))).build();
      c.writeSchedule(mixed);
      for (String p : paths) {
        List<String> order = c.replicas(p);
        long t = System.currentTimeMillis();
        for (int i = 1; i < order.size(); i++) {
          String prev = order.get(i - 1);
          String cur = order.get(i);
          boolean prevAwake = mixed.isAwake(prev, t);
          boolean curAwake = mixed.isAwake(cur, t);
          assertFalse(!prevAwake && curAwake, p + " asleep before awake: " + order);
          if (prevAwake && curAwake) {
            assertTrue(mixed.remainingActiveMs(prev, t) >= mixed.remainingActiveMs(cur, t),
                p + " " + order);
          } else if (!prevAwake) {
            assertTrue(mixed.nextWakeMs(prev, t) <= mixed.nextWakeMs(cur, t), p + " " + order);
          }
        }
        assertEquals(3, order.size());
      }
    }
  }

  /**
   * Too few awake nodes for r = 3 and no staging node: each new block is written with the two
   * awake replicas (the write succeeds), the policy counts the missing replica as a short write,
   * and the NameNode completes the block when the others wake.
   */
  @Test
  void shortWritesAreCountedAndCompletedOnWake() throws Exception {
    int ring = 5;
    try (MiniBlinkCluster c = BlinkNameNode.start(dir, ring, conf -> { })) {
      long start = System.currentTimeMillis() - 1_000;
      Schedule.Builder b = Schedule.builder().epoch(2).intervalStartMs(start)
          .intervalMs(INTERVAL_MS);
      for (int i = 0; i < ring; i++) {
        b.add(i < 2 ? NodeSchedule.blink(c.addresses.get(i), 0, 300_000)
            : NodeSchedule.blink(c.addresses.get(i), 400_000, 100_000));
      }
      c.writeSchedule(b.build());
      BlinkRuntime runtime = BlinkRuntime.forConf(c.cluster.getConfiguration(0));
      long before = runtime.shortWriteReplicas().get();
      List<String> paths = new ArrayList<>();
      for (int f = 0; f < 3; f++) {
        String path = "/short/f" + f;
        c.writeFile(path, 4000, 3, 2);
        paths.add(path);
        assertEquals(2, c.replicasNow(path).size(), path + " written to the two awake nodes");
      }
      assertEquals(3, runtime.shortWriteReplicas().get() - before,
          "one replica short per one-block file");

      Schedule.Builder all = Schedule.builder().epoch(3)
          .intervalStartMs(System.currentTimeMillis()).intervalMs(INTERVAL_MS);
      for (int i = 0; i < ring; i++) {
        all.add(NodeSchedule.of(c.addresses.get(i), NodeMode.ACTIVE));
      }
      c.writeSchedule(all.build());
      GenericTestUtils.waitFor(() -> paths.stream().allMatch(p -> c.replicasNow(p).size() == 3),
          200, 60_000);
      assertEquals(3, runtime.shortWriteReplicas().get() - before,
          "completing the blocks is not counted again");
    }
  }
}
