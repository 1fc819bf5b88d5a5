package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo.AdminStates;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.layout.maintenance.MaintenancePlan;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OFF DataNodes on a real NameNode: the plugin puts them in maintenance through the combined hosts
 * file, they are stopped for well past the dead-node interval (about 14 s here) without any block
 * being re-replicated, and they return to NORMAL when they come back and the schedule wakes them.
 */
class MaintenanceTest {
  static final int NODES = 5;
  static final long DEAD_MS = 2 * 2_000 + 10 * 1_000;

  @TempDir
  Path dir;

  /** Short dead timings and a fast maintenance monitor; maintenance on, hosts file in dir. */
  void maintenance(Configuration conf) {
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_HEARTBEAT_RECHECK_INTERVAL_KEY, 2_000);
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_DECOMMISSION_INTERVAL_KEY, 1);
    conf.set(DFSConfigKeys.DFS_NAMENODE_HOSTS_PROVIDER_CLASSNAME_KEY,
        MaintenanceConfig.COMBINED_PROVIDER);
    conf.set(DFSConfigKeys.DFS_HOSTS, dir.resolve("hosts.json").toString());
    conf.setBoolean(PlacementConfig.MAINTENANCE_ENABLED.name(), true);
    conf.setLong(PlacementConfig.MAINTENANCE_CHECK_MS.name(), 200);
    conf.setLong(PlacementConfig.MAINTENANCE_SLEEP_THRESHOLD_MS.name(), 5_000);
  }

  /** The first ring nodes OFF, the others ACTIVE; lease {@code leaseMs} from now, 0 for none. */
  static Schedule withOff(MiniBlinkCluster c, List<String> off, long epoch, long leaseMs) {
    long now = System.currentTimeMillis();
    Schedule.Builder b = Schedule.builder().epoch(epoch).intervalStartMs(now).intervalMs(60_000);
    if (leaseMs > 0) {
      b.validUntilMs(now + leaseMs);
    }
    for (String node : c.addresses) {
      b.add(NodeSchedule.of(node, off.contains(node) ? NodeMode.OFF : NodeMode.ACTIVE));
    }
    return b.build();
  }

  static void waitState(MiniBlinkCluster c, List<String> nodes, AdminStates state, long timeoutMs)
      throws Exception {
    GenericTestUtils.waitFor(() -> nodes.stream()
        .allMatch(n -> c.descriptor(n).getAdminState() == state), 100, (int) timeoutMs);
  }

  /** Finalized replicas per running DataNode, by transfer address. */
  static Map<String, Integer> replicasPerNode(MiniBlinkCluster c) throws IOException {
    String bpid = c.cluster.getNamesystem().getBlockPoolId();
    Map<String, Integer> out = new TreeMap<>();
    for (DataNode dn : c.cluster.getDataNodes()) {
      out.put(dn.getDatanodeId().getXferAddr(), dn.getFSDataset().getFinalizedBlocks(bpid).size());
    }
    return out;
  }

  MaintenancePlan hostsFile() throws IOException {
    return new MaintenanceHostsFile(dir.resolve("hosts.json")).read();
  }

  @Test
  void offNodesInMaintenanceCauseNoReReplication() throws Exception {
    try (MiniBlinkCluster c = BlinkNameNode.start(dir, NODES, this::maintenance)) {
      c.writeSchedule(c.allActive(NODES));
      Map<String, byte[]> data = new LinkedHashMap<>();
      for (int f = 0; f < 8; f++) {
        String path = "/m/f" + f;
        data.put(path, c.writeFile(path, 4000, f < 4 ? 2 : 3));
      }
      // Two nodes that do not hold every replica of any file: entering maintenance needs no copy
      // (dfs.namenode.maintenance.replication.min = 1 live replica elsewhere).
      List<String> off = offPair(c, data.keySet());
      Map<String, List<String>> before = new HashMap<>();
      for (String p : data.keySet()) {
        before.put(p, sorted(c.replicas(p)));
      }
      Map<String, Integer> perNode = replicasPerNode(c);

      c.writeSchedule(withOff(c, off, 2, 0));
      waitState(c, off, AdminStates.IN_MAINTENANCE, 20_000);
      assertEquals(new TreeSet<>(off), hostsFile().nodes());
      waitMetric("NodesInMaintenance", 2);
      waitMetric("MaintenanceRequested", 2);
      assertTrue(c.settled(), "entering maintenance copied nothing");

      // The OFF nodes really go away, for well past the dead-node interval.
      List<MiniDFSCluster.DataNodeProperties> stopped = new ArrayList<>();
      for (String n : off) {
        stopped.add(c.cluster.stopDataNode(n));
      }
      GenericTestUtils.waitFor(() -> off.stream().noneMatch(n -> c.descriptor(n).isAlive()),
          200, (int) (DEAD_MS + 15_000));
      Thread.sleep(5_000); // five redundancy-monitor passes with the nodes dead
      assertEquals(0, c.blockManager().getLowRedundancyBlocks());
      assertEquals(0, c.blockManager().getPendingReconstructionBlocksCount());
      Map<String, Integer> live = new TreeMap<>(perNode);
      off.forEach(live::remove);
      assertEquals(live, replicasPerNode(c), "no DataNode received a copy");
      waitState(c, off, AdminStates.IN_MAINTENANCE, 1_000);
      for (Map.Entry<String, byte[]> e : data.entrySet()) {
        assertArrayEquals(e.getValue(), DFSTestUtil.readFileBuffer(c.fs,
            new org.apache.hadoop.fs.Path(e.getKey())), e.getKey());
      }

      // They come back, and the schedule wakes them: NORMAL again, still nothing copied.
      for (MiniDFSCluster.DataNodeProperties p : stopped) {
        c.cluster.restartDataNode(p, true);
      }
      c.cluster.waitActive();
      c.writeSchedule(withOff(c, List.of(), 3, 0));
      waitState(c, off, AdminStates.NORMAL, 20_000);
      assertEquals(MaintenancePlan.empty(), hostsFile());
      GenericTestUtils.waitFor(c::settled, 200, 20_000);
      assertEquals(perNode, replicasPerNode(c), "every node holds what it held before");
      for (String p : data.keySet()) {
        assertEquals(before.get(p), sorted(c.replicas(p)), p);
      }
    }
  }

  /**
   * A node kept in maintenance because the NameNode has not heard from it is released by HDFS
   * itself at the expiry (lease end + margin) even though nobody rewrites the file: a crashed
   * scheduler never leaves a node in maintenance for ever. HDFS then re-replicates its blocks.
   */
  @Test
  void theExpiryReleasesANodeWhenTheLeaseEnds() throws Exception {
    try (MiniBlinkCluster c = BlinkNameNode.start(dir, 4, conf -> {
      maintenance(conf);
      conf.setLong(PlacementConfig.MAINTENANCE_EXPIRY_MARGIN_MS.name(), 2_000);
    })) {
      c.writeSchedule(c.allActive(4));
      c.writeFile("/e/f", 4000, 3);
      String node = c.replicas("/e/f").get(0);
      Schedule leased = withOff(c, List.of(node), 2, 8_000);
      c.writeSchedule(leased);
      waitState(c, List.of(node), AdminStates.IN_MAINTENANCE, 15_000);
      long expiry = leased.validUntilMs().getAsLong() + 2_000;
      assertEquals(expiry, hostsFile().expiryMs(node).getAsLong());
      c.cluster.stopDataNode(node);

      // Past the lease the schedule is EXPIRED, but the node is silent: the entry stays...
      GenericTestUtils.waitFor(() -> System.currentTimeMillis() > leased.validUntilMs()
          .getAsLong() + 500, 100, 15_000);
      assertEquals(expiry, hostsFile().expiryMs(node).getAsLong());
      // ...until HDFS's own expiry ends maintenance and the plugin drops the stale entry.
      waitState(c, List.of(node), AdminStates.NORMAL, 10_000);
      assertTrue(System.currentTimeMillis() >= expiry);
      GenericTestUtils.waitFor(() -> {
        try {
          return hostsFile().size() == 0;
        } catch (IOException e) {
          return false;
        }
      }, 100, 5_000);
      // Once dead outside maintenance, its replicas are made again on the others.
      GenericTestUtils.waitFor(() -> !c.replicasNow("/e/f").contains(node)
          && c.replicasNow("/e/f").size() == 3, 200, (int) (DEAD_MS + 20_000));
    }
  }

  /**
   * An OFF node that fails while the schedule keeps it OFF (no lease: the schedule never
   * expires) is not held for ever: once the NameNode has not heard from it for {@code
   * blink.maintenance.silence.max.ms} its hold is no longer renewed, HDFS ends maintenance at the
   * expiry, and its blocks are back to their replication on the other nodes.
   */
  @Test
  void anOffNodeThatNeverReturnsIsReleasedAndItsBlocksRebuilt() throws Exception {
    try (MiniBlinkCluster c = BlinkNameNode.start(dir, 4, conf -> {
      maintenance(conf);
      conf.setLong(PlacementConfig.MAINTENANCE_MAX_MS.name(), 6_000);
      conf.setLong(PlacementConfig.MAINTENANCE_SILENCE_MAX_MS.name(), 3_000);
    })) {
      c.writeSchedule(c.allActive(4));
      c.writeFile("/dead/f", 4000, 3);
      String node = c.replicas("/dead/f").get(0);
      c.writeSchedule(withOff(c, List.of(node), 2, 0));
      waitState(c, List.of(node), AdminStates.IN_MAINTENANCE, 15_000);
      c.cluster.stopDataNode(node);
      long stoppedAt = System.currentTimeMillis();
      // Renewed while it may still be asleep; then, silent past 3 s, left to run out (<= 6 s).
      waitState(c, List.of(node), AdminStates.NORMAL, 20_000);
      assertTrue(System.currentTimeMillis() - stoppedAt >= 3_000, "released before its silence"
          + " reached blink.maintenance.silence.max.ms");
      GenericTestUtils.waitFor(() -> !c.replicasNow("/dead/f").contains(node)
          && c.replicasNow("/dead/f").size() == 3, 200, (int) (DEAD_MS + 20_000));
    }
  }

  @Test
  void aNameNodeWithoutTheHostsProviderDoesNotStart() {
    Exception e = assertThrows(Exception.class, () -> BlinkNameNode.start(dir, 1, conf -> {
      maintenance(conf);
      conf.unset(DFSConfigKeys.DFS_NAMENODE_HOSTS_PROVIDER_CLASSNAME_KEY);
    }).close());
    String messages = causes(e);
    assertTrue(messages.contains("blink.maintenance.enabled = true needs"
        + " dfs.namenode.hosts.provider.classname = "
        + "org.apache.hadoop.hdfs.server.blockmanagement.CombinedHostFileManager"), messages);
  }

  static String causes(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable x = t; x != null; x = x.getCause()) {
      sb.append(x).append('\n');
    }
    return sb.toString();
  }

  /** Waits until the plugin's JMX attribute {@code name} reads {@code expected}. */
  static void waitMetric(String name, long expected) throws Exception {
    javax.management.ObjectName bean =
        new javax.management.ObjectName("Hadoop:service=NameNode,name=BlinkSchedule");
    javax.management.MBeanServer jmx = java.lang.management.ManagementFactory
        .getPlatformMBeanServer();
    GenericTestUtils.waitFor(() -> {
      try {
        return ((Number) jmx.getAttribute(bean, name)).longValue() == expected;
      } catch (javax.management.JMException e) {
        return false;
      }
    }, 200, 15_000); // JMX shows a snapshot refreshed once per metrics period
  }

  /** The first pair of nodes (start order) not holding all replicas of any of {@code paths}. */
  static List<String> offPair(MiniBlinkCluster c, Iterable<String> paths) throws IOException {
    List<List<String>> holders = new ArrayList<>();
    for (String p : paths) {
      holders.add(c.replicas(p));
    }
    for (int i = 0; i < NODES; i++) {
      for (int j = i + 1; j < NODES; j++) {
        List<String> pair = c.addresses(i, j);
        if (holders.stream().noneMatch(pair::containsAll)) {
          return pair;
        }
      }
    }
    throw new AssertionError("every pair of nodes holds some file entirely: " + holders);
  }

  static List<String> sorted(List<String> in) {
    List<String> out = new ArrayList<>(in);
    out.sort(null);
    return out;
  }
}
