package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManagerTestUtil;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.apache.hadoop.net.NetworkTopology;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link LayoutDemand} on plain HDFS objects: which missing layout positions of a block the
 * NameNode asks to fill and which stand-in each replaces, from descriptors (positions, racks,
 * liveness, storage types) rather than from a running NameNode. Verification, layout correction
 * and the Balancer check all act on this answer; a position demanded wrongly would be copied and
 * trimmed forever, one missed would leave a block off its layout.
 *
 * <p>Ring of nine, all ACTIVE, power-balanced (bisection): 3 replicas from first position f sit
 * on f, f+4, f+6; 4 replicas on f, f+4, f+6, f+2. Node i is 10.0.0.{i+1}:9866 on rack a, b, c
 * for i mod 3 = 0, 1, 2 (so 0 and 6 on a, 4 on b, 5 and 2 on c), DISK unless a test says
 * otherwise; staging node S on rack s.
 */
class LayoutDemandTest {
  static final int N = 9;
  static final int PORT = 9866;
  static final String S_ADDR = "10.0.0.20:" + PORT;

  private final DatanodeDescriptor[] node = new DatanodeDescriptor[N];
  private DatanodeDescriptor staging;
  private NetworkTopology topology;
  private final Schedule schedule = schedule();

  private static Schedule schedule() {
    Schedule.Builder b = RingFixture.activeRing(N);
    return b.add(NodeSchedule.staging(S_ADDR)).build();
  }

  private static String rackOf(int i) {
    return "/" + "abc".charAt(i % 3);
  }

  @BeforeEach
  void reset() {
    topology = NetworkTopology.getInstance(new Configuration(false));
    Arrays.fill(node, null);
    staging = DFSTestUtil.getDatanodeDescriptor("10.0.0.20", PORT, "/s");
    withStorage(staging, StorageType.DISK);
    topology.add(staging);
  }

  private static DatanodeDescriptor withStorage(DatanodeDescriptor d, StorageType... types) {
    for (StorageType t : types) {
      BlockManagerTestUtil.updateStorage(d, new DatanodeStorage(d.getIpAddr() + "-" + t,
          DatanodeStorage.State.NORMAL, t));
    }
    return d;
  }

  /** Registers ring node {@code i} on {@code rack} with {@code types}. */
  private DatanodeDescriptor register(int i, String rack, StorageType... types) {
    DatanodeDescriptor d = withStorage(
        DFSTestUtil.getDatanodeDescriptor("10.0.0." + (i + 1), PORT, rack), types);
    topology.add(d);
    node[i] = d;
    return d;
  }

  /** Registers the ring nodes not yet registered, except {@code skip}: own rack, one DISK. */
  private void registerRest(int... skip) {
    for (int i = 0; i < N; i++) {
      boolean skipped = false;
      for (int k : skip) {
        skipped |= k == i;
      }
      if (node[i] == null && !skipped) {
        register(i, rackOf(i), StorageType.DISK);
      }
    }
  }

  private RingMembers ring() {
    return RingMembers.of(schedule, new RingLayoutModel(N), topology, 30_000, null);
  }

  private LayoutDemand demand(List<? extends DatanodeInfo> holders, int replicas,
      int requiredRacks) {
    return LayoutDemand.of(ring(), holders, replicas, requiredRacks);
  }

  @Test
  void aStandInGivesWayWhenTheRackRuleStillHolds() {
    registerRest();
    // Held 0, 4, 5: the layout of 0 is [0, 4, 6]; 5 stands in for 6.
    LayoutDemand d = demand(List.of(node[0], node[4], node[5]), 3, 2);
    LayoutCheck c = d.check();
    assertEquals(0, c.first(), "first position 0");
    assertEquals(List.of(0, 4, 6), c.layout(), "its layout");
    assertEquals(List.of(6), c.missing(), "6 is not held");
    assertEquals(List.of(5), c.extra(), "5 is held outside the layout");
    // Racks {a, b, c} before; 6 (a) for 5 (c) leaves {a, b}: still two.
    assertEquals(List.of(6), d.positions(), "6 is demanded");
    assertSame(node[5], d.replaces(6), "in place of 5");
    assertNull(d.replaces(4), "4 is held, not demanded");
  }

  @Test
  void aPositionIsWaivedWhenTheLayoutWouldLieOnOneRack() {
    register(4, "/a", StorageType.DISK);
    registerRest();
    // 0, 4 and 6 all on a: swapping 5 (c) for 6 leaves one rack where two are required.
    LayoutDemand d = demand(List.of(node[0], node[4], node[5]), 3, 2);
    assertEquals(List.of(6), d.check().missing(), "6 is still missing from the layout");
    assertEquals(List.of(), d.positions(), "but the rack rule keeps the stand-in");
    assertNull(d.replaces(6), "no stand-in paired");
    assertEquals(List.of(6), demand(List.of(node[0], node[4], node[5]), 3, 1).positions(),
        "where one rack is enough (a cluster that never had two), 6 is demanded");
  }

