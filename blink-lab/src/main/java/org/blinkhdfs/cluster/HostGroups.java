package org.blinkhdfs.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One freezer cgroup per emulated host of a {@link LocalCluster} with YARN: the host's DataNode
 * and NodeManager JVMs are moved into it right after they start, and every container the
 * NodeManager forks inherits it, so the host's emulate agent ({@code --cgroup DIR}) freezes the
 * DataNode, the NodeManager and its running tasks at once, as suspending a real host would.
 *
 * <p>Where the groups go: the first writable freezer among cgroup v2 at {@code /sys/fs/cgroup}
 * (a pure v2 host), v2 at {@code /sys/fs/cgroup/unified} (a hybrid host) and the v1 freezer
 * hierarchy at {@code /sys/fs/cgroup/freezer}; "writable" means a group can be created there and
 * has the freezer's control file ({@code cgroup.freeze}, Linux 5.2+, or {@code freezer.state}).
 * The cluster's groups sit under {@code blinkhdfs-<hash of the cluster directory>}, so a later
 * cluster on the same directory finds and empties them ({@link #reap}) even after a launcher
 * was killed with SIGKILL. Without a writable freezer ({@link #open} returns empty; e.g. an
 * unprivileged CI container) the cluster falls back to signals over each host's process tree.
 *
 * <p>Optionally every host's CPU is capped too ({@link HostCpu}), so that a host is a small
 * machine of its own rather than a share of the whole one.
 *
 * <p>Closing thaws every group, kills what is left in it (containers carry no marker on their
 * command line, see {@link ProcessReaper}) and removes the groups. Thread-safe.
 */
final class HostGroups implements AutoCloseable {
  private static final List<Path> CANDIDATES = List.of(Path.of("/sys/fs/cgroup"),
      Path.of("/sys/fs/cgroup/unified"), Path.of("/sys/fs/cgroup/freezer"));
  private static final long EMPTY_TIMEOUT_MS = 10_000;

  private final Path parent;
  private final Map<String, Path> hosts = new LinkedHashMap<>();
  private Optional<HostCpu> cpu = Optional.empty();

  private HostGroups(Path parent) {
    this.parent = parent;
  }

  /**
   * Creates the cluster's parent group under the first writable freezer hierarchy; empty when
   * there is none (the caller falls back to signals).
   */
  static Optional<HostGroups> open(Path clusterDir) {
    return openFreezer(clusterDir);
  }

  /**
   * As {@link #open(Path)}, and with {@code cpuMillicores > 0} also caps every host's CPU
   * ({@link HostCpu}).
   *
   * @throws IOException when a cap is asked for and no CPU cgroup is writable
   */
  static Optional<HostGroups> open(Path clusterDir, int cpuMillicores) throws IOException {
    Optional<HostGroups> g = openFreezer(clusterDir);
    if (cpuMillicores > 0) {
      Path freezerParent = g.map(h -> h.parent).orElseThrow(() -> new IOException(
          "YarnSpec.hostCpuMillicores = " + cpuMillicores + " needs host cgroups, and no"
              + " freezer cgroup is writable here: use 0 (no cap, --host-cpu 0)"));
      try {
        g.get().cpu = Optional.of(HostCpu.open(freezerParent, clusterDir, cpuMillicores));
      } catch (IOException e) {
        g.get().close();
        throw e;
      }
    }
    return g;
  }

  private static Optional<HostGroups> openFreezer(Path clusterDir) {
    for (Path root : CANDIDATES) {
      Path parent = root.resolve(groupName(clusterDir));
      try {
        if (!Files.isDirectory(root) || !Files.isWritable(root)) {
          continue;
        }
        if (root.equals(CANDIDATES.get(0)) && !Files.exists(root.resolve("cgroup.controllers"))) {
          continue; // /sys/fs/cgroup is v1's tmpfs of hierarchies, not a v2 mount
        }
        Files.createDirectories(parent);
        if (freezerFile(parent).isPresent()) {
          return Optional.of(new HostGroups(parent));
        }
        Files.deleteIfExists(parent);
      } catch (IOException | SecurityException e) {
        // not writable here: try the next hierarchy
      }
    }
    return Optional.empty();
  }

  /** {@code blinkhdfs-<hex hash of the absolute cluster directory>}. */
  static String groupName(Path clusterDir) {
    return "blinkhdfs-" + Integer.toHexString(clusterDir.toAbsolutePath().toString().hashCode());
  }

  /** The freezer control file of a group: v2's cgroup.freeze or v1's freezer.state. */
  private static Optional<Path> freezerFile(Path group) {
    for (String name : List.of("cgroup.freeze", "freezer.state")) {
      if (Files.isRegularFile(group.resolve(name))) {
        return Optional.of(group.resolve(name));
      }
    }
    return Optional.empty();
  }

  /** Creates (once) the group of {@code host} and returns its directory. */
  synchronized Path host(String host) throws IOException {
    Path dir = hosts.get(host);
    if (dir == null) {
      dir = parent.resolve(host);
      Files.createDirectories(dir);
      hosts.put(host, dir);
    }
    return dir;
  }

  /** Moves {@code pid} (all its threads) into the group of {@code host}. */
  void add(String host, long pid) throws IOException {
    Files.writeString(host(host).resolve("cgroup.procs"), Long.toString(pid));
    if (cpu.isPresent()) {
      cpu.get().add(host, pid);
    }
  }

  /** The processes in {@code host}'s group now. */
  List<Long> pids(String host) throws IOException {
    return procs(host(host));
  }

  /** Whether {@code host}'s group is frozen right now (v2 {@code frozen 1}, v1 FROZEN). */
  boolean frozen(String host) throws IOException {
    Path dir = host(host);
    if (Files.exists(dir.resolve("cgroup.events"))) {
      return Files.readString(dir.resolve("cgroup.events")).lines()
          .anyMatch(l -> l.trim().equals("frozen 1"));
    }
    return Files.readString(dir.resolve("freezer.state")).trim().equals("FROZEN");
  }

  /** Which hierarchy the groups live in, for the progress line. */
  String describe() {
    return parent + cpu.map(c -> ", CPU capped at " + c.describe()).orElse("");
  }

  @Override
  public synchronized void close() {
    empty(parent);
    cpu.ifPresent(HostCpu::close);
  }

  /** Thaws, empties and removes the groups a cluster on {@code clusterDir} left behind. */
  static List<Long> reap(Path clusterDir) {
    List<Long> killed = new ArrayList<>();
    for (Path root : CANDIDATES) {
      Path parent = root.resolve(groupName(clusterDir));
      if (Files.isDirectory(parent)) {
        killed.addAll(empty(parent));
      }
    }
    HostCpu.reap(clusterDir);
    return killed;
  }

  /** Thaws, kills and removes every group under {@code parent} and parent itself. */
  private static List<Long> empty(Path parent) {
    List<Long> killed = new ArrayList<>();
    List<Path> groups = new ArrayList<>();
    try (var children = Files.list(parent)) {
      children.filter(Files::isDirectory).forEach(groups::add);
    } catch (IOException e) {
      return killed; // already gone
    }
    groups.add(parent);
    for (Path g : groups) {
      thaw(g);
      try {
        for (long pid : procs(g)) {
          Signals.kill(pid);
          killed.add(pid);
        }
        awaitEmpty(g);
      } catch (IOException e) {
        // the group went away meanwhile
      }
    }
    for (Path g : groups) {
      try {
        Files.deleteIfExists(g);
      } catch (IOException e) {
        System.err.println("HostGroups: could not remove cgroup " + g + " (" + e
            + "); remove it with rmdir once its processes are gone");
      }
    }
    return killed;
  }

  private static void thaw(Path group) {
    Optional<Path> control = freezerFile(group);
    if (control.isEmpty()) {
      return;
    }
    try {
      Files.writeString(control.get(),
          control.get().getFileName().toString().equals("cgroup.freeze") ? "0" : "THAWED");
    } catch (IOException e) {
      // a root group's freezer (v2 has none at the top) or a group gone meanwhile
    }
  }

  private static void awaitEmpty(Path group) throws IOException {
    long deadline = System.currentTimeMillis() + EMPTY_TIMEOUT_MS;
    while (!procs(group).isEmpty() && System.currentTimeMillis() < deadline) {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static List<Long> procs(Path group) throws IOException {
    List<Long> out = new ArrayList<>();
    Path procs = group.resolve("cgroup.procs");
    if (!Files.exists(procs)) {
      return out;
    }
    for (String line : Files.readString(procs, StandardCharsets.US_ASCII).split("\\s+")) {
      if (!line.isBlank()) {
        out.add(Long.parseLong(line.trim()));
      }
    }
    return out;
  }
}
