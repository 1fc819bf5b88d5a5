package org.blinkhdfs.agent.actuator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.stream.Stream;
import org.blinkhdfs.control.agent.ActuatorException;
import org.blinkhdfs.control.agent.ProcessFreezer;

/**
 * Freezes the DataNode's cgroup, for {@code --actuator emulate}: the kernel stops every task in
 * the group (threads, children) at once and resumes them with their state intact, which is the
 * closest a shared machine gets to suspending one host.
 *
 * <ul>
 *   <li>cgroup v2 (a directory with {@code cgroup.freeze}): write {@code 1}/{@code 0}, then wait
 *       until {@code cgroup.events} shows {@code frozen 1}/{@code frozen 0};
 *   <li>cgroup v1 freezer (a directory with {@code freezer.state}): write
 *       {@code FROZEN}/{@code THAWED}, then wait until it reads the same (it shows
 *       {@code FREEZING} while in progress).
 * </ul>
 *
 * <p>Safety: waits are bounded by the timeout (tasks in uninterruptible I/O can delay freezing);
 * a freeze that does not complete is undone (thawed) and reported, so the node stays awake. A
 * cgroup with no processes is refused, because freezing it would emulate nothing. Example:
 * {@code CgroupFreezer.open(Path.of("/sys/fs/cgroup/blink-dn"), Duration.ofSeconds(5))} on a
 * systemd host where the DataNode unit has {@code Delegate=yes} and runs in that group.
 *
 * <p>Thread-safety: {@link #freeze} and {@link #thaw} are synchronized.
 */
public final class CgroupFreezer implements ProcessFreezer {
  private static final long POLL_MS = 5;

  private final ControlFiles files;
  private final Path dir;
  private final int version;
  private final Duration timeout;

  private CgroupFreezer(ControlFiles files, Path dir, int version, Duration timeout) {
    this.files = files;
    this.dir = dir;
    this.version = version;
    this.timeout = timeout;
  }

  /** Opens the cgroup at {@code dir}, detecting v2 or v1; direct file access. */
  public static CgroupFreezer open(Path dir, Duration timeout) throws ActuatorException {
    return open(dir, timeout, SysfsFiles.direct());
  }

  /** As {@link #open(Path, Duration)}, with a file seam for tests. */
  public static CgroupFreezer open(Path dir, Duration timeout, SysfsFiles files)
      throws ActuatorException {
    Objects.requireNonNull(dir, "dir");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive, got " + timeout);
    }
    int version = detectVersion(dir);
    if (version == 0) {
      throw new ActuatorException("no cgroup freezer at " + dir + ": neither cgroup.freeze (v2) "
          + "nor freezer.state (v1) exists; create the DataNode's cgroup there (v2: Linux 5.2+; "
          + "v1: mount the freezer controller) or use the signal freezer");
    }
    return new CgroupFreezer(new ControlFiles(files), dir, version, timeout);
  }

  /** 2, 1, or 0 when {@code dir} has no freezer control file. */
  static int detectVersion(Path dir) {
    if (Files.isRegularFile(dir.resolve("cgroup.freeze"))) {
      return 2;
    }
    return Files.isRegularFile(dir.resolve("freezer.state")) ? 1 : 0;
  }

  /** The control file written to freeze and thaw. */
  static Path controlFile(Path dir, int version) {
    return dir.resolve(version == 2 ? "cgroup.freeze" : "freezer.state");
  }

  public int version() {
    return version;
  }

  @Override
  public synchronized void freeze() throws ActuatorException {
    long self = ProcessHandle.current().pid();
    if (holds(self)) {
      throw new ActuatorException("this agent (pid " + self + ") is inside cgroup " + dir
          + ", which it would freeze: frozen, it could never thaw the DataNode; run the agent"
          + " outside the DataNode's cgroup");
    }
    if (!populated()) {
      throw new ActuatorException("cgroup " + dir + " has no processes: freezing it would not "
          + "stop the DataNode; move the DataNode into it (echo PID > "
          + dir.resolve("cgroup.procs") + ") or start it there");
    }
    if (!transition(true)) {
      transition(false);
      throw new ActuatorException("cgroup " + dir + " did not freeze within " + timeout.toMillis()
          + " ms (" + state() + "); thawed it again. Tasks in uninterruptible I/O delay freezing: "
          + "raise the freeze timeout or check the DataNode's disks");
    }
  }

  @Override
  public synchronized void thaw() throws ActuatorException {
    if (!transition(false)) {
      throw new ActuatorException("cgroup " + dir + " did not thaw within " + timeout.toMillis()
          + " ms (" + state() + "); write " + (version == 2 ? "0" : "THAWED") + " to "
          + controlFile(dir, version) + " by hand and check 'dmesg'");
    }
  }

  @Override
  public String describe() {
    return "cgroup v" + version + " " + dir;
  }

  private boolean transition(boolean frozen) throws ActuatorException {
    String value = version == 2 ? (frozen ? "1" : "0") : (frozen ? "FROZEN" : "THAWED");
    files.write(controlFile(dir, version), value, "run the agent as root or give it write "
        + "access to the cgroup (systemd: Delegate=yes)");
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      if (reached(frozen)) {
        return true;
      }
      if (System.nanoTime() - deadline > 0) {
        return false;
      }
      try {
        Thread.sleep(POLL_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ActuatorException("interrupted while waiting for " + dir + " to reach '"
            + value + "'", e);
      }
    }
  }

  private boolean reached(boolean frozen) throws ActuatorException {
    if (version == 2) {
      return hasLine(events(), "frozen " + (frozen ? 1 : 0));
    }
    return state().equals(frozen ? "FROZEN" : "THAWED");
  }

  private static boolean hasLine(String text, String line) {
    return text.lines().anyMatch(l -> l.trim().equals(line));
  }

  private String state() throws ActuatorException {
    return version == 2 ? events().replace('\n', ' ') : files.read(dir.resolve("freezer.state"),
        "the cgroup was removed; recreate it and move the DataNode back in");
  }

  private String events() throws ActuatorException {
    return files.read(dir.resolve("cgroup.events"),
        "the cgroup was removed; recreate it and move the DataNode back in");
  }

  private boolean populated() throws ActuatorException {
    if (version == 2) {
      return hasLine(events(), "populated 1");
    }
    try (Stream<Path> tree = Files.walk(dir)) {
      return tree.filter(p -> p.getFileName().toString().equals("cgroup.procs"))
          .anyMatch(this::hasPids);
    } catch (IOException e) {
      throw new ActuatorException("cannot list cgroup " + dir + " (" + e + "): check the path", e);
    }
  }

  /** Whether {@code pid} is in this cgroup or one below it (every {@code cgroup.procs}). */
  private boolean holds(long pid) throws ActuatorException {
    String wanted = Long.toString(pid);
    try (Stream<Path> tree = Files.walk(dir)) {
      return tree.filter(p -> p.getFileName().toString().equals("cgroup.procs"))
          .anyMatch(p -> listed(p, wanted));
    } catch (IOException e) {
      throw new ActuatorException("cannot list cgroup " + dir + " (" + e + "): check the path", e);
    }
  }

  private static boolean listed(Path procs, String pid) {
    try {
      return Files.readAllLines(procs).stream().anyMatch(l -> l.trim().equals(pid));
    } catch (IOException e) {
      return false;
    }
  }

  private boolean hasPids(Path procs) {
    try {
      return !Files.readString(procs).isBlank();
    } catch (IOException e) {
      return false;
    }
  }
}
