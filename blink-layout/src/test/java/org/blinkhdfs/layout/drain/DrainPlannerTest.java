package org.blinkhdfs.layout.drain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** The drain planner's rules (class comment), exact cases and a simulated drain over seeds. */
class DrainPlannerTest {
  private static final long MB = 1_000_000;
  private static final String T = "10.0.0.1:9866";
  private static final String U = "10.0.0.2:9866";
  private static final String S = "10.0.0.9:9866";
  /** t awake [0, 4 s), u awake [5 s, 9 s) of each 10 s interval; staging s always awake. */
  private static final Schedule SCHEDULE = Schedule.builder().intervalStartMs(0)
      .intervalMs(10_000).add(NodeSchedule.blink(T, 0, 4000))
      .add(NodeSchedule.blink(U, 5000, 4000)).add(NodeSchedule.staging(S)).build();

  private static DrainSettings settings(Consistency mode) {
    return new DrainSettings(2, 4, 8, 10 * MB, 0, mode, 3, 5000);
  }

  private static DrainMove move(long id, long bytes, String target, long writtenAtMs) {
    return new DrainMove(id, bytes, target, S, List.of(S), "DISK", writtenAtMs);
  }

  @Test
  void theClassCommentsExampleACopyStartsOnlyIfTheWindowHoldsIt() {
    DrainPlanner planner = new DrainPlanner(settings(Consistency.WEAK));
    DrainMove m = move(1, 20 * MB, T, 0);
    DrainPlan at1 = planner.plan(1000, SCHEDULE, List.of(m), List.of());
    assertEquals(List.of(new DrainStart(m, S)), at1.start());
    DrainPlan at25 = planner.plan(2500, SCHEDULE, List.of(m), List.of());
    assertEquals(List.of(), at25.start());
    assertEquals(1, at25.tooShort());
    assertEquals(10_000, at25.nextPlanMs());
  }

  @Test
  void aSecondCopyIntoATargetMustFitItsWindowAtHalfTheRate() {
    // At 1 s t has 3 s left: one 12 MB copy alone needs 1.2 s, two side by side 2.4 s each,
    // three 3.6 s: the third waits for the next window.
    List<DrainMove> three = List.of(move(1, 12 * MB, T, 0), move(2, 12 * MB, T, 1),
        move(3, 12 * MB, T, 2));
    DrainPlan plan = new DrainPlanner(new DrainSettings(8, 8, 8, 10 * MB, 0, Consistency.WEAK,
        1, 5000)).plan(1000, SCHEDULE, three, List.of());
    assertEquals(List.of(1L, 2L), plan.start().stream().map(s -> s.move().blockId()).toList());
    assertEquals(1, plan.tooShort());
  }

  @Test
  void anAsleepTargetWaitsForItsWindowAndStrongModeAsksForOneOnce() {
    DrainMove m = move(1, MB, T, 0);
    DrainPlan weak = new DrainPlanner(settings(Consistency.WEAK))
        .plan(4500, SCHEDULE, List.of(m), List.of());
    assertEquals(List.of(), weak.start());
    assertEquals(List.of(), weak.wake());
    assertEquals(1, weak.asleep());
    assertEquals(10_000, weak.nextPlanMs());
    DrainPlanner strong = new DrainPlanner(settings(Consistency.STRONG));
    assertEquals(List.of(T), strong.plan(4500, SCHEDULE, List.of(m), List.of()).wake());
    assertEquals(List.of(), strong.plan(6000, SCHEDULE, List.of(m), List.of()).wake());
    assertEquals(List.of(T), strong.plan(9500, SCHEDULE, List.of(m), List.of()).wake());
  }

  @Test
  void batchesPerTargetOldestFirstWithinTheLimits() {
    DrainPlanner planner = new DrainPlanner(settings(Consistency.WEAK));
    List<DrainMove> pending = List.of(move(5, MB, T, 300), move(6, MB, T, 100),
        move(7, MB, T, 200), move(8, MB, U, 0));
    DrainPlan plan = planner.plan(0, SCHEDULE, pending, List.of());
    assertEquals(List.of(6L, 7L), plan.start().stream().map(s -> s.move().blockId()).toList());
    DrainPlan busy = planner.plan(0, SCHEDULE, pending, plan.start());
    assertEquals(List.of(), busy.start(), "two copies into t already run");
    assertEquals(1, busy.asleep(), "u sleeps at 0");
  }

