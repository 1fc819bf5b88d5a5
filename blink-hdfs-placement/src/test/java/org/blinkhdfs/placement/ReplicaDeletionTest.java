package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManagerTestUtil;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.apache.hadoop.net.NetworkTopology;
import org.blinkhdfs.layout.phase.PhaseGroupLayoutModel;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ReplicaDeletion} on plain HDFS objects: which excess replicas of a block go, so that
 * what is left is the layout, within HDFS's storage and rack rules. The NameNode deletes what
 * this answers after every correction, raised replication and Balancer move; deleting a layout
 * replica instead of a stand-in would make the block be copied and trimmed forever. Each case is
 * worked by hand from the layout's deletion order.
 *
 * <p>Ring of nine, all ACTIVE, power-balanced (bisection): 3 replicas from position 0 sit on 0,
 * 4, 6, and held {0, 4, 5, 6} are deleted in the order 5, 6, 4, 0 (the stand-in 5 first, then
 * the layout in reverse placement order). Node i is 10.0.0.{i+1}:9866 on rack a, b, c for i mod
 * 3 = 0, 1, 2 (0 and 6 on a, 4 on b, 5 on c) unless a test says otherwise; staging nodes S1 and
 * S2 and the unnamed node U are on rack s. The rack rule asks for two racks throughout.
 */
class ReplicaDeletionTest {
  static final int N = 9;
  static final int PORT = 9866;

  private final DatanodeDescriptor[] node = new DatanodeDescriptor[N];
  private DatanodeDescriptor s1;
  private DatanodeDescriptor s2;
  private DatanodeDescriptor u;
  private NetworkTopology topology;
  private final Schedule schedule = schedule();

  private static Schedule schedule() {
    Schedule.Builder b = RingFixture.activeRing(N);
    return b.add(NodeSchedule.staging("10.0.0.20:" + PORT))
        .add(NodeSchedule.staging("10.0.0.21:" + PORT)).build();
  }

  @BeforeEach
  void cluster() {
    topology = NetworkTopology.getInstance(new Configuration(false));
    s1 = add(DFSTestUtil.getDatanodeDescriptor("10.0.0.20", PORT, "/s"));
    s2 = add(DFSTestUtil.getDatanodeDescriptor("10.0.0.21", PORT, "/s"));
    u = add(DFSTestUtil.getDatanodeDescriptor("10.0.0.30", PORT, "/s"));
  }

  private DatanodeDescriptor add(DatanodeDescriptor d) {
    topology.add(d);
    return d;
  }

  /** Registers the ring, node {@code i} on {@code racks[i]}. */
  private void ring(String... racks) {
    for (int i = 0; i < N; i++) {
      node[i] = add(DFSTestUtil.getDatanodeDescriptor("10.0.0." + (i + 1), PORT, racks[i]));
    }
  }

  private void ringOnRacksAbc() {
    ring("/a", "/b", "/c", "/a", "/b", "/c", "/a", "/b", "/c");
  }

  /** The replica of the block on {@code d}, in a storage of {@code type}. */
  private static DatanodeStorageInfo on(DatanodeDescriptor d, StorageType type) {
    return BlockManagerTestUtil.updateStorage(d, new DatanodeStorage(d.getIpAddr() + "-" + type,
        DatanodeStorage.State.NORMAL, type));
  }

  private static DatanodeStorageInfo disk(DatanodeDescriptor d) {
    return on(d, StorageType.DISK);
  }

  private List<DatanodeStorageInfo> choose(List<DatanodeStorageInfo> candidates, int expected,
      List<StorageType> excessTypes, DatanodeDescriptor hint) {
    RingMembers ring = RingMembers.of(schedule, new RingLayoutModel(N), topology, 30_000, null);
    return ReplicaDeletion.choose(ring, candidates, expected, excessTypes, 2, hint,
        d -> 0);
  }

  private static List<StorageType> excess(StorageType... types) {
    return new ArrayList<>(List.of(types));
  }

