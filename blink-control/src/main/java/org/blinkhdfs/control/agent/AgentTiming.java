package org.blinkhdfs.control.agent;

/**
 * The agent's timing knobs, shared by {@link AgentPlanner} and {@link AgentLoop}.
 *
 * @param minSleepMs the shortest sleep worth a transition: a gap whose sleep (after the resume
 *     latency) is shorter keeps the node awake; {@code >= 1}
 * @param resumeLatencyMs how long the actuator needs to be serving again after its alarm; the
 *     actuator (not the planner) wakes this much before {@code wakeAtMs}; the planner only uses it
 *     to judge whether a sleep is worth it; {@code >= 0}
 * @param pollMs the longest an awake agent goes without fetching the schedule; {@code >= 1}
 * @param offCheckInMs the longest any sleep lasts (an OFF node's, or a BLINK node's before a
 *     distant window) before the node wakes to fetch the schedule, whatever the lease says:
 *     without wake-on-LAN a suspended host learns that it is wanted again (a gear up-shift,
 *     power back) only when it wakes, so this bounds how long a gear change waits for it, and a
 *     very long interval never makes a very long sleep; {@code >= 1}
 * @param leaseMaxMs the agent's own lease: how long after the scheduler last answered with a
 *     schedule the agent may still follow it. The schedule's {@code validUntilMs} is capped at
 *     {@code last answer + leaseMaxMs}, and a schedule without one gets that lease, so a
 *     scheduler that vanished after publishing "no expiry" (or an absurdly distant expiry)
 *     cannot keep a node asleep for good: at most this long after the last answer, the node is
 *     awake and stays awake until the scheduler answers again. While the scheduler answers the
 *     agent fetches at every step, so the cap only binds when it does not; {@code >= 1}
 */
public record AgentTiming(long minSleepMs, long resumeLatencyMs, long pollMs, long offCheckInMs,
    long leaseMaxMs) {
  /** The default {@link #offCheckInMs}: five minutes, far below HDFS's default dead interval. */
  public static final long DEFAULT_OFF_CHECK_IN_MS = 300_000;

  /**
   * The default {@link #leaseMaxMs}: five minutes, equal to the default {@link #offCheckInMs}.
   * Every sleep starts right after a successful fetch and lasts at most the check-in, so with a
   * cap at least that long the cap never shortens a sleep while the scheduler answers, whatever
   * the interval and the scheduler's lease; when the scheduler is gone, every node is awake at
   * most five minutes after its last answer (the scheduler's failure timeout, far below HDFS's
   * 10.5 min dead-node interval). A shorter cap also shortens sleeps: the shorter of the two
   * bounds every sleep.
   */
  public static final long DEFAULT_LEASE_MAX_MS = DEFAULT_OFF_CHECK_IN_MS;

  /** Timing with the default {@link #offCheckInMs} and {@link #leaseMaxMs}. */
  public AgentTiming(long minSleepMs, long resumeLatencyMs, long pollMs) {
    this(minSleepMs, resumeLatencyMs, pollMs, DEFAULT_OFF_CHECK_IN_MS);
  }

  /** Timing with the default {@link #leaseMaxMs}. */
  public AgentTiming(long minSleepMs, long resumeLatencyMs, long pollMs, long offCheckInMs) {
    this(minSleepMs, resumeLatencyMs, pollMs, offCheckInMs, DEFAULT_LEASE_MAX_MS);
  }

  /**
   * The same timing with another resume latency: the agent plans each step with the latency it
   * has learned so far ({@link ResumeLatencyEstimator}).
   */
  public AgentTiming withResumeLatencyMs(long ms) {
    return new AgentTiming(minSleepMs, ms, pollMs, offCheckInMs, leaseMaxMs);
  }

  public AgentTiming {
    if (minSleepMs < 1) {
      throw new IllegalArgumentException("minSleepMs must be >= 1, got " + minSleepMs
          + ": give the shortest sleep worth a suspend/resume cycle, e.g. 3000");
    }
    if (resumeLatencyMs < 0) {
      throw new IllegalArgumentException("resumeLatencyMs must be >= 0, got " + resumeLatencyMs);
    }
    if (pollMs < 1) {
      throw new IllegalArgumentException("pollMs must be >= 1, got " + pollMs
          + ": give how often an awake agent fetches the schedule, e.g. 1000");
    }
    if (offCheckInMs < 1) {
      throw new IllegalArgumentException("offCheckInMs must be >= 1, got " + offCheckInMs
          + ": give how long an OFF node may sleep before it checks for a new schedule, e.g. "
          + DEFAULT_OFF_CHECK_IN_MS);
    }
    if (leaseMaxMs < 1) {
      throw new IllegalArgumentException("leaseMaxMs must be >= 1, got " + leaseMaxMs
          + ": give how long after the scheduler's last answer a node may still sleep by it,"
          + " e.g. " + DEFAULT_LEASE_MAX_MS);
    }
  }
}
