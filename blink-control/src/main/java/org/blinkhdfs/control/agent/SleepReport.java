package org.blinkhdfs.control.agent;

/**
 * What an {@link Actuator} reports after a sleep: when it started and ended by the wall clock,
 * how long the node was really suspended where the actuator can measure it (ACPI S3:
 * {@code CLOCK_BOOTTIME − CLOCK_MONOTONIC} growth; emulation: time frozen; dry run: 0), and a
 * human-readable detail.
 */
public record SleepReport(long startedAtMs, long awakeAtMs, long measuredSleepMs, String detail) {}
