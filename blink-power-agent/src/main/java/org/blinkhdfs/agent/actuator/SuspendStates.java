package org.blinkhdfs.agent.actuator;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.blinkhdfs.control.agent.ActuatorException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks that writing {@code mem} to {@code /sys/power/state} means the suspend state we want.
 *
 * <p>{@code /sys/power/state} lists the supported sleep states ({@code freeze mem disk}); it must
 * list {@code mem}. What {@code mem} does is chosen by {@code /sys/power/mem_sleep}, which lists
 * the offered variants with the selected one in brackets: {@code s2idle [deep]} means ACPI S3 is
 * selected. A variant that is offered but not selected is selected by writing its name (when
 * allowed), then read back.
 *
 * <p><b>Hosts without S3.</b> {@code deep} not offered at all is a firmware matter (S3 disabled
 * in the BIOS, or a "modern standby" machine). What happens then is the operator's choice,
 * {@value RealActuatorConfig#FALLBACK_KEY} ({@link RealActuatorConfig.NoS3Fallback}): {@code
 * none} refuses with the firmware fix; {@code s2idle} selects suspend-to-idle instead and says
 * once, at WARN, what that costs; {@code io-server} refuses every sleep with a message that the
 * node can only serve as an io-server ({@link #ioServerOnly()} lets the agent know before it
 * tries, so it never reports a sleep that did not happen).
 *
 * <p>Not thread-safe on its own (the once-only warning); {@link RealActuator} serializes access.
 */
final class SuspendStates {
  private static final Logger LOG = LoggerFactory.getLogger(SuspendStates.class);
  static final String DEEP = "deep";
  static final String S2IDLE = "s2idle";

  private final ControlFiles files;
  private final Path statePath;
  private final Path memSleepPath;
  private final String wanted;
  private final RealActuatorConfig.MemSleepSelection selection;
  private final RealActuatorConfig.NoS3Fallback fallback;
  private boolean warnedS2idle;

  SuspendStates(ControlFiles files, Path root, String wanted,
      RealActuatorConfig.MemSleepSelection selection, RealActuatorConfig.NoS3Fallback fallback) {
    this.files = files;
    this.statePath = root.resolve("sys/power/state");
    this.memSleepPath = root.resolve("sys/power/mem_sleep");
    this.wanted = wanted;
    this.selection = selection;
    this.fallback = fallback;
  }

  Path statePath() {
    return statePath;
  }

  /**
   * Verifies {@code mem} is supported and {@link #wanted} selected (selecting it if allowed), or
   * applies the fallback; returns the state {@code mem} now means ({@code deep} or, as the
   * fallback, {@code s2idle}).
   */
  String ensureReady() throws ActuatorException {
    String states = files.read(statePath, "this kernel has no system suspend "
        + "(CONFIG_SUSPEND, or /sys not mounted under the --sysfs-root); use --actuator emulate");
    if (!tokens(states).contains("mem")) {
      throw new ActuatorException(statePath + " lists '" + states + "', without 'mem': this host "
          + "cannot suspend to RAM; enable S3 (\"suspend to RAM\") in the BIOS or use --actuator "
          + "emulate");
    }
    String memSleep = readMemSleep();
    if (offered(memSleep).contains(wanted)) {
      select(wanted, memSleep);
      return wanted;
    }
    if (!DEEP.equals(wanted) || fallback == RealActuatorConfig.NoS3Fallback.NONE) {
      throw new ActuatorException(memSleepPath + " offers '" + memSleep + "', not '" + wanted
          + "': the firmware does not provide " + describe(wanted) + "; enable S3 in the BIOS "
          + "(often \"Sleep state: Linux\" instead of \"Windows\"/modern standby), set "
          + RealActuatorConfig.FALLBACK_KEY + " = s2idle (saves less) or io-server (never "
          + "sleeps), or use --actuator emulate");
    }
    if (fallback == RealActuatorConfig.NoS3Fallback.IO_SERVER) {
      throw new ActuatorException(ioServerMessage(memSleep));
    }
    if (!offered(memSleep).contains(S2IDLE)) {
      throw new ActuatorException(memSleepPath + " offers '" + memSleep + "', neither deep nor "
          + "s2idle: " + RealActuatorConfig.FALLBACK_KEY + " = s2idle cannot apply; set it to "
          + "io-server or use --actuator emulate");
    }
    if (!warnedS2idle) {
      warnedS2idle = true;
      LOG.warn("THIS HOST HAS NO ACPI S3: {} offers '{}'. Falling back to s2idle ({} = s2idle):"
          + " a sleep idles the CPUs and puts devices in low power, but RAM and the platform"
          + " stay powered, so it saves far less than S3 (often a few watts instead of nearly"
          + " all). Enable S3 in the BIOS for real savings.", memSleepPath, memSleep,
          RealActuatorConfig.FALLBACK_KEY);
    }
    select(S2IDLE, memSleep);
    return S2IDLE;
  }

  /**
   * Why this host can only serve as an io-server: {@code deep} is wanted but not offered and the
   * fallback is {@code io-server}; empty otherwise, including when {@code mem_sleep} cannot be
   * read ({@link #ensureReady} then reports that).
   */
  Optional<String> ioServerOnly() {
    if (fallback != RealActuatorConfig.NoS3Fallback.IO_SERVER || !DEEP.equals(wanted)) {
      return Optional.empty();
    }
    try {
      String memSleep = readMemSleep();
      return offered(memSleep).contains(DEEP) ? Optional.empty()
          : Optional.of(ioServerMessage(memSleep));
    } catch (ActuatorException e) {
      return Optional.empty();
    }
  }

  private String ioServerMessage(String memSleep) {
    return "this host has no ACPI S3 (" + memSleepPath + " offers '" + memSleep + "') and "
        + RealActuatorConfig.FALLBACK_KEY + " = io-server: it never suspends and can only serve "
        + "as an io-server (compute cores offline) when it should sleep; enable S3 in the BIOS "
        + "to save more";
  }

  private String readMemSleep() throws ActuatorException {
    return files.read(memSleepPath, "this kernel cannot tell which suspend 'mem' "
        + "means (Linux 4.10+ has mem_sleep); upgrade or use --actuator emulate");
  }

  private void select(String state, String memSleep) throws ActuatorException {
    if (isSelected(memSleep, state)) {
      return;
    }
    if (selection != RealActuatorConfig.MemSleepSelection.SELECT_IF_OFFERED) {
      throw new ActuatorException(memSleepPath + " offers '" + state + "' but has '"
          + memSleep + "' selected, and selecting it is disabled: run 'echo " + state + " > "
          + memSleepPath + "' (or boot with mem_sleep_default=" + state + ")");
    }
    files.write(memSleepPath, state, "run as root, or boot with mem_sleep_default=" + state);
    String after = files.read(memSleepPath, "the file disappeared while selecting " + state);
    if (!isSelected(after, state)) {
      throw new ActuatorException("wrote '" + state + "' to " + memSleepPath + " but it reads '"
          + after + "': the kernel did not select it; boot with mem_sleep_default=" + state);
    }
  }

  private static boolean isSelected(String memSleep, String state) {
    return tokens(memSleep).contains("[" + state + "]");
  }

  private static List<String> offered(String memSleep) {
    return tokens(memSleep).stream().map(t -> t.replace("[", "").replace("]", "")).toList();
  }

  private static List<String> tokens(String s) {
    return Arrays.asList(s.trim().split("\\s+"));
  }

  private static String describe(String state) {
    return DEEP.equals(state) ? "ACPI S3 (deep)" : "'" + state + "'";
  }
}
