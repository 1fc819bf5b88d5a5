package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManagerTestUtil;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.apache.hadoop.net.NetworkTopology;
import org.blinkhdfs.layout.ring.FirstPositions;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RingNewBlockView} on plain HDFS objects: how many positions of a candidate layout HDFS
 * would accept now ({@code takeable}) and once everyone is awake and idle ({@code fillable}),
 * counting usable nodes, the per-rack maximum and storage types the way {@code
 * chooseLocalOrFavoredStorage} does; and that the ring layout picks its new block by these
 * counts. A wrong count sends a block to a layout that needs stand-ins, or one that can never be
 * completed; the examples are those of the class comments of the view and of {@link
 * FirstPositions}, worked by hand.
 *
 * <p>Ring of nine: node i is 10.0.0.{i+1}:9866 on rack /r{i mod 3} (racks r0: 0 3 6, r1: 1 4 7,
 * r2: 2 5 8), DISK unless a test says otherwise. Write guard 1 s.
 */
class RingNewBlockViewTest {
  static final int N = 9;
  static final int PORT = 9866;
  static final long GUARD = 1_000;

  private final DatanodeDescriptor[] node = new DatanodeDescriptor[N];
  private NetworkTopology topology;

  @BeforeEach
  void topology() {
    topology = NetworkTopology.getInstance(new Configuration(false));
  }

  /** Registers ring node {@code i} with {@code types} (one storage each). */
  private DatanodeDescriptor register(int i, StorageType... types) {
    DatanodeDescriptor d = DFSTestUtil.getDatanodeDescriptor("10.0.0." + (i + 1), PORT,
        "/r" + (i % 3));
    for (StorageType t : types) {
      BlockManagerTestUtil.updateStorage(d, new DatanodeStorage("s-" + i + "-" + t,
          DatanodeStorage.State.NORMAL, t));
    }
    topology.add(d);
    node[i] = d;
    return d;
  }

  /** Registers every ring node not registered yet with one DISK. */
  private void registerRestWithDisk() {
    for (int i = 0; i < N; i++) {
      if (node[i] == null) {
        register(i, StorageType.DISK);
      }
    }
  }

  /** Nodes in {@code off} OFF, the others ACTIVE. */
  private static Schedule schedule(Set<Integer> off) {
    Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(60_000);
    for (int i = 0; i < N; i++) {
      b.add(NodeSchedule.of("10.0.0." + (i + 1) + ":" + PORT,
          off.contains(i) ? NodeMode.OFF : NodeMode.ACTIVE));
    }
    return b.build();
  }

  private RingMembers ring(Schedule s) {
    return RingMembers.of(s, new RingLayoutModel(N), topology, 10_000, null);
  }

  private static EnumMap<StorageType, Integer> types(StorageType t, int n) {
    EnumMap<StorageType, Integer> m = new EnumMap<>(StorageType.class);
    m.put(t, n);
    return m;
  }

  private static RingNewBlockView view(RingMembers ring, double loadFactor,
      EnumMap<StorageType, Integer> types, int maxNodesPerRack, int writer) {
    return new RingNewBlockView(ring, ring.slice(GUARD, loadFactor), types, maxNodesPerRack,
        writer, new Random(7));
  }

  @Test
  void coldBlocksCountOnlyArchiveNodes() {
    register(0, StorageType.ARCHIVE);
    register(4, StorageType.ARCHIVE);
    register(6, StorageType.ARCHIVE);
    registerRestWithDisk();
    RingMembers ring = ring(schedule(Set.of()));
    RingNewBlockView v = view(ring, 0, types(StorageType.ARCHIVE, 3), 2, 2);
    // 0 (r0), 4 (r1), 6 (r0): each ARCHIVE, r0 holds two, within the maximum of 2.
    assertEquals(3, v.takeable(List.of(0, 4, 6)), "all three ARCHIVE nodes");
    assertEquals(1, v.takeable(List.of(2, 6, 8)), "2 and 8 have DISK only: 6 alone");
    assertEquals(3, v.fillable(List.of(0, 4, 6)), "all awake: fillable is takeable");
    assertEquals(1, v.fillable(List.of(2, 6, 8)), "a missing storage type is never filled");
    // Layout {f, f+4, f+6}: only f = 0 holds two or more of {0, 4, 6}.
    assertEquals(List.of(0, 4, 6), ring.layout().newBlock(3, v),
        "a COLD block starts at 0 although the writer is node 2");
  }

  @Test
  void theFirstPositionsExampleWithNodesZeroToFourAwake() {
    registerRestWithDisk();
    RingMembers ring = ring(schedule(Set.of(5, 6, 7, 8)));
    RingNewBlockView v = view(ring, 0, types(StorageType.DISK, 3), 3, 4);
    assertEquals(2, v.takeable(List.of(0, 4, 6)), "0 and 4 awake, 6 OFF");
    assertEquals(3, v.fillable(List.of(0, 4, 6)), "6 is in service: a correction can fill it");
    // Score takeable * 4 + fillable: layouts of 0, 3, 4, 5, 6, 7 ([0,4,6], [3,7,0], [4,8,1],
    // [5,0,2], [6,1,3], [7,2,4]) take two and score 11; those of 1, 2, 8 take one.
    assertEquals(List.of(0, 3, 4, 5, 6, 7), v.firstPositions(new int[] {0, 4, 6}, 3).best(),
        "the best first positions");
    assertEquals(List.of(4, 8, 1), ring.layout().newBlock(3, v),
        "the writer (4) is usable and among the best: its own layout");
    Set<List<Integer>> best = Set.of(List.of(0, 4, 6), List.of(3, 7, 0), List.of(4, 8, 1),
        List.of(5, 0, 2), List.of(6, 1, 3), List.of(7, 2, 4));
    for (int writer : new int[] {1, -1}) {
      RingNewBlockView w = view(ring, 0, types(StorageType.DISK, 3), 3, writer);
      for (int k = 0; k < 20; k++) {
        List<Integer> got = ring.layout().newBlock(3, w);
        assertTrue(best.contains(got), "writer " + writer + " (not best or off the ring) gets "
            + "one of the six best layouts, got " + got);
      }
    }
  }