  @Test
  void theStandInServesWhenItCanElseTheHolderAwakeLongest() {
    DrainPlanner planner = new DrainPlanner(settings(Consistency.WEAK));
    // Target u at 5 s; the stand-in t sleeps then, s is always awake.
    DrainMove m = new DrainMove(1, MB, U, T, List.of(T, S), "DISK", 0);
    assertEquals(S, planner.plan(5000, SCHEDULE, List.of(m), List.of()).start().get(0).source());
    DrainMove n = new DrainMove(2, MB, T, U, List.of(S, U), "DISK", 0);
    assertEquals(S, planner.plan(0, SCHEDULE, List.of(n), List.of()).start().get(0).source());
    DrainMove o = new DrainMove(3, MB, T, S, List.of(U, S), "DISK", 0);
    assertEquals(S, planner.plan(0, SCHEDULE, List.of(o), List.of()).start().get(0).source());
  }

  @Test
  void anotherMovesStandInOfTheSameBlockIsNeverTheSource() {
    DrainPlanner planner = new DrainPlanner(settings(Consistency.WEAK));
    // Block 1 has two stand-ins: s, replaced by t, and u, replaced by v (unnamed: always
    // awake). At 1 s u sleeps, and the move into v must not read from s, which HDFS deletes
    // when the move into t ends.
    String v = "10.0.0.3:9866";
    DrainMove intoT = new DrainMove(1, MB, T, S, List.of(S, U), "DISK", 0);
    DrainMove intoV = new DrainMove(1, MB, v, U, List.of(S, U), "DISK", 0);
    DrainPlan plan = planner.plan(1000, SCHEDULE, List.of(intoT, intoV), List.of());
    assertEquals(List.of(new DrainStart(intoT, S)), plan.start(),
        "into v: its stand-in u sleeps and s is doomed, so it waits");
  }

  @Test
  void aPeriodicDrainWaitsForItsThresholdThenEmptiesTheBacklog() {
    DrainPlanner planner = new DrainPlanner(settings(Consistency.PERIODIC));
    List<DrainMove> two = List.of(move(1, MB, T, 0), move(2, MB, T, 0));
    DrainPlan held = planner.plan(0, SCHEDULE, two, List.of());
    assertEquals(2, held.held());
    assertEquals(List.of(), held.start());
    List<DrainMove> three = List.of(move(1, MB, T, 0), move(2, MB, T, 0), move(3, MB, T, 0));
    assertEquals(2, planner.plan(0, SCHEDULE, three, List.of()).start().size());
    assertTrue(planner.periodicDraining());
    assertEquals(1, planner.plan(0, SCHEDULE, List.of(move(3, MB, T, 0)), List.of()).start()
        .size(), "below the threshold, the started drain goes on");
    planner.plan(0, SCHEDULE, List.of(), List.of());
    assertEquals(false, planner.periodicDraining());
  }

