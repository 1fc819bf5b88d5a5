package org.blinkhdfs.control.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    assertTrue(a.sleep().get().leaseEndMs().isEmpty());
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

  @Test
  void aDayLongIntervalGivesNoDayLongSleep() {
    Optional<Schedule> day = Optional.of(Schedule.builder().epoch(1).intervalStartMs(0)
        .intervalMs(86_400_000).add(NodeSchedule.blink(DN1, 80_000_000, 1_000_000)).build());
    assertEquals(10_000 + AgentTiming.DEFAULT_OFF_CHECK_IN_MS,
        AgentPlanner.next(day, DN1, 10_000, TIMING).sleep().orElseThrow().wakeAtMs());
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
          1 + rnd.nextInt(10_000));
      long now = start - interval + rnd.nextInt(7 * (int) interval);
      AgentAction a = AgentPlanner.next(Optional.of(s), DN1, now, timing);
      String ctx = "seed " + seed + " " + s + " now " + now + " -> " + a;
      assertTrue(a.untilMs() > now, ctx);
      if (a.kind() == AgentAction.Kind.SLEEP) {
        SleepRequest r = a.sleep().get();
        assertTrue(!s.isExpired(now), ctx + ": slept on an expired lease");
        assertTrue(!s.isAwake(DN1, now), ctx + ": slept inside its window");
        assertTrue(r.wakeAtMs() - timing.resumeLatencyMs() - now >= timing.minSleepMs(), ctx);
        assertTrue(s.validUntilMs().isEmpty()
            || r.wakeAtMs() <= s.validUntilMs().getAsLong(), ctx + ": wakes after the lease");
        // Asleep by the schedule for the whole sleep, so no window is missed.
        for (long t = now; t < r.wakeAtMs(); t += Math.max(1, (r.wakeAtMs() - now) / 50)) {
          assertTrue(!s.isAwake(DN1, t) || s.isExpired(t), ctx + ": awake at " + t);
        }
        // The node is awake at wakeAt: its window opens, or the lease ends, or (no lease, OFF)
        // one interval passed, or the check-in bounds the sleep.
        long w = r.wakeAtMs();
        assertTrue(s.isAwake(DN1, w) || s.window(DN1).isNever()
            || w == now + timing.offCheckInMs(), ctx);
        assertTrue(w - now <= timing.offCheckInMs(), ctx + ": longer than the check-in");
      } else if (s.isAwake(DN1, now)) {
        assertTrue(a.untilMs() <= now + timing.pollMs(), ctx);
      }
    }
  }
}
