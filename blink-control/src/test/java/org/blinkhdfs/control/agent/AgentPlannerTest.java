package org.blinkhdfs.control.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * The planner's rules on the class comment's worked example: interval 60 000 from 0, dn1 BLINK
 * [20 000, 40 000), lease to 180 000, minSleep 3 000, resume latency 2 000, poll 5 000.
 */
class AgentPlannerTest {
  static final AgentTiming TIMING = new AgentTiming(3_000, 2_000, 5_000);
  static final String DN1 = "dn1:9866";

  static Schedule.Builder base() {
    return Schedule.builder().epoch(4).intervalStartMs(0).intervalMs(60_000);
  }

  static Optional<Schedule> worked() {
    return Optional.of(base().validUntilMs(180_000)
        .add(NodeSchedule.blink(DN1, 20_000, 20_000))
        .add(NodeSchedule.of("dn2:9866", NodeMode.OFF))
        .add(NodeSchedule.of("dn3:9866", NodeMode.IO_SERVER))
        .add(NodeSchedule.of("dn4:9866", NodeMode.ACTIVE)).build());
  }

  static AgentAction at(long now) {
    return AgentPlanner.next(worked(), DN1, now, TIMING);
  }

  @Test
  void blinkSleepsUntilTheWindowStartAndTheActuatorSubtractsTheLatency() {
    // At 10 000: next window 20 000; sleep left 20 000 - 2 000 - 10 000 = 8 000 >= 3 000.
    AgentAction a = at(10_000);
    assertEquals(AgentAction.Kind.SLEEP, a.kind());
    SleepRequest r = a.sleep().orElseThrow();
    assertEquals(20_000, r.wakeAtMs(), "wakeAt is when it must serve, not the alarm time");
    assertEquals(OptionalLong.of(180_000), r.leaseEndMs());
    assertEquals(4, r.epoch());
    assertEquals(OptionalLong.of(2_000), r.resumeLatencyMs(), "the latency the planner used");
  }

  @Test
  void aLearnedLatencyMovesTheEarlyWakeEarlierUpToTheMaximum() {
    // Window 5, margin 200, bounds [0, 3000], starting at the configured 2 000.
    ResumeLatencyEstimator learned = ResumeLatencyEstimatorTest.worked();
    long[] wakeStarts = new long[4];
    long[] samples = {-1, 2_500, 2_800, 9_000};
    for (int i = 0; i < samples.length; i++) {
      if (samples[i] >= 0) {
        learned.record(samples[i]);
      }
      SleepRequest r = AgentPlanner.next(worked(), DN1, 10_000,
          TIMING.withResumeLatencyMs(learned.currentMs())).sleep().orElseThrow();
      assertEquals(20_000, r.wakeAtMs(), "the window start does not move");
      wakeStarts[i] = r.wakeAtMs() - r.resumeLatencyMs().getAsLong();
    }
    // 2000; {2500}: 2700; {2500, 2800}: rank 2 -> 3000; {.., 9000}: 9200 capped at 3000.
    assertArrayEquals(new long[] {18_000, 17_300, 17_000, 17_000}, wakeStarts);
    // The planner judges the sleep with the same value: at 15 000, 20 000 − 3 000 − 15 000 =
    // 2 000 < minSleep 3 000, where the configured 2 000 left exactly 3 000.
    assertEquals(AgentAction.Kind.SLEEP, at(15_000).kind());
    assertEquals(AgentAction.Kind.STAY_AWAKE, AgentPlanner.next(worked(), DN1, 15_000,
        TIMING.withResumeLatencyMs(learned.currentMs())).kind());
  }

  @Test
  void aGapTooShortForATransitionStaysAwake() {
    // At 18 500: 20 000 - 2 000 - 18 500 = -500 < 3 000: stay awake until the window opens.
    AgentAction a = at(18_500);
    assertEquals(AgentAction.Kind.STAY_AWAKE, a.kind());
    assertEquals(20_000, a.untilMs());
    // At 15 000: 20 000 - 2 000 - 15 000 = 3 000 = minSleep: worth it (>=).
    assertEquals(AgentAction.Kind.SLEEP, at(15_000).kind());
    // At 15 001: 2 999 < 3 000.
    assertEquals(AgentAction.Kind.STAY_AWAKE, at(15_001).kind());
  }

  @Test
  void inTheWindowStayAwakeUntilWindowEndOrPoll() {
    assertEquals(25_000 + 5_000, at(25_000).untilMs(), "poll first");
    assertEquals(40_000, at(38_000).untilMs(), "window end first");
    assertEquals(ComputeMode.MAX_PERF, at(38_000).computeMode());
  }

