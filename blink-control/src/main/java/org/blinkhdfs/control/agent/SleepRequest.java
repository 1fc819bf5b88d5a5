package org.blinkhdfs.control.agent;

import java.util.OptionalLong;

/**
 * One sleep the agent asks of its {@link Actuator}: be asleep from now until {@code wakeAtMs}
 * (wall-clock milliseconds since the Unix epoch), under a schedule whose lease ends at
 * {@code leaseEndMs} (empty: no expiry). An actuator refuses when the lease has ended or when
 * {@code wakeAtMs} lies after the lease end.
 *
 * @param wakeAtMs when the node must be awake and serving again
 * @param leaseEndMs the schedule's {@code validUntilMs}, if any
 * @param epoch the schedule epoch this sleep follows, for reports
 */
public record SleepRequest(long wakeAtMs, OptionalLong leaseEndMs, long epoch) {
  public SleepRequest {
    if (wakeAtMs < 0) {
      throw new IllegalArgumentException("wakeAtMs must be >= 0, got " + wakeAtMs);
    }
  }
}
