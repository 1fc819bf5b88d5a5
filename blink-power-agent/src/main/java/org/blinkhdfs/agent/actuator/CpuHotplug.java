package org.blinkhdfs.agent.actuator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.blinkhdfs.control.agent.ActuatorException;

/**
 * io-server mode through CPU hotplug: {@code computeCores = n > 0} keeps {@code cpu0..cpu(n−1)}
 * online and writes {@code 0} to {@code cpuK/online} for every {@code K >= n};
 * {@code n <= 0} writes {@code 1} to all. CPUs without an {@code online} file (cpu0 on most
 * hosts, which cannot be unplugged) are skipped. Example with cpu0..cpu3 and {@code n = 2}:
 * cpu1 online, cpu2 and cpu3 offline, cpu0 untouched.
 *
 * <p>CPUs are brought online before others go offline, so the host never has fewer than the
 * requested cores in between. A file is written only when its value differs, and read back after.
 *
 * <p>Not thread-safe on its own; {@link RealActuator} serializes access.
 */
final class CpuHotplug {
  private final ControlFiles files;
  private final Path cpuDir;

  CpuHotplug(ControlFiles files, Path root) {
    this.files = files;
    this.cpuDir = root.resolve("sys/devices/system/cpu");
  }

  /** Applies the mode; returns a summary such as {@code online [1], offline [2, 3]}. */
  String setComputeCores(int computeCores) throws ActuatorException {
    List<Path> cpus = listCpus();
    List<Path> online = new ArrayList<>();
    List<Path> offline = new ArrayList<>();
    for (Path cpu : cpus) {
      if (!Files.exists(cpu.resolve("online"))) {
        continue;
      }
      (computeCores <= 0 || number(cpu) < computeCores ? online : offline).add(cpu);
    }
    for (Path cpu : online) {
      set(cpu, "1");
    }
    for (Path cpu : offline) {
      set(cpu, "0");
    }
    return "online " + numbers(online) + ", offline " + numbers(offline) + " of " + cpus.size()
        + " CPUs";
  }

  private List<Path> listCpus() throws ActuatorException {
    try (Stream<Path> entries = Files.list(cpuDir)) {
      return entries.filter(p -> p.getFileName().toString().matches("cpu\\d+"))
          .sorted(Comparator.comparingInt(CpuHotplug::number)).toList();
    } catch (IOException e) {
      throw new ActuatorException("cannot list CPUs under " + cpuDir + " (" + e + "): check "
          + "--sysfs-root, or turn io-server mode off", e);
    }
  }

  private void set(Path cpu, String value) throws ActuatorException {
    Path file = cpu.resolve("online");
    String fix = "run as root; a CPU that refuses to go offline (EBUSY) is pinned by the kernel";
    if (value.equals(files.read(file, fix))) {
      return;
    }
    files.write(file, value, fix);
    String back = files.read(file, fix);
    if (!value.equals(back)) {
      throw new ActuatorException("wrote " + value + " to " + file + " but it reads '" + back
          + "': the kernel refused the CPU hotplug; " + fix);
    }
  }

  private static int number(Path cpu) {
    return Integer.parseInt(cpu.getFileName().toString().substring(3));
  }

  private static List<Integer> numbers(List<Path> cpus) {
    return cpus.stream().map(CpuHotplug::number).toList();
  }
}
