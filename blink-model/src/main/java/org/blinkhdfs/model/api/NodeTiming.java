package org.blinkhdfs.model.api;

import java.util.Optional;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * A node's place in the blink cycle at one instant, as the API reports it for nodes and replicas:
 * awake now, how long it stays awake, and when it is next awake, from {@link Schedule}'s own
 * queries so that the API, the NameNode's read order and the drain never disagree.
 *
 * <p>JSON cannot carry "forever" as a number a JavaScript client reads exactly, so the
 * schedule's {@link Schedule#FOREVER} and {@link Long#MAX_VALUE} become {@code null}:
 * {@code remainingMs} null means "does not go to sleep under this schedule" (always-on, or the
 * window outlasts the lease), {@code nextWakeMs} null means "never wakes in this epoch" (OFF).
 * Without a schedule in force every node is awake for good: {@code (true, null, now)}.
 *
 * <p>Example (interval 60 000 from t0; node BLINK offset 50 000 length 20 000): at t0 + 5 000
 * {@code (true, 5000, t0 + 5000)}; at t0 + 30 000 {@code (false, 0, t0 + 50000)}.
 *
 * @param awakeNow awake at the instant
 * @param remainingMs ms it stays awake from the instant (0 when asleep), null when it will not
 *     sleep
 * @param nextWakeMs the instant itself when awake, else when it wakes (epoch ms), null if never
 */
public record NodeTiming(boolean awakeNow, Long remainingMs, Long nextWakeMs) {
  /** The timing of {@code node} at {@code nowMs} under {@code schedule} (empty: none in force). */
  public static NodeTiming of(Optional<Schedule> schedule, String node, long nowMs) {
    if (schedule.isEmpty()) {
      return new NodeTiming(true, null, nowMs);
    }
    Schedule s = schedule.get();
    long remaining = s.remainingActiveMs(node, nowMs);
    long next = s.nextWakeMs(node, nowMs);
    return new NodeTiming(s.isAwake(node, nowMs), remaining == Schedule.FOREVER ? null : remaining,
        next == Long.MAX_VALUE ? null : next);
  }
}
