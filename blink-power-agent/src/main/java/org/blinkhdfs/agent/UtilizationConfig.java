package org.blinkhdfs.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.core.agent.ProcUtilization;
import org.blinkhdfs.core.config.ConfigKey;
import org.blinkhdfs.core.config.ConfigValues;

/**
 * Where the agent's utilization probe ({@link ProcUtilization}, the U that PARAID gear shifting
 * runs on) reads: the {@code /proc} root and the block devices whose busy time counts. Kept apart
 * from {@link AgentConfig} because it is the probe's concern, not the loop's.
 *
 * <p>Rules: {@value #DEVICES_KEY} is a comma-separated list of names exactly as in column 3 of
 * {@code /proc/diskstats} ({@code sda,nvme0n1}); a path such as {@code /dev/sda}, an empty entry
 * or a name with spaces is an error naming the key, the value and the fix. Empty (the default)
 * means every whole disk (see {@link ProcUtilization}). {@value #PROC_ROOT_KEY} must be an
 * absolute path; when set to anything but {@code /proc} it must be an existing directory (a test
 * or a container's bind mount). The default {@code /proc} is not checked here: where it is
 * missing the probe reports "unknown" and logs why once, and the agent still runs.
 *
 * <p>Worked example: {@code blink.agent.utilization.devices = sdb, sdc} gives devices [sdb, sdc]
 * read from {@code /proc/diskstats}. Immutable.
 */
public record UtilizationConfig(Path procRoot, Set<String> devices) {
  static final String DEVICES_KEY = "blink.agent.utilization.devices";
  static final String PROC_ROOT_KEY = "blink.agent.proc.root";
  public static final ConfigKey DEVICES = new ConfigKey(DEVICES_KEY, "", "device names");
  public static final ConfigKey PROC_ROOT = new ConfigKey(PROC_ROOT_KEY, "/proc", "path");
  public static final List<ConfigKey> KEYS = List.of(DEVICES, PROC_ROOT);

  private static final Pattern DEVICE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:!+-]*");

  public UtilizationConfig {
    devices = Set.copyOf(devices);
  }

  /** The settings from {@code conf}; a bad value throws naming the key, the value and the fix. */
  static UtilizationConfig from(Configuration conf) {
    return new UtilizationConfig(procRoot(ConfigValues.raw(conf::get, PROC_ROOT)),
        devices(ConfigValues.raw(conf::get, DEVICES)));
  }

  private static Path procRoot(String text) {
    Path p = Path.of(text);
    if (!p.isAbsolute()) {
      throw new IllegalArgumentException(PROC_ROOT_KEY + " = '" + text + "' is not an absolute"
          + " path: give the proc file system's mount point, normally /proc");
    }
    if (!text.equals(PROC_ROOT.defaultValue()) && !Files.isDirectory(p)) {
      throw new IllegalArgumentException(PROC_ROOT_KEY + " = '" + text + "' is not a directory:"
          + " give a directory holding diskstats and stat, or leave it unset for /proc");
    }
    return p;
  }

  private static Set<String> devices(String text) {
    Set<String> out = new LinkedHashSet<>();
    if (text.isEmpty()) {
      return out;
    }
    for (String t : text.split(",", -1)) {
      String name = t.trim();
      if (!DEVICE_NAME.matcher(name).matches()) {
        throw new IllegalArgumentException(DEVICES_KEY + " = '" + text + "': '" + name
            + "' is not a block device name; give names as in column 3 of /proc/diskstats,"
            + " comma-separated (e.g. sda,nvme0n1, not /dev/sda), or leave it empty for every"
            + " whole disk");
      }
      out.add(name);
    }
    return out;
  }

  /** The probe these settings describe, against {@code clock}. */
  ProcUtilization probe(Clock clock) {
    return new ProcUtilization(procRoot, devices, clock);
  }

  @Override
  public String toString() {
    return "utilization from " + procRoot + " (" + (devices.isEmpty() ? "every whole disk"
        : String.join(",", devices)) + ")";
  }
}