  @Test
  void theStandInGoesOnceItsLayoutNodeHoldsTheBlock() {
    ringOnRacksAbc();
    DatanodeStorageInfo d5 = disk(node[5]);
    List<StorageType> excess = excess(StorageType.DISK);
    // Held {0, 4, 5, 6}, 3 expected: order 5, 6, 4, 0. Without 5, {a, b, a} spans two racks.
    assertEquals(List.of(d5), choose(List.of(disk(node[0]), disk(node[4]), d5,
        disk(node[6])), 3, excess, null), "5, the stand-in, goes");
    assertEquals(List.of(), excess, "and its type is no longer in excess");
  }

  @Test
  void theRackRuleSparesTheOnlyReplicaOffTheLayoutsRack() {
    ring("/a", "/b", "/c", "/a", "/a", "/c", "/a", "/b", "/c");
    // 0, 4, 6 all on a, 5 on c: deleting 5 leaves one rack; 6 is next in the order, and
    // {0, 4, 5} spans a and c.
    DatanodeStorageInfo d6 = disk(node[6]);
    assertEquals(List.of(d6), choose(List.of(disk(node[0]), disk(node[4]), disk(node[5]), d6),
        3, excess(StorageType.DISK), null), "the last-placed layout replica goes instead");
  }

  @Test
  void replicasOffTheRingGoFirstThenRingExtras() {
    ringOnRacksAbc();
    DatanodeStorageInfo du = disk(u);
    DatanodeStorageInfo ds1 = disk(s1);
    // Held 0, U, 4, S1, 6 for 3: U (unnamed) and S1 (staging) in the order given, then the
    // layout. Racks {a, s, b} stay three after U (S1 still on s), two after S1.
    assertEquals(List.of(du, ds1), choose(List.of(disk(node[0]), du, disk(node[4]), ds1,
        disk(node[6])), 3, excess(StorageType.DISK, StorageType.DISK), null),
        "both replicas off the ring, in candidate order");
    // Held 5, 0, 4, S1, 6 for 3: S1 first, then 5 (outside the layout) before any of 0, 4, 6.
    DatanodeStorageInfo d5 = disk(node[5]);
    assertEquals(List.of(ds1, d5), choose(List.of(d5, disk(node[0]), disk(node[4]), ds1,
        disk(node[6])), 3, excess(StorageType.DISK, StorageType.DISK), null),
        "S1, then the ring extra 5");
  }

  @Test
  void onlyAStorageTypeInExcessIsDeleted() {
    ringOnRacksAbc();
    DatanodeStorageInfo d6 = disk(node[6]);
    // 5 holds its replica on ARCHIVE and the policy has a DISK too many: 5 cannot go, 6 (next
    // in the order, DISK) does; {0, 4, 5} spans a, b and c.
    assertEquals(List.of(d6), choose(List.of(disk(node[0]), disk(node[4]),
        on(node[5], StorageType.ARCHIVE), d6), 3, excess(StorageType.DISK), null),
        "the storage rule is hard: a layout replica of the excess type goes");
  }

  @Test
  void withNoCandidateKeepingTheRackRuleTheFirstOfAnExcessTypeGoes() {
    ring("/a", "/b", "/c", "/a", "/b", "/c", "/b", "/b", "/c");
    DatanodeStorageInfo d0 = disk(node[0]);
    // Held 0 (a, DISK), 4 (b, ARCHIVE), 6 (b, ARCHIVE) for 2, one DISK in excess: only 0 may
    // go, and without it the block is on b alone. HDFS must shed the replica: 0 goes.
    assertEquals(List.of(d0), choose(List.of(d0, on(node[4], StorageType.ARCHIVE),
        on(node[6], StorageType.ARCHIVE)), 2, excess(StorageType.DISK), null),
        "the first candidate of an excess type, rack rule or not");
  }

  @Test
  void aDeletionHintOffTheLayoutGoesFirst() {
    ringOnRacksAbc();
    DatanodeStorageInfo ds1 = disk(s1);
    DatanodeStorageInfo ds2 = disk(s2);
    // A stand-in for 6 was moved from S2 to S1 by the Balancer: held 0, 4, S1, S2 for 3.
    List<DatanodeStorageInfo> held = List.of(disk(node[0]), disk(node[4]), ds1, ds2);
    assertEquals(List.of(ds1), choose(held, 3, excess(StorageType.DISK), null),
        "without a hint the first replica off the ring goes");
    assertEquals(List.of(ds2), choose(held, 3, excess(StorageType.DISK), s2),
        "with the move's source as hint, the source copy goes");
    assertEquals(List.of(ds1), choose(held, 3, excess(StorageType.DISK), node[7]),
        "a hint that holds no replica changes nothing");
  }