  @Test
  void neverWakeAfterTheLeaseEnd() {
    // At 170 000 (phase 50 000): next window at 200 000 lies past the lease end 180 000.
    AgentAction a = at(170_000);
    assertEquals(AgentAction.Kind.SLEEP, a.kind());
    assertEquals(180_000, a.sleep().get().wakeAtMs());
    // At 176 000: 180 000 - 2 000 - 176 000 = 2 000 < 3 000: stay awake to the lease end.
    assertEquals(AgentAction.Kind.STAY_AWAKE, at(176_000).kind());
    assertEquals(180_000, at(176_000).untilMs());
  }

  @Test
  void expiredOrMissingScheduleMeansAwake() {
    AgentAction a = at(180_000);
    assertEquals(AgentAction.Kind.STAY_AWAKE, a.kind());
    assertEquals(185_000, a.untilMs());
    assertTrue(a.reason().contains("ended"), a.reason());
    a = AgentPlanner.next(Optional.empty(), DN1, 10_000, TIMING);
    assertEquals(AgentAction.Kind.STAY_AWAKE, a.kind());
    assertEquals(15_000, a.untilMs());
  }

  @Test
  void offSleepsToTheLeaseEndOrOneIntervalWithoutALease() {
    AgentAction a = AgentPlanner.next(worked(), "dn2:9866", 10_000, TIMING);
    assertEquals(180_000, a.sleep().orElseThrow().wakeAtMs());
    Optional<Schedule> noLease = Optional.of(base()
        .add(NodeSchedule.of("dn2:9866", NodeMode.OFF)).build());
    a = AgentPlanner.next(noLease, "dn2:9866", 10_000, TIMING);
    assertEquals(70_000, a.sleep().orElseThrow().wakeAtMs());
    assertEquals(OptionalLong.of(10_000 + AgentTiming.DEFAULT_LEASE_MAX_MS),
        a.sleep().get().leaseEndMs(), "the agent's own lease, from the fetch at 10 000");
    // A BLINK window of length 0 is OFF too.
    Optional<Schedule> empty = Optional.of(base().validUntilMs(120_000)
        .add(NodeSchedule.blink(DN1, 5_000, 0)).build());
    assertEquals(120_000, AgentPlanner.next(empty, DN1, 10_000, TIMING).sleep().get()
        .wakeAtMs());
  }

  @Test
  void offChecksInBeforeTheLeaseEndWhenTheCheckInIsShorter() {
    // Check in every 30 000 ms: at 10 000 the lease (180 000) is further, so wake at 40 000.
    AgentTiming checkIn = new AgentTiming(TIMING.minSleepMs(), TIMING.resumeLatencyMs(),
        TIMING.pollMs(), 30_000);
    assertEquals(40_000, AgentPlanner.next(worked(), "dn2:9866", 10_000, checkIn).sleep()
        .orElseThrow().wakeAtMs());
    // At 160 000 the lease ends first: wake at 180 000, not 190 000.
    assertEquals(180_000, AgentPlanner.next(worked(), "dn2:9866", 160_000, checkIn).sleep()
        .orElseThrow().wakeAtMs());
    // A check-in shorter than a worthwhile sleep keeps the node awake until it.
    AgentTiming tooShort = new AgentTiming(3_000, 2_000, 5_000, 4_000);
    AgentAction a = AgentPlanner.next(worked(), "dn2:9866", 10_000, tooShort);
    assertTrue(a.sleep().isEmpty());
    // BLINK nodes too: no sleep is longer than the check-in (next window at 20 000).
    assertEquals(20_000, AgentPlanner.next(worked(), DN1, 10_000, checkIn).sleep()
        .orElseThrow().wakeAtMs(), "the window comes first");
    assertEquals(15_000, AgentPlanner.next(worked(), DN1, 10_000,
        new AgentTiming(3_000, 0, 5_000, 5_000)).sleep().orElseThrow().wakeAtMs(),
        "the check-in comes first");
  }

