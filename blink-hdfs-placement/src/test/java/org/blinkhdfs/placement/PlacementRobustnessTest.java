package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;
import org.apache.hadoop.hdfs.server.protocol.NamenodeProtocols;
import org.apache.hadoop.hdfs.util.HostsFileWriter;
import org.apache.hadoop.io.EnumSetWritable;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleFileSource;
import org.blinkhdfs.model.schedule.ScheduleState;
import org.blinkhdfs.testsupport.MiniBlinkCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/** The policy inside a real NameNode when things are not as planned. */
class PlacementRobustnessTest {
  @TempDir
  Path dir;

  @Test
  void missingOrCorruptScheduleMeansDefaultPlacementWithAWarning() throws Exception {
    GenericTestUtils.LogCapturer logs = GenericTestUtils.LogCapturer.captureLogs(
        LoggerFactory.getLogger(ScheduleFileSource.class));
    try (MiniBlinkCluster c = BlinkNameNode.start(dir, 4, conf -> { })) {
      BlinkRuntime runtime = BlinkRuntime.forConf(c.cluster.getConfiguration(0));
      byte[] data = c.writeFile("/missing", 3000, 3);
      assertEquals(ScheduleState.Status.MISSING, runtime.state().status());
      assertEquals(3, c.replicas("/missing").size());
      assertTrue(logs.getOutput().contains("does not exist; treating every node as awake"));
      assertTrue(Arrays.equals(data, c.read("/missing")));

      Files.writeString(c.scheduleFile(), "{\"version\": 1, \"nodes\": [", StandardCharsets.UTF_8);
      c.writeFile("/corrupt", 3000, 3);
      assertEquals(ScheduleState.Status.INVALID, runtime.state().status());
      assertEquals(3, c.replicas("/corrupt").size());
      assertTrue(logs.getOutput().contains("is not usable"), logs.getOutput());

      // Expired lease: everyone counts as awake again.
      Schedule expired = Schedule.builder().epoch(9).intervalStartMs(1_000).intervalMs(60_000)
          .validUntilMs(2_000).add(NodeSchedule.of(c.addresses.get(0), NodeMode.OFF)).build();
      c.writeSchedule(expired);
      c.writeFile("/expired", 3000, 3);
      assertEquals(ScheduleState.Status.EXPIRED, runtime.state().status());
      assertEquals(3, c.replicas("/expired").size());
    } finally {
      logs.stopCapturing();
    }
  }

