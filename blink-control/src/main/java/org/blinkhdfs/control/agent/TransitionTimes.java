package org.blinkhdfs.control.agent;

import java.util.Locale;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The transition times of one real suspend/resume cycle, as far as they could be measured. Every
 * value is optional: a value that was not measured (no kernel log, a line the kernel did not
 * print, no suspend counters) is empty, never guessed.
 *
 * <p>Why these: an operator (and the lab's {@code real-sleep} report) needs to know how long the
 * host takes to get into and out of S3 and whether the RTC woke it on time, to size {@code
 * blink.agent.resume.latency.ms} and the emulation's transition model. Kernel-side values come
 * from the kernel's own log ({@code /dev/kmsg}, timestamps in µs); the others from the agent's
 * clocks.
 *
 * @param alarmAtMs the RTC alarm the actuator armed, wall-clock ms since the epoch
 * @param decisionToEntryUs from the agent's {@code CLOCK_MONOTONIC} just before writing {@code
 *     mem} to the kernel's {@code PM: suspend entry}
 * @param enterKernelUs from {@code PM: suspend entry} to {@code ACPI: PM: Preparing to enter
 *     system sleep state S3} (s2idle: {@code PM: suspend-to-idle}): freezing tasks and suspending
 *     devices
 * @param kernelResumeUs from {@code ACPI: PM: Waking up from system sleep state S3} (s2idle:
 *     {@code PM: resume from suspend-to-idle}) to {@code PM: suspend exit}: resuming devices and
 *     thawing tasks
 * @param wakeErrorMs when the write of {@code mem} returned (wall clock) minus {@link
 *     #alarmAtMs}: positive is late (includes the kernel's resume path), negative early (another
 *     wake source)
 * @param resumeSampleMs from {@link #alarmAtMs} to "serving again" ({@link #resumeSampleBy}): the
 *     sample the learned resume latency uses
 * @param resumeSampleBy what "serving again" was measured by, e.g. {@code DataNode transfer port
 *     10.0.0.11:9866 accepts} or {@code the mem write returned}; empty without a sample
 * @param counted whether the kernel's {@code /sys/power/suspend_stats} counted this cycle
 */
public record TransitionTimes(OptionalLong alarmAtMs, OptionalLong decisionToEntryUs,
    OptionalLong enterKernelUs, OptionalLong kernelResumeUs, OptionalLong wakeErrorMs,
    OptionalLong resumeSampleMs, String resumeSampleBy, Counted counted) {

  /** What {@code /sys/power/suspend_stats/{success,fail}} said about the cycle. */
  public enum Counted {
    /** success grew by one and fail did not. */
    SUCCESS,
    /** fail grew. */
    FAIL,
    /** No counters, or a change that is neither (another suspend ran meanwhile). */
    UNKNOWN
  }

  /** Nothing measured. */
  public static final TransitionTimes NONE = new TransitionTimes(OptionalLong.empty(),
      OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(),
      OptionalLong.empty(), "", Counted.UNKNOWN);

  public TransitionTimes {
    Objects.requireNonNull(alarmAtMs, "alarmAtMs");
    Objects.requireNonNull(decisionToEntryUs, "decisionToEntryUs");
    Objects.requireNonNull(enterKernelUs, "enterKernelUs");
    Objects.requireNonNull(kernelResumeUs, "kernelResumeUs");
    Objects.requireNonNull(wakeErrorMs, "wakeErrorMs");
    Objects.requireNonNull(resumeSampleMs, "resumeSampleMs");
    Objects.requireNonNull(resumeSampleBy, "resumeSampleBy");
    Objects.requireNonNull(counted, "counted");
  }

  /**
   * One line for the report's detail, e.g. {@code decision→entry 1.200 ms, enter 174.871 ms,
   * kernel resume 41.165 ms, RTC wake error +850 ms, resume 2300 ms (the mem write returned),
   * suspend_stats: success}; unknown values read {@code ?}.
   */
  public String describe() {
    return "decision→entry " + us(decisionToEntryUs) + ", enter " + us(enterKernelUs)
        + ", kernel resume " + us(kernelResumeUs) + ", RTC wake error "
        + (wakeErrorMs.isPresent() ? String.format(Locale.ROOT, "%+d ms",
            wakeErrorMs.getAsLong()) : "?") + ", resume "
        + (resumeSampleMs.isPresent() ? resumeSampleMs.getAsLong() + " ms (" + resumeSampleBy
            + ")" : "?") + ", suspend_stats: " + counted.name().toLowerCase(Locale.ROOT);
  }

  private static String us(OptionalLong v) {
    return v.isPresent() ? String.format(Locale.ROOT, "%.3f ms", v.getAsLong() / 1000.0) : "?";
  }
}