  /**
   * The worked example without validUntilMs, last confirmed at 10 000, leaseMax 180 000: lease to
   * 190 000.
   */
  @Test
  void aScheduleWithoutExpiryGetsTheAgentsOwnLease() {
    Optional<Schedule> noLease = Optional.of(base()
        .add(NodeSchedule.blink(DN1, 20_000, 20_000)).build());
    AgentTiming lease180 = new AgentTiming(3_000, 2_000, 5_000, 300_000, 180_000);
    AgentAction a = AgentPlanner.next(noLease, DN1, 100_000, 10_000, lease180);
    assertEquals(140_000, a.sleep().orElseThrow().wakeAtMs(), "the window comes first");
    assertEquals(OptionalLong.of(190_000), a.sleep().get().leaseEndMs());
    a = AgentPlanner.next(noLease, DN1, 170_000, 10_000, lease180);
    assertEquals(190_000, a.sleep().orElseThrow().wakeAtMs(), "not 200 000: the lease ends");
    a = AgentPlanner.next(noLease, DN1, 150_000, 10_000, lease180);
    assertEquals(AgentAction.Kind.STAY_AWAKE, a.kind(), "in its window");
    assertEquals(155_000, a.untilMs());
    for (long now : new long[] {190_000, 250_000, 10_000_000}) {
      a = AgentPlanner.next(noLease, DN1, now, 10_000, lease180);
      assertEquals(AgentAction.Kind.STAY_AWAKE, a.kind(), "at " + now);
      assertEquals(now + 5_000, a.untilMs());
      assertEquals("the agent's own lease on epoch 4 ended at 190000 (leaseMaxMs 180000 after the"
          + " scheduler last answered, at 10000; the schedule's validUntilMs is none): everyone"
          + " awake until it answers again", a.reason());
    }
    // Confirmed again at 250 000 (the scheduler answered): it sleeps by the schedule again.
    assertEquals(260_000, AgentPlanner.next(noLease, DN1, 250_000, 250_000, lease180).sleep()
        .orElseThrow().wakeAtMs());
  }

  @Test
  void anAbsurdlyDistantLeaseIsCappedTheSameWay() {
    // validUntilMs in the year 33658; OFF; check-in one hour, leaseMax 60 000.
    Optional<Schedule> distant = Optional.of(base().validUntilMs(1_000_000_000_000_000L)
        .add(NodeSchedule.of("dn2:9866", NodeMode.OFF)).build());
    AgentTiming t = new AgentTiming(3_000, 2_000, 5_000, 3_600_000, 60_000);
    SleepRequest r = AgentPlanner.next(distant, "dn2:9866", 10_000, 10_000, t).sleep()
        .orElseThrow();
    assertEquals(70_000, r.wakeAtMs());
    assertEquals(OptionalLong.of(70_000), r.leaseEndMs(), "the actuator checks the cap too");
    AgentAction a = AgentPlanner.next(distant, "dn2:9866", 70_000, 10_000, t);
    assertEquals(AgentAction.Kind.STAY_AWAKE, a.kind());
    assertTrue(a.reason().contains("validUntilMs is 1000000000000000"), a.reason());
    // A schedule lease shorter than the cap keeps its own message.
    assertTrue(AgentPlanner.next(worked(), DN1, 180_000, 170_000, TIMING).reason()
        .startsWith("the lease of epoch 4 ended at 180000"));
  }

  @Test
  void aLeaseMaxBelowOneIsRefusedNamingTheFix() {
    IllegalArgumentException e = assertThrows(
        IllegalArgumentException.class, () -> new AgentTiming(3_000, 0, 1_000, 300_000, 0));
    assertEquals("leaseMaxMs must be >= 1, got 0: give how long after the scheduler's last"
        + " answer a node may still sleep by it, e.g. 300000", e.getMessage());
  }

  @Test
  void aDayLongIntervalGivesNoDayLongSleep() {
    Optional<Schedule> day = Optional.of(Schedule.builder().epoch(1).intervalStartMs(0)
        .intervalMs(86_400_000).add(NodeSchedule.blink(DN1, 80_000_000, 1_000_000)).build());
    assertEquals(10_000 + AgentTiming.DEFAULT_OFF_CHECK_IN_MS,
        AgentPlanner.next(day, DN1, 10_000, TIMING).sleep().orElseThrow().wakeAtMs());
    assertEquals(10_000 + 60_000, AgentPlanner.next(day, DN1, 10_000,
        new AgentTiming(3_000, 2_000, 5_000, 300_000, 60_000)).sleep().orElseThrow().wakeAtMs(),
        "a shorter own lease bounds the sleep too");
  }

  @Test
  void activeIoServerAndUnnamedStayAwakeUntilPollOrLease() {
    AgentAction a = AgentPlanner.next(worked(), "dn3:9866", 10_000, TIMING);
    assertEquals(AgentAction.Kind.STAY_AWAKE, a.kind());
    assertEquals(ComputeMode.IO_SERVER, a.computeMode());
    assertEquals(15_000, a.untilMs());
    a = AgentPlanner.next(worked(), "dn4:9866", 178_000, TIMING);
    assertEquals(ComputeMode.MAX_PERF, a.computeMode());
    assertEquals(180_000, a.untilMs(), "re-evaluate at the lease end");
    a = AgentPlanner.next(worked(), "dn9:9866", 10_000, TIMING);
    assertEquals(AgentAction.Kind.STAY_AWAKE, a.kind());
    assertTrue(a.reason().contains("not named"));
  }

