package org.blinkhdfs.model.schedule;

import java.util.Optional;

/**
 * What a schedule reader knows at one moment: a usable schedule, or why there is none.
 *
 * <p>Every state but {@link Status#OK} means "everyone awake" to the components that consult it
 * (ARCHITECTURE.md: a missing, unreadable or expired schedule never crashes anything).
 *
 * @param status the reader's verdict
 * @param schedule the parsed schedule for OK and EXPIRED; empty otherwise
 * @param detail a human-readable reason (the file, the parse error, the lease end)
 */
public record ScheduleState(Status status, Optional<Schedule> schedule, String detail) {

  /** Why a schedule is or is not in force. */
  public enum Status {
    /** A valid schedule whose lease has not run out. */
    OK,
    /** No schedule source is configured. */
    NOT_CONFIGURED,
    /** The configured file does not exist. */
    MISSING,
    /** The file exists but cannot be read or parsed. */
    INVALID,
    /** The last valid schedule's lease ended. */
    EXPIRED
  }

  /** The schedule to act on, only when one is in force. */
  public Optional<Schedule> usable() {
    return status == Status.OK ? schedule : Optional.empty();
  }

  public static ScheduleState notConfigured() {
    return new ScheduleState(Status.NOT_CONFIGURED, Optional.empty(), "no schedule configured");
  }
}
