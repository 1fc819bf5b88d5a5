package org.blinkhdfs.model.wire;

import java.util.Objects;
import java.util.Optional;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleState;
import org.blinkhdfs.model.schedule.ScheduleState.Status;

/**
 * What {@link SchedulerSource} knows after its latest {@code GET /v1/schedule}: how that fetch
 * ended and the schedule it holds. Turning it into a {@link ScheduleState} at a given time is a
 * pure function ({@link #stateAt}), so lease expiry is judged when the state is read, to the
 * millisecond, however long ago the last poll ran.
 *
 * <p>Rules: a fetch that fails (unreachable, error status, unusable body) keeps the held schedule;
 * a 404 ("no schedule published") drops it, because the scheduler itself says everyone is awake.
 *
 * @param outcome how the latest fetch ended
 * @param held the last schedule the scheduler sent, unless it since answered 404
 * @param failure the latest fetch's error message; empty unless the fetch failed
 */
record LastFetch(Outcome outcome, Optional<Schedule> held, String failure) {

  /** How one fetch ended. */
  enum Outcome {
    /** No fetch has finished yet. */
    NOT_YET,
    /** 200 with a valid schedule. */
    SCHEDULE,
    /** 404: the scheduler publishes no schedule. */
    NONE_PUBLISHED,
    /** Unreachable, timed out, or a status other than 200 and 404. */
    FAILED,
    /** 200 with a body that is not a valid schedule. */
    INVALID_ANSWER
  }

  static final LastFetch NOT_YET = new LastFetch(Outcome.NOT_YET, Optional.empty(), "");
  static final LastFetch NONE_PUBLISHED =
      new LastFetch(Outcome.NONE_PUBLISHED, Optional.empty(), "");

  LastFetch {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(held, "held");
    Objects.requireNonNull(failure, "failure");
  }

  static LastFetch received(Schedule s) {
    return new LastFetch(Outcome.SCHEDULE, Optional.of(s), "");
  }

  /** The record after a failed fetch: same schedule held, new outcome and message. */
  LastFetch failed(Outcome why, String message) {
    return new LastFetch(why, held, message);
  }

  /** True when the scheduler's latest answer was a schedule or a 404. */
  boolean answered() {
    return outcome == Outcome.SCHEDULE || outcome == Outcome.NONE_PUBLISHED;
  }

  /** The state at {@code nowMs} for a source described as {@code origin} (scheduler h:p). */
  ScheduleState stateAt(long nowMs, String origin) {
    if (held.isPresent()) {
      return heldStateAt(held.get(), nowMs, origin);
    }
    return switch (outcome) {
      case NOT_YET -> new ScheduleState(Status.MISSING, held,
          origin + " has not answered yet; treating every node as awake");
      case NONE_PUBLISHED -> new ScheduleState(Status.MISSING, held, origin
          + " publishes no schedule (GET " + HttpScheduleClient.PATH + " returned 404);"
          + " treating every node as awake");
      case INVALID_ANSWER -> new ScheduleState(Status.INVALID, held, origin
          + " sent no usable schedule (" + failure + "); treating every node as awake until it"
          + " sends a valid one");
      case FAILED -> new ScheduleState(Status.MISSING, held, "cannot fetch the schedule from "
          + origin + " (" + failure + "); treating every node as awake until it answers");
      case SCHEDULE -> throw new IllegalStateException("a received schedule is always held");
    };
  }

  private ScheduleState heldStateAt(Schedule s, long nowMs, String origin) {
    String what = "schedule epoch " + s.epoch() + " from " + origin;
    if (s.isExpired(nowMs)) {
      String why = answered() ? " (check that this host's clock agrees with the scheduler's)"
          : "; the scheduler has not answered since (" + failure + ")";
      return new ScheduleState(Status.EXPIRED, held, what + " expired at validUntilMs "
          + s.validUntilMs().getAsLong() + why + "; treating every node as awake until it"
          + " answers with a new schedule");
    }
    if (answered()) {
      return new ScheduleState(Status.OK, held, what);
    }
    String until = s.validUntilMs().isPresent()
        ? "until its lease ends at validUntilMs " + s.validUntilMs().getAsLong()
        : "with no end (it has no lease)";
    return new ScheduleState(Status.OK, held, what + ", kept " + until
        + " because the latest fetch failed: " + failure);
  }
}
