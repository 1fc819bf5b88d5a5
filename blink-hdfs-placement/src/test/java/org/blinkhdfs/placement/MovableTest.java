package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.BlockType;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.balancer.BalancerSupport;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicies;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code isMovable}: the Balancer and the Mover never break a layout. One cluster: a ring of 9
 * DataNodes, a staging node (9) and two DataNodes the schedule does not name (10, 11), each with
 * 128 MB of capacity so a few megabytes make the Balancer act.
 *
 * <p>The rule (docs/placement.md, "Balancer and Mover"): with a schedule in force, replicas move
 * only between nodes off the ring; ring nodes are the NameNode's business. The Balancer shows a
 * policy only the replicas on the nodes it balances, and an earlier rule that judged the layout
 * from that partial view let a {@code -source} run move stand-ins onto ring nodes, after which
 * the NameNode re-recognised the layout and moved a replica that had been in place.
 *
 * <p>The direct checks build the policy the way the Balancer's dispatcher does (its own topology
 * of plain {@code DatanodeInfo}s, no cluster statistics), against the real NameNode's DataNodes.
 */
class MovableTest {
  static final int RING = 9;
  static final int STAGING = 9;
  static final long STORAGE_BYTES = 64L << 20;

  @TempDir
  static Path dir;
  static MiniBlinkCluster c;
  static List<String> ring;

  @BeforeAll
  static void startCluster() throws IOException {
    c = BlinkNameNode.start(dir, RING + 3, conf -> {
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
  void onlyStandInsOffTheRingMoveAndOnlyOffTheRing() throws Exception {
    c.writeSchedule(MiniBlinkCluster.activeRing(ring, List.of(c.addresses.get(STAGING))));
    BlockPlacementPolicy p = balancerPolicy();
    // Layout(0) = [0, 4, 6] complete: none of its replicas may leave its position.
    List<DatanodeInfo> layout = infos(0, 4, 6);
    assertFalse(p.isMovable(with(layout, 10), info(0), info(10)));
    assertFalse(p.isMovable(with(layout, 5), info(4), info(5)));
    // Position 6 held by a stand-in on the staging node: it may go to another node off the
    // ring; onto the ring only the NameNode's correction puts it, seeing the whole block.
    List<DatanodeInfo> standIn = infos(0, 4, STAGING);
    assertTrue(p.isMovable(with(standIn, 10), info(STAGING), info(10)), "off the ring");
    assertFalse(p.isMovable(with(standIn, 6), info(STAGING), info(6)), "onto its layout node");
    assertFalse(p.isMovable(with(standIn, 5), info(STAGING), info(5)), "onto another position");
    assertFalse(p.isMovable(with(standIn, 6), info(0), info(6)), "a layout replica");
    // A stand-in on a ring node outside the layout stays too: from part of a block (the
    // dispatcher passes only the replicas on nodes it balances) it cannot be told from a layout
    // replica, e.g. 4 holds a position of layout(7) = [7, 2, 4] but looks extra to layout(2).
    assertFalse(p.isMovable(with(infos(0, 4, 5), 10), info(5), info(10)));
    assertFalse(p.isMovable(with(infos(2, 4), 10), info(4), info(10)));
    // A block seen only off the ring may move off the ring, never onto it (it may have
    // layout replicas the Balancer does not show).
    assertTrue(p.isMovable(with(infos(10, 11), STAGING), info(10), info(STAGING)));
    assertFalse(p.isMovable(with(infos(STAGING, 10), 0), info(10), info(0)));
    // No schedule in force: HDFS's own rule (one rack: any move keeps it).
    c.writeSchedule(Schedule.builder().epoch(9).intervalStartMs(1_000).intervalMs(60_000)
        .validUntilMs(2_000).add(NodeSchedule.staging(c.addresses.get(STAGING))).build());
    assertTrue(p.isMovable(with(layout, 5), info(4), info(5)));
  }

  @Test
  void theLayoutSurvivesBalancerRuns() throws Exception {
    // Ring nodes 5-8 asleep while writing: stand-ins on the staging node (which becomes the
    // fullest DataNode); 10 and 11 stay empty.
    c.writeSchedule(asleep(5, 6, 7, 8));
    Map<String, List<String>> layoutReplicas = new LinkedHashMap<>();
    String staging = c.addresses.get(STAGING);
    long onStaging = 0;
    for (int f = 0; f < 16; f++) {
      String path = "/balance/f" + f;
      c.writeFile(path, MiniBlinkCluster.BLOCK_BYTES, 3);
      layoutReplicas.put(path, layoutHolders(path));
      onStaging += c.replicas(path).contains(staging) ? 1 : 0;
    }
    // The Balancer plans from the usage the DataNodes last reported: wait for the stand-ins.
    long stagingBytes = onStaging * MiniBlinkCluster.BLOCK_BYTES;
    assertTrue(stagingBytes > 0, "stand-ins on the staging node");
    GenericTestUtils.waitFor(() -> c.descriptor(staging).getDfsUsed() >= stagingBytes, 100,
        30_000);

    // Off the awake ring nodes (above the average) to anywhere: every move is refused. Then off
    // the staging node to the empty nodes outside the ring (named as targets, so that the
    // Balancer does not spend its turn on the sleeping ring nodes, which are emptier still).
    int fromRing = BalancerSupport.run(c.cluster.getConfiguration(0), 1.0,
        new HashSet<>(ring.subList(0, 5)), Set.of());
    assertLayoutsKept(layoutReplicas, "ring sources, exit " + fromRing);
    int fromStaging = BalancerSupport.run(c.cluster.getConfiguration(0), 1.0, Set.of(staging),
        Set.of(c.addresses.get(10), c.addresses.get(11)));
    assertLayoutsKept(layoutReplicas, "staging source, exit " + fromStaging);
    long moved = layoutReplicas.keySet().stream().filter(p -> c.replicasNow(p).stream()
        .anyMatch(r -> r.equals(c.addresses.get(10)) || r.equals(c.addresses.get(11)))).count();
    System.out.printf("balancer exits %d (ring sources), %d (staging source); blocks with a "
        + "stand-in moved to the empty nodes: %d of %d%n", fromRing, fromStaging, moved,
        layoutReplicas.size());
    assertTrue(moved > 0, "the Balancer moved stand-ins to the empty nodes");
  }

  /** Every replica that sat on a layout position before is still there. */
  private static void assertLayoutsKept(Map<String, List<String>> layoutReplicas, String run)
      throws IOException {
    for (Map.Entry<String, List<String>> e : layoutReplicas.entrySet()) {
      c.waitReplicas(e.getKey(), 3);
      List<String> now = c.replicas(e.getKey());
      assertTrue(now.containsAll(e.getValue()), e.getKey() + " lost a layout replica: "
          + e.getValue() + " now " + now + " (" + run + ")");
    }
  }

  /** Addresses of the replicas of {@code path} that sit on its layout's positions. */
  private static List<String> layoutHolders(String path) throws IOException {
    List<Integer> held = c.ringPositions(path, RING);
    List<Integer> layout = new RingLayout(RING).check(held, 3).layout();
    List<String> out = new ArrayList<>();
    for (int p : held) {
      if (layout.contains(p)) {
        out.add(ring.get(p));
      }
    }
    return out;
  }

  /** Ring nodes {@code sleepers} asleep for the next 5 minutes, the rest awake; staging on. */
  private static Schedule asleep(int... sleepers) {
    Schedule.Builder b = MiniBlinkCluster.schedule(600_000);
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
