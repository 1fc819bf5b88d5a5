package org.blinkhdfs.placement;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.server.blockmanagement.CombinedHostFileManager;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.layout.maintenance.MaintenanceSettings;

/**
 * The {@code blink.maintenance.*} keys (declared in {@link PlacementConfig}) and the HDFS keys
 * maintenance depends on, checked together when the NameNode plugin is configured, so a NameNode
 * that cannot hold OFF nodes in maintenance does not start (Hadoop creates {@code
 * dfs.namenode.plugins} before serving and stops on a configuration error; an error in a plugin's
 * {@code start} would only be logged).
 *
 * <p>With {@code blink.maintenance.enabled = true} the NameNode must read the combined (JSON) hosts
 * file that BlinkHDFS writes: {@code dfs.namenode.hosts.provider.classname =
 * org.apache.hadoop.hdfs.server.blockmanagement.CombinedHostFileManager} and {@code dfs.hosts} =
 * a file in an existing directory. And a BLINK node must be put in maintenance well before HDFS
 * can declare it dead: {@code sleep.threshold.ms + check.ms} may be at most half the dead-node
 * interval (2 × {@code dfs.namenode.heartbeat.recheck-interval} + 10 × {@code
 * dfs.heartbeat.interval}, as {@code DatanodeManager} computes it), leaving the other half for the
 * file write, the refresh and heartbeat jitter. Example: HDFS defaults give 630 000 ms, so the
 * default threshold 300 000 ms plus a 1 000 ms check fits; a test cluster dead after 14 000 ms
 * needs a threshold of at most 7 000 - check.
 *
 * <p>Immutable and thread-safe.
 */
final class MaintenanceConfig {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(MaintenanceConfig.class);
  static final String COMBINED_PROVIDER = CombinedHostFileManager.class.getName();

  private final boolean enabled;
  private final long checkMs;
  private final MaintenanceSettings settings;
  private final Path hostsFile;
  private final long silentMs;

  private MaintenanceConfig(Configuration conf) {
    this.enabled = booleanValue(conf, PlacementConfig.MAINTENANCE_ENABLED);
    this.checkMs = longIn(conf, PlacementConfig.MAINTENANCE_CHECK_MS, 100, 600_000L);
    this.settings = new MaintenanceSettings(
        longIn(conf, PlacementConfig.MAINTENANCE_SLEEP_THRESHOLD_MS, 0, 86_400_000L),
        longIn(conf, PlacementConfig.MAINTENANCE_EXPIRY_MARGIN_MS, 0, 86_400_000L),
        longIn(conf, PlacementConfig.MAINTENANCE_MAX_MS, 1_000, 7 * 86_400_000L),
        longIn(conf, PlacementConfig.MAINTENANCE_SILENCE_MAX_MS, 1_000, 7 * 86_400_000L));
    this.silentMs = 2 * 1000 * heartbeatSeconds(conf);
    this.hostsFile = enabled ? checkHdfsKeys(conf) : null;
    if (enabled) {
      checkThreshold(conf);
    }
  }

  /** Reads and validates the keys; a bad or missing value fails naming the key and the fix. */
  static MaintenanceConfig from(Configuration conf) {
    return new MaintenanceConfig(conf);
  }

  boolean enabled() {
    return enabled;
  }

  /** Milliseconds between two planning passes. */
  long checkMs() {
    return checkMs;
  }

  MaintenanceSettings settings() {
    return settings;
  }

  /** The combined hosts file ({@code dfs.hosts}); only when enabled. */
  Path hostsFile() {
    return hostsFile;
  }

  /**
   * A held node not heard from for this long counts as silent (not back yet): two NameNode
   * heartbeat intervals, so a node that just went away is not mistaken for one that returned
   * (the stale interval, 30 s by default, would be too lenient).
   */
  long silentMs() {
    return silentMs;
  }

  private static long heartbeatSeconds(Configuration conf) {
    return conf.getTimeDuration(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY,
        DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_DEFAULT, TimeUnit.SECONDS);
  }

