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
import org.blinkhdfs.core.schedule.NodeSchedule;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.placement.BlinkNameNodePlugin;
import org.blinkhdfs.placement.BlinkNetworkTopology;
import org.blinkhdfs.placement.BlinkRuntime;
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

  @Test
  void aWriterThatHflushesAcrossThreeIntervalsNeverHasASleepingNodeInItsPipeline()
      throws Exception {
    try (MiniBlinkCluster c = MiniBlinkCluster.builder(dir).dataNodes(4)
        .placementPolicy(PowerBalancedBlockPlacementPolicy.class.getName())
        .topology(BlinkNetworkTopology.class.getName())
        .nameNodePlugins(BlinkNameNodePlugin.class.getName())
        .scheduleFile()
        .scheduleInForce(conf -> BlinkRuntime.forConf(conf).state())
        .set("blink.placement.write.bytes.per.sec", "1000000000")
        .set("blink.placement.write.margin.ms", "500")
        .set("blink.client.pipeline.margin.ms", "500")
        .start()) {
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
