package org.blinkhdfs.model.api;

import java.util.Objects;
import java.util.Optional;
import org.blinkhdfs.model.schedule.ScheduleState;

/**
 * Which schedule an answer was computed from: its epoch, or why none is in force. Every answer
 * carries one, so a client can tell a stale answer (an older epoch) from a current one and knows
 * that with no schedule in force every node counts as awake.
 *
 * @param status OK, or NOT_CONFIGURED, MISSING, INVALID, EXPIRED ({@link ScheduleState.Status})
 * @param epoch the epoch in force, null unless OK
 */
public record ScheduleRef(ScheduleState.Status status, Long epoch) {
  public ScheduleRef {
    Objects.requireNonNull(status, "status");
  }

  /** The reference for what a schedule reader knows now. */
  public static ScheduleRef of(ScheduleState state) {
    Optional<Long> epoch = state.usable().map(s -> s.epoch());
    return new ScheduleRef(state.status(), epoch.orElse(null));
  }
}
