package org.blinkhdfs.agent.actuator;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Settings of the {@link RealActuator}, one per agent flag. Start from {@link #defaults()} and
 * change single settings with the {@code with...} methods, e.g.
 * {@code defaults().withRoot(Path.of(sysfsRoot)).withResumeLatencyMs(3000)}. Immutable;
 * validated on construction.
 *
 * @param root file-system root under which {@code sys/...} is found ({@code --sysfs-root},
 *     default {@code /}); tests point it at a fake tree
 * @param rtc RTC device name under {@code sys/class/rtc} ({@code rtc0}), or {@code auto} for the
 *     first one that has a {@code wakealarm} file
 * @param memSleepState the {@code /sys/power/mem_sleep} state that {@code mem} must mean:
 *     {@code deep} (ACPI S3, the default) or {@code s2idle}
 * @param memSleepSelection what to do when the state is offered but not selected: select it by
 *     writing it ({@link MemSleepSelection#SELECT_IF_OFFERED}, default) or refuse
 * @param resumeLatencyMs how much earlier than the requested wake time the RTC alarm fires, so the
 *     node is serving by then (firmware, device resume, network, DataNode heartbeat)
 * @param minAlarmLeadMs the alarm must lie at least this far in the future both before arming and
 *     immediately before writing {@code mem}; otherwise the sleep is refused (an alarm that fires
 *     before the host is fully suspended would be missed and the host would not wake)
 * @param maxRtcSkewMs refuse when the RTC ({@code since_epoch}) and the system clock differ by
 *     more: the alarm is in RTC time, so a local-time or drifted RTC wakes the host at the wrong
 *     time
 * @param servingWaitMs after a resume, how long the actuator polls its {@link ServingProbe} for
 *     the node to serve again before it reports no resume sample (the agent's maximum resume
 *     latency: a longer resume could not be learned anyway)
 * @param noS3Fallback what a host whose {@code mem_sleep} lacks {@code deep} does ({@link
 *     NoS3Fallback}); only consulted when {@code memSleepState} is {@code deep}
 */
public record RealActuatorConfig(Path root, String rtc, String memSleepState,
    MemSleepSelection memSleepSelection, long resumeLatencyMs, long minAlarmLeadMs,
    long maxRtcSkewMs, long servingWaitMs, NoS3Fallback noS3Fallback) {

  /** What to do when {@code mem_sleep} offers the wanted state but another one is selected. */
  public enum MemSleepSelection {
    /** Write the wanted state to {@code mem_sleep} and read it back. */
    SELECT_IF_OFFERED,
    /** Refuse to suspend; the operator selects it (or boots with mem_sleep_default). */
    REFUSE_UNLESS_SELECTED
  }

  /**
   * What a host without ACPI S3 ({@code /sys/power/mem_sleep} lacks {@code deep}) does instead
   * of refusing: the key {@code blink.agent.real.fallback}.
   */
  public enum NoS3Fallback {
    /** Refuse every sleep, naming the firmware setting and this fallback. */
    NONE("none"),
    /**
     * Suspend to idle: CPUs idle and devices in low power, but RAM and the platform stay
     * powered, so it saves far less than S3; said once, loudly, in the log and in every report.
     */
    S2IDLE("s2idle"),
    /**
     * Never suspend: the node stays awake and serves as an io-server (compute cores offline)
     * through what would have been its sleeps, and reports IO_SERVER, not ASLEEP.
     */
    IO_SERVER("io-server");

    private final String value;

    NoS3Fallback(String value) {
      this.value = value;
    }

    /** The key's value. */
    public String value() {
      return value;
    }

    /** The fallback named {@code text}; the error names {@code source}, the value and the fix. */
    public static NoS3Fallback parse(String source, String text) {
      for (NoS3Fallback f : values()) {
        if (f.value.equals(text)) {
          return f;
        }
      }
      throw new IllegalArgumentException(source + " = '" + text + "' is invalid: give none"
          + " (refuse to sleep without S3), s2idle (suspend to idle, saves less) or io-server"
          + " (stay awake as an io-server)");
    }
  }

  /** The configuration key of {@link #noS3Fallback}. */
  public static final String FALLBACK_KEY = "blink.agent.real.fallback";

  /** Automatic RTC selection. */
  public static final String AUTO_RTC = "auto";

  public RealActuatorConfig {
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(memSleepSelection, "memSleepSelection");
    if (rtc == null || rtc.isBlank() || rtc.contains("/")) {
      throw new IllegalArgumentException(
          "rtc must be a device name like rtc0 or 'auto', got " + rtc);
    }
    if (memSleepState == null || !memSleepState.matches("[a-z0-9]+")) {
      throw new IllegalArgumentException(
          "memSleepState must be a mem_sleep state like deep or s2idle, got " + memSleepState);
    }
    Objects.requireNonNull(noS3Fallback, "noS3Fallback");
    if (servingWaitMs < 0) {
      throw new IllegalArgumentException("servingWaitMs must be >= 0, got " + servingWaitMs);
    }
    if (resumeLatencyMs < 0 || minAlarmLeadMs < 0 || maxRtcSkewMs < 0) {
      throw new IllegalArgumentException("resumeLatencyMs, minAlarmLeadMs and maxRtcSkewMs must be"
          + " >= 0, got " + resumeLatencyMs + ", " + minAlarmLeadMs + ", " + maxRtcSkewMs);
    }
  }

  /**
   * Root {@code /}, RTC {@code auto}, {@code deep} selected if needed, 2 s resume latency, 2 s
   * minimum alarm lead, 5 s maximum RTC skew, 30 s serving wait, no fallback without S3.
   */
  public static RealActuatorConfig defaults() {
    return new RealActuatorConfig(Path.of("/"), AUTO_RTC, "deep",
        MemSleepSelection.SELECT_IF_OFFERED, 2000, 2000, 5000, 30_000, NoS3Fallback.NONE);
  }

  public RealActuatorConfig withRoot(Path newRoot) {
    return new RealActuatorConfig(newRoot, rtc, memSleepState, memSleepSelection,
        resumeLatencyMs, minAlarmLeadMs, maxRtcSkewMs, servingWaitMs, noS3Fallback);
  }

  public RealActuatorConfig withRtc(String newRtc) {
    return new RealActuatorConfig(root, newRtc, memSleepState, memSleepSelection,
        resumeLatencyMs, minAlarmLeadMs, maxRtcSkewMs, servingWaitMs, noS3Fallback);
  }

  public RealActuatorConfig withMemSleep(String state, MemSleepSelection selection) {
    return new RealActuatorConfig(root, rtc, state, selection, resumeLatencyMs, minAlarmLeadMs,
        maxRtcSkewMs, servingWaitMs, noS3Fallback);
  }

  public RealActuatorConfig withResumeLatencyMs(long ms) {
    return new RealActuatorConfig(root, rtc, memSleepState, memSleepSelection, ms,
        minAlarmLeadMs, maxRtcSkewMs, servingWaitMs, noS3Fallback);
  }

  public RealActuatorConfig withMinAlarmLeadMs(long ms) {
    return new RealActuatorConfig(root, rtc, memSleepState, memSleepSelection, resumeLatencyMs,
        ms, maxRtcSkewMs, servingWaitMs, noS3Fallback);
  }

  public RealActuatorConfig withMaxRtcSkewMs(long ms) {
    return new RealActuatorConfig(root, rtc, memSleepState, memSleepSelection, resumeLatencyMs,
        minAlarmLeadMs, ms, servingWaitMs, noS3Fallback);
  }

  public RealActuatorConfig withServingWaitMs(long ms) {
    return new RealActuatorConfig(root, rtc, memSleepState, memSleepSelection, resumeLatencyMs,
        minAlarmLeadMs, maxRtcSkewMs, ms, noS3Fallback);
  }

  public RealActuatorConfig withNoS3Fallback(NoS3Fallback fallback) {
    return new RealActuatorConfig(root, rtc, memSleepState, memSleepSelection, resumeLatencyMs,
        minAlarmLeadMs, maxRtcSkewMs, servingWaitMs, fallback);
  }
}
