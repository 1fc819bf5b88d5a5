package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.NetworkTopology;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RingMembers} on plain HDFS objects (descriptors in a {@link NetworkTopology}, no
 * NameNode): the ring order against the registered DataNodes, who is awake or writable at an
 * instant, HDFS's considerLoad mean, and when the cached {@link RingMembers.Index} and its slices
 * are reused. Every later step of the policy (new blocks, verification, deletion) trusts these
 * answers, so each is checked here against a schedule worked by hand.
 *
 * <p>The schedule: interval 60 s from 0, ring A B C D E F, staging S and T.
 *
 * <pre>
 *   pos node  mode            awake (s of 60)     registered
 *   0   A     BLINK 0+20      [0, 20)             yes, DISK, /r1
 *   1   B     BLINK 20+20     [20, 40)            yes, DISK, /r2
 *   2   C     BLINK 40+30     [40, 60) + [0, 10)  yes, DISK, /r1 (window wraps)
 *   3   D     OFF             never               yes, DISK, /r2
 *   4   E     ACTIVE          always              yes, DISK, /r1, decommissioned
 *   5   F     ACTIVE          always              no
 *   -   S     staging         always              yes, /r3
 *   -   T     staging         always              no
 *   -   U     not named       always              yes, /r3
 * </pre>
 */
class RingMembersTest extends RingFixture {

  private Schedule schedule;
  private final LayoutModel layout = new RingLayoutModel(6);

  @BeforeEach
  void buildSchedule() {
    schedule = ringSchedule().build();
  }

  private RingMembers at(long nowMs) {
    return RingMembers.of(schedule, layout, topology, nowMs, null);
  }

  @Test
  void theRingIsTheScheduleOrderAndKeepsPositionsNobodyCanFill() {
    RingMembers ring = at(30_000);
    assertEquals(6, ring.size(), "six non-staging entries, registered or not");
    assertEquals(0, ring.indexOf(a), "A is the first ring entry");
    assertEquals(2, ring.indexOf(c), "C is the third");
    assertEquals(4, ring.indexOf(e), "E keeps its position while decommissioned");
    assertEquals(-1, ring.indexOf(s), "a staging node is not on the ring");
    assertEquals(-1, ring.indexOf(u), "a node the schedule does not name is not on the ring");
    assertNull(ring.node(5), "F never registered: position 5 stays, with no DataNode");
    assertNull(ring.info(5), "nor a DatanodeInfo");
    assertFalse(ring.fillable(5), "an empty position cannot be filled");
    assertEquals(EnumSet.noneOf(StorageType.class), ring.storageTypes(5),
        "an empty position offers no storage type");
    assertSame(e, ring.node(4), "E is registered");
    assertFalse(ring.fillable(4), "but decommissioned, so not fillable");
    assertFalse(ring.index().inServiceAt(4), "and not in service");
    assertTrue(ring.fillable(3), "D is OFF but registered and in service: asleep, not gone");
    assertTrue(ring.index().inServiceAt(3), "D is in service");
    assertEquals(EnumSet.of(StorageType.DISK), ring.storageTypes(0), "A has one DISK");
    assertSame(schedule, ring.schedule(), "the view's schedule is the one given");
    assertSame(layout, ring.layout(), "and so is its layout");
  }

  @Test
  void positionsOfSkipsNodesOffTheRing() {
    // S is staging and U unnamed: only C (2) and A (0) are on the ring, in the order given.
    assertEquals(List.of(2, 0), at(30_000).positionsOf(List.of(s, c, u, a)));
    assertEquals(List.of(), at(30_000).positionsOf(List.of(s, u)),
        "nodes off the ring have no position");
  }

  @Test
  void awakeFollowsEachWindowIncludingOneThatWraps() {
    RingMembers half = at(30_000);
    assertFalse(half.awake(a), "A is awake 0-20 s: asleep at 30 s");
    assertTrue(half.awake(b), "B is awake 20-40 s: awake at 30 s");
    assertFalse(half.awake(c), "C is awake 40-70 s, i.e. 40-60 and 0-10: asleep at 30 s");
    assertFalse(half.awake(d), "D is OFF");
    assertTrue(half.awake(e), "E is ACTIVE");
    assertTrue(half.awake(s), "staging nodes are always awake");
    assertTrue(half.awake(u), "a node the schedule does not name counts as awake");
    RingMembers early = at(65_000);
    assertTrue(early.awake(a), "65 s is phase 5 s of the second interval: A awake");
    assertTrue(early.awake(c), "and C awake by its wrapped part, 0-10 s");
    assertFalse(early.awake(b), "B not before 20 s");
  }

