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
 */
public record AgentTiming(long minSleepMs, long resumeLatencyMs, long pollMs, long offCheckInMs) {
  /** The default {@link #offCheckInMs}: five minutes, far below HDFS's default dead interval. */
  public static final long DEFAULT_OFF_CHECK_IN_MS = 300_000;

  /** Timing with the default {@link #offCheckInMs}. */
  public AgentTiming(long minSleepMs, long resumeLatencyMs, long pollMs) {
    this(minSleepMs, resumeLatencyMs, pollMs, DEFAULT_OFF_CHECK_IN_MS);
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
  }
}
