package org.blinkhdfs.layout.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** The case table of {@link MaintenancePlanner}, one exact example per row, plus properties. */
class MaintenancePlannerTest {
  static final long T = 1_790_000_000_000L;
  static final String A = "10.0.0.1:9866";
  static final String B = "10.0.0.2:9866";
  static final String C = "10.0.0.3:9866";
  // threshold 30 s, margin 60 s, max 600 s, a held node silent for 300 s is presumed failed
  final MaintenancePlanner planner = new MaintenancePlanner(
      new MaintenanceSettings(30_000, 60_000, 600_000, 300_000));

  /** The class comment's example: A OFF, B BLINK [0, 20 s), C ACTIVE; lease T + 120 s. */
  static Schedule example() {
    return Schedule.builder().epoch(1).intervalStartMs(T).intervalMs(60_000)
        .validUntilMs(T + 120_000)
        .add(NodeSchedule.of(A, NodeMode.OFF))
        .add(NodeSchedule.blink(B, 0, 20_000))
        .add(NodeSchedule.of(C, NodeMode.ACTIVE)).build();
  }

  MaintenancePlan plan(Schedule s, long now, MaintenancePlan previous, Set<String> silent) {
    return planner.plan(Optional.ofNullable(s), now, previous, silent, n -> 0);
  }

  @Test
  void anOffNodeThatStopsCheckingInIsPresumedFailedAndItsHoldRunsOut() {
    // A is OFF in every epoch; each epoch renews the lease (T + 120 s, then later).
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(T).intervalMs(60_000)
        .validUntilMs(T + 500_000).add(NodeSchedule.of(A, NodeMode.OFF)).build();
    MaintenancePlan held = MaintenancePlan.of(Map.of(A, T + 200_000));
    Set<String> silent = Set.of(A);
    // Last heard 300 s ago: still a sleeping OFF node (it checks in): renewed to T + 560 s.
    assertEquals(Map.of(A, T + 560_000), planner.plan(Optional.of(s), T + 190_000, held, silent,
        n -> 300_000).expiries());
    // 300.001 s: presumed failed: the old expiry stands ...
    assertEquals(held, planner.plan(Optional.of(s), T + 190_000, held, silent, n -> 300_001));
    // ... and once it has passed the node is released, so HDFS rebuilds its replicas.
    assertEquals(MaintenancePlan.empty(), planner.plan(Optional.of(s), T + 200_000, held, silent,
        n -> 310_000));
    // A node that has only just gone OFF is held whatever its silence (it was never held).
    assertEquals(Map.of(A, T + 560_000), planner.plan(Optional.of(s), T + 190_000,
        MaintenancePlan.empty(), Set.of(), n -> 1_000_000).expiries());
  }

  @Test
  void offAndLongAsleepNodesAreHeldUntilLeasePlusMargin() {
    MaintenancePlan p = plan(example(), T + 25_000, MaintenancePlan.empty(), Set.of());
    // B wakes at T + 60 s, 35 s away > 30 s.
    assertEquals(Map.of(A, T + 180_000, B, T + 180_000), p.expiries());
  }

  @Test
  void aBlinkNodeWakingSoonIsNotHeldButAHeldOneStaysUntilItsWindowOpens() {
    MaintenancePlan fresh = plan(example(), T + 35_000, MaintenancePlan.empty(), Set.of());
    assertEquals(Map.of(A, T + 180_000), fresh.expiries(), "B wakes in 25 s: not held");
    MaintenancePlan held = MaintenancePlan.of(Map.of(A, T + 180_000, B, T + 180_000));
    assertEquals(held, plan(example(), T + 35_000, held, Set.of()), "held while asleep");
    assertEquals(held, plan(example(), T + 59_999, held, Set.of()));
    assertEquals(Map.of(A, T + 180_000), plan(example(), T + 60_000, held, Set.of()).expiries(),
        "its window opened and the NameNode hears from it: released");
  }

  @Test
  void aSilentNodeIsKeptWithItsOldExpiryUntilHeardFromOrExpired() {
    MaintenancePlan held = MaintenancePlan.of(Map.of(A, T + 180_000));
    Schedule awake = Schedule.builder().epoch(2).intervalStartMs(T + 50_000).intervalMs(60_000)
        .add(NodeSchedule.of(A, NodeMode.ACTIVE)).build();
    assertEquals(held, plan(awake, T + 60_000, held, Set.of(A)), "not heard from: kept as is");
    assertEquals(MaintenancePlan.empty(), plan(awake, T + 60_000, held, Set.of()), "heard from");
    assertEquals(MaintenancePlan.empty(), plan(awake, T + 180_000, held, Set.of(A)),
        "expired: HDFS has already let it go");
    assertEquals(held, plan(null, T + 60_000, held, Set.of(A)), "no schedule: same rule");
    assertEquals(MaintenancePlan.empty(), plan(null, T + 60_000, held, Set.of()));
  }

  @Test
  void anExpiredScheduleHoldsNobody() {
    MaintenancePlan held = MaintenancePlan.of(Map.of(A, T + 180_000, B, T + 180_000));
    assertEquals(MaintenancePlan.empty(), plan(example(), T + 120_000, held, Set.of()));
    assertEquals(Map.of(B, T + 180_000), plan(example(), T + 120_000, held, Set.of(B))
        .expiries());
  }

