package org.blinkhdfs.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.DoubleSupplier;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.control.agent.ProcUtilization;

/**
 * Where the agent's utilization probe (the U that PARAID gear shifting runs on) reads. Kept apart
 * from {@link AgentConfig} because it is the probe's concern, not the loop's.
 *
 * <p>Two sources ({@value #SOURCE_KEY}):
 *
 * <ul>
 *   <li>{@code proc} (default): {@link ProcUtilization}, the host's busiest chosen disk and its
 *       CPUs from a {@code /proc} tree. Right for a host that runs one DataNode on its own disks.
 *   <li>{@code datanode}: {@link DataNodeTransferProbe}, the DataNode's own bytes read and
 *       written per second (its {@code /jmx}, at {@value #DATANODE_HTTP_KEY}) against its
 *       transfer caps ({@value #READ_CAP_KEY}, {@value #WRITE_CAP_KEY}; normally its {@code
 *       dfs.datanode.data.read.bandwidthPerSec} and {@code ...write.bandwidthPerSec}). Right
 *       where several DataNodes share a host and each is bounded by its caps, not by a disk of
 *       its own (the local test cluster): {@code /proc} would give every node the same
 *       whole-host value.
 * </ul>
 *
 * <p>Rules: {@value #DEVICES_KEY} is a comma-separated list of names exactly as in column 3 of
 * {@code /proc/diskstats} ({@code sda,nvme0n1}); a path such as {@code /dev/sda}, an empty entry
 * or a name with spaces is an error naming the key, the value and the fix. Empty (the default)
 * means every whole disk (see {@link ProcUtilization}). {@value #PROC_ROOT_KEY} must be an
 * absolute path; when set to anything but {@code /proc} it must be an existing directory (a test
 * or a container's bind mount). The default {@code /proc} is not checked here: where it is
 * missing the probe reports "unknown" and logs why once, and the agent still runs. With {@code
 * datanode}, the HTTP address (host:port) and both caps (bytes per second, at least 1) are
 * required.
 *
 * <p>Worked example: {@code blink.agent.utilization.devices = sdb, sdc} gives devices [sdb, sdc]
 * read from {@code /proc/diskstats}; {@code source = datanode, datanode.http = 127.0.0.1:9864,
 * read/write caps 10485760} reads that DataNode's transfer counters against 10 MiB/s each.
 * Immutable.
 */
public record UtilizationConfig(Source source, Path procRoot, Set<String> devices,
    String dataNodeHttp, long readCapBytesPerSec, long writeCapBytesPerSec) {
  static final String SOURCE_KEY = "blink.agent.utilization.source";
  static final String DEVICES_KEY = "blink.agent.utilization.devices";
  static final String PROC_ROOT_KEY = "blink.agent.proc.root";
  static final String DATANODE_HTTP_KEY = "blink.agent.utilization.datanode.http";
  static final String READ_CAP_KEY = "blink.agent.utilization.read.cap.bytes.per.sec";
  static final String WRITE_CAP_KEY = "blink.agent.utilization.write.cap.bytes.per.sec";
  public static final ConfigKey SOURCE = new ConfigKey(SOURCE_KEY, "proc", "proc|datanode");
  public static final ConfigKey DEVICES = new ConfigKey(DEVICES_KEY, "", "device names");
  public static final ConfigKey PROC_ROOT = new ConfigKey(PROC_ROOT_KEY, "/proc", "path");
  public static final ConfigKey DATANODE_HTTP =
      new ConfigKey(DATANODE_HTTP_KEY, "", "host:port");
  public static final ConfigKey READ_CAP = new ConfigKey(READ_CAP_KEY, "", "bytes/s");
  public static final ConfigKey WRITE_CAP = new ConfigKey(WRITE_CAP_KEY, "", "bytes/s");
  public static final List<ConfigKey> KEYS =
      List.of(SOURCE, DEVICES, PROC_ROOT, DATANODE_HTTP, READ_CAP, WRITE_CAP);
  /** Bound on one read of the DataNode's {@code /jmx}: the agent loop waits for it. */
  static final int DATANODE_PROBE_TIMEOUT_MS = 1_000;

  /** Where utilization comes from. */
  public enum Source {
    PROC,
    DATANODE
  }

  private static final Pattern DEVICE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:!+-]*");

  public UtilizationConfig {
    devices = Set.copyOf(devices);
  }

  /** The settings from {@code conf}; a bad value throws naming the key, the value and the fix. */
  static UtilizationConfig from(Configuration conf) {
    Source source = source(ConfigValues.raw(conf::get, SOURCE));
    Path procRoot = procRoot(ConfigValues.raw(conf::get, PROC_ROOT));
    Set<String> devices = devices(ConfigValues.raw(conf::get, DEVICES));
    if (source == Source.PROC) {
      return new UtilizationConfig(source, procRoot, devices, "", 0, 0);
    }
    String http = ConfigValues.raw(conf::get, DATANODE_HTTP);
    if (!http.matches("[^\\s:/]+:[0-9]{1,5}")) {
      throw new IllegalArgumentException(DATANODE_HTTP_KEY + " = '" + http + "': " + SOURCE_KEY
          + " = datanode needs the DataNode's HTTP address as host:port (its"
          + " dfs.datanode.http.address, e.g. 127.0.0.1:9864)");
    }
    return new UtilizationConfig(source, procRoot, devices, http, cap(conf, READ_CAP),
        cap(conf, WRITE_CAP));
  }

  private static Source source(String text) {
    return switch (text.trim()) {
      case "proc" -> Source.PROC;
      case "datanode" -> Source.DATANODE;
      default -> throw new IllegalArgumentException(SOURCE_KEY + " = '" + text + "': give proc"
          + " (the host's disks and CPUs from /proc) or datanode (the DataNode's transfer"
          + " counters against its caps)");
    };
  }

  private static long cap(Configuration conf, ConfigKey key) {
    if (ConfigValues.raw(conf::get, key).isEmpty()) {
      throw new IllegalArgumentException(key.name() + " is not set: " + SOURCE_KEY + " ="
          + " datanode needs the node's transfer cap in bytes per second (normally its"
          + " dfs.datanode.data." + (key == READ_CAP ? "read" : "write") + ".bandwidthPerSec)");
    }
    return ConfigValues.longIn(conf::get, key, 1, Long.MAX_VALUE);
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
  DoubleSupplier probe(Clock clock) {
    if (source == Source.DATANODE) {
      return new DataNodeTransferProbe(dataNodeHttp, readCapBytesPerSec, writeCapBytesPerSec,
          DATANODE_PROBE_TIMEOUT_MS, clock);
    }
    return new ProcUtilization(procRoot, devices, clock);
  }

  @Override
  public String toString() {
    if (source == Source.DATANODE) {
      return "utilization from DataNode " + dataNodeHttp + " transfers (caps read "
          + readCapBytesPerSec + " B/s, write " + writeCapBytesPerSec + " B/s)";
    }
    return "utilization from " + procRoot + " (" + (devices.isEmpty() ? "every whole disk"
        : String.join(",", devices)) + ")";
  }
}
