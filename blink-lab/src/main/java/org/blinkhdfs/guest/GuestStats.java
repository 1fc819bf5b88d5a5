package org.blinkhdfs.guest;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line of a guest's lab channel ({@link GuestRunScript}): the kernel's suspend counters.
 *
 * @param wallSeconds the guest's clock, whole seconds since the epoch
 * @param success {@code /sys/power/suspend_stats/success}: completed suspend-resume cycles
 * @param fail {@code /sys/power/suspend_stats/fail}: suspends the kernel aborted
 * @param uptimeSeconds {@code /proc/uptime}, which counts time in S3 too
 */
public record GuestStats(long wallSeconds, long success, long fail, double uptimeSeconds) {
  private static final Pattern LINE = Pattern.compile(
      "blink-stats wall_s=(\\d+) success=(\\d+) fail=(\\d+) uptime=(\\d+(?:\\.\\d+)?)");

  /** The stats in {@code line}, or empty when it is not a complete stats line. */
  public static Optional<GuestStats> parse(String line) {
    Matcher m = LINE.matcher(line);
    if (!m.find()) {
      return Optional.empty();
    }
    return Optional.of(new GuestStats(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
        Long.parseLong(m.group(3)), Double.parseDouble(m.group(4))));
  }
}
