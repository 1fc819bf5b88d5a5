package org.blinkhdfs.agent.actuator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.blinkhdfs.control.agent.TransitionTimes;

/**
 * The kernel's own count of suspend cycles, {@code /sys/power/suspend_stats/success} and {@code
 * fail}, read before and after a suspend: the kernel's verdict on the cycle, independent of what
 * the agent measured. {@code fail} growing means the kernel (a driver, or the firmware) refused
 * the suspend.
 *
 * @param success cycles the kernel completed since boot
 * @param fail cycles it aborted
 */
record SuspendCounters(long success, long fail) {
  /** The counters under {@code root}, or empty when the kernel does not expose them. */
  static Optional<SuspendCounters> read(SysfsFiles files, Path root) {
    Path dir = root.resolve("sys/power/suspend_stats");
    try {
      if (!Files.isRegularFile(dir.resolve("success"))) {
        return Optional.empty();
      }
      return Optional.of(new SuspendCounters(Long.parseLong(files.read(dir.resolve("success"))),
          Long.parseLong(files.read(dir.resolve("fail")))));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty(); // a measurement, not a precondition
    }
  }

  /** The kernel's verdict from the counters before and after one suspend. */
  static TransitionTimes.Counted verdict(Optional<SuspendCounters> before,
      Optional<SuspendCounters> after) {
    if (before.isEmpty() || after.isEmpty()) {
      return TransitionTimes.Counted.UNKNOWN;
    }
    long successes = after.get().success() - before.get().success();
    long fails = after.get().fail() - before.get().fail();
    if (fails > 0) {
      return TransitionTimes.Counted.FAIL;
    }
    return successes == 1 ? TransitionTimes.Counted.SUCCESS : TransitionTimes.Counted.UNKNOWN;
  }

  /**
   * What the kernel recorded about its last failure, e.g. {@code last_failed_dev 'ehci-pci',
   * last_failed_errno -16}, or empty when it exposes nothing.
   */
  static String lastFailure(SysfsFiles files, Path root) {
    Path dir = root.resolve("sys/power/suspend_stats");
    StringBuilder out = new StringBuilder();
    for (String name : new String[] {"last_failed_dev", "last_failed_errno"}) {
      try {
        if (Files.isRegularFile(dir.resolve(name))) {
          String v = files.read(dir.resolve(name));
          if (!v.isEmpty()) {
            out.append(out.length() == 0 ? "" : ", ").append(name).append(" '").append(v)
                .append('\'');
          }
        }
      } catch (IOException e) {
        // nothing to add
      }
    }
    return out.toString();
  }
}