  @Test
  void unknownNodesExcludedFavoredReplicationChangesAndDecommission() throws Exception {
    HostsFileWriter hosts = new HostsFileWriter();
    Configuration[] confHolder = new Configuration[1];
    try (MiniBlinkCluster c = BlinkNameNode.start(dir, 9, conf -> {
      try {
        hosts.initialize(conf, "decommission");
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      confHolder[0] = conf;
    })) {
      BlockManager bm = c.cluster.getNamesystem().getBlockManager();
      // A ring of 11: the 9 DataNodes with two addresses no DataNode has, interleaved.
      Schedule.Builder b = MiniBlinkCluster.schedule(600_000);
      List<String> ring = new ArrayList<>(c.addresses);
      ring.add(3, "10.255.0.1:9866");
      ring.add(7, "10.255.0.2:9866");
      for (String n : ring) {
        b.add(NodeSchedule.of(n, NodeMode.ACTIVE));
      }
      c.writeSchedule(b.build());
      RingLayout layout = new RingLayout(ring.size());
      List<String> files = new ArrayList<>();
      for (int f = 0; f < 8; f++) {
        String p = "/unknown/f" + f;
        c.writeFile(p, 2000, 3);
        files.add(p);
      }
      // Positions on unknown nodes cannot be filled and are not demanded; blocks settle.
      GenericTestUtils.waitFor(() -> bm.getBadlyDistributedBlocks() == 0
          && bm.getPendingReconstructionBlocksCount() == 0
          && files.stream().allMatch(p -> c.replicasNow(p).size() == 3), 200, 30_000);
      for (String p : files) {
        for (String r : c.replicas(p)) {
          assertTrue(c.addresses.contains(r), p + " on " + r);
        }
      }

      // Back to a ring of exactly the 9 DataNodes for the rest.
      c.writeSchedule(c.allActive(9));
      RingLayout nine = new RingLayout(9);

      // setReplication up and down keeps the ring rule (deletion reverses placement).
      c.writeFile("/repl", 2000, 3);
      List<Integer> three = c.ringPositions("/repl", 9);
      assertTrue(nine.check(three, 3).isPerfect());
      c.fs.setReplication(new org.apache.hadoop.fs.Path("/repl"), (short) 6);
      c.waitReplicas("/repl", 6);
      List<Integer> six = c.ringPositions("/repl", 9);
      assertTrue(nine.check(six, 6).isPerfect(), "r=6 " + six);
      assertTrue(six.containsAll(three), "growing keeps the existing replicas");
      c.fs.setReplication(new org.apache.hadoop.fs.Path("/repl"), (short) 2);
      c.waitReplicas("/repl", 2);
      List<Integer> two = c.ringPositions("/repl", 9);
      assertTrue(nine.check(two, 2).isPerfect(), "r=2 " + two);
      assertTrue(six.containsAll(two));

      // Excluded nodes (a client's failed pipeline) and favored nodes through the NameNode RPC.
      NamenodeProtocols nn = c.cluster.getNameNodeRpc();
      String client = "blink-test-client";
      HdfsFileStatus st = nn.create("/excluded", FsPermission.getFileDefault(), client,
          new EnumSetWritable<>(EnumSet.of(CreateFlag.CREATE)), true, (short) 3,
          MiniBlinkCluster.BLOCK_BYTES, null, null, null);
      DatanodeInfo[] datanodes = nn.getDatanodeReport(
          org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType.LIVE);
      List<DatanodeInfo> excluded = Arrays.asList(datanodes).subList(0, 4);
      LocatedBlock lb = nn.addBlock("/excluded", client, null,
          excluded.toArray(new DatanodeInfo[0]), st.getFileId(), null, null);
      assertEquals(3, lb.getLocations().length);
      for (DatanodeInfo d : lb.getLocations()) {
        assertFalse(excluded.contains(d), "excluded node chosen: " + d);
      }
      nn.abandonBlock(lb.getBlock(), st.getFileId(), "/excluded", client);
      String favored = c.addresses.get(5);
      LocatedBlock fav = nn.addBlock("/excluded", client, null, null, st.getFileId(),
          new String[] {favored}, null);
      assertTrue(Arrays.stream(fav.getLocations()).anyMatch(d -> d.getXferAddr().equals(favored)),
          "favored node used");
      nn.abandonBlock(fav.getBlock(), st.getFileId(), "/excluded", client);
      // A favored node that is asleep is not used.
      Schedule.Builder sleepy = MiniBlinkCluster.schedule(600_000);
      for (int i = 0; i < 9; i++) {
        sleepy.add(i == 5 ? NodeSchedule.of(c.addresses.get(i), NodeMode.OFF)
            : NodeSchedule.of(c.addresses.get(i), NodeMode.ACTIVE));
      }
      c.writeSchedule(sleepy.build());
      LocatedBlock notFav = nn.addBlock("/excluded", client, null, null, st.getFileId(),
          new String[] {favored}, null);
      assertFalse(Arrays.stream(notFav.getLocations())
          .anyMatch(d -> d.getXferAddr().equals(favored)), "sleeping favored node skipped");
      nn.abandonBlock(notFav.getBlock(), st.getFileId(), "/excluded", client);
      c.writeSchedule(c.allActive(9));

      // Decommissioning ring node 0: its replicas are re-created elsewhere, nothing is lost.
      String gone = c.addresses.get(0);
      hosts.initExcludeHost(gone);
      c.cluster.getNamesystem().getBlockManager().getDatanodeManager()
          .refreshNodes(confHolder[0]);
      GenericTestUtils.waitFor(() -> Arrays.stream(uncheckedReport(nn))
          .filter(d -> d.getXferAddr().equals(gone)).allMatch(DatanodeInfo::isDecommissioned),
          200, 60_000);
      for (String p : files) {
        List<String> live = new ArrayList<>(c.replicas(p));
        live.remove(gone);
        assertTrue(live.size() >= 3, p + " live replicas " + live);
        byte[] back = c.read(p);
        assertEquals(2000, back.length);
      }
    } finally {
      hosts.cleanup();
    }
  }


  private static DatanodeInfo[] uncheckedReport(NamenodeProtocols nn) {
    try {
      return nn.getDatanodeReport(
          org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType.ALL);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
