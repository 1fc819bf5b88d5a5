package org.blinkhdfs.control.agent;

import java.util.OptionalLong;

/**
 * One sleep the agent asks of its {@link Actuator}: be asleep from now until {@code wakeAtMs}
 * (wall-clock milliseconds since the Unix epoch), under a lease that ends at {@code
 * leaseEndMs}. An actuator refuses when the lease has ended or when {@code wakeAtMs} lies after
 * the lease end. {@link AgentPlanner} always gives a lease: the schedule's {@code validUntilMs}
 * capped by the agent's own ({@link AgentTiming#leaseMaxMs}), so the actuator's check bounds a
 * sleep under a schedule without expiry too; empty means no expiry (requests built by hand).
 *
 * @param wakeAtMs when the node must be awake and serving again
 * @param leaseEndMs the lease the agent follows: {@code min(validUntilMs, the scheduler's last
 *     answer + leaseMaxMs)}
 * @param epoch the schedule epoch this sleep follows, for reports
 */
public record SleepRequest(long wakeAtMs, OptionalLong leaseEndMs, long epoch) {
  public SleepRequest {
    if (wakeAtMs < 0) {
      throw new IllegalArgumentException("wakeAtMs must be >= 0, got " + wakeAtMs);
    }
  }
}