  private Path checkHdfsKeys(Configuration conf) {
    String provider = conf.getTrimmed(DFSConfigKeys.DFS_NAMENODE_HOSTS_PROVIDER_CLASSNAME_KEY, "");
    if (!provider.equals(COMBINED_PROVIDER)) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = true needs %s = %s (found '%s'): maintenance is set through the JSON hosts file;"
              + " set it and %s to a JSON file the NameNode may write, or set %s = false",
          PlacementConfig.MAINTENANCE_ENABLED.name(),
          DFSConfigKeys.DFS_NAMENODE_HOSTS_PROVIDER_CLASSNAME_KEY, COMBINED_PROVIDER, provider,
          DFSConfigKeys.DFS_HOSTS, PlacementConfig.MAINTENANCE_ENABLED.name()));
    }
    String hosts = conf.getTrimmed(DFSConfigKeys.DFS_HOSTS, "");
    if (hosts.isEmpty()) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = true needs %s: set it to the path of the JSON hosts file BlinkHDFS writes (e.g."
              + " /etc/hadoop/blink-hosts.json; it may not exist yet), or set %s = false",
          PlacementConfig.MAINTENANCE_ENABLED.name(), DFSConfigKeys.DFS_HOSTS,
          PlacementConfig.MAINTENANCE_ENABLED.name()));
    }
    Path file = Path.of(hosts).toAbsolutePath().normalize();
    if (file.getParent() == null || !Files.isDirectory(file.getParent())) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = '%s': directory %s does not exist; create it (BlinkHDFS writes the file there)",
          DFSConfigKeys.DFS_HOSTS, hosts, file.getParent()));
    }
    checkExcludeFile(conf);
    return file;
  }

  /**
   * {@code CombinedHostFileManager} never reads {@code dfs.hosts.exclude}: DataNodes listed there
   * would silently rejoin. A file with names in it is an error; an empty or missing one (as
   * cluster managers often configure) only a warning.
   */
  private static void checkExcludeFile(Configuration conf) {
    String exclude = conf.getTrimmed(DFSConfigKeys.DFS_HOSTS_EXCLUDE, "");
    if (exclude.isEmpty()) {
      return;
    }
    Path p = Path.of(exclude);
    String text;
    try {
      text = Files.isRegularFile(p) ? Files.readString(p).trim() : "";
    } catch (java.io.IOException e) {
      text = "(unreadable: " + e.getMessage() + ")";
    }
    if (text.isEmpty()) {
      LOG.warn("{} = '{}' is ignored: with {} = true the NameNode reads only {} (JSON); list"
          + " DataNodes to exclude there as DECOMMISSIONED entries",
          DFSConfigKeys.DFS_HOSTS_EXCLUDE,
          exclude, PlacementConfig.MAINTENANCE_ENABLED.name(), DFSConfigKeys.DFS_HOSTS);
      return;
    }
    throw new IllegalArgumentException(String.format(Locale.ROOT,
        "%s = '%s' lists DataNodes, but with %s = true the NameNode reads only %s (JSON,"
            + " %s ignores the exclude file), so they would rejoin; move them into %s as"
            + " {\"hostName\": ..., \"port\": ..., \"adminState\": \"DECOMMISSIONED\"} entries"
            + " (BlinkHDFS keeps them) and unset %s",
        DFSConfigKeys.DFS_HOSTS_EXCLUDE, exclude, PlacementConfig.MAINTENANCE_ENABLED.name(),
        DFSConfigKeys.DFS_HOSTS, CombinedHostFileManager.class.getSimpleName(),
        DFSConfigKeys.DFS_HOSTS, DFSConfigKeys.DFS_HOSTS_EXCLUDE));
  }

  private void checkThreshold(Configuration conf) {
    long recheckMs = conf.getInt(DFSConfigKeys.DFS_NAMENODE_HEARTBEAT_RECHECK_INTERVAL_KEY,
        DFSConfigKeys.DFS_NAMENODE_HEARTBEAT_RECHECK_INTERVAL_DEFAULT);
    long heartbeatS = heartbeatSeconds(conf);
    long deadMs = 2 * recheckMs + 10 * 1000 * heartbeatS;
    long thresholdMs = settings.sleepThresholdMs();
    if (thresholdMs + checkMs > deadMs / 2) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = '%d' is too long: the NameNode declares a silent DataNode dead after %d ms"
              + " (2 x %s = %d ms + 10 x %s = %d s), and a sleeping BLINK node must be in"
              + " maintenance well before that; give at most %d (half the dead interval minus"
              + " %s = %d), or lengthen the dead interval",
          PlacementConfig.MAINTENANCE_SLEEP_THRESHOLD_MS.name(), thresholdMs, deadMs,
          DFSConfigKeys.DFS_NAMENODE_HEARTBEAT_RECHECK_INTERVAL_KEY, recheckMs,
          DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, heartbeatS, Math.max(0, deadMs / 2 - checkMs),
          PlacementConfig.MAINTENANCE_CHECK_MS.name(), checkMs));
    }
  }

  private static boolean booleanValue(Configuration conf, ConfigKey key) {
    return ConfigValues.booleanValue(conf::get, key);
  }


  private static long longIn(Configuration conf, ConfigKey key, long min, long max) {
    return ConfigValues.longIn(conf::get, key, min, max);
  }
}
