package org.blinkhdfs.agent.actuator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * A throw-away child cgroup on this host's real cgroup file system ({@code blink-test-<pid>}
 * under the v2 mount or the v1 freezer mount), for freezer tests on real processes. Aborts the
 * calling test through {@link Assumptions} with the reason when the host does not allow it.
 * {@link #close()} moves every process back to where the test JVM lives and removes the group.
 */
final class TestCgroup implements AutoCloseable {
  final Path dir;
  private final Path home;

  private TestCgroup(Path dir, Path home) {
    this.dir = dir;
    this.home = home;
  }

  /** A child of the cgroup v2 hierarchy, or the test is aborted saying why. */
  static TestCgroup v2() throws IOException {
    Path mount = mountOf("cgroup2", null)
        .orElseThrow(() -> abort("no cgroup2 file system in /proc/self/mounts"));
    return create(mount, ownCgroup("0::"), "cgroup v2");
  }

  /** A child of the cgroup v1 freezer hierarchy, or the test is aborted saying why. */
  static TestCgroup v1Freezer() throws IOException {
    Path mount = mountOf("cgroup", "freezer")
        .orElseThrow(() -> abort("no cgroup v1 freezer hierarchy in /proc/self/mounts"));
    return create(mount, ownCgroup(":freezer:"), "cgroup v1 freezer");
  }

  private static TestCgroup create(Path mount, String ownPath, String what) {
    Path home = mount.resolve(ownPath.substring(1));
    Path procs = home.resolve("cgroup.procs");
    if (!Files.isWritable(mount) || !Files.isWritable(procs)) {
      throw abort(what + " at " + mount + " is not writable (not root, or a read-only mount)");
    }
    Path dir = mount.resolve("blink-test-" + ProcessHandle.current().pid());
    try {
      Files.createDirectory(dir);
    } catch (IOException e) {
      throw abort("cannot create " + dir + " (" + e + "): the host does not delegate " + what);
    }
    if (CgroupFreezer.detectVersion(dir) == 0) {
      rmdirQuietly(dir);
      throw abort(dir + " has no freezer control file (kernel without the " + what + " freezer)");
    }
    return new TestCgroup(dir, home);
  }

  /** Moves {@code pid} (all its threads) into this cgroup. */
  void adopt(long pid) throws IOException {
    Files.writeString(dir.resolve("cgroup.procs"), Long.toString(pid));
  }

  @Override
  public void close() {
    for (int attempt = 0; attempt < 100; attempt++) {
      try {
        for (String pid : Files.readAllLines(dir.resolve("cgroup.procs"))) {
          if (!pid.isBlank()) {
            try {
              Files.writeString(home.resolve("cgroup.procs"), pid.trim());
            } catch (IOException e) {
              // exited meanwhile
            }
          }
        }
        Files.delete(dir);
        return;
      } catch (IOException e) {
        try {
          Thread.sleep(20); // EBUSY while a moved process is still accounted
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          break;
        }
      }
    }
    System.err.println("could not remove test cgroup " + dir);
  }

  private static void rmdirQuietly(Path dir) {
    try {
      Files.delete(dir);
    } catch (IOException e) {
      // left for the operator; named in the abort message
    }
  }

  private static Optional<Path> mountOf(String type, String option) throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/self/mounts"))) {
      String[] f = line.split(" ");
      if (f.length > 3 && f[2].equals(type)
          && (option == null || List.of(f[3].split(",")).contains(option))) {
        return Optional.of(Path.of(f[1]));
      }
    }
    return Optional.empty();
  }

  /** This JVM's path in a hierarchy, from the /proc/self/cgroup line containing {@code key}. */
  private static String ownCgroup(String key) throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
      int at = line.indexOf(key);
      if (at >= 0 && (key.startsWith("0::") ? at == 0 : true)) {
        return line.substring(at + key.length());
      }
    }
    throw abort("this JVM is in no " + key + " cgroup (/proc/self/cgroup)");
  }

  private static RuntimeException abort(String why) {
    Assumptions.abort("cgroup freezer test skipped: " + why);
    return new IllegalStateException(why); // not reached
  }
}
