package org.blinkhdfs.control.agent;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * One sleep the agent asks of its {@link Actuator}: be asleep from now until {@code wakeAtMs}
 * (wall-clock milliseconds since the Unix epoch), under a lease that ends at {@code
 * leaseEndMs}. An actuator refuses when the lease has ended or when {@code wakeAtMs} lies after
 * the lease end. {@link AgentPlanner} always gives a lease: the schedule's {@code validUntilMs}
 * capped by the agent's own ({@link AgentTiming#leaseMaxMs}), so the actuator's check bounds a
 * sleep under a schedule without expiry too; empty means no expiry (requests built by hand).
 *
 * <p><b>Why the request carries the resume latency.</b> The planner judges whether a sleep is
 * worth it with a resume latency and the actuator wakes that much before {@code wakeAtMs}; when
 * the agent learns the latency from measurements the two must use the same value, so the planner
 * puts the one it used here and the actuator takes it from here. Empty (requests built by hand):
 * the actuator uses its configured one.
 *
 * @param wakeAtMs when the node must be awake and serving again
 * @param leaseEndMs the lease the agent follows: {@code min(validUntilMs, the scheduler's last
 *     answer + leaseMaxMs)}
 * @param epoch the schedule epoch this sleep follows, for reports
 * <p><b>Why it carries the interval.</b> The emulate actuator scales its transition times to the
 * blink interval of the schedule it follows ({@code TransitionModel}); the schedule's interval is
 * the one in force, whatever the agent's own configuration says.
 *
 * @param resumeLatencyMs how much before {@code wakeAtMs} the actuator starts waking ({@code >=
 *     0}); empty: the actuator's own setting
 * @param intervalMs the blink interval of the schedule this sleep follows ({@code >= 1}); empty
 *     (requests built by hand): the actuator's configured interval
 */
public record SleepRequest(long wakeAtMs, OptionalLong leaseEndMs, long epoch,
    OptionalLong resumeLatencyMs, OptionalLong intervalMs) {
  public SleepRequest {
    if (wakeAtMs < 0) {
      throw new IllegalArgumentException("wakeAtMs must be >= 0, got " + wakeAtMs);
    }
    Objects.requireNonNull(leaseEndMs, "leaseEndMs");
    Objects.requireNonNull(resumeLatencyMs, "resumeLatencyMs");
    if (resumeLatencyMs.isPresent() && resumeLatencyMs.getAsLong() < 0) {
      throw new IllegalArgumentException("resumeLatencyMs must be >= 0, got "
          + resumeLatencyMs.getAsLong());
    }
    Objects.requireNonNull(intervalMs, "intervalMs");
    if (intervalMs.isPresent() && intervalMs.getAsLong() < 1) {
      throw new IllegalArgumentException("intervalMs must be >= 1, got "
          + intervalMs.getAsLong());
    }
  }

  /** A request without the schedule's interval (the actuator uses its configured one). */
  public SleepRequest(long wakeAtMs, OptionalLong leaseEndMs, long epoch,
      OptionalLong resumeLatencyMs) {
    this(wakeAtMs, leaseEndMs, epoch, resumeLatencyMs, OptionalLong.empty());
  }

  /** A request that leaves the resume latency to the actuator's own setting. */
  public SleepRequest(long wakeAtMs, OptionalLong leaseEndMs, long epoch) {
    this(wakeAtMs, leaseEndMs, epoch, OptionalLong.empty(), OptionalLong.empty());
  }

  /** The request's resume latency, or {@code configuredMs} when it carries none. */
  public long resumeLatencyOr(long configuredMs) {
    return resumeLatencyMs.orElse(configuredMs);
  }
}
