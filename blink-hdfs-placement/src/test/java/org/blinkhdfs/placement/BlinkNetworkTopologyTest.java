package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read sort of {@link BlinkNetworkTopology} on a real HDFS topology of {@link
 * DatanodeDescriptor}s, against HDFS's own {@link DFSNetworkTopology}: with a schedule in force
 * the distance order comes from {@link DistanceOrder} rather than HDFS's code, so these check that
 * it is HDFS's order (the same weights in the same sequence, every permutation of equal weights,
 * the secondary sort per group) before the schedule reorders it.
 */
class BlinkNetworkTopologyTest {
  private static final long HOUR = 3_600_000;

  @TempDir
  Path dir;

  private List<DatanodeDescriptor> dns;
  private DFSNetworkTopology stock;

  /** Twelve DataNodes on four racks: dn i on rack i % 4. */
  @BeforeEach
  void topology() {
    stock = DFSNetworkTopology.getInstance(new Configuration(false));
    dns = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      dns.add(DFSTestUtil.getDatanodeDescriptor("127.0.0." + (i + 1), 9866, "/rack" + (i % 4),
          "dn" + i));
    }
    dns.forEach(stock::add);
  }

  /** A BlinkNetworkTopology with these DataNodes and a schedule file holding {@code s}. */
  private BlinkNetworkTopology blink(Schedule s) throws Exception {
    return blink(s, "longest-window");
  }

  private BlinkNetworkTopology blink(Schedule s, String readOrder) throws Exception {
    Path file = Files.createTempFile(dir, "schedule", ".json");
    Files.writeString(file, ScheduleJson.write(s));
    Configuration conf = new Configuration(false);
    conf.setClass(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, BlinkNetworkTopology.class,
        DFSNetworkTopology.class);
    conf.set(PlacementConfig.SCHEDULE_FILE.name(), file.toString());
    conf.set("blink.read.order", readOrder);
    BlinkNetworkTopology t = (BlinkNetworkTopology) DFSNetworkTopology.getInstance(conf);
    dns.forEach(t::add);
    return t;
  }

  /** Every DataNode ACTIVE: the schedule cannot tell replicas apart, distance alone orders. */
  private Schedule allActive() {
    Schedule.Builder b = Schedule.builder().epoch(1)
        .intervalStartMs(System.currentTimeMillis() - HOUR).intervalMs(10 * HOUR);
    dns.forEach(dn -> b.add(NodeSchedule.of(dn.getXferAddr(), NodeMode.ACTIVE)));
    return b.build();
  }

  @Test
  void scheduleFirstThenDistance() throws Exception {
    long now = System.currentTimeMillis();
    // Reader dn0 on rack0. dn4 (rack0, weight 2) asleep; dn1 (rack1) and dn2 (rack2) awake for
    // the same 4 more hours; dn5 (rack1) awake 2 more hours; dn0 itself asleep.
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(now - HOUR).intervalMs(10 * HOUR)
        .add(NodeSchedule.blink(dns.get(0).getXferAddr(), 2 * HOUR, HOUR))
        .add(NodeSchedule.blink(dns.get(4).getXferAddr(), 3 * HOUR, HOUR))
        .add(NodeSchedule.blink(dns.get(1).getXferAddr(), 0, 5 * HOUR))
        .add(NodeSchedule.blink(dns.get(2).getXferAddr(), 0, 5 * HOUR))
        .add(NodeSchedule.blink(dns.get(5).getXferAddr(), 0, 3 * HOUR)).build();
    BlinkNetworkTopology t = blink(s);
    Map<String, Integer> firsts = new HashMap<>();
    for (int trial = 0; trial < 400; trial++) {
      DatanodeInfo[] block = {dns.get(0), dns.get(4), dns.get(5), dns.get(1), dns.get(2)};
      t.sortByDistance(dns.get(0), block, block.length, null);
      // dn1 and dn2 tie on the schedule and on distance (both off-rack): either may lead.
      assertEquals(Set2.of(dns.get(1), dns.get(2)), Set2.of(block[0], block[1]));
      // Then dn5 (shorter window); then the sleepers by their next wake: dn0 (in 1 h), dn4 (2 h).
      assertArrayEquals(new DatanodeInfo[] {dns.get(5), dns.get(0), dns.get(4)},
          Arrays.copyOfRange(block, 2, 5));
      firsts.merge(block[0].getXferAddr(), 1, Integer::sum);
    }
    assertEquals(2, firsts.size(), "HDFS's shuffle among equals: " + firsts);
    assertTrue(firsts.values().stream().allMatch(c -> c > 120), "both lead often: " + firsts);
  }

  /**
   * {@code blink.read.order = balanced}: dn5 (2 h left) and dn1 (4 h left) are usable, dn0
   * sleeps. BlinkFS's order sends every read to dn1; balanced alternates dn1, dn5, dn1, ...
   * (sort k picks k mod 2 of the canonical order dn1, dn5), and the sleeper stays last.
   */
  @Test
  void balancedOrderAlternatesOverUsableReplicas() throws Exception {
    long now = System.currentTimeMillis();
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(now - HOUR).intervalMs(10 * HOUR)
        .add(NodeSchedule.blink(dns.get(0).getXferAddr(), 2 * HOUR, HOUR))
        .add(NodeSchedule.blink(dns.get(1).getXferAddr(), 0, 5 * HOUR))
        .add(NodeSchedule.blink(dns.get(5).getXferAddr(), 0, 3 * HOUR)).build();
    for (String order : new String[] {"longest-window", "balanced"}) {
      BlinkNetworkTopology t = blink(s, order);
      List<String> firsts = new ArrayList<>();
      for (int k = 0; k < 4; k++) {
        DatanodeInfo[] block = {dns.get(0), dns.get(5), dns.get(1)};
        t.sortByDistance(dns.get(2), block, block.length, null);
        firsts.add(block[0].getHostName());
        assertEquals(dns.get(0), block[2], order + ": the sleeper last");
      }
      assertEquals(order.equals("balanced") ? List.of("dn1", "dn5", "dn1", "dn5")
          : List.of("dn1", "dn1", "dn1", "dn1"), firsts, order);
    }
  }

  @Test
  void sameWeightSequenceAsHdfsOverSeeds() throws Exception {
    BlinkNetworkTopology t = blink(allActive());
    for (long seed = 0; seed < 300; seed++) {
      Random rnd = new Random(seed);
      List<DatanodeDescriptor> pick = new ArrayList<>(dns);
      java.util.Collections.shuffle(pick, rnd);
      int n = 1 + rnd.nextInt(6);
      DatanodeInfo[] a = pick.subList(0, n).toArray(new DatanodeInfo[0]);
      DatanodeInfo[] b = a.clone();
      int active = rnd.nextInt(n + 1);
      DatanodeDescriptor reader = dns.get(rnd.nextInt(dns.size()));
      t.sortByDistance(reader, a, active, null);
      stock.sortByDistance(reader, b, active, null);
      assertArrayEquals(weights(reader, b), weights(reader, a), "seed " + seed);
      // The replicas behind activeLen (stale, decommissioning) stay where they are.
      assertArrayEquals(Arrays.copyOfRange(b, active, n), Arrays.copyOfRange(a, active, n));
      // The same replicas, reordered.
      assertEquals(Set2.of(b), Set2.of(a));
    }
  }

  @Test
  void offClusterReaderByNetworkLocation() throws Exception {
    BlinkNetworkTopology t = blink(allActive());
    Node reader = new NodeBase("/rack2/client.example");
    for (int trial = 0; trial < 50; trial++) {
      DatanodeInfo[] a = {dns.get(0), dns.get(2), dns.get(3), dns.get(6)};
      t.sortByDistanceUsingNetworkLocation(reader, a, a.length, null);
      // dn2 and dn6 share the reader's rack.
      assertEquals(Set2.of(dns.get(2), dns.get(6)), Set2.of(a[0], a[1]));
    }
  }

  @Test
  void everyPermutationOfEqualWeights() throws Exception {
    BlinkNetworkTopology t = blink(allActive());
    Map<String, Integer> seen = new HashMap<>();
    for (int trial = 0; trial < 6000; trial++) {
      // All off the reader's rack (rack0): one group of weight 4.
      DatanodeInfo[] a = {dns.get(1), dns.get(2), dns.get(3)};
      t.sortByDistance(dns.get(0), a, a.length, null);
      seen.merge(a[0].getName() + a[1].getName() + a[2].getName(), 1, Integer::sum);
    }
    assertEquals(6, seen.size(), seen.toString());
    // 1000 expected each; 5 standard deviations is about 150.
    assertTrue(seen.values().stream().allMatch(c -> Math.abs(c - 1000) < 150), seen.toString());
  }

  @Test
  void secondarySortPerGroupOfEqualWeight() throws Exception {
    BlinkNetworkTopology t = blink(allActive());
    Consumer<List<DatanodeInfo>> byNameDescending =
        l -> l.sort(Comparator.comparing((DatanodeInfo d) -> d.getXferAddr()).reversed());
    for (int trial = 0; trial < 50; trial++) {
      // Reader dn0 (rack0): dn4 and dn8 same rack (weight 2), dn1, dn2, dn3 off rack (weight 4).
      DatanodeInfo[] a = {dns.get(1), dns.get(8), dns.get(3), dns.get(4), dns.get(2)};
      t.sortByDistance(dns.get(0), a, a.length, byNameDescending);
      assertArrayEquals(new DatanodeInfo[] {dns.get(8), dns.get(4), dns.get(3), dns.get(2),
          dns.get(1)}, a);
    }
  }

  @Test
  void withoutAScheduleHdfsSorts() throws Exception {
    Configuration conf = new Configuration(false);
    conf.setClass(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, BlinkNetworkTopology.class,
        DFSNetworkTopology.class);
    BlinkNetworkTopology t = (BlinkNetworkTopology) DFSNetworkTopology.getInstance(conf);
    dns.forEach(t::add);
    DatanodeInfo[] a = {dns.get(1), dns.get(0), dns.get(4)};
    t.sortByDistance(dns.get(0), a, a.length, null);
    assertSame(dns.get(0), a[0]);
    assertSame(dns.get(4), a[1]);
  }

  private int[] weights(Node reader, DatanodeInfo[] nodes) {
    int[] w = new int[nodes.length];
    for (int i = 0; i < nodes.length; i++) {
      w[i] = stock.getDistance(reader, nodes[i]);
    }
    return w;
  }

  /** A set of nodes by identity of address, for "these, in some order". */
  private record Set2(java.util.Set<String> addrs) {
    static Set2 of(DatanodeInfo... nodes) {
      java.util.Set<String> s = new java.util.TreeSet<>();
      for (DatanodeInfo n : nodes) {
        s.add(n.getXferAddr());
      }
      return new Set2(s);
    }
  }
}
