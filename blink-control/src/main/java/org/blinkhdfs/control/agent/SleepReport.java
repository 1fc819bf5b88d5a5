package org.blinkhdfs.control.agent;

import java.util.Objects;

/**
 * What an {@link Actuator} reports after a sleep: when it started and ended by the wall clock,
 * how long the node was really suspended where the actuator can measure it (ACPI S3:
 * {@code CLOCK_BOOTTIME − CLOCK_MONOTONIC} growth; emulation: time frozen between its emulated
 * enter and resume; dry run: 0), a human-readable detail, and the per-cycle transition times
 * the actuator measured (emulation: the alarm and the drawn resume as its sample; {@link
 * TransitionTimes#NONE} when it measures none: dry run, emulation with transitions off). So
 * {@code (awakeAtMs − startedAtMs) − measuredSleepMs} is the cycle's time in transition.
 */
public record SleepReport(long startedAtMs, long awakeAtMs, long measuredSleepMs, String detail,
    TransitionTimes transitions) {
  public SleepReport {
    Objects.requireNonNull(detail, "detail");
    Objects.requireNonNull(transitions, "transitions");
  }

  /** A report without transition times (emulation, dry run). */
  public SleepReport(long startedAtMs, long awakeAtMs, long measuredSleepMs, String detail) {
    this(startedAtMs, awakeAtMs, measuredSleepMs, detail, TransitionTimes.NONE);
  }
}