  @Test
  void wrappingWindowSleepsAcrossTheIntervalEnd() {
    // Window [50 000, 70 000) wraps: awake [50 000, 60 000) and [0, 10 000) of each interval.
    Optional<Schedule> s = Optional.of(base().validUntilMs(600_000)
        .add(NodeSchedule.blink(DN1, 50_000, 20_000)).build());
    assertEquals(70_000, AgentPlanner.next(s, DN1, 65_000, TIMING).untilMs());
    assertEquals(110_000, AgentPlanner.next(s, DN1, 70_000, TIMING).sleep().get().wakeAtMs());
  }

  /** Over random schedules and times: the hard constraints hold. */
  @Test
  void hardConstraintsOverSeeds() {
    for (long seed = 0; seed < 2_000; seed++) {
      Random rnd = new Random(seed);
      long interval = 1_000 + rnd.nextInt(120_000);
      long start = 200_000 + rnd.nextInt(1_000_000);
      long offset = rnd.nextInt((int) interval);
      long length = rnd.nextInt((int) interval + 1);
      Schedule.Builder b = Schedule.builder().epoch(seed).intervalStartMs(start)
          .intervalMs(interval);
      if (rnd.nextBoolean()) {
        b.validUntilMs(start + 1 + rnd.nextInt(5 * (int) interval));
      }
      NodeSchedule e = switch (rnd.nextInt(4)) {
        case 0 -> NodeSchedule.of(DN1, NodeMode.OFF);
        case 1 -> NodeSchedule.of(DN1, NodeMode.ACTIVE);
        default -> NodeSchedule.blink(DN1, offset, length);
      };
      Schedule s = b.add(e).build();
      AgentTiming timing = new AgentTiming(1 + rnd.nextInt(5_000), rnd.nextInt(3_000),
          1 + rnd.nextInt(10_000), AgentTiming.DEFAULT_OFF_CHECK_IN_MS,
          1 + rnd.nextInt(4 * (int) interval));
      long now = start - interval + rnd.nextInt(7 * (int) interval);
      long confirmedAt = now - (rnd.nextBoolean() ? 0 : rnd.nextInt(4 * (int) interval));
      AgentAction a = AgentPlanner.next(Optional.of(s), DN1, now, confirmedAt, timing);
      String ctx = "seed " + seed + " " + s + " now " + now + " -> " + a;
      assertTrue(a.untilMs() > now, ctx);
      if (a.kind() == AgentAction.Kind.SLEEP) {
        SleepRequest r = a.sleep().get();
        assertTrue(!s.isExpired(now), ctx + ": slept on an expired lease");
        assertTrue(!s.isAwake(DN1, now), ctx + ": slept inside its window");
        assertTrue(r.wakeAtMs() - timing.resumeLatencyMs() - now >= timing.minSleepMs(), ctx);
        assertTrue(s.validUntilMs().isEmpty()
            || r.wakeAtMs() <= s.validUntilMs().getAsLong(), ctx + ": wakes after the lease");
        assertTrue(r.wakeAtMs() <= confirmedAt + timing.leaseMaxMs(), ctx
            + ": wakes after the agent's own lease");
        assertEquals(r.leaseEndMs().getAsLong(), Math.min(confirmedAt + timing.leaseMaxMs(),
            s.validUntilMs().orElse(Long.MAX_VALUE)), ctx);
        // Asleep by the schedule for the whole sleep, so no window is missed.
        for (long t = now; t < r.wakeAtMs(); t += Math.max(1, (r.wakeAtMs() - now) / 50)) {
          assertTrue(!s.isAwake(DN1, t) || s.isExpired(t), ctx + ": awake at " + t);
        }
        // The node is awake at wakeAt: its window opens, or the lease ends, or (no lease, OFF)
        // one interval passed, or the check-in bounds the sleep.
        long w = r.wakeAtMs();
        assertTrue(s.isAwake(DN1, w) || s.window(DN1).isNever()
            || w == now + timing.offCheckInMs() || w == confirmedAt + timing.leaseMaxMs(), ctx);
        assertTrue(w - now <= timing.offCheckInMs(), ctx + ": longer than the check-in");
      } else if (s.isAwake(DN1, now)) {
        assertTrue(a.untilMs() <= now + timing.pollMs(), ctx);
      }
    }
  }
}
