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
 */
public record RealActuatorConfig(Path root, String rtc, String memSleepState,
    MemSleepSelection memSleepSelection, long resumeLatencyMs, long minAlarmLeadMs,
    long maxRtcSkewMs) {

  /** What to do when {@code mem_sleep} offers the wanted state but another one is selected. */
  public enum MemSleepSelection {
    /** Write the wanted state to {@code mem_sleep} and read it back. */
    SELECT_IF_OFFERED,
    /** Refuse to suspend; the operator selects it (or boots with mem_sleep_default). */
    REFUSE_UNLESS_SELECTED
  }

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
    if (resumeLatencyMs < 0 || minAlarmLeadMs < 0 || maxRtcSkewMs < 0) {
      throw new IllegalArgumentException("resumeLatencyMs, minAlarmLeadMs and maxRtcSkewMs must be"
          + " >= 0, got " + resumeLatencyMs + ", " + minAlarmLeadMs + ", " + maxRtcSkewMs);
    }
  }

  /**
   * Root {@code /}, RTC {@code auto}, {@code deep} selected if needed, 2 s resume latency, 2 s
   * minimum alarm lead, 5 s maximum RTC skew.
   */
  public static RealActuatorConfig defaults() {
    return new RealActuatorConfig(Path.of("/"), AUTO_RTC, "deep",
        MemSleepSelection.SELECT_IF_OFFERED, 2000, 2000, 5000);
  }

  public RealActuatorConfig withRoot(Path newRoot) {
    return new RealActuatorConfig(newRoot, rtc, memSleepState, memSleepSelection,
        resumeLatencyMs, minAlarmLeadMs, maxRtcSkewMs);
  }

  public RealActuatorConfig withRtc(String newRtc) {
    return new RealActuatorConfig(root, newRtc, memSleepState, memSleepSelection,
        resumeLatencyMs, minAlarmLeadMs, maxRtcSkewMs);
  }

  public RealActuatorConfig withMemSleep(String state, MemSleepSelection selection) {
    return new RealActuatorConfig(root, rtc, state, selection, resumeLatencyMs, minAlarmLeadMs,
        maxRtcSkewMs);
  }

  public RealActuatorConfig withResumeLatencyMs(long ms) {
    return new RealActuatorConfig(root, rtc, memSleepState, memSleepSelection, ms,
        minAlarmLeadMs, maxRtcSkewMs);
  }

  public RealActuatorConfig withMinAlarmLeadMs(long ms) {
    return new RealActuatorConfig(root, rtc, memSleepState, memSleepSelection, resumeLatencyMs,
        ms, maxRtcSkewMs);
  }

  public RealActuatorConfig withMaxRtcSkewMs(long ms) {
    return new RealActuatorConfig(root, rtc, memSleepState, memSleepSelection, resumeLatencyMs,
        minAlarmLeadMs, ms);
  }
}
