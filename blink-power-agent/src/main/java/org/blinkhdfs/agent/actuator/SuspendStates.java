package org.blinkhdfs.agent.actuator;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.blinkhdfs.control.agent.ActuatorException;

/**
 * Checks that writing {@code mem} to {@code /sys/power/state} means the suspend state we want.
 *
 * <p>{@code /sys/power/state} lists the supported sleep states ({@code freeze mem disk}); it must
 * list {@code mem}. What {@code mem} does is chosen by {@code /sys/power/mem_sleep}, which lists
 * the offered variants with the selected one in brackets: {@code s2idle [deep]} means ACPI S3 is
 * selected. A variant that is offered but not selected is selected by writing its name (when
 * allowed), then read back; a variant that is not offered at all is a firmware matter (S3
 * disabled in the BIOS, or a "modern standby" machine) and is refused.
 *
 * <p>Stateless apart from its paths; thread-safe.
 */
final class SuspendStates {
  private final ControlFiles files;
  private final Path statePath;
  private final Path memSleepPath;
  private final String wanted;
  private final RealActuatorConfig.MemSleepSelection selection;

  SuspendStates(ControlFiles files, Path root, String wanted,
      RealActuatorConfig.MemSleepSelection selection) {
    this.files = files;
    this.statePath = root.resolve("sys/power/state");
    this.memSleepPath = root.resolve("sys/power/mem_sleep");
    this.wanted = wanted;
    this.selection = selection;
  }

  Path statePath() {
    return statePath;
  }

  /** Verifies {@code mem} is supported and {@link #wanted} selected (selecting it if allowed). */
  void ensureReady() throws ActuatorException {
    String states = files.read(statePath, "this kernel has no system suspend "
        + "(CONFIG_SUSPEND, or /sys not mounted under the --sysfs-root); use --actuator emulate");
    if (!tokens(states).contains("mem")) {
      throw new ActuatorException(statePath + " lists '" + states + "', without 'mem': this host "
          + "cannot suspend to RAM; enable S3 (\"suspend to RAM\") in the BIOS or use --actuator "
          + "emulate");
    }
    String memSleep = files.read(memSleepPath, "this kernel cannot tell which suspend 'mem' "
        + "means (Linux 4.10+ has mem_sleep); upgrade or use --actuator emulate");
    if (isSelected(memSleep)) {
      return;
    }
    if (!offered(memSleep).contains(wanted)) {
      throw new ActuatorException(memSleepPath + " offers '" + memSleep + "', not '" + wanted
          + "': the firmware does not provide " + describe(wanted) + "; enable S3 in the BIOS "
          + "(often \"Sleep state: Linux\" instead of \"Windows\"/modern standby) or use "
          + "--actuator emulate");
    }
    if (selection != RealActuatorConfig.MemSleepSelection.SELECT_IF_OFFERED) {
      throw new ActuatorException(memSleepPath + " offers '" + wanted + "' but has '"
          + memSleep + "' selected, and selecting it is disabled: run 'echo " + wanted + " > "
          + memSleepPath + "' (or boot with mem_sleep_default=" + wanted + ")");
    }
    files.write(memSleepPath, wanted, "run as root, or boot with mem_sleep_default=" + wanted);
    String after = files.read(memSleepPath, "the file disappeared while selecting " + wanted);
    if (!isSelected(after)) {
      throw new ActuatorException("wrote '" + wanted + "' to " + memSleepPath + " but it reads '"
          + after + "': the kernel did not select it; boot with mem_sleep_default=" + wanted);
    }
  }

  private boolean isSelected(String memSleep) {
    return tokens(memSleep).contains("[" + wanted + "]");
  }

  private static List<String> offered(String memSleep) {
    return tokens(memSleep).stream().map(t -> t.replace("[", "").replace("]", "")).toList();
  }

  private static List<String> tokens(String s) {
    return Arrays.asList(s.trim().split("\\s+"));
  }

  private static String describe(String state) {
    return "deep".equals(state) ? "ACPI S3 (deep)" : "'" + state + "'";
  }
}