  @Test
  void theRackMaximumCountsOnlyPositionsAlreadyCounted() {
    register(0, StorageType.ARCHIVE);
    registerRestWithDisk();
    RingMembers ring = ring(schedule(Set.of()));
    RingNewBlockView oneRack = view(ring, 0, types(StorageType.DISK, 3), 1, -1);
    // 0 and 3 are both on r0: with one node per rack, only the first of them counts.
    assertEquals(1, oneRack.takeable(List.of(1, 4)), "1 and 4 are both on r1");
    assertEquals(2, oneRack.takeable(List.of(3, 6, 1)), "3 (r0), 6 (r0) skipped, 1 (r1)");
    assertEquals(2, oneRack.fillable(List.of(3, 6, 1)), "the maximum holds for fillable too");
    // 0 is ARCHIVE only: skipped for the storage type, its rack r0 is still free for 3.
    assertEquals(1, oneRack.takeable(List.of(0, 3)), "0 lacks DISK, 3 counts on r0");
    assertEquals(0, oneRack.takeable(List.of()), "an empty candidate takes nothing");
  }

  @Test
  void storageTypesAreTriedInHdfsOrderOnePositionAtATime() {
    register(0, StorageType.SSD, StorageType.DISK);
    register(4, StorageType.SSD);
    register(6, StorageType.DISK);
    registerRestWithDisk();
    RingMembers ring = ring(schedule(Set.of()));
    EnumMap<StorageType, Integer> oneSsd = types(StorageType.SSD, 1);
    oneSsd.put(StorageType.DISK, 2);
    RingNewBlockView v = view(ring, 0, oneSsd, 3, -1);
    // StorageType order is RAM_DISK, SSD, DISK, ...: 0 takes the one SSD; 4 offers only SSD,
    // none left; 6 takes a DISK.
    assertEquals(2, v.takeable(List.of(0, 4, 6)), "0 SSD, 4 nothing, 6 DISK");
    // In the other order 4 takes the SSD and 0 a DISK.
    assertEquals(3, v.takeable(List.of(4, 0, 6)), "4 SSD, 0 DISK, 6 DISK");
  }

  @Test
  void takeableIsNowAndFillableIsOnceAwakeAndIdle() {
    register(2, StorageType.DISK).setDecommissioned();
    for (int i = 0; i < N; i++) {
      if (i != 2 && i != 3) { // 3 never registers
        register(i, StorageType.DISK);
      }
    }
    node[4].setXceiverCount(70);
    // In service: 0 1 4 5 6 7 8, 70 xceivers: mean 10, limit 20 with factor 2.
    RingMembers ring = ring(schedule(Set.of(1)));
    RingNewBlockView v = view(ring, 2, types(StorageType.DISK, 5), N, -1);
    List<Integer> c = List.of(0, 1, 2, 3, 4);
    assertEquals(1, v.takeable(c), "0 only: 1 OFF, 2 decommissioned, 3 absent, 4 overloaded");
    assertEquals(3, v.fillable(c), "0, 1 (asleep) and 4 (busy): never 2 or 3");
    assertFalse(v.usable(1), "1 sleeps");
    assertFalse(v.usable(4), "4 is overloaded");
    assertTrue(v.usable(0), "0 is usable");
    assertEquals(2, view(ring, 0, types(StorageType.DISK, 5), N, -1).takeable(c),
        "without the load rule 4 counts now");
  }

  @Test
  void theViewSharesItsSlicesMaskAndFirstPositions() {
    registerRestWithDisk();
    RingMembers ring = ring(schedule(Set.of(5, 6, 7, 8)));
    RingSlice slice = ring.slice(GUARD, 0);
    RingNewBlockView v = new RingNewBlockView(ring, slice, types(StorageType.DISK, 3), 3, 4,
        new Random(1));
    assertEquals(N, v.ringSize(), "one position per ring node");
    assertEquals(4, v.writerPosition(), "the writer given");
    for (int p = 0; p < N; p++) {
      assertEquals(slice.usable()[p], v.usable(p), "usable(" + p + ") is the slice's");
    }
    assertTrue(v.usable(4) && !v.usable(5), "4 ACTIVE, 5 OFF");
    FirstPositions first = v.firstPositions(new int[] {0, 4, 6}, 3);
    RingNewBlockView another = new RingNewBlockView(ring, slice, types(StorageType.DISK, 3),
        3, -1, new Random(2));
    assertSame(first, another.firstPositions(new int[] {0, 4, 6}, 3),
        "a later decision of the same slice and shape reuses the scored positions");
    RingNewBlockView otherShape = new RingNewBlockView(ring, slice,
        types(StorageType.DISK, 3), 1, -1, new Random(2));
    assertNotSame(first, otherShape.firstPositions(new int[] {0, 4, 6}, 3),
        "another rack maximum is scored for itself");
  }
}