  @Test
  void withoutALeaseTheExpiryIsNowPlusMaxRenewedAtHalfLife() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(T).intervalMs(60_000)
        .add(NodeSchedule.of(A, NodeMode.OFF)).build();
    MaintenancePlan first = plan(s, T, MaintenancePlan.empty(), Set.of());
    assertEquals(Map.of(A, T + 600_000), first.expiries());
    assertEquals(first, plan(s, T + 299_999, first, Set.of()), "more than half left: kept");
    assertEquals(Map.of(A, T + 900_000), plan(s, T + 300_000, first, Set.of()).expiries());
  }

  @Test
  void aRenewedLeaseRewritesOnlyAtHalfLifeAndAShorterLeaseAtOnce() {
    MaintenancePlan held = MaintenancePlan.of(Map.of(A, T + 180_000));
    Schedule renewed = Schedule.builder().epoch(2).intervalStartMs(T + 60_000).intervalMs(60_000)
        .validUntilMs(T + 180_000).add(NodeSchedule.of(A, NodeMode.OFF)).build();
    // Wanted T + 240 s from T + 60 s: 180 s away; the old expiry is 120 s away > 90 s: kept.
    assertEquals(held, plan(renewed, T + 60_000, held, Set.of()));
    // At T + 100 s: old 80 s away, wanted 140 s away, 80 > 70: kept; at T + 120 s: 60 <= 60.
    assertEquals(held, plan(renewed, T + 100_000, held, Set.of()));
    assertEquals(Map.of(A, T + 240_000), plan(renewed, T + 120_000, held, Set.of()).expiries());
    Schedule shorter = Schedule.builder().epoch(3).intervalStartMs(T + 60_000).intervalMs(60_000)
        .validUntilMs(T + 70_000).add(NodeSchedule.of(A, NodeMode.OFF)).build();
    assertEquals(Map.of(A, T + 130_000), plan(shorter, T + 61_000, held, Set.of()).expiries());
  }

  @Test
  void theMaximumCapsALongLease() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(T).intervalMs(60_000)
        .validUntilMs(T + 86_400_000).add(NodeSchedule.of(A, NodeMode.OFF)).build();
    assertEquals(Map.of(A, T + 10_000 + 600_000),
        plan(s, T + 10_000, MaintenancePlan.empty(), Set.of()).expiries());
  }

  @Test
  void awakeUnnamedAndStagingNodesAreReleased() {
    MaintenancePlan held = MaintenancePlan.of(Map.of(A, T + 180_000, C, T + 180_000,
        "10.0.0.9:9866", T + 180_000));
    Schedule s = Schedule.builder().epoch(2).intervalStartMs(T).intervalMs(60_000)
        .add(NodeSchedule.of(A, NodeMode.IO_SERVER)).add(NodeSchedule.staging(C)).build();
    assertEquals(MaintenancePlan.empty(), plan(s, T + 1_000, held, Set.of()));
  }

  /**
   * Over random schedules, times and silences: every OFF node is held unless presumed failed
   * (then its hold is never renewed), every expiry lies in
   * (now, now + max], and a node is held only if asleep, or if it was held, is silent and keeps
   * its old expiry.
   */
  @Test
  void propertiesOverSeeds() {
    String[] nodes = {A, B, C, "10.0.0.4:9866", "10.0.0.5:9866"};
    for (long seed = 0; seed < 300; seed++) {
      Random rnd = new Random(seed);
      long interval = 1_000 + rnd.nextInt(120_000);
      Schedule.Builder b = Schedule.builder().epoch(seed).intervalStartMs(T)
          .intervalMs(interval);
      if (rnd.nextBoolean()) {
        b.validUntilMs(T + 1 + rnd.nextInt(1_000_000));
      }
      for (String n : nodes) {
        int kind = rnd.nextInt(4);
        b.add(kind == 0 ? NodeSchedule.of(n, NodeMode.OFF)
            : kind == 1 ? NodeSchedule.of(n, NodeMode.ACTIVE)
            : NodeSchedule.blink(n, rnd.nextInt((int) interval), rnd.nextInt((int) interval + 1)));
      }
      Schedule s = b.build();
      long now = T + rnd.nextInt(2_000_000);
      MaintenancePlan previous = MaintenancePlan.of(Map.of(nodes[rnd.nextInt(5)],
          now - 1_000 + rnd.nextInt(601_000)));
      Set<String> silent = rnd.nextBoolean() ? previous.nodes() : Set.of();
      long heardAgo = rnd.nextBoolean() ? 0 : rnd.nextInt(600_000);
      MaintenancePlan p = planner.plan(Optional.of(s), now, previous, silent, n -> heardAgo);
      String why = "seed " + seed + " " + s + " at " + now + " -> " + p;
      for (String n : nodes) {
        boolean off = s.entry(n).mode() == NodeMode.OFF && !s.isExpired(now);
        boolean failed = previous.holds(n) && heardAgo > 300_000;
        assertTrue(!off || failed || p.holds(n), why);
        if (failed && p.holds(n)) {
          assertEquals(previous.expiryMs(n), p.expiryMs(n), "never renewed: " + why);
        }
        if (p.holds(n)) {
          long e = p.expiryMs(n).getAsLong();
          assertTrue(e > now && e <= now + 600_000, why);
          boolean asleep = !s.isExpired(now) && !s.isAwake(n, now);
          boolean kept = previous.holds(n) && silent.contains(n)
              && e == previous.expiryMs(n).getAsLong();
          assertTrue(asleep || kept, why);
        }
      }
    }
  }
}
