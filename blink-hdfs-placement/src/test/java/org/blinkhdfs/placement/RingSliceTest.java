package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.net.Node;
import org.blinkhdfs.layout.ring.FirstPositions;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * {@link RingSlice} on plain HDFS objects: the usable mask, the sleepers HDFS must exclude, the
 * writable ring nodes a stand-in is searched among, how long the slice holds, and the per-shape
 * cache of first positions. Every new block of the policy reads these, so a wrong mask or a slice
 * that outlives its answers would place replicas on sleeping nodes; each is checked against the
 * schedule by hand.
 *
 * <p>The schedule (interval 60 s from 0; the same as {@code RingMembersTest}'s):
 *
 * <pre>
 *   pos node  mode            awake (s of 60)     registered
 *   0   A     BLINK 0+20      [0, 20)             yes, /r1
 *   1   B     BLINK 20+20     [20, 40)            yes, /r2
 *   2   C     BLINK 40+30     [40, 60) + [0, 10)  yes, /r1 (window wraps)
 *   3   D     OFF             never               yes, /r2
 *   4   E     ACTIVE          always              yes, /r1, decommissioned
 *   5   F     ACTIVE          always              no
 *   -   S     staging         always              yes, /r3
 *   -   T     staging         always              no
 *   -   U     not named       always              yes, /r3
 * </pre>
 *
 * <p>Write guard 5 s throughout: a node is writable while at least 5 s of its window are left.
 */
class RingSliceTest extends RingFixture {
  static final long GUARD = 5_000;


  /** The class comment's schedule, with a lease ending at {@code validUntilMs} if positive. */
  private static Schedule schedule(long validUntilMs) {
    Schedule.Builder sb = ringSchedule();
    if (validUntilMs > 0) {
      sb.validUntilMs(validUntilMs);
    }
    return sb.build();
  }

  private RingMembers ring(Schedule sc, long nowMs) {
    return RingMembers.of(sc, new RingLayoutModel(Math.max(1, sc.ring().size())), topology,
        nowMs, null);
  }

  /** A fresh slice (not the index's cached one). */
  private RingSlice slice(Schedule sc, long nowMs, double loadFactor) {
    return new RingSlice(ring(sc, nowMs).index(), new RingMembers.SliceKey(GUARD, loadFactor),
        nowMs);
  }

  private static List<Integer> all(PrimitiveIterator.OfInt it) {
    List<Integer> out = new ArrayList<>();
    it.forEachRemaining((int p) -> out.add(p));
    return out;
  }

  @Test
  void atHalfPastOnlyBIsUsable() {
    RingSlice at30 = slice(schedule(0), 30_000, 0);
    // A asleep (0-20), B awake with 10 s left, C asleep (40-70), D OFF, E decommissioned,
    // F unregistered.
    assertArrayEquals(new boolean[] {false, true, false, false, false, false}, at30.usable(),
        "usable at 30 s");
    assertEquals(Set.of(a, c, d), at30.sleepers(),
        "registered named nodes that cannot take a write: A, C and D; not E (always on, its "
            + "service state is HDFS's check), not S (staging), not U (unnamed)");
    // B stops being writable at 35.001 s (4.999 s left), before C opens at 40 s and A at 60 s.
    assertTrue(at30.covers(30_000), "the slice starts at its instant");
    assertTrue(at30.covers(35_000), "35 s: B still has exactly 5 s");
    assertFalse(at30.covers(35_001), "35.001 s: B's answer changes");
    assertFalse(at30.covers(29_999), "nor does it reach back before its instant");
  }

  @Test
  void aWrappedWindowIsWritableOnlyWhileTheGuardFits() {
    RingSlice at5 = slice(schedule(0), 5_000, 0);
    // C is awake 40-70 s, i.e. 0-10 s of each interval: at 5 s it has exactly 5 s left.
    assertArrayEquals(new boolean[] {true, false, true, false, false, false}, at5.usable(),
        "A and C usable at 5 s");
    assertEquals(Set.of(b, d), at5.sleepers(), "B (opens at 20 s) and D sleep");
    assertFalse(at5.covers(5_001), "at 5.001 s C has 4.999 s left: the slice ends");
    RingSlice next = slice(schedule(0), 5_001, 0);
    assertArrayEquals(new boolean[] {true, false, false, false, false, false}, next.usable(),
        "only A at 5.001 s");
    assertEquals(Set.of(b, c, d), next.sleepers(), "C has joined the sleepers");
    // A, with 15 s left at 5 s, keeps 5 s until 15 s: the next slice is [5.001 s, 15.001 s).
    assertTrue(next.covers(15_000), "A still has 5 s at 15 s");
    assertFalse(next.covers(15_001), "and not at 15.001 s");
  }

  @Test
  void writableNearSkipsSleepersAndEmptyPositionsNearestFirst() {
    RingSlice at30 = slice(schedule(0), 30_000, 0);
    // Writable registered ring nodes at 30 s: B (1) and E (4); E's decommissioning is judged
    // by HDFS when the stand-in is taken, not here. Ring of 6: at most 3 hops either way.
    assertEquals(List.of(1, 4), all(at30.writableNear(0)),
        "from 0: +1 = B; -1 = F (empty); +2 = C, -2 = E");
    assertEquals(List.of(4, 1), all(at30.writableNear(3)), "from 3: +1 = E, then -2 = B");
    assertEquals(List.of(4, 4), all(at30.writableNear(1)),
        "from B itself: the position is not offered; E is 3 hops both ways, offered twice "
            + "as the plain search tries it");
  }

  @Test
  void theLoadRuleMasksOverloadedNodesOnly() {
    a.setXceiverCount(1);
    b.setXceiverCount(10);
    c.setXceiverCount(1);
    s.setXceiverCount(2);
    u.setXceiverCount(4);
    e.setXceiverCount(100); // decommissioned: not in the mean
    // Mean over A B C D S U: 18 / 6 = 3.
    assertFalse(slice(schedule(0), 30_000, 2).usable()[1], "factor 2: B's 10 > 6");
    assertTrue(slice(schedule(0), 30_000, 4).usable()[1], "factor 4: 10 <= 12");
    assertTrue(slice(schedule(0), 30_000, 0).usable()[1], "factor 0: considerLoad is off");
    RingSlice loaded = slice(schedule(0), 30_000, 2);
    assertEquals(Set.of(a, c, d), loaded.sleepers(), "an overloaded node is no sleeper");
    assertEquals(List.of(1, 4), all(loaded.writableNear(0)),
        "and may still be tried as a stand-in (the policy applies the load rule then)");
  }

  @Test
  void fromTheLeaseEndEveryNamedNodeIsWritable() {
    Schedule leased = schedule(32_000);
    RingSlice at30 = slice(leased, 30_000, 0);
    assertArrayEquals(new boolean[] {false, true, false, false, false, false}, at30.usable(),
        "before the lease end, as without one");
    assertTrue(at30.covers(31_999), "the slice reaches to the lease end");
    assertFalse(at30.covers(32_000), "which comes before B's 35.001 s");
    RingSlice expired = slice(leased, 32_000, 0);
    assertArrayEquals(new boolean[] {true, true, true, true, false, false}, expired.usable(),
        "everyone registered and in service, even OFF D; not E (decommissioned) or F");
    assertEquals(Set.of(), expired.sleepers(), "no sleepers");
    assertTrue(expired.covers(Long.MAX_VALUE - 1), "and that never changes");
  }

  @Test
  void aRingThatSleepsEntirelyHasNothingUsable() {
    Schedule allOff = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(INTERVAL)
        .add(NodeSchedule.of(addr(1), NodeMode.OFF))
        .add(NodeSchedule.of(addr(2), NodeMode.OFF))
        .add(NodeSchedule.of(addr(3), NodeMode.OFF))
        .add(NodeSchedule.staging(addr(9)))
        .build();
    RingSlice off = slice(allOff, 30_000, 0);
    assertArrayEquals(new boolean[] {false, false, false}, off.usable(), "nobody usable");
    assertEquals(Set.of(a, b, c), off.sleepers(), "the whole ring sleeps; S is awake");
    assertEquals(List.of(), all(off.writableNear(0)), "no stand-in on the ring");
    assertTrue(off.covers(Long.MAX_VALUE - 1), "OFF for good without a lease");
  }

  @Test
  void anEmptyRingHasAnEmptyMask() {
    Schedule stagingOnly = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(INTERVAL)
        .add(NodeSchedule.staging(addr(9))).build();
    RingSlice empty = slice(stagingOnly, 30_000, 0);
    assertEquals(0, empty.usable().length, "no positions");
    assertEquals(Set.of(), empty.sleepers(), "the staging node is always writable");
    assertFalse(empty.writableNear(0).hasNext(), "nothing to search");
  }

  @Test
  void firstPositionsAreScoredOncePerRequestShape() {
    RingMembers ring = ring(schedule(0), 30_000);
    RingSlice slice = ring.slice(GUARD, 0);
    EnumMap<StorageType, Integer> disk2 = new EnumMap<>(StorageType.class);
    disk2.put(StorageType.DISK, 2);
    RingNewBlockView view = new RingNewBlockView(ring, slice, disk2, 2, -1, new Random(1));
    AtomicInteger scans = new AtomicInteger();
    Supplier<FirstPositions> scan = () -> {
      scans.incrementAndGet();
      return FirstPositions.scan(new int[] {0, 3}, 2, view);
    };
    FirstPositions first = slice.firstPositions(new int[] {0, 3}, 2, disk2, 2, scan);
    // Score takeable * 3 + fillable of {f, f + 3}: only B (1) is usable; A B C D are in
    // service. {1, 4} and {4, 1}: 1 * 3 + 1 = 4 (E out); {0, 3}: 0 + 2; {2, 5}: 0 + 1.
    assertEquals(List.of(1, 4), first.best(), "the layouts holding B");
    assertEquals(1, scans.get(), "scored on first use");
    EnumMap<StorageType, Integer> sameTypes = new EnumMap<>(StorageType.class);
    sameTypes.put(StorageType.DISK, 2);
    assertSame(first, slice.firstPositions(new int[] {0, 3}, 2, sameTypes, 2, scan),
        "equal offsets, replicas, types and rack maximum: the kept value");
    assertEquals(1, scans.get(), "not scored again");
    disk2.put(StorageType.DISK, 3); // the caller's map changing does not change the key kept
    slice.firstPositions(new int[] {0, 3}, 2, disk2, 2, scan);
    assertEquals(2, scans.get(), "three DISK replicas are another shape");
    slice.firstPositions(new int[] {0, 3}, 2, sameTypes, 1, scan);
    assertEquals(3, scans.get(), "so is another rack maximum");
    slice.firstPositions(new int[] {0, 2}, 2, sameTypes, 2, scan);
    assertEquals(4, scans.get(), "and other offsets");
    assertSame(first, slice.firstPositions(new int[] {0, 3}, 2, sameTypes, 2, scan),
        "the first shape is still kept");
    assertEquals(4, scans.get(), "without a scan");
  }

  @Test
  void atMostMaxShapesAreKept() {
    RingSlice slice = slice(schedule(0), 30_000, 0);
    EnumMap<StorageType, Integer> disk = new EnumMap<>(StorageType.class);
    disk.put(StorageType.DISK, 1);
    AtomicInteger scans = new AtomicInteger();
    FirstPositions value = FirstPositions.scan(new int[] {0}, 1,
        new RingNewBlockView(ring(schedule(0), 30_000), slice, disk, 1, -1, new Random(1)));
    Supplier<FirstPositions> scan = () -> {
      scans.incrementAndGet();
      return value;
    };
    for (int rackMax = 1; rackMax <= RingSlice.MAX_SHAPES; rackMax++) {
      slice.firstPositions(new int[] {0}, 1, disk, rackMax, scan);
    }
    assertEquals(RingSlice.MAX_SHAPES, scans.get(), "64 shapes, 64 scans");
    int extra = RingSlice.MAX_SHAPES + 1;
    slice.firstPositions(new int[] {0}, 1, disk, extra, scan);
    slice.firstPositions(new int[] {0}, 1, disk, extra, scan);
    assertEquals(RingSlice.MAX_SHAPES + 2, scans.get(), "the 65th is scored every time");
    slice.firstPositions(new int[] {0}, 1, disk, 1, scan);
    assertEquals(RingSlice.MAX_SHAPES + 2, scans.get(), "the first 64 stay kept");
  }

  @Test
  void theSleepersSetIsReadOnly() {
    Set<Node> sleepers = slice(schedule(0), 30_000, 0).sleepers();
    assertThrows(UnsupportedOperationException.class, () -> sleepers.add(u),
        "the set is shared by every decision of the slice");
  }
}
