package org.blinkhdfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.util.ToolRunner;
import org.blinkhdfs.admin.BlinkAdmin;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.rabbit.EqualWorkBlockPlacementPolicy;
import org.blinkhdfs.scheduler.SchedulerDaemon;
import org.blinkhdfs.testsupport.InProcessScheduler;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gear change through the admin tool, without restarting anything: a real NameNode
 * (MiniDFSCluster, seven DataNodes) placing with Rabbit's equal-work layout and following an
 * in-process scheduler daemon (activation policy at full power: all seven ACTIVE). {@code
 * blinkadmin -setActive 3} makes the scheduler publish 3 ACTIVE + 4 OFF; the NameNode follows
 * (plugin metric AwakeNodes = 3) and places new blocks only on the three ACTIVE nodes (the
 * expansion chain's prefix: both primaries and the first secondary); files written at full power
 * stay readable. {@code -setActive 7} and then {@code auto} bring the seven nodes back, and new
 * blocks reach beyond the prefix again.
 *
 * <p>Replication 2: on 7 nodes with p = 2 equal work fits r = 2 (r = 3 needs 10 nodes,
 * docs/equal-work.md), the layout of Le et al.'s Table 2.
 */
class AdminGearChangeTest {
  static final int DATANODES = 7;
  static final short REPLICAS = 2;
  static final int FILES = 8;

  @TempDir
  Path dir;

  @Test
  void setActiveChangesTheGearTheNameNodePlacesIn() throws Exception {
    InProcessScheduler wiring = InProcessScheduler.reserve();
    String address = wiring.address();
    try (MiniBlinkCluster cluster = SchedulerDrivenPlacementTest.nameNode(dir, wiring)
        .dataNodes(DATANODES).placementPolicy(EqualWorkBlockPlacementPolicy.class.getName())
        .conf(conf -> conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, REPLICAS)).start()) {
      DistributedFileSystem fs = cluster.fs;
      List<String> nodes = cluster.addresses;
      BlinkRuntime runtime = BlinkRuntime.forConf(cluster.cluster.getConfiguration(0));
      try (SchedulerDaemon scheduler = wiring.start(nodes, "activation", "steady:100%")) {
        Schedule all = SchedulerDrivenPlacementTest.waitInSync(runtime, scheduler);
        assertEquals(Collections.nCopies(DATANODES, NodeMode.ACTIVE),
            InProcessScheduler.modes(all, nodes));
        List<byte[]> before = new ArrayList<>();
        for (int f = 0; f < FILES; f++) {
          before.add(write(fs, "/before/f" + f, f));
        }

        admin(address, "-setActive", "3");
        Schedule three = SchedulerDrivenPlacementTest.waitInSync(runtime, scheduler);
        assertTrue(three.epoch() > all.epoch());
        List<NodeMode> expected = new ArrayList<>(Collections.nCopies(3, NodeMode.ACTIVE));
        expected.addAll(Collections.nCopies(4, NodeMode.OFF));
        assertEquals(expected, InProcessScheduler.modes(three, nodes));
        assertEquals(3, awakeNodes());
        Set<String> used = new HashSet<>();
        for (int f = 0; f < FILES; f++) {
          write(fs, "/three/f" + f, 100 + f);
          used.addAll(locate(fs, "/three/f" + f));
        }
        assertTrue(Set.copyOf(nodes.subList(0, 3)).containsAll(used),
            "gear 3 places only on the chain's first three nodes: " + used);
        for (int f = 0; f < FILES; f++) {
          assertArrayEquals(before.get(f), read(fs, "/before/f" + f), "/before/f" + f);
        }

        admin(address, "-setActive", "7");
        Schedule seven = SchedulerDrivenPlacementTest.waitInSync(runtime, scheduler);
        assertEquals(Collections.nCopies(DATANODES, NodeMode.ACTIVE),
            InProcessScheduler.modes(seven, nodes));
        assertEquals(DATANODES, awakeNodes());
        admin(address, "-setActive", "auto");
        assertTrue(scheduler.scheduler().activeNodesOverride().isEmpty());
        Schedule auto = SchedulerDrivenPlacementTest.waitInSync(runtime, scheduler);
        assertEquals(Collections.nCopies(DATANODES, NodeMode.ACTIVE),
            InProcessScheduler.modes(auto, nodes), "activation at 100%: all ACTIVE");
        used.clear();
        for (int f = 0; f < FILES; f++) {
          write(fs, "/seven/f" + f, 200 + f);
          used.addAll(locate(fs, "/seven/f" + f));
        }
        used.removeAll(nodes.subList(0, 3));
        assertTrue(!used.isEmpty(), "at full gear new blocks reach beyond the first three nodes");
      }
    }
  }

  /** Runs {@code bin/blink admin -scheduler address args...} in-process; it must succeed. */
  static void admin(String address, String... args) throws Exception {
    List<String> argv = new ArrayList<>(List.of("-scheduler", address));
    argv.addAll(List.of(args));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Configuration conf = new Configuration(false);
    int exit = ToolRunner.run(conf, new BlinkAdmin(conf,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)), argv.toArray(new String[0]));
    assertEquals(0, exit, argv + ": " + err.toString(StandardCharsets.UTF_8));
  }

  static int awakeNodes() {
    return ((Number) SchedulerDrivenPlacementTest.pluginMetrics().get("AwakeNodes")).intValue();
  }

  /** Writes a small file of seeded bytes with two replicas; returns its content. */
  static byte[] write(DistributedFileSystem fs, String path, long seed) throws Exception {
    byte[] data = new byte[4096];
    new Random(seed).nextBytes(data);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
    try (FSDataOutputStream out = fs.create(p, REPLICAS)) {
      out.write(data);
    }
    DFSTestUtil.waitReplication(fs, p, REPLICAS);
    return data;
  }

  static Set<String> locate(DistributedFileSystem fs, String path) throws Exception {
    BlockLocation[] locs = fs.getFileBlockLocations(new org.apache.hadoop.fs.Path(path), 0, 1);
    return new HashSet<>(Arrays.asList(locs[0].getNames()));
  }

  static byte[] read(DistributedFileSystem fs, String path) throws Exception {
    try (FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path(path))) {
      return in.readAllBytes();
    }
  }
}