  @Test
  void aLostReplicaDemandsEveryFillableMissingPosition() {
    registerRest();
    LayoutDemand two = demand(List.of(node[0], node[4]), 3, 2);
    assertEquals(List.of(6), two.positions(), "0 and 4 held, no stand-in: re-replicate to 6");
    assertNull(two.replaces(6), "nothing to replace");
    // One replica of four left, on 0: the layout [0, 4, 6, 2] misses three.
    LayoutDemand one = demand(List.of(node[0]), 4, 2);
    assertEquals(List.of(4, 6, 2), one.positions(), "in placement order");
    assertNull(one.replaces(2), "no stand-in for any of them");
  }

  @Test
  void standInsOffTheRingGiveWayBeforeRingExtras() {
    registerRest();
    // Four replicas on 5, 0, S, 4 (in that order): layout [0, 4, 6, 2], missing 6 and 2;
    // stand-ins S (off the ring) first, then 5. Racks {c, a, s, b}.
    LayoutDemand d = demand(List.of(node[5], node[0], staging, node[4]), 4, 2);
    assertEquals(List.of(5), d.check().extra(), "5 is the only ring extra");
    assertEquals(List.of(6, 2), d.positions(), "both missing positions, in placement order");
    assertSame(staging, d.replaces(6), "6 (a) replaces S (s): racks {c, a, b}");
    assertSame(node[5], d.replaces(2), "2 (c) replaces 5 (c): racks unchanged");
  }

  @Test
  void aPositionWithoutALiveDataNodeIsNeverDemanded() {
    registerRest(6); // 6 never registers
    assertEquals(List.of(), demand(List.of(node[0], node[4], node[5]), 3, 2).positions(),
        "nothing to copy to: 5 stays");
    assertEquals(List.of(), demand(List.of(node[0], node[4]), 3, 2).positions(),
        "not even to re-replicate");
    reset();
    register(6, rackOf(6), StorageType.DISK).setDecommissioned();
    registerRest();
    assertEquals(List.of(), demand(List.of(node[0], node[4], node[5]), 3, 2).positions(),
        "a decommissioned 6 is not filled either");
  }

  @Test
  void aLayoutNodeWithoutTheHoldersSharedStorageTypeIsWaived() {
    register(0, rackOf(0), StorageType.ARCHIVE);
    register(4, rackOf(4), StorageType.ARCHIVE);
    register(5, rackOf(5), StorageType.DISK, StorageType.ARCHIVE);
    registerRest(); // 6 DISK only
    List<DatanodeInfo> holders = List.of(node[0], node[4], node[5]);
    // Every holder offers ARCHIVE (a COLD block); 6 does not.
    assertEquals(List.of(), demand(holders, 3, 2).positions(), "6 is waived: 5 stays");
    reset();
    register(0, rackOf(0), StorageType.ARCHIVE);
    register(4, rackOf(4), StorageType.ARCHIVE);
    register(5, rackOf(5), StorageType.DISK, StorageType.ARCHIVE);
    register(6, rackOf(6), StorageType.DISK, StorageType.ARCHIVE);
    registerRest();
    assertEquals(List.of(6), demand(List.of(node[0], node[4], node[5]), 3, 2).positions(),
        "with ARCHIVE on 6, it is demanded");
  }

  @Test
  void plainDatanodeInfosAsTheBalancerHasThemWaiveNothingForStorage() {
    topology = NetworkTopology.getInstance(new Configuration(false));
    DatanodeInfo[] info = new DatanodeInfo[N];
    for (int i = 0; i < N; i++) {
      info[i] = new DatanodeInfo.DatanodeInfoBuilder()
          .setNodeID(new DatanodeID("10.0.0." + (i + 1), "h" + i, "u" + i, PORT, 9864, 9865,
              9867))
          .setNetworkLocation(rackOf(i)).build();
      topology.add(info[i]);
    }
    // No storage types are known: nothing is waived; positions and racks as with descriptors.
    LayoutDemand d = demand(List.of(info[0], info[4], info[5]), 3, 2);
    assertEquals(List.of(6), d.positions(), "6 is demanded");
    assertSame(info[5], d.replaces(6), "the stand-in is the caller's own object");
  }

  @Test
  void aReplicationAboveTheRingSizeIsCappedAtIt() {
    registerRest();
    List<DatanodeInfo> eight = List.of(node[0], node[1], node[2], node[3], node[4], node[5],
        node[6], node[7]);
    // Twelve replicas asked, nine ring nodes: the layout is the whole ring; 8 is missing.
    LayoutDemand d = demand(eight, 12, 2);
    assertEquals(9, d.check().layout().size(), "a layout of nine");
    assertEquals(List.of(8), d.positions(), "8 re-replicated, no stand-in");
  }

  @Test
  void aPerfectLayoutDemandsNothing() {
    registerRest();
    LayoutDemand d = demand(List.of(node[6], node[0], node[4]), 3, 2);
    assertTrue(d.check().isPerfect(), "held 0, 4, 6 in any order is the layout of 0");
    assertEquals(List.of(), d.positions(), "nothing to do");
  }
}
