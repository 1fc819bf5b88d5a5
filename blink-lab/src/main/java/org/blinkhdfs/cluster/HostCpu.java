package org.blinkhdfs.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A CPU cap per emulated host of a {@link LocalCluster} with YARN: one CPU cgroup per host whose
 * CFS quota gives the host's DataNode, NodeManager and containers together at most {@code
 * millicores} of CPU time (1000 = one core).
 *
 * <p>Why: every emulated host shares one machine's two cores, so without a cap a job's compute
 * does not depend on how many hosts are awake or compute-on: equal work with half its nodes OFF,
 * or io-server with one max-perf node, would run as fast as all nodes, since the few remaining
 * hosts take the whole machine. With a cap, a host is a small machine of its own and a job's
 * compute scales with the hosts that may run it, as in the papers' clusters (BlinkFS Fig 11,
 * Amur &amp; Schwan Table 2, Le et al. Fig 3). Example: 4 hosts at 400 millicores use at most
 * 1.6 of the 2 cores; a job confined to 1 of them gets 0.4 cores.
 *
 * <p>Where the groups go: cgroup v2's {@code cpu.max} when the hierarchy that holds the freezer
 * groups has the cpu controller enabled for its children, else the v1 cpu hierarchy at {@code
 * /sys/fs/cgroup/cpu} ({@code cpu.cfs_quota_us}/{@code cpu.cfs_period_us}); a process can sit in
 * a v1 cpu group and a v2 freezer group at once. Groups are named like the freezer groups
 * ({@link HostGroups#groupName}), so {@link #reap} removes a killed launcher's leftovers. No
 * writable CPU hierarchy: {@link #open} fails naming the setting to drop.
 *
 * <p>Thread-safe.
 */
final class HostCpu {
  static final Path V1_ROOT = Path.of("/sys/fs/cgroup/cpu");
  private static final long PERIOD_US = 100_000;

  private final Path parent;
  private final boolean v2;
  private final int millicores;
  private final Map<String, Path> hosts = new LinkedHashMap<>();

  private HostCpu(Path parent, boolean v2, int millicores) {
    this.parent = parent;
    this.v2 = v2;
    this.millicores = millicores;
  }

  /**
   * Opens the cluster's CPU groups next to the freezer groups under {@code freezerParent}.
   *
   * @throws IOException when neither v2 (cpu controller) nor v1 (cpu hierarchy) is writable
   */
  static HostCpu open(Path freezerParent, Path clusterDir, int millicores) throws IOException {
    Path v2Root = freezerParent.getParent();
    if (Files.exists(v2Root.resolve("cgroup.controllers")) && enableV2Cpu(v2Root, freezerParent)) {
      return new HostCpu(freezerParent, true, millicores);
    }
    Path parent = V1_ROOT.resolve(HostGroups.groupName(clusterDir));
    if (Files.isDirectory(V1_ROOT) && Files.isWritable(V1_ROOT)) {
      Files.createDirectories(parent);
      if (Files.isRegularFile(parent.resolve("cpu.cfs_quota_us"))) {
        return new HostCpu(parent, false, millicores);
      }
    }
    throw new IOException("YarnSpec.hostCpuMillicores = " + millicores + " needs a writable CPU"
        + " cgroup (cgroup v2 with the cpu controller, or v1 at " + V1_ROOT + "); none is here:"
        + " run as root on a host with cgroups, or use 0 (no cap, --host-cpu 0)");
  }

  /** Whether v2's cpu controller is (or can be made) available to the freezer groups. */
  private static boolean enableV2Cpu(Path root, Path parent) {
    try {
      if (!Files.readString(root.resolve("cgroup.controllers")).contains("cpu")) {
        return false;
      }
      for (Path p : List.of(root, parent)) {
        if (!Files.readString(p.resolve("cgroup.subtree_control")).contains("cpu")) {
          Files.writeString(p.resolve("cgroup.subtree_control"), "+cpu");
        }
      }
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Caps {@code host}'s group (created once) and moves {@code pid} into it. */
  synchronized void add(String host, long pid) throws IOException {
    Path dir = hosts.get(host);
    if (dir == null) {
      dir = parent.resolve(host);
      Files.createDirectories(dir);
      long quota = PERIOD_US * millicores / 1000;
      if (v2) {
        Files.writeString(dir.resolve("cpu.max"), quota + " " + PERIOD_US);
      } else {
        Files.writeString(dir.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_US));
        Files.writeString(dir.resolve("cpu.cfs_quota_us"), Long.toString(quota));
      }
      hosts.put(host, dir);
    }
    if (!v2) {
      // In v2 the freezer group is this group: HostGroups already moved the pid.
      Files.writeString(dir.resolve("cgroup.procs"), Long.toString(pid));
    }
  }

  /** Which hierarchy and cap, for the progress line. */
  String describe() {
    return millicores + " millicores per host (" + (v2 ? "cgroup v2 cpu.max" : "cgroup v1 cpu"
        + " quota under " + parent) + ")";
  }

  /** Removes the v1 groups of a cluster on {@code clusterDir} (v2 ones go with the freezer's). */
  static void reap(Path clusterDir) {
    Path parent = V1_ROOT.resolve(HostGroups.groupName(clusterDir));
    if (!Files.isDirectory(parent)) {
      return;
    }
    try (var children = Files.list(parent)) {
      for (Path g : children.filter(Files::isDirectory).toList()) {
        removeQuietly(g);
      }
    } catch (IOException e) {
      // gone meanwhile
    }
    removeQuietly(parent);
  }

  private static void removeQuietly(Path group) {
    try {
      Files.deleteIfExists(group);
    } catch (IOException e) {
      System.err.println("HostCpu: could not remove cgroup " + group + " (" + e
          + "); remove it with rmdir once its processes are gone");
    }
  }

  /** Removes this cluster's v1 groups; call after the freezer groups were emptied. */
  synchronized void close() {
    if (!v2) {
      hosts.values().forEach(HostCpu::removeQuietly);
      removeQuietly(parent);
    }
  }

  /** For tests: the group directory of {@code host}, if created. */
  synchronized Optional<Path> group(String host) {
    return Optional.ofNullable(hosts.get(host));
  }
}
