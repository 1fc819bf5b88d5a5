package org.blinkhdfs.control.agent;

import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * The agent's decision, as a pure function of (schedule or none, when the scheduler last
 * confirmed it, node, now, timing): stay awake until a time and re-evaluate then, or sleep with a
 * {@link SleepRequest}.
 *
 * <p><b>Hard constraints</b>: never sleep without a usable schedule or on an expired lease; never
 * ask to wake after the lease end; be serving at every window start. <b>Soft goals</b>: sleep
 * whenever the schedule allows and the sleep is worth a transition; fetch new schedules often.
 *
 * <p><b>The lease</b> the planner follows is {@code min(validUntilMs, confirmedAt + leaseMaxMs)}:
 * the schedule's own, capped by the agent's ({@link AgentTiming#leaseMaxMs}), counted from the
 * scheduler's last answer. A schedule without {@code validUntilMs} ("no expiry") thus still has a
 * lease here: a scheduler that published one and vanished cannot keep a node asleep for good, nor
 * can one that published an expiry years away. While the scheduler answers, {@code confirmedAt}
 * is the current step and the cap only binds for leases longer than {@code leaseMaxMs}.
 *
 * <p><b>Rules</b>, in order:
 *
 * <ol>
 *   <li>No schedule, or the lease has ended: stay awake (MAX_PERF) and re-evaluate after {@code
 *       pollMs}.
 *   <li>Not named, ACTIVE or IO_SERVER: stay awake (IO_SERVER keeps only the DataNode's cores)
 *       until {@code min(now + pollMs, lease end)}.
 *   <li>BLINK inside its window: stay awake until {@code min(window end, now + pollMs, lease
 *       end)}.
 *   <li>BLINK outside its window: {@code wakeAt = min(next window start, lease end, now +
 *       offCheckInMs)}. OFF (or a window of length 0): {@code wakeAt = min(lease end, now +
 *       offCheckInMs)}, and no later than {@code now + intervalMs} when the schedule itself has
 *       no {@code validUntilMs}. No sleep is longer than {@code offCheckInMs}: a node must wake
 *       to learn new schedules (a suspended host cannot be told that a gear up-shift wants it),
 *       and a very long interval (a day) must not make a day-long sleep.
 *   <li>Then sleep if {@code wakeAt − resumeLatencyMs − now >= minSleepMs}, else stay awake until
 *       {@code min(wakeAt, now + pollMs)}: a gap that short is not worth a transition.
 * </ol>
 *
 * <p><b>Resume latency: which layer subtracts it.</b> {@code wakeAtMs} is when the node must be
 * <em>serving</em> (the {@link SleepRequest} contract). The actuator wakes {@code
 * resumeLatencyMs} earlier itself (the real one arms the RTC alarm at {@code wakeAt − latency};
 * the emulator starts its resume then), because only it knows its hardware. The planner uses
 * the latency only to judge whether the sleep that remains is worth it, and passes the value it
 * used in the request ({@link SleepRequest#resumeLatencyMs()}), so that a latency the agent
 * learns between cycles ({@link ResumeLatencyEstimator}) is the same for both.
 *
 * <p><b>Worked example</b> (interval 60 000 from 0, window [20 000, 40 000), lease to 180 000,
 * minSleep 3 000, latency 2 000, poll 5 000, confirmed at each step). At 10 000: asleep; wakeAt
 * 20 000; sleep 8 000 ≥ 3 000: SLEEP until 20 000. At 18 500: the sleep left is 0 &lt; 3 000: stay
 * awake until 20 000. At 25 000: in the window: stay awake until 30 000 (poll). At 38 000: until
 * 40 000 (window end). At 170 000: next window at 200 000 is past the lease, so wakeAt = 180 000
 * and the sleep is 8 000: SLEEP until 180 000. The same schedule without {@code validUntilMs},
 * last confirmed at 10 000 with leaseMax 180 000, has its lease end at 190 000: from then on the
 * node stays awake until the scheduler answers again.
 *
 * <p>Stateless and thread-safe.
 */
public final class AgentPlanner {
  private AgentPlanner() {}

  /**
   * The next action for {@code node} at {@code nowMs} under a schedule the scheduler confirmed
   * just now (a fresh fetch).
   */
  public static AgentAction next(Optional<Schedule> schedule, String node, long nowMs,
      AgentTiming timing) {
    return next(schedule, node, nowMs, nowMs, timing);
  }

  /**
   * The next action for {@code node} at {@code nowMs}.
   *
   * @param confirmedAtMs when the scheduler last answered with {@code schedule} (the agent's last
   *     successful fetch); the agent's own lease counts from here
   */
  public static AgentAction next(Optional<Schedule> schedule, String node, long nowMs,
      long confirmedAtMs, AgentTiming timing) {
    long pollUntil = saturatedAdd(nowMs, timing.pollMs());
    if (schedule.isEmpty()) {
      return AgentAction.stayAwake(pollUntil, ComputeMode.MAX_PERF,
          "no schedule: everyone awake");
    }
    Schedule s = schedule.get();
    long ownEnd = saturatedAdd(confirmedAtMs, timing.leaseMaxMs());
    long leaseEnd = Math.min(s.validUntilMs().orElse(Long.MAX_VALUE), ownEnd);
    if (nowMs >= leaseEnd) {
      return AgentAction.stayAwake(pollUntil, ComputeMode.MAX_PERF,
          leaseEnded(s, leaseEnd, ownEnd, confirmedAtMs, timing));
    }
    long awakeCap = Math.min(pollUntil, leaseEnd);
    NodeSchedule e = s.entry(node);
    if (e == null) {
      return AgentAction.stayAwake(awakeCap, ComputeMode.MAX_PERF,
          "not named in epoch " + s.epoch() + ": ACTIVE");
    }
    switch (e.mode()) {
      case ACTIVE:
        return AgentAction.stayAwake(awakeCap, ComputeMode.MAX_PERF, "ACTIVE in epoch "
            + s.epoch());
      case IO_SERVER:
        return AgentAction.stayAwake(awakeCap, ComputeMode.IO_SERVER, "IO_SERVER in epoch "
            + s.epoch());
      default:
        return blinkOrOff(s, node, nowMs, timing, leaseEnd, awakeCap, pollUntil);
    }
  }

  private static String leaseEnded(Schedule s, long leaseEnd, long ownEnd, long confirmedAtMs,
      AgentTiming timing) {
    if (leaseEnd < ownEnd) {
      return "the lease of epoch " + s.epoch() + " ended at " + leaseEnd + ": everyone awake";
    }
    return "the agent's own lease on epoch " + s.epoch() + " ended at " + ownEnd + " (leaseMaxMs "
        + timing.leaseMaxMs() + " after the scheduler last answered, at " + confirmedAtMs
        + "; the schedule's validUntilMs is " + (s.validUntilMs().isPresent()
        ? s.validUntilMs().getAsLong() : "none") + "): everyone awake until it answers again";
  }

  private static AgentAction blinkOrOff(Schedule s, String node, long nowMs, AgentTiming timing,
      long leaseEnd, long awakeCap, long pollUntil) {
    ActiveWindow w = s.window(node);
    long phase = s.phaseMs(nowMs);
    if (w.contains(phase)) {
      long until = Math.min(awakeCap, saturatedAdd(nowMs, w.remainingMs(phase)));
      return AgentAction.stayAwake(until, ComputeMode.MAX_PERF, "in its window of epoch "
          + s.epoch());
    }
    long wakeAt = Math.min(leaseEnd, saturatedAdd(nowMs, timing.offCheckInMs()));
    String why;
    if (w.isNever()) {
      if (s.validUntilMs().isEmpty()) {
        wakeAt = Math.min(wakeAt, saturatedAdd(nowMs, s.intervalMs()));
      }
      why = "OFF in epoch " + s.epoch();
    } else {
      wakeAt = Math.min(wakeAt, saturatedAdd(nowMs, w.untilOpenMs(phase)));
      why = "outside its window of epoch " + s.epoch();
    }
    long sleepMs = wakeAt - timing.resumeLatencyMs() - nowMs;
    if (sleepMs < timing.minSleepMs()) {
      return AgentAction.stayAwake(Math.min(wakeAt, pollUntil), ComputeMode.MAX_PERF, why
          + ", but a " + Math.max(0, sleepMs) + " ms sleep is shorter than minSleepMs "
          + timing.minSleepMs());
    }
    return AgentAction.sleep(new SleepRequest(wakeAt, OptionalLong.of(leaseEnd), s.epoch(),
        OptionalLong.of(timing.resumeLatencyMs()), OptionalLong.of(s.intervalMs())),
        why + ": sleep until " + wakeAt);
  }

  private static long saturatedAdd(long a, long b) {
    long r = a + b;
    return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
  }
}
