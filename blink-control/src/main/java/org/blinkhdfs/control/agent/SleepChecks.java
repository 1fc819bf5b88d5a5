package org.blinkhdfs.control.agent;

import java.time.Instant;

/**
 * The checks every actuator makes before it sleeps (the {@link Actuator} contract): the lease has
 * not ended, the wake time is not after the lease end, and the wake time is in the future.
 */
final class SleepChecks {
  private SleepChecks() {}

  static void requireAllowed(String actuator, SleepRequest r, long nowMs)
      throws ActuatorException {
    if (r.leaseEndMs().isPresent() && nowMs >= r.leaseEndMs().getAsLong()) {
      throw new ActuatorException(actuator + ": the lease of epoch " + r.epoch() + " ended at "
          + Instant.ofEpochMilli(r.leaseEndMs().getAsLong()) + " (now "
          + Instant.ofEpochMilli(nowMs)
          + "): refusing to sleep on an expired schedule; the agent must fetch a new one");
    }
    if (r.leaseEndMs().isPresent() && r.wakeAtMs() > r.leaseEndMs().getAsLong()) {
      throw new ActuatorException(actuator + ": wakeAtMs " + Instant.ofEpochMilli(r.wakeAtMs())
          + " is after the lease end " + Instant.ofEpochMilli(r.leaseEndMs().getAsLong())
          + " of epoch " + r.epoch() + ": a node must be awake when its lease ends");
    }
    if (r.wakeAtMs() <= nowMs) {
      throw new ActuatorException(actuator + ": wakeAtMs " + Instant.ofEpochMilli(r.wakeAtMs())
          + " is not in the future (now " + Instant.ofEpochMilli(nowMs) + "): nothing to sleep");
    }
  }
}
