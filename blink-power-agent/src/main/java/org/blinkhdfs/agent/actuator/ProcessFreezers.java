package org.blinkhdfs.agent.actuator;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.blinkhdfs.control.agent.ActuatorException;
import org.blinkhdfs.control.agent.ProcessFreezer;

/**
 * Picks the {@link ProcessFreezer} for {@code --actuator emulate}: the cgroup freezer when the
 * given cgroup directory has a writable freezer control file ({@code cgroup.freeze} for v2,
 * {@code freezer.state} for v1), else the signal freezer, and says why, for the agent's startup
 * log. The cgroup is preferred because it stops all of the DataNode's tasks atomically, children
 * included, and is invisible to the process; signals are the portable fallback.
 *
 * <p>Example: {@code choose(Optional.of(Path.of("/sys/fs/cgroup/blink-dn")), Duration.ofSeconds(5),
 * SignalFreezer.forPidFile(pidFile)).reason()} reads {@code cgroup v2 freezer:
 * /sys/fs/cgroup/blink-dn/cgroup.freeze is writable}. Stateless; thread-safe.
 */
public final class ProcessFreezers {
  private ProcessFreezers() {}

  /** The chosen freezer and a one-line reason. */
  public record Choice(ProcessFreezer freezer, String reason) {}

  /**
   * @param cgroupDir the DataNode's cgroup ({@code --cgroup}), or empty
   * @param timeout freeze/thaw wait bound for the cgroup freezer
   * @param fallback used when no cgroup is given or it is not usable
   */
  public static Choice choose(Optional<Path> cgroupDir, Duration timeout,
      SignalFreezer fallback) {
    Objects.requireNonNull(fallback, "fallback");
    if (cgroupDir.isEmpty()) {
      return new Choice(fallback, "signal freezer (" + fallback.describe() + "): no cgroup given");
    }
    Path dir = cgroupDir.get();
    int version = CgroupFreezer.detectVersion(dir);
    if (version == 0) {
      return new Choice(fallback, "signal freezer (" + fallback.describe() + "): " + dir
          + " has no cgroup.freeze (v2) or freezer.state (v1)");
    }
    Path control = CgroupFreezer.controlFile(dir, version);
    if (!Files.isWritable(control)) {
      return new Choice(fallback, "signal freezer (" + fallback.describe() + "): " + control
          + " is not writable (read-only cgroup mount or not root)");
    }
    try {
      return new Choice(CgroupFreezer.open(dir, timeout),
          "cgroup v" + version + " freezer: " + control + " is writable");
    } catch (ActuatorException e) {
      return new Choice(fallback, "signal freezer (" + fallback.describe() + "): "
          + e.getMessage());
    }
  }
}
