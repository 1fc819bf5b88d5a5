package org.blinkhdfs.model.schedule;

import java.time.Instant;
import java.util.OptionalLong;

/**
 * The bounds a schedule must meet when it comes over the wire (JSON from {@code GET
 * /v1/schedule} or the schedule file, protobuf from {@code GET /v1/schedule}), checked by both
 * decoders before anything else, so that no consumer acts on a document no scheduler would write:
 *
 * <ul>
 *   <li><b>{@code intervalMs} in {@value #MIN_INTERVAL_MS}..{@value #MAX_INTERVAL_MS}</b> (1 s to
 *       24 h, {@code blink.interval.ms}'s range). A 1 ms interval made an agent step, and fetch
 *       the schedule, about 900 times a second (each window edge is a step); one second is the
 *       agent's default poll, so no interval makes it poll faster than that. Beyond a day the
 *       arithmetic of windows and leases has no use and only risks overflow.
 *   <li><b>{@code intervalStartMs} and {@code validUntilMs} at most {@value #MAX_TIME_MS}</b>
 *       (9999-12-31T23:59:59.999Z). Every sum a reader forms ({@code start + interval}, {@code
 *       now + remaining window}, a lease end plus a margin) then stays far inside a long: a start
 *       near {@link Long#MAX_VALUE} overflowed into the past.
 * </ul>
 *
 * <p>{@link Schedule.Builder} itself stays permissive (simulations and tests build sub-second
 * intervals in memory); only decoding applies these. Stateless.
 */
public final class ScheduleLimits {
  /** The shortest blink interval on the wire: one second. */
  public static final long MIN_INTERVAL_MS = 1_000;
  /** The longest blink interval on the wire: one day. */
  public static final long MAX_INTERVAL_MS = 86_400_000;
  /** The latest time on the wire: 9999-12-31T23:59:59.999Z. */
  public static final long MAX_TIME_MS = 253_402_300_799_999L;

  private ScheduleLimits() {}

  /**
   * Checks a decoded schedule's top-level times.
   *
   * @throws InvalidScheduleException naming the field, the value and the fix
   */
  public static void checkWire(long intervalStartMs, long intervalMs, OptionalLong validUntilMs) {
    if (intervalMs < MIN_INTERVAL_MS || intervalMs > MAX_INTERVAL_MS) {
      throw new InvalidScheduleException("intervalMs", "value " + intervalMs + " is outside "
          + MIN_INTERVAL_MS + ".." + MAX_INTERVAL_MS + ": give the blink interval in"
          + " milliseconds, from 1 s to 24 h (blink.interval.ms), e.g. 60000");
    }
    checkTime("intervalStartMs", intervalStartMs);
    if (validUntilMs.isPresent()) {
      checkTime("validUntilMs", validUntilMs.getAsLong());
    }
  }

  private static void checkTime(String field, long ms) {
    if (ms > MAX_TIME_MS) {
      throw new InvalidScheduleException(field, "value " + ms + " is after "
          + Instant.ofEpochMilli(MAX_TIME_MS) + ": give milliseconds since the Unix epoch (UTC),"
          + " e.g. " + 1_790_000_000_000L);
    }
  }
}
