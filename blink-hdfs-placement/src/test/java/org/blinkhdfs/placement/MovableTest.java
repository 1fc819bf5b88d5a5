package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.BlockType;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.balancer.BalancerSupport;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicies;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy;
import org.apache.hadoop.net.NetworkTopology;
import org.blinkhdfs.core.schedule.NodeSchedule;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.placement.layout.RingLayout;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code isMovable}: the Balancer and the Mover never break a layout. One cluster: a ring of 9
 * DataNodes, a staging node (9) and two DataNodes the schedule does not name (10, 11), each with
 * 128 MB of capacity so a few megabytes make the Balancer act.
 *
 * <p>The policy is built the way the Balancer's dispatcher builds it (its own topology of plain
 * {@code DatanodeInfo}s, no cluster statistics), against the real NameNode's DataNodes.
 */
class MovableTest {
  static final int RING = 9;
  static final int STAGING = 9;
  static final long STORAGE_BYTES = 64L << 20;
  static final RingLayout LAYOUT = new RingLayout(RING);

  @TempDir
  static Path dir;
  static BlinkCluster c;
  static List<String> ring;

  @BeforeAll
  static void startCluster() throws IOException {
    c = BlinkCluster.start(dir, RING + 3, conf -> {
      conf.setLong(DFSConfigKeys.DFS_BALANCER_GETBLOCKS_MIN_BLOCK_SIZE_KEY, 1);
      conf.setInt(DFSConfigKeys.DFS_BALANCER_MAX_NO_MOVE_INTERVAL_KEY, 1_000);
    }, b -> b.storageCapacities(new long[] {STORAGE_BYTES, STORAGE_BYTES}));
    ring = c.addresses.subList(0, RING);
  }

  @AfterAll
  static void stopCluster() {
    if (c != null) {
      c.close();
    }
  }

  @Test
  void onlyStandInsMoveAndOnlyWhereTheLayoutStaysWhole() throws Exception {
    c.writeSchedule(BlinkCluster.activeRing(ring, List.of(c.addresses.get(STAGING))));
    BlockPlacementPolicy p = balancerPolicy();
    // Layout(0) = [0, 4, 6] complete: none of its replicas may leave its position.
    List<DatanodeInfo> layout = infos(0, 4, 6);
    assertFalse(p.isMovable(with(layout, 10), info(0), info(10)));
    assertFalse(p.isMovable(with(layout, 5), info(4), info(5)));
    // Position 6 held by a stand-in on the staging node.
    List<DatanodeInfo> standIn = infos(0, 4, STAGING);
    assertTrue(p.isMovable(with(standIn, 6), info(STAGING), info(6)), "to its layout node");
    assertTrue(p.isMovable(with(standIn, 10), info(STAGING), info(10)), "off the ring");
    assertFalse(p.isMovable(with(standIn, 5), info(STAGING), info(5)), "onto another position");
    assertFalse(p.isMovable(with(standIn, 6), info(0), info(6)), "a layout replica");
    // A block with no replica on the ring has no layout: HDFS's rule (one rack: movable).
    assertTrue(p.isMovable(with(infos(STAGING, 10, 11), 0), info(10), info(0)));

    // A layout node that sleeps takes nothing, not even its own position.
    c.writeSchedule(asleep(5, 6, 7, 8));
    assertFalse(p.isMovable(with(standIn, 6), info(STAGING), info(6)));
  }

  @Test
  void theLayoutSurvivesABalancerRun() throws Exception {
    // Ring nodes 5-8 asleep while writing: one stand-in per block on the staging node, which
    // becomes the fullest DataNode; 10 and 11 are empty.
    c.writeSchedule(asleep(5, 6, 7, 8));
    Map<String, List<String>> layoutReplicas = new LinkedHashMap<>();
    for (int f = 0; f < 16; f++) {
      String path = "/balance/f" + f;
      c.writeFile(path, BlinkCluster.BLOCK_BYTES, 3);
      layoutReplicas.put(path, layoutHolders(path));
    }
    int exit = BalancerSupport.run(c.cluster.getConfiguration(0), 1.0, 1);

    int moved = 0;
    for (Map.Entry<String, List<String>> e : layoutReplicas.entrySet()) {
      c.waitReplicas(e.getKey(), 3);
      List<String> now = c.replicas(e.getKey());
      assertTrue(now.containsAll(e.getValue()), e.getKey() + " lost a layout replica: "
          + e.getValue() + " now " + now + " (balancer exit " + exit + ")");
      moved += now.contains(c.addresses.get(10)) || now.contains(c.addresses.get(11)) ? 1 : 0;
    }
    System.out.printf("balancer exit %d, stand-ins moved off the staging node: %d of %d blocks%n",
        exit, moved, layoutReplicas.size());
    assertTrue(moved > 0, "the Balancer moved stand-ins to the empty nodes (exit " + exit + ")");
  }

  /** Ring nodes {@code sleepers} asleep for the next 5 minutes, the rest awake; staging on. */
  private static Schedule asleep(int... sleepers) {
    Schedule.Builder b = BlinkCluster.schedule(600_000);
    List<Integer> asleep = new ArrayList<>();
    for (int s : sleepers) {
      asleep.add(s);
    }
    for (int i = 0; i < RING; i++) {
      b.add(asleep.contains(i) ? NodeSchedule.blink(ring.get(i), 300_000, 300_000)
          : NodeSchedule.blink(ring.get(i), 0, 300_000));
    }
    return b.add(NodeSchedule.staging(c.addresses.get(STAGING))).build();
  }

  /** Addresses of the replicas of {@code path} that sit on its layout's positions. */
  private static List<String> layoutHolders(String path) throws IOException {
    List<Integer> held = c.ringPositions(path, RING);
    List<Integer> layout = LAYOUT.check(held, 3).layout();
    List<String> out = new ArrayList<>();
    for (int p : held) {
      if (layout.contains(p)) {
        out.add(ring.get(p));
      }
    }
    return out;
  }

  /** The policy as the Balancer's dispatcher creates it. */
  private static BlockPlacementPolicy balancerPolicy() throws IOException {
    Configuration conf = c.cluster.getConfiguration(0);
    NetworkTopology topology = NetworkTopology.getInstance(conf);
    for (DatanodeInfo d : c.fs.getDataNodeStats()) {
      topology.add(d);
    }
    return new BlockPlacementPolicies(conf, null, topology, null).getPolicy(BlockType.CONTIGUOUS);
  }

  private static DatanodeInfo info(int index) throws IOException {
    Map<String, DatanodeInfo> byAddr = new HashMap<>();
    for (DatanodeInfo d : c.fs.getDataNodeStats()) {
      byAddr.put(d.getXferAddr(), d);
    }
    return byAddr.get(c.addresses.get(index));
  }

  private static List<DatanodeInfo> infos(int... indices) throws IOException {
    List<DatanodeInfo> out = new ArrayList<>();
    for (int i : indices) {
      out.add(info(i));
    }
    return out;
  }

  /** A block's replicas plus the move's target, as the dispatcher passes them. */
  private static List<DatanodeInfo> with(List<DatanodeInfo> replicas, int target)
      throws IOException {
    List<DatanodeInfo> out = new ArrayList<>(replicas);
    out.add(info(target));
    return out;
  }
}
