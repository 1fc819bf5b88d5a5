package org.blinkhdfs.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSOutputStream;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.io.IOUtils;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.placement.BlinkNameNodePlugin;
import org.blinkhdfs.placement.BlinkNetworkTopology;
import org.blinkhdfs.placement.PowerBalancedBlockPlacementPolicy;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The write guard is checked when a block is allocated; a writer that keeps its file open (here:
 * a small write and {@code hflush} every 100 ms across three blink intervals) would otherwise keep
 * one pipeline while its nodes' windows close. With the blink-aware client the stream ends its
 * block before any pipeline node's window closes, so at every hflush each node of the live
 * pipeline is awake by the schedule, and the data reads back intact.
 *
 * <p>Ring of four, interval 3 s, each node awake 1.5 s, staggered by 0.75 s: two nodes awake at
 * any instant, each pipeline node at most 1.5 s in a row.
 */
class LongOpenWriterTest {
  static final long INTERVAL_MS = 3_000;

  @TempDir
  Path dir;

  /** Four DataNodes, a schedule file, guard and watch margins of 500 ms. */
  static MiniBlinkCluster start(Path dir) throws java.io.IOException {
    return MiniBlinkCluster.builder(dir).dataNodes(4)
        .placementPolicy(PowerBalancedBlockPlacementPolicy.class.getName())
        .topology(BlinkNetworkTopology.class.getName())
        .nameNodePlugins(BlinkNameNodePlugin.class.getName())
        .scheduleFile()
        .scheduleInForce(conf -> BlinkRuntime.forConf(conf).state())
        .set("blink.placement.write.bytes.per.sec", "1000000000")
        .set("blink.placement.write.margin.ms", "500")
        .set("blink.client.pipeline.margin.ms", "500")
        .start();
  }

  /**
   * A replan after the block was allocated: the pipeline's nodes were ACTIVE, the new epoch
   * closes their windows 2 s from now (the other two stay ACTIVE). The client reads the current
   * schedule at every check, so it ends the block before they sleep and continues on the others.
   */
  @Test
  void aReplanThatShortensAnOpenPipelinesWindowEndsTheBlockInTime() throws Exception {
    try (MiniBlinkCluster c = start(dir)) {
      c.writeSchedule(c.allActive(4));
      Configuration conf = new Configuration(c.conf);
      conf.set("fs.hdfs.impl", BlinkDistributedFileSystem.class.getName());
      ByteArrayOutputStream written = new ByteArrayOutputStream();
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/open/replan");
      List<String> violations = new ArrayList<>();
      long ended;
      try (FileSystem fs = FileSystem.newInstance(c.fs.getUri(), conf);
          FSDataOutputStream out = fs.create(file, (short) 2)) {
        byte[] first = MiniBlinkCluster.contents("/open/replan#first", 1000);
        out.write(first);
        written.write(first);
        out.hflush();
        List<String> pipeline = new ArrayList<>();
        for (DatanodeInfo d : ((DFSOutputStream) out.getWrappedStream()).getPipeline()) {
          pipeline.add(d.getXferAddr());
        }
        long now = System.currentTimeMillis();
        Schedule.Builder b = Schedule.builder().epoch(3).intervalStartMs(now)
            .intervalMs(60_000);
        for (String a : c.addresses) {
          b.add(pipeline.contains(a) ? NodeSchedule.blink(a, 0, 2_000)
              : NodeSchedule.of(a, org.blinkhdfs.model.schedule.NodeMode.ACTIVE));
        }
        Schedule replanned = b.build();
        c.writeSchedule(replanned);
        for (int i = 0; i < 40; i++) {
          byte[] chunk = MiniBlinkCluster.contents("/open/replan#" + i, 1000);
          out.write(chunk);
          written.write(chunk);
          out.hflush();
          DatanodeInfo[] live = ((DFSOutputStream) out.getWrappedStream()).getPipeline();
          long t = System.currentTimeMillis();
          for (DatanodeInfo d : live == null ? new DatanodeInfo[0] : live) {
            if (!replanned.isAwake(d.getXferAddr(), t)) {
              violations.add(d.getXferAddr() + " asleep in the pipeline " + (t - now)
                  + " ms after the replan");
            }
          }
          Thread.sleep(100);
        }
        ended = ((BlinkDistributedFileSystem) fs).blocksEndedForSleep();
      }
      assertTrue(violations.isEmpty(), violations.toString());
      assertTrue(ended > 0, "the block was ended before the replanned windows closed");
      try (FSDataInputStream in = c.fs.open(file)) {
        byte[] back = new byte[written.size()];
        IOUtils.readFully(in, back, 0, back.length);
        assertArrayEquals(written.toByteArray(), back);
      }
    }
  }

  @Test
  void aWriterThatHflushesAcrossThreeIntervalsNeverHasASleepingNodeInItsPipeline()
      throws Exception {
    try (MiniBlinkCluster c = start(dir)) {
      Schedule.Builder b = Schedule.builder().epoch(2).intervalStartMs(System.currentTimeMillis())
          .intervalMs(INTERVAL_MS);
      for (int i = 0; i < 4; i++) {
        b.add(NodeSchedule.blink(c.addresses.get(i), i * INTERVAL_MS / 4, INTERVAL_MS / 2));
      }
      Schedule s = b.build();
      c.writeSchedule(s);
      Configuration conf = new Configuration(c.conf);
      conf.set("fs.hdfs.impl", BlinkDistributedFileSystem.class.getName());
      List<String> violations = new ArrayList<>();
      ByteArrayOutputStream written = new ByteArrayOutputStream();
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/open/long");
      int flushes = 0;
      try (FileSystem fs = FileSystem.newInstance(c.fs.getUri(), conf);
          FSDataOutputStream out = fs.create(file, (short) 2)) {
        long until = System.currentTimeMillis() + 3 * INTERVAL_MS;
        while (System.currentTimeMillis() < until) {
          byte[] chunk = MiniBlinkCluster.contents("/open/long#" + flushes, 1000);
          out.write(chunk);
          written.write(chunk);
          out.hflush();
          flushes++;
          DatanodeInfo[] pipeline = ((DFSOutputStream) out.getWrappedStream()).getPipeline();
          long now = System.currentTimeMillis();
          for (DatanodeInfo d : pipeline == null ? new DatanodeInfo[0] : pipeline) {
            if (!s.isAwake(d.getXferAddr(), now)) {
              violations.add(d.getXferAddr() + " asleep in the pipeline at phase "
                  + s.phaseMs(now) + " ms");
            }
          }
          Thread.sleep(100);
        }
        assertTrue(((BlinkDistributedFileSystem) fs).blocksEndedForSleep() > 0,
            "blocks were ended before their nodes slept");
      }
      assertTrue(violations.isEmpty(), flushes + " hflushes, sleeping nodes in the live pipeline: "
          + violations);
      try (FSDataInputStream in = c.fs.open(file)) {
        byte[] back = new byte[written.size()];
        IOUtils.readFully(in, back, 0, back.length);
        assertArrayEquals(written.toByteArray(), back);
      }
    }
  }
}
