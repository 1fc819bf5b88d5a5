package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-host CPU cap on this machine's cgroups: a process moved into a host gets the host's
 * quota, and closing removes the groups. Skipped where no freezer or CPU cgroup is writable
 * (e.g. an unprivileged CI container), where the local cluster refuses a cap with a clear error.
 */
class HostCpuTest {
  @TempDir Path dir;

  @Test
  void aHostsProcessesShareItsQuota() throws Exception {
    Optional<HostGroups> probe = HostGroups.open(dir);
    assumeTrue(probe.isPresent(), "no writable freezer cgroup here");
    probe.get().close();
    Optional<HostGroups> groups;
    try {
      groups = HostGroups.open(dir, 250);
    } catch (java.io.IOException e) {
      assumeTrue(false, "no writable CPU cgroup here: " + e.getMessage());
      return;
    }
    Process p = new ProcessBuilder("sleep", "60").start();
    try (HostGroups g = groups.get()) {
      g.add("host-a", p.pid());
      String cgroups = Files.readString(Path.of("/proc/" + p.pid() + "/cgroup"));
      String name = HostGroups.groupName(dir) + "/host-a";
      assertTrue(cgroups.lines().filter(l -> l.contains(name)).count() >= 1, cgroups);
      Path v1 = HostCpu.V1_ROOT.resolve(name);
      if (Files.exists(v1)) {
        assertEquals("25000", Files.readString(v1.resolve("cpu.cfs_quota_us")).trim(),
            "250 millicores of a 100 ms period");
        assertTrue(Files.readString(v1.resolve("cgroup.procs")).contains(Long.toString(p.pid())));
      } else {
        assertEquals("25000 100000", Files.readString(g.host("host-a").resolve("cpu.max"))
            .trim());
      }
      assertTrue(g.describe().contains("250 millicores"), g.describe());
    } finally {
      p.destroyForcibly().waitFor();
    }
    assertFalse(Files.exists(HostCpu.V1_ROOT.resolve(HostGroups.groupName(dir))),
        "closing removes the CPU groups");
  }

  @Test
  void aCapOutOfRangeIsRefusedNamingTheField() {
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> YarnSpec.on().withHostCpu(10));
    assertTrue(e.getMessage().contains("YarnSpec.hostCpuMillicores = 10"), e.getMessage());
  }
}
