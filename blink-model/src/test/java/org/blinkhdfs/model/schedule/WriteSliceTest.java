package org.blinkhdfs.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link WriteSlice}: the class comment's example by hand, the lease, and over seeds that every
 * instant of a slice gives the same answers as asking the schedule directly then.
 */
class WriteSliceTest {
  private static final int SEEDS = 500;
  private static final String A = "10.0.0.1:9866";
  private static final String B = "10.0.0.2:9866";
  private static final String C = "10.0.0.3:9866";
  private static final String UNNAMED = "10.0.0.99:9866";

  @Test
  void workedExample() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(100)
        .add(NodeSchedule.blink(A, 0, 50)).add(NodeSchedule.blink(B, 50, 50)).build();
    WriteSlice slice = WriteSlice.at(s, List.of(A, B), 10, 20);
    assertTrue(slice.writable(0));
    assertFalse(slice.writable(1));
    assertEquals(20, slice.fromMs());
    assertEquals(41, slice.untilMs());
    assertTrue(slice.covers(40));
    assertFalse(slice.covers(41));
    // At 41 A has 9 ms left: no longer writable; B wakes at 50, so the next slice ends there.
    WriteSlice next = WriteSlice.at(s, List.of(A, B), 10, 41);
    assertFalse(next.writable(0));
    assertFalse(next.writable(1));
    assertEquals(50, next.untilMs());
  }

  @Test
  void leaseEndMakesEveryoneWritable() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(100)
        .validUntilMs(70).add(NodeSchedule.blink(A, 0, 50))
        .add(NodeSchedule.of(C, NodeMode.OFF)).build();
    WriteSlice slice = WriteSlice.at(s, List.of(A, C, UNNAMED), 10, 55);
    assertFalse(slice.writable(0));
    assertFalse(slice.writable(1));
    assertTrue(slice.writable(2));
    assertEquals(70, slice.untilMs());
    WriteSlice after = WriteSlice.at(s, List.of(A, C), 10, 70);
    assertTrue(after.writable(0) && after.writable(1));
    assertEquals(Long.MAX_VALUE, after.untilMs());
  }

  /**
   * A window that runs past the lease end is not "awake forever" for a write: the scheduler
   * renews the lease before it ends, normally with the same pattern, and the node then sleeps at
   * its window's close. Lease 60, A awake [0, 80) of 100, guard 30: at 45 A has 35 ms of window
   * (writable until 50, when 30 are left); at 55 only 25 (not writable, although its window
   * outlasts the lease); from the lease end on everyone is writable.
   */
  @Test
  void aWindowRunningPastTheLeaseEndsWhereItsPatternEnds() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(100)
        .validUntilMs(60).add(NodeSchedule.blink(A, 0, 80)).build();
    assertEquals(35, s.remainingWindowMs(A, 45));
    assertEquals(Schedule.FOREVER, s.remainingActiveMs(A, 45), "readers: awake until expiry");
    WriteSlice at45 = WriteSlice.at(s, List.of(A), 30, 45);
    assertTrue(at45.writable(0));
    assertEquals(51, at45.untilMs());
    WriteSlice at55 = WriteSlice.at(s, List.of(A), 30, 55);
    assertFalse(at55.writable(0));
    assertFalse(WriteSlice.writableAt(s, A, 30, 55));
    assertEquals(60, at55.untilMs());
    assertTrue(WriteSlice.writableAt(s, A, 30, 60));
    assertEquals(Schedule.FOREVER, s.remainingWindowMs(A, 60));
  }

  @Test
  void everyInstantOfASliceAgreesWithTheSchedule() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random random = new Random(seed);
      long interval = 10 + random.nextInt(1000);
      long start = random.nextInt(5000);
      Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(start)
          .intervalMs(interval);
      if (random.nextInt(3) == 0) {
        b.validUntilMs(start + random.nextInt(4000));
      }
      List<String> nodes = new ArrayList<>();
      int n = 1 + random.nextInt(12);
      for (int i = 0; i < n; i++) {
        String node = "10.0.1." + (i + 1) + ":9866";
        nodes.add(node);
        switch (random.nextInt(5)) {
          case 0 -> b.add(NodeSchedule.of(node, NodeMode.ACTIVE));
          case 1 -> b.add(NodeSchedule.of(node, NodeMode.OFF));
          default -> b.add(NodeSchedule.blink(node, random.nextInt((int) interval),
              random.nextInt((int) interval + 1)));
        }
      }
      nodes.add(UNNAMED);
      Schedule s = b.build();
      long guard = random.nextInt((int) interval) - 2;
      long t = start + random.nextInt(6000) - 1000;
      for (int hop = 0; hop < 20; hop++) {
        WriteSlice slice = WriteSlice.at(s, nodes, guard, t);
        assertTrue(slice.untilMs() > t, "seed " + seed);
        long end = Math.min(slice.untilMs(), t + 3 * interval);
        for (int k = 0; k < 8; k++) {
          long probe = k == 0 ? end - 1 : t + (long) (random.nextDouble() * (end - t));
          for (int i = 0; i < nodes.size(); i++) {
            assertEquals(WriteSlice.writableAt(s, nodes.get(i), guard, probe),
                slice.writable(i), "seed " + seed + " node " + nodes.get(i) + " t " + t
                    + " probe " + probe + " until " + slice.untilMs());
          }
        }
        if (slice.untilMs() == Long.MAX_VALUE) {
          break;
        }
        t = slice.untilMs();
      }
    }
  }
}
