package org.blinkhdfs.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.ReadOrder;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

class ReadWaitTest {
  static final long START = 1_790_000_000_000L;
  static final long INTERVAL = 60_000;
  static final long MIN = 1_000;
  static final long MARGIN = 2_000;
  static final String A = "10.0.0.1:9866";
  static final String B = "10.0.0.2:9866";
  static final String C = "10.0.0.3:9866";

  static Schedule schedule(NodeSchedule... nodes) {
    return Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(INTERVAL)
        .addAll(List.of(nodes)).build();
  }

  static long waitAt(Schedule s, long phaseMs, String... replicas) {
    return ReadWait.waitMs(s, List.of(replicas), START + phaseMs, MIN, MARGIN);
  }

  @Test
  void asleepUntilPhase30AtPhase10WaitsTwentySeconds() {
    Schedule s = schedule(NodeSchedule.blink(A, 30_000, 20_000),
        NodeSchedule.blink(B, 30_000, 10_000));
    assertEquals(20_000, waitAt(s, 10_000, A, B));
    assertEquals(20_000, waitAt(s, 10_000 + 5 * INTERVAL, A, B), "every interval alike");
  }

  @Test
  void anyUsableReplicaMeansNoWait() {
    Schedule s = schedule(NodeSchedule.blink(A, 30_000, 20_000), NodeSchedule.blink(B, 0, 20_000));
    assertEquals(0, waitAt(s, 10_000, A, B));
    assertEquals(0, waitAt(s, 10_000, A, C), "a node the schedule does not name is awake");
    Schedule active = schedule(NodeSchedule.of(A, NodeMode.ACTIVE));
    assertEquals(0, waitAt(active, 59_999, A));
  }

  @Test
  void awakeWithTooLittleLeftWaitsForItsNextWindow() {
    // A awake [0, 10 500): at phase 10 000 it has 500 ms left, less than the 1 000 ms minimum,
    // so its next usable moment is the next opening, at phase 60 000: 50 000 ms away.
    Schedule s = schedule(NodeSchedule.blink(A, 0, 10_500));
    assertEquals(50_000, waitAt(s, 10_000, A));
    // With exactly the minimum left it is usable now.
    assertEquals(0, waitAt(s, 9_500, A));
    // Another replica that wakes sooner wins.
    Schedule both = schedule(NodeSchedule.blink(A, 0, 10_500),
        NodeSchedule.blink(B, 30_000, 5_000));
    assertEquals(20_000, waitAt(both, 10_000, A, B));
  }

  @Test
  void windowsShorterThanTheMinimumNeverQualify() {
    Schedule s = schedule(NodeSchedule.blink(A, 30_000, 500), NodeSchedule.blink(B, 40_000, 5_000));
    assertEquals(30_000, waitAt(s, 10_000, A, B), "A's 500 ms windows are skipped");
    assertEquals(INTERVAL + MARGIN, waitAt(s, 10_000, A), "only A: the bound");
  }

  @Test
  void allOffWaitsTheBound() {
    Schedule s = schedule(NodeSchedule.of(A, NodeMode.OFF), NodeSchedule.of(B, NodeMode.OFF));
    assertEquals(INTERVAL + MARGIN, ReadWait.boundMs(s, MARGIN));
    assertEquals(INTERVAL + MARGIN, waitAt(s, 10_000, A, B));
  }

  @Test
  void noScheduleOrNoReplicasMeansNoWait() {
    assertEquals(0, ReadWait.waitMs(null, List.of(A, B), START, MIN, MARGIN));
    Schedule s = schedule(NodeSchedule.of(A, NodeMode.OFF));
    assertEquals(0, ReadWait.waitMs(s, List.of(), START, MIN, MARGIN));
  }