  @Test
  void badSettingsAndModesAreNamed() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Consistency.parse("blink.proxy.consistency", "eventual"));
    assertTrue(e.getMessage().contains("blink.proxy.consistency = 'eventual'"), e.getMessage());
    assertEquals(Consistency.STRONG, Consistency.parse("k", " Strong "));
    assertThrows(IllegalArgumentException.class,
        () -> new DrainSettings(0, 1, 1, 1, 0, Consistency.WEAK, 1, 1));
    assertEquals(2100, new DrainSettings(1, 1, 1, 10 * MB, 100, Consistency.WEAK, 1, 1)
        .copyMs(20 * MB));
    // Three copies share the target's 10 MB/s: 20 MB then takes 6 s, plus the setup.
    assertEquals(6100, new DrainSettings(1, 1, 1, 10 * MB, 100, Consistency.WEAK, 1, 1)
        .copyMs(20 * MB, 3));
  }

  /**
   * A drain simulated over seeds: a staggered ring (random window length), a burst of moves from
   * one staging node, copies that take exactly their estimate. Every copy runs inside its
   * target's and its source's windows, no limit is ever exceeded, every move starts once, and
   * with windows of at least a quarter interval everything is in place within two intervals.
   */
  @Test
  void simulatedDrainsStayInsideWindowsAndFinishOverSeeds() {
    for (int seed = 0; seed < 200; seed++) {
      Random random = new Random(seed);
      int n = 3 + random.nextInt(8);
      long interval = 10_000;
      long active = interval / 4 + random.nextInt((int) (interval * 3 / 4));
      Schedule.Builder b = Schedule.builder().intervalStartMs(0).intervalMs(interval);
      List<String> ring = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        ring.add("10.0.1." + i + ":9866");
        b.add(NodeSchedule.blink(ring.get(i), (interval - active) * i / Math.max(1, n - 1),
            active));
      }
      Schedule schedule = b.add(NodeSchedule.staging(S)).build();
      DrainSettings s = new DrainSettings(1 + random.nextInt(3), 2 + random.nextInt(6),
          3 + random.nextInt(10), 10 * MB, random.nextInt(200), Consistency.WEAK, 1, 1000);
      List<DrainMove> pending = new ArrayList<>();
      int moves = 1 + random.nextInt(40);
      for (int i = 0; i < moves; i++) {
        pending.add(move(i, random.nextInt((int) MB), ring.get(random.nextInt(n)), 0));
      }
      long done = simulate(new DrainPlanner(s), schedule, pending, s, seed);
      assertTrue(done <= 2 * interval, "seed " + seed + ": drained at " + done);
    }
  }

  /** Runs the planner as the proxy would; returns when the last copy finished. */
  private static long simulate(DrainPlanner planner, Schedule schedule, List<DrainMove> pending,
      DrainSettings s, int seed) {
    PriorityQueue<long[]> finishing = new PriorityQueue<>((x, y) -> Long.compare(x[0], y[0]));
    Map<Long, DrainStart> running = new HashMap<>();
    Set<Long> started = new HashSet<>();
    long now = 0;
    long last = 0;
    while (!pending.isEmpty() || !running.isEmpty()) {
      while (!finishing.isEmpty() && finishing.peek()[0] <= now) {
        running.remove(finishing.poll()[1]);
      }
      if (pending.isEmpty() && running.isEmpty()) {
        break;
      }
      DrainPlan plan = planner.plan(now, schedule, pending, running.values());
      for (DrainStart st : plan.start()) {
        DrainMove m = st.move();
        long end = now + s.copyMs(m.bytes());
        assertTrue(started.add(m.blockId()), "seed " + seed + ": started twice");
        assertTrue(schedule.remainingActiveMs(m.target(), now) >= end - now, "seed " + seed);
        assertTrue(schedule.remainingActiveMs(st.source(), now) >= end - now, "seed " + seed);
        pending.remove(m);
        running.put(m.blockId(), st);
        finishing.add(new long[] {end, m.blockId()});
        last = Math.max(last, end);
      }
      Map<String, Integer> perTarget = new HashMap<>();
      Map<String, Integer> perSource = new HashMap<>();
      for (DrainStart st : running.values()) {
        perTarget.merge(st.move().target(), 1, Integer::sum);
        perSource.merge(st.source(), 1, Integer::sum);
      }
      assertTrue(running.size() <= s.maxTotal(), "seed " + seed);
      perTarget.values().forEach(c -> assertTrue(c <= s.maxPerTarget(), "seed " + seed));
      perSource.values().forEach(c -> assertTrue(c <= s.maxPerSource(), "seed " + seed));
      long next = plan.nextPlanMs();
      if (!finishing.isEmpty()) {
        next = Math.min(next, finishing.peek()[0]);
      }
      assertTrue(next > now && next < Long.MAX_VALUE, "seed " + seed + ": stuck at " + now);
      now = next;
    }
    return last;
  }
}