  @Test
  void writableNeedsTheGuardLeftInTheWindow() {
    assertTrue(at(30_000).writable(b, 10_000),
        "B closes at 40 s: at 30 s exactly 10 s are left, enough for a 10 s guard");
    assertFalse(at(30_001).writable(b, 10_000), "at 30.001 s only 9.999 s are left");
    assertTrue(at(30_001).writable(b, 9_999), "which a 9.999 s guard accepts");
    assertFalse(at(30_000).writable(a, 1), "A is asleep: 0 ms left, less than a 1 ms guard");
    assertTrue(at(30_000).writable(a, 0),
        "with no guard at all WriteSlice counts every node writable, asleep or not (0 >= 0)");
    assertTrue(at(5_000).writable(c, 5_000),
        "C's wrapped window closes at 10 s: at 5 s, 5 s are left");
    assertFalse(at(5_000).writable(c, 5_001), "not 5.001 s");
    assertFalse(at(30_000).writable(d, 1), "D is OFF: never writable for a real guard");
    assertTrue(at(30_000).writable(s, Long.MAX_VALUE), "a staging node never closes");
    assertTrue(at(30_000).writable(u, Long.MAX_VALUE), "nor does an unnamed node");
  }

  @Test
  void replicasOnCountsOneToRingSize() {
    RingMembers ring = at(30_000);
    assertEquals(1, ring.replicasOn(0), "at least one replica");
    assertEquals(3, ring.replicasOn(3), "three fit a ring of six");
    assertEquals(6, ring.replicasOn(6), "one per ring node");
    assertEquals(6, ring.replicasOn(10), "the replicas beyond six go elsewhere");
  }

  @Test
  void stagingListsRegisteredStagingNodesInScheduleOrder() {
    DatanodeDescriptor s2 = dn(11, "/r3");
    topology.add(s2);
    // Schedule order S2, T, S; registration order S, then S2; T never registered.
    Schedule twoStaging = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(INTERVAL)
        .add(NodeSchedule.of(addr(1), NodeMode.ACTIVE))
        .add(NodeSchedule.staging(addr(11)))
        .add(NodeSchedule.staging(addr(10)))
        .add(NodeSchedule.staging(addr(9)))
        .build();
    RingMembers ring = RingMembers.of(twoStaging, new RingLayoutModel(1), topology, 0, null);
    assertEquals(List.of(s2, s), ring.staging(), "schedule order, T left out");
    assertEquals(-1, ring.indexOf(s2), "staging nodes stay off the ring");
  }

  @Test
  void overloadedComparesWithTheMeanOfTheInServiceNodesAtTheBuild() {
    a.setXceiverCount(1);
    b.setXceiverCount(10);
    c.setXceiverCount(1);
    d.setXceiverCount(0);
    e.setXceiverCount(100);
    s.setXceiverCount(2);
    u.setXceiverCount(4);
    // In service: A B C D S U (E is decommissioned), 18 xceivers: mean 3.
    RingMembers ring = at(30_000);
    assertTrue(ring.overloaded(b, 2), "factor 2: limit 6, B has 10");
    assertFalse(ring.overloaded(u, 2), "U has 4 <= 6");
    assertFalse(ring.overloaded(b, 4), "factor 4: limit 12");
    assertFalse(ring.overloaded(e, 0), "factor 0 (considerLoad off): nobody is overloaded");
    u.setXceiverCount(100);
    assertTrue(ring.overloaded(u, 2),
        "a node's own count is read now: U at 100 > 6, the mean still 3 as of the build");
    assertFalse(at(30_000).overloaded(b, 2),
        "a new build sees the mean (1+10+1+0+2+100)/6 = 19: limit 38, B's 10 is fine");
  }

  @Test
  void anIdleClusterHasNobodyOverloaded() {
    RingMembers ring = at(30_000); // every count 0: the mean is 0
    a.setXceiverCount(1);
    assertFalse(ring.overloaded(a, 2), "a limit of 2 x 0 never counts (HDFS's rule)");
  }

  @Test
  void theIndexIsReusedForLessThanASecondOfOneScheduleLayoutAndTopology() {
    RingMembers.Index built = at(30_000).index();
    assertSame(built, RingMembers.of(schedule, layout, topology, 30_999, built).index(),
        "999 ms later, same inputs: reused");
    assertNotSame(built, RingMembers.of(schedule, layout, topology, 31_000, built).index(),
        "1000 ms later: rebuilt");
    assertNotSame(built, RingMembers.of(schedule, layout, topology, 29_999, built).index(),
        "a clock that went back: rebuilt");
    Schedule equal = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(INTERVAL)
        .addAll(schedule.nodes()).build();
    assertEquals(schedule, equal, "an equal schedule");
    assertNotSame(built, RingMembers.of(equal, layout, topology, 30_001, built).index(),
        "but another object: rebuilt (the policy swaps the object on every change)");
    assertNotSame(built, RingMembers.of(schedule, new RingLayoutModel(6), topology, 30_001,
        built).index(), "another layout: rebuilt");
    topology.add(dn(6, "/r2"));
    RingMembers joined = RingMembers.of(schedule, layout, topology, 30_001, built);
    assertNotSame(built, joined.index(), "a DataNode joined (one leaf more): rebuilt");
    assertTrue(joined.fillable(5), "and F, registered now, fills position 5");
  }