  @Test
  void aDeletionHintOnALayoutReplicaIsIgnoredButOneOnARingExtraIsNot() {
    ringOnRacksAbc();
    DatanodeStorageInfo ds1 = disk(s1);
    DatanodeStorageInfo d5 = disk(node[5]);
    assertEquals(List.of(ds1), choose(List.of(disk(node[0]), disk(node[4]), disk(node[6]), ds1),
        3, excess(StorageType.DISK), node[4]), "4 is in the layout [0, 4, 6]: S1 goes");
    // Held 0, 4, 5, 6, S1 for 4: the layout of four is [0, 4, 6, 2]; 5 is outside it.
    List<DatanodeStorageInfo> held = List.of(disk(node[0]), disk(node[4]), d5, disk(node[6]),
        ds1);
    assertEquals(List.of(ds1), choose(held, 4, excess(StorageType.DISK), null),
        "without a hint S1 goes first");
    assertEquals(List.of(d5), choose(held, 4, excess(StorageType.DISK), node[5]),
        "with 5 as hint, 5 goes");
  }

  @Test
  void nothingIsDeletedBeyondTheExcess() {
    ringOnRacksAbc();
    assertEquals(List.of(), choose(List.of(disk(node[0]), disk(node[4]), disk(node[6])), 3,
        excess(StorageType.DISK), null), "three held, three expected");
    assertEquals(List.of(), choose(List.of(disk(node[0]), disk(node[4]), disk(node[5]),
        disk(node[6])), 3, excess(), null), "no type in excess: fewer than asked, none");
  }

  @Test
  void aSecondStorageOnOneRingNodeGoesBeforeTheLayout() {
    ringOnRacksAbc();
    DatanodeStorageInfo archive4 = on(node[4], StorageType.ARCHIVE);
    // Node 4 holds the block twice (DISK and ARCHIVE): the second storage counts as off the
    // layout, before 6, the first of the layout's order [6, 4, 0].
    assertEquals(List.of(archive4), choose(List.of(disk(node[0]), disk(node[4]), archive4,
        disk(node[6])), 3, excess(StorageType.DISK, StorageType.ARCHIVE), null),
        "the duplicate on 4 goes");
  }

  /**
   * Phase groups (G = 3: {0, 3, 6}, {1, 4, 7}, {2, 5, 8}), held {0, 4, 6, 8} for 3 after a
   * correction copied the block to 8: the layout [0, 4, 8] alone deletes 6, the higher of the two
   * members of group 0. Either serves the block alike, so the fuller node goes: 0 when it holds
   * 25 replicas against 16 on 6, 6 when 6 is the fuller, 6 at a tie. The ring model with the
   * same loads is unchanged ({@link #theStandInGoesOnceItsLayoutNodeHoldsTheBlock}).
   */
  @Test
  void ofTwoPhaseGroupMembersTheFullerNodeGoes() {
    ringOnRacksAbc();
    RingMembers groups = RingMembers.of(schedule, new PhaseGroupLayoutModel(N, 3), topology,
        30_000, null);
    DatanodeStorageInfo d0 = disk(node[0]);
    DatanodeStorageInfo d6 = disk(node[6]);
    List<DatanodeStorageInfo> held = List.of(d0, disk(node[4]), d6, disk(node[8]));
    for (Map.Entry<List<Long>, DatanodeStorageInfo> c : Map.of(List.of(25L, 16L), d0,
        List.of(16L, 25L), d6, List.of(18L, 18L), d6).entrySet()) {
      Map<DatanodeDescriptor, Long> load = Map.of(node[0], c.getKey().get(0), node[6],
          c.getKey().get(1));
      assertEquals(List.of(c.getValue()), ReplicaDeletion.choose(groups, held, 3,
          excess(StorageType.DISK), 2, null, d -> load.getOrDefault(d, 18L)),
          "loads of 0 and 6: " + c.getKey());
    }
  }
}
