package org.blinkhdfs.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds and kills daemons a previous cluster on the same directory left behind (a launcher
 * killed with SIGKILL while a DataNode was frozen: the frozen JVM cannot notice its parent is
 * gone). Every daemon's command line carries {@code -Dblink.local.cluster=<dir>}; the reaper
 * scans {@code /proc/<pid>/cmdline} for that exact marker, thaws and kills the matches. With
 * YARN, the cluster's host cgroups ({@link HostGroups#reap}) are thawed and emptied first: they
 * also hold the containers, whose command lines carry no marker.
 *
 * <p>Stateless; Linux only (without {@code /proc} it finds nothing).
 */
final class ProcessReaper {
  private ProcessReaper() {}

  /** Kills every process whose command line carries this cluster directory; returns their pids. */
  static List<Long> reap(Path clusterDir) {
    // Host cgroups first: they hold containers, which carry no marker, and v1 freezer groups
    // must be thawed before their members can die.
    List<Long> found = new ArrayList<>(HostGroups.reap(clusterDir));
    found.addAll(find(clusterDir));
    for (long pid : found) {
      Signals.cont(pid);
      Signals.kill(pid);
    }
    return found;
  }

  /** The processes (other than this JVM) whose command line carries this cluster directory. */
  static List<Long> find(Path clusterDir) {
    String marker = "-D" + JavaDaemon.MARKER_PROPERTY + "=" + clusterDir.toAbsolutePath();
    long self = ProcessHandle.current().pid();
    List<Long> found = new ArrayList<>();
    Path proc = Path.of("/proc");
    if (!Files.isDirectory(proc)) {
      return found;
    }
    try (var entries = Files.list(proc)) {
      for (Path p : (Iterable<Path>) entries::iterator) {
        String name = p.getFileName().toString();
        if (name.chars().allMatch(Character::isDigit) && Long.parseLong(name) != self
            && carries(p.resolve("cmdline"), marker)) {
          found.add(Long.parseLong(name));
        }
      }
    } catch (IOException e) {
      // /proc vanished under us; nothing to find
    }
    return found;
  }

  private static boolean carries(Path cmdline, String marker) {
    try {
      String args = new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8);
      for (String arg : args.split("\0")) {
        if (arg.equals(marker)) {
          return true;
        }
      }
    } catch (IOException e) {
      // the process ended while we looked
    }
    return false;
  }
}
