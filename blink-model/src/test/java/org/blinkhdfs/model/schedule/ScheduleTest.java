package org.blinkhdfs.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScheduleTest {
  static final long START = 1_790_000_000_000L;

  /** A: [0,20s), B: [20s,40s), C: [50s,60s)+[0,10s) (wraps), D ACTIVE, E OFF, S staging. */
  static Schedule sample() {
    return Schedule.builder().epoch(42).intervalStartMs(START).intervalMs(60_000)
        .add(NodeSchedule.blink("10.0.0.11:9866", 0, 20_000))
        .add(NodeSchedule.blink("10.0.0.12:9866", 20_000, 20_000))
        .add(NodeSchedule.blink("10.0.0.13:9866", 50_000, 20_000))
        .add(NodeSchedule.of("10.0.0.14:9866", NodeMode.ACTIVE))
        .add(NodeSchedule.of("10.0.0.15:9866", NodeMode.OFF))
        .add(NodeSchedule.staging("10.0.0.20:9866"))
        .build();
  }

  static final String A = "10.0.0.11:9866";
  static final String B = "10.0.0.12:9866";
  static final String C = "10.0.0.13:9866";
  static final String D = "10.0.0.14:9866";
  static final String E = "10.0.0.15:9866";

  @Test
  void awakeFollowsWindowsAndWraps() {
    Schedule s = sample();
    assertTrue(s.isAwake(A, START));
    assertFalse(s.isAwake(A, START + 20_000)); // half-open
    assertTrue(s.isAwake(B, START + 20_000));
    assertTrue(s.isAwake(C, START + 5_000)); // wrapped part
    assertTrue(s.isAwake(C, START + 55_000));
    assertFalse(s.isAwake(C, START + 30_000));
    assertTrue(s.isAwake(D, START + 30_000));
    assertFalse(s.isAwake(E, START + 30_000));
    assertTrue(s.isAwake("unknown:1", START + 30_000)); // unnamed = ACTIVE
    // The pattern repeats every interval, also before the start.
    assertTrue(s.isAwake(B, START + 10 * 60_000 + 25_000));
    assertTrue(s.isAwake(A, START - 60_000 + 1));
  }

  @Test
  void remainingAndNextWake() {
    Schedule s = sample();
    assertEquals(15_000, s.remainingActiveMs(A, START + 5_000));
    assertEquals(5_000, s.remainingActiveMs(C, START + 5_000));
    assertEquals(15_000, s.remainingActiveMs(C, START + 55_000));
    assertEquals(0, s.remainingActiveMs(A, START + 30_000));
    assertEquals(Schedule.FOREVER, s.remainingActiveMs(D, START));
    assertEquals(START + 60_000, s.nextWakeMs(A, START + 30_000));
    assertEquals(START + 50_000, s.nextWakeMs(C, START + 30_000));
    assertEquals(START + 7, s.nextWakeMs(A, START + 7));
    assertEquals(Long.MAX_VALUE, s.nextWakeMs(E, START));
  }

  @Test
  void awakeSetAndOverlap() {
    Schedule s = sample();
    assertEquals(Set.of(A, C, D, "10.0.0.20:9866"), s.awakeAt(START + 5_000));
    assertEquals(Set.of(B, D, "10.0.0.20:9866"), s.awakeAt(START + 30_000));
    assertEquals(0, s.overlapMs(A, B));
    assertEquals(10_000, s.overlapMs(A, C)); // [0,10s)
    assertEquals(20_000, s.overlapMs(A, D));
    assertEquals(0, s.overlapMs(A, E));
    assertEquals(List.of(A, B, C, D, E), s.ring());
    assertEquals(List.of("10.0.0.20:9866"), s.stagingNodes());
  }

  @Test
  void leaseExpiryWakesEveryone() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(60_000)
        .validUntilMs(START + 90_000)
        .add(NodeSchedule.blink(A, 0, 20_000)).add(NodeSchedule.of(E, NodeMode.OFF)).build();
    assertFalse(s.isExpired(START + 89_999));
    assertTrue(s.isExpired(START + 90_000));
    assertFalse(s.isAwake(E, START + 89_999));
    assertTrue(s.isAwake(E, START + 90_000));
    assertTrue(s.isAwake(A, START + 90_000 + 30_000));
    // OFF wakes at the lease end; A's next window would open at 120 s, the lease ends at 90 s.
    assertEquals(START + 90_000, s.nextWakeMs(E, START));
    assertEquals(START + 90_000, s.nextWakeMs(A, START + 85_000));
    // A's window [60s,80s) ends before the lease: 10 s left at 70 s.
    assertEquals(10_000, s.remainingActiveMs(A, START + 70_000));
    // Lease ending inside a window: the node stays awake from then on.
    Schedule tight = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(60_000)
        .validUntilMs(START + 10_000).add(NodeSchedule.blink(A, 0, 20_000)).build();
    assertEquals(Schedule.FOREVER, tight.remainingActiveMs(A, START + 5_000));
  }

  @Test
  void validationNamesTheField() {
    assertField("nodes[1].node", () -> base().add(NodeSchedule.blink(A, 0, 1))
        .add(NodeSchedule.blink(A, 5, 1)).build());
    assertField("nodes[0].activeOffsetMs", () -> base().add(NodeSchedule.blink(A, 60_000, 1))
        .build());
    assertField("nodes[0].activeMs", () -> base().add(NodeSchedule.blink(A, 0, 60_001)).build());
    assertField("nodes[0].activeMs", () -> base().add(NodeSchedule.blink(A, 0, -1)).build());
    assertField("intervalMs", () -> Schedule.builder().intervalMs(0).build());
    assertField("epoch", () -> base().epoch(-1).build());
    assertField("validUntilMs", () -> base().validUntilMs(START).build());
    assertField("nodes[0].node", () -> base().add(NodeSchedule.blink("nohost", 0, 1)).build());
    assertField("nodes[0].node", () -> base().add(NodeSchedule.blink("h:99999", 0, 1)).build());
  }

  private static Schedule.Builder base() {
    return Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(60_000);
  }

  private static void assertField(String field, Runnable r) {
    InvalidScheduleException e = assertThrows(InvalidScheduleException.class, r::run);
    assertEquals(field, e.field(), e.getMessage());
  }

  /**
   * The phase reuses the last interval it computed: times in any order (forward within an
   * interval, across intervals, backwards, before the start) give floorMod's answer.
   */
  @Test
  void phaseMatchesFloorModInAnyOrderOverSeeds() {
    for (long seed = 0; seed < 100; seed++) {
      java.util.Random rnd = new java.util.Random(seed);
      long start = 1_790_000_000_000L + rnd.nextInt(100_000);
      long interval = 1 + rnd.nextInt(60_000);
      Schedule s = Schedule.builder().epoch(1).intervalStartMs(start).intervalMs(interval)
          .add(NodeSchedule.blink("a:1", 0, interval)).build();
      long t = start + rnd.nextInt(1_000_000) - 500_000;
      for (int i = 0; i < 200; i++) {
        t += rnd.nextInt(4) == 0 ? -rnd.nextInt(3 * (int) interval) : rnd.nextInt(200);
        assertEquals(Math.floorMod(t - start, interval), s.phaseMs(t), "seed " + seed);
      }
      assertEquals(0, s.phaseMs(start + 7 * interval));
      assertEquals(interval - 1, s.phaseMs(start - 1));
    }
  }
}