  @Test
  void theLeaseEndWakesEveryone() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(INTERVAL)
        .validUntilMs(START + 15_000).add(NodeSchedule.of(A, NodeMode.OFF))
        .add(NodeSchedule.blink(B, 30_000, 500)).build();
    assertEquals(5_000, waitAt(s, 10_000, A, B));
    assertEquals(0, waitAt(s, 15_000, A, B), "expired: everyone awake");
  }

  @Test
  void aShortWindowRunningIntoTheLeaseEndIsUsable() {
    // B's window [14 800, 15 300) is too short, but it reaches the lease end at 15 000, after
    // which B counts as awake for good: usable from 14 800.
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(INTERVAL)
        .validUntilMs(START + 15_000).add(NodeSchedule.blink(B, 14_800, 500)).build();
    assertEquals(4_800, waitAt(s, 10_000, B));
  }

  // ---- a reader that sleeps with its own host ------------------------------------------------

  @Test
  void theClassJavadocsStaggeredExampleByHand() {
    // Interval 6 s, minimum 0.5 s, margin 2 s, now = phase 0. Reader R awake [0, 2 250).
    // Replica A awake [2 670, 4 920): alone, A is usable in 2 670 ms, but R sleeps then; R's next
    // window [6 000, 8 250) has A asleep, and the bound (8 000 ms) passes first: no joint time,
    // so the wait falls back to A alone, 2 670 ms.
    // Replica B awake [1 330, 3 580): at 1 330 both are usable (R has 920 ms left): 1 330 ms.
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(START).intervalMs(6_000)
        .add(NodeSchedule.blink(C, 0, 2_250)).add(NodeSchedule.blink(A, 2_670, 2_250))
        .add(NodeSchedule.blink(B, 1_330, 2_250)).build();
    assertEquals(2_670, ReadWait.waitMs(s, List.of(A), C, START, 500, MARGIN));
    assertEquals(Long.MAX_VALUE, ReadWait.untilJointlyUsableMs(s, C, A, START, 500, 8_000));
    assertEquals(1_330, ReadWait.waitMs(s, List.of(B), C, START, 500, MARGIN));
    assertEquals(1_330, ReadWait.waitMs(s, List.of(A, B), C, START, 500, MARGIN));
    assertEquals(1_330, ReadWait.waitMs(s, List.of(A, B), START, 500, MARGIN),
        "without the reader, B is first anyway");
    // At phase 2 000 R has 250 ms left (too little): the next joint time is R's next window,
    // phase 6 000, where B sleeps until 7 330: 5 330 ms. Without the reader B is usable now.
    assertEquals(5_330, ReadWait.waitMs(s, List.of(B), C, START + 2_000, 500, MARGIN));
    assertEquals(0, ReadWait.waitMs(s, List.of(B), START + 2_000, 500, MARGIN));
  }

  @Test
  void aReaderTheScheduleDoesNotNameIsAlwaysAwake() {
    Schedule s = schedule(NodeSchedule.blink(A, 30_000, 20_000));
    assertEquals(20_000, ReadWait.waitMs(s, List.of(A), "10.9.9.9:9866", START + 10_000, MIN,
        MARGIN));
    assertEquals(20_000, ReadWait.waitMs(s, List.of(A), null, START + 10_000, MIN, MARGIN));
  }

  @Test
  void jointWaitsAreEarliestOverRandomSchedules() {
    forSeeds(300, 20_000, (seed, rnd, b, interval) -> {
      String reader = "10.2.0.99:9866";
      b.add(NodeSchedule.blink(reader, rnd.nextInt((int) interval),
          1 + rnd.nextInt((int) interval)));
      List<String> replicas = new ArrayList<>();
      for (int i = 0, n = 1 + rnd.nextInt(4); i < n; i++) {
        String node = "10.2.0." + i + ":9866";
        replicas.add(node);
        b.add(rnd.nextInt(8) == 0 ? NodeSchedule.of(node, NodeMode.OFF)
            : NodeSchedule.blink(node, rnd.nextInt((int) interval),
                1 + rnd.nextInt((int) interval)));
      }
      Draw d = Draw.of(seed, b.build(), rnd, START, 3 * interval, interval / 4, 2_000);
      Schedule s = d.s();
      long now = d.now();
      long min = d.min();
      long bound = d.bound();
      String ctx = d.ctx();
      long joint = Long.MAX_VALUE;
      for (String r : replicas) {
        joint = Math.min(joint, ReadWait.untilJointlyUsableMs(s, reader, r, now, min, bound));
      }
      // Brute force, 1 ms steps: the first instant where the reader and a replica are usable.
      long brute = Long.MAX_VALUE;
      for (long w = 0; w <= bound && brute == Long.MAX_VALUE; w++) {
        if (ReadOrder.key(s, reader, now + w, min).usableNow()
            && anyUsable(s, replicas, now + w, min)) {
          brute = w;
        }
      }
      assertEquals(brute, joint, ctx);
      long wait = ReadWait.waitMs(s, replicas, reader, now, min, d.margin());
      long alone = ReadWait.waitMs(s, replicas, now, min, d.margin());
      assertEquals(joint == Long.MAX_VALUE ? alone : joint, wait, ctx);
    });
  }

  // ---- properties over random schedules ------------------------------------------------------

  @Test
  void propertiesHoldForRandomSchedules() {
    forSeeds(200, 120_000, (seed, rnd, b, interval) -> {
      if (rnd.nextInt(4) == 0) {
        b.validUntilMs(START + 1 + rnd.nextInt((int) (3 * interval)));
      }
      int n = 1 + rnd.nextInt(5);
      List<String> replicas = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        String node = "10.1.0." + i + ":9866";
        replicas.add(node);
        int kind = rnd.nextInt(10);
        if (kind == 0) {
          b.add(NodeSchedule.of(node, NodeMode.OFF));
        } else if (kind == 1) {
          b.add(NodeSchedule.of(node, NodeMode.ACTIVE));
        } else if (kind != 2) { // kind 2: not named, i.e. awake
          b.add(NodeSchedule.blink(node, rnd.nextInt((int) interval),
              rnd.nextInt((int) interval + 1)));
        }
      }
      Draw d = Draw.of(seed, b.build(), rnd, START - interval, 4 * interval, interval / 2,
          5_000);
      Schedule s = d.s();
      long now = d.now();
      long min = d.min();
      long margin = d.margin();
      long bound = d.bound();
      String ctx = d.ctx();

      long wait = ReadWait.waitMs(s, replicas, now, min, margin);
      assertTrue(wait >= 0 && wait <= bound, ctx + ": wait " + wait + " within " + bound);
      assertEquals(anyUsable(s, replicas, now, min), wait == 0, ctx + ": wait " + wait);
      if (wait < bound) {
        assertTrue(anyUsable(s, replicas, now + wait, min), ctx + ": usable after " + wait);
      }
      for (int k = 0; k < 20 && wait > 0; k++) {
        long earlier = now + (long) (rnd.nextDouble() * wait);
        assertFalse(anyUsable(s, replicas, earlier, min), ctx + ": usable before the wait ends, at "
            + earlier + " (wait " + wait + ")");
      }
      assertFalse(anyUsable(s, replicas, now + wait - 1, min) && wait > 0, ctx + ": earliest");
    });
  }

  /** One seeded case: its seed, its generator, and a builder whose interval is already drawn. */
  @FunctionalInterface
  private interface SeedCase {
    void run(long seed, Random rnd, Schedule.Builder b, long interval);
  }

  /** Runs {@code c} for seeds 0..seeds-1, each with an interval of 1 s plus up to extraMs. */
  private static void forSeeds(int seeds, int extraMs, SeedCase c) {
    for (long seed = 0; seed < seeds; seed++) {
      Random rnd = new Random(seed);
      Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(START)
          .intervalMs(1_000 + rnd.nextInt(extraMs));
      c.run(seed, rnd, b, b.build().intervalMs());
    }
  }

  /** A read's random moment and thresholds for one seeded schedule, with a context line. */
  private record Draw(Schedule s, long now, long min, long margin, long bound, String ctx) {
    static Draw of(long seed, Schedule s, Random rnd, long nowFrom, long nowSpan, long minMax,
        int marginMax) {
      long now = nowFrom + (long) (rnd.nextDouble() * nowSpan);
      long min = rnd.nextInt((int) minMax + 1);
      long margin = rnd.nextInt(marginMax);
      return new Draw(s, now, min, margin, ReadWait.boundMs(s, margin),
          "seed " + seed + " " + s + " now " + now + " min " + min);
    }
  }

  private static boolean anyUsable(Schedule s, List<String> replicas, long t, long min) {
    for (String r : replicas) {
      if (ReadOrder.key(s, r, t, min).usableNow()) {
        return true;
      }
    }
    return false;
  }
}
