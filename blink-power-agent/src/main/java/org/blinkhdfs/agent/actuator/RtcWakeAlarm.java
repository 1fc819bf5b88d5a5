package org.blinkhdfs.agent.actuator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.blinkhdfs.control.agent.ActuatorException;

/**
 * The RTC wake alarm of one {@code /sys/class/rtc/rtcN}, through its {@code wakealarm} file.
 *
 * <p>Arming writes {@code 0} first (the kernel refuses, with EBUSY, to overwrite an enabled alarm),
 * then the absolute alarm time in seconds since the epoch in the RTC's time scale, then reads the
 * file back: it shows the alarm seconds when the alarm is enabled and is empty otherwise (the
 * kernel silently disables an alarm in the past). Only a read-back equal to what was written
 * counts as armed. Example: wake at {@code 1700000060500} ms with 2000 ms resume latency arms
 * {@code floor(1700000058500 / 1000) = 1700000058} (rounded down: early rather than late).
 *
 * <p>The {@code ioctl(RTC_WKALM_SET)} route on {@code /dev/rtcN} is not supported: the sysfs file
 * does the same through the same kernel code and can be tested against a fake tree.
 *
 * <p>Not thread-safe on its own; {@link RealActuator} serializes access.
 */
final class RtcWakeAlarm {
  private final ControlFiles files;
  private final Path rtcDir;
  private final Path wakealarm;

  private RtcWakeAlarm(ControlFiles files, Path rtcDir) {
    this.files = files;
    this.rtcDir = rtcDir;
    this.wakealarm = rtcDir.resolve("wakealarm");
  }

  /** The RTC named {@code rtc} ({@code auto}: the first with a wakealarm file) under root. */
  static RtcWakeAlarm locate(ControlFiles files, Path root, String rtc) throws ActuatorException {
    Path classDir = root.resolve("sys/class/rtc");
    if (!RealActuatorConfig.AUTO_RTC.equals(rtc)) {
      Path dir = classDir.resolve(rtc);
      if (!Files.exists(dir.resolve("wakealarm"))) {
        throw new ActuatorException("no " + dir.resolve("wakealarm") + ": RTC '" + rtc
            + "' does not exist or cannot wake the host; pick another with --rtc (see "
            + classDir + ") or use --actuator emulate");
      }
      return new RtcWakeAlarm(files, dir);
    }
    try (Stream<Path> entries = Files.list(classDir)) {
      return entries
          .filter(p -> p.getFileName().toString().matches("rtc\\d+"))
          .filter(p -> Files.exists(p.resolve("wakealarm")))
          .sorted((a, b) -> Integer.compare(number(a), number(b)))
          .findFirst()
          .map(p -> new RtcWakeAlarm(files, p))
          .orElseThrow(() -> noRtc(classDir, null));
    } catch (IOException e) {
      throw noRtc(classDir, e);
    }
  }

  private static ActuatorException noRtc(Path classDir, IOException cause) {
    return new ActuatorException("no RTC with a wakealarm under " + classDir
        + ": this host cannot wake itself; use --actuator emulate", cause);
  }

  private static int number(Path rtcDir) {
    return Integer.parseInt(rtcDir.getFileName().toString().substring(3));
  }

  Path wakealarmPath() {
    return wakealarm;
  }

  String name() {
    return rtcDir.getFileName().toString();
  }

  /** The RTC's own time ({@code since_epoch}), when the kernel exposes it. */
  OptionalLong epochSeconds() throws ActuatorException {
    Path sinceEpoch = rtcDir.resolve("since_epoch");
    if (!Files.exists(sinceEpoch)) {
      return OptionalLong.empty();
    }
    String text = files.read(sinceEpoch, "cannot read the RTC time");
    try {
      return OptionalLong.of(Long.parseLong(text));
    } catch (NumberFormatException e) {
      throw new ActuatorException(sinceEpoch + " reads '" + text + "', not seconds: the RTC "
          + "is not readable; check 'hwclock --show' or use --actuator emulate", e);
    }
  }

  /**
   * Refuses an RTC whose device may not wake the host: {@code device/power/wakeup} reading
   * anything but {@code enabled} (as {@code rtcwake} checks; an alarm would fire into a host
   * that stays suspended). A missing file is accepted: not every RTC driver exposes it.
   */
  void checkWakeupEnabled() throws ActuatorException {
    Path wakeup = rtcDir.resolve("device/power/wakeup");
    if (!Files.exists(wakeup)) {
      return;
    }
    String state = files.read(wakeup, "run the agent as root, or use --actuator emulate");
    if (!state.equals("enabled")) {
      throw new ActuatorException(wakeup + " reads '" + state + "': " + name() + " may not"
          + " wake this host, so it would stay suspended; enable it (echo enabled > " + wakeup
          + ") or use --actuator emulate");
    }
  }

  /** Clears, arms and verifies; returns only when the read-back equals {@code epochSeconds}. */
  void arm(long epochSeconds) throws ActuatorException {
    String fix = "run the agent as root, or use --actuator emulate";
    files.write(wakealarm, "0", fix);
    files.write(wakealarm, Long.toString(epochSeconds), fix
        + " (EINVAL/EBUSY: another alarm is active or the RTC rejects the time)");
    String back = files.read(wakealarm, fix);
    if (!back.equals(Long.toString(epochSeconds))) {
      clearQuietly();
      throw new ActuatorException("wrote " + epochSeconds + " to " + wakealarm + " but it reads '"
          + back + "': the alarm is not armed (a time in the past, or an RTC that cannot keep "
          + "alarms); not suspending. Check 'hwclock --show' and that the RTC is in UTC");
    }
  }

  /** Disables the alarm; best effort. */
  void clearQuietly() {
    files.writeQuietly(wakealarm, "0");
  }
}