  @Test
  void aSliceIsSharedUntilTheTimeLeavesIt() {
    // Guard 5 s at 34.5 s: B (5.5 s left) stays writable until 35 s and is not at 35.001 s;
    // A opens at 60 s, C at 40 s: the slice is [34.5 s, 35.001 s).
    RingMembers first = at(34_500);
    RingSlice slice = first.slice(5_000, 0);
    assertSame(slice, first.slice(5_000, 0), "the same key at the same time");
    RingMembers later = RingMembers.of(schedule, layout, topology, 35_000, first.index());
    assertSame(first.index(), later.index(), "500 ms later the index is reused");
    assertSame(slice, later.slice(5_000, 0), "35 s is still in the slice");
    assertNotSame(slice, later.slice(5_000, 2), "another load rule has its own slice");
    assertNotSame(slice, later.slice(4_000, 0), "so has another guard");
    RingMembers after = RingMembers.of(schedule, layout, topology, 35_001, first.index());
    RingSlice next = after.slice(5_000, 0);
    assertNotSame(slice, next, "35.001 s is past it: a new slice");
    assertFalse(next.usable()[1], "in which B can no longer take a 5 s write");
    assertSame(next, after.slice(5_000, 0), "the new slice replaces the old one in the cache");
  }

  @Test
  void atMostMaxSlicesKeysAreCached() {
    RingMembers.Index index = at(30_000).index();
    RingSlice firstKey = index.slice(new RingMembers.SliceKey(1, 0), 30_000);
    for (int g = 2; g <= RingMembers.MAX_SLICES; g++) {
      index.slice(new RingMembers.SliceKey(g, 0), 30_000);
    }
    RingMembers.SliceKey extra = new RingMembers.SliceKey(RingMembers.MAX_SLICES + 1, 0);
    assertNotSame(index.slice(extra, 30_000), index.slice(extra, 30_000),
        "the 65th key is computed for each decision, not kept");
    assertSame(firstKey, index.slice(new RingMembers.SliceKey(1, 0), 30_000),
        "the keys already kept still are");
  }

  @Test
  void anEmptyRingHasNoPositionsButStillItsStaging() {
    // The policy builds no layout for a schedule without ring nodes; the view itself still
    // answers for the staging and unnamed nodes.
    Schedule stagingOnly = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(INTERVAL)
        .add(NodeSchedule.staging(addr(9))).build();
    RingMembers ring = RingMembers.of(stagingOnly, null, topology, 0, null);
    assertEquals(0, ring.size(), "no ring node");
    assertEquals(0, ring.replicasOn(3), "so no replica is counted on the ring");
    assertEquals(-1, ring.indexOf(a), "A is unnamed here");
    assertTrue(ring.awake(a), "and so always awake");
    assertEquals(List.of(s), ring.staging(), "S is still the staging node");
    assertEquals(List.of(), ring.positionsOf(List.of(a, s, u)), "nobody has a position");
  }

  @Test
  void aBalancerTopologyOfPlainInfosFillsPositionsWithoutDescriptors() {
    // The Balancer's and Mover's topology holds plain DatanodeInfos, not descriptors.
    NetworkTopology plain = NetworkTopology.getInstance(new Configuration(false));
    DatanodeInfo pa = info(1, "/r1");
    DatanodeInfo ps = info(9, "/r3");
    plain.add(pa);
    plain.add(ps);
    RingMembers ring = RingMembers.of(schedule, layout, plain, 30_000, null);
    assertEquals(0, ring.indexOf(pa), "positions come from the transfer address");
    assertSame(pa, ring.info(0), "the info is the topology's");
    assertNull(ring.node(0), "but there is no descriptor");
    assertTrue(ring.fillable(0), "a plain in-service info fills its position");
    assertFalse(ring.fillable(1), "B is not in this topology");
    assertEquals(EnumSet.noneOf(StorageType.class), ring.storageTypes(0),
        "storage types are unknown without a descriptor");
    assertEquals(List.of(), ring.staging(), "staging nodes are listed only as descriptors");
  }

  private static DatanodeInfo info(int host, String rack) {
    return new DatanodeInfo.DatanodeInfoBuilder()
        .setNodeID(new DatanodeID("10.0.0." + host, "host" + host, "uuid-" + host, PORT, 9864,
            9865, 9867))
        .setNetworkLocation(rack).build();
  }
}
