package org.blinkhdfs.core.agent;

/**
 * The agent's timing knobs, shared by {@link AgentPlanner} and {@link AgentLoop}.
 *
 * @param minSleepMs the shortest sleep worth a transition: a gap whose sleep (after the resume
 *     latency) is shorter keeps the node awake; {@code >= 1}
 * @param resumeLatencyMs how long the actuator needs to be serving again after its alarm; the
 *     actuator (not the planner) wakes this much before {@code wakeAtMs}; the planner only uses it
 *     to judge whether a sleep is worth it; {@code >= 0}
 * @param pollMs the longest an awake agent goes without fetching the schedule; {@code >= 1}
 */
public record AgentTiming(long minSleepMs, long resumeLatencyMs, long pollMs) {
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
  }
}
