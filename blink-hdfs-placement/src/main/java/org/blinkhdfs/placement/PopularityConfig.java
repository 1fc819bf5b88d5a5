package org.blinkhdfs.placement;

import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.layout.popularity.PopularitySettings;

/**
 * The {@code blink.popularity.*} keys of popularity-based replication (BlinkFS §4.2) on the
 * NameNode, checked when the plugin is configured. Meaning and defaults are in {@code
 * conf/blink-default.xml} (listed in {@link PlacementConfig#KEYS}); the rule is {@code
 * ExtraReplicaPlanner}'s.
 *
 * <p>Immutable.
 */
final class PopularityConfig {
  static final ConfigKey ENABLED = new ConfigKey("blink.popularity.enabled", "false", "");
  static final ConfigKey PERIOD_MS = new ConfigKey("blink.popularity.period.ms", "60000", "ms");
  static final ConfigKey ALPHA = new ConfigKey("blink.popularity.alpha", "0.5", "");
  static final ConfigKey MAX_REPLICAS =
      new ConfigKey("blink.popularity.max.replicas", "6", "replicas");
  static final ConfigKey WRITE_MAX_REPLICAS =
      new ConfigKey("blink.popularity.write.max.replicas", "3", "replicas");
  static final ConfigKey WRITE_HOT =
      new ConfigKey("blink.popularity.write.hot", "1", "writes per period");
  static final ConfigKey MIN_READS =
      new ConfigKey("blink.popularity.min.reads", "1", "reads per period");
  static final ConfigKey CAPACITY_FRACTION =
      new ConfigKey("blink.popularity.capacity.fraction", "0.5", "fraction");
  static final ConfigKey MAX_FILES = new ConfigKey("blink.popularity.max.files", "100000", "files");
  static final ConfigKey NODES_PUBLISH =
      new ConfigKey("blink.popularity.nodes.publish", "false", "");
  static final ConfigKey NODES_FILES =
      new ConfigKey("blink.popularity.nodes.files", "1000", "files");

  private final boolean enabled;
  private final long periodMs;
  private final int maxFiles;
  private final PopularitySettings settings;
  private final boolean publishNodes;
  private final int nodesFiles;

  private PopularityConfig(boolean enabled, long periodMs, int maxFiles,
      PopularitySettings settings, boolean publishNodes, int nodesFiles) {
    this.enabled = enabled;
    this.periodMs = periodMs;
    this.maxFiles = maxFiles;
    this.settings = settings;
    this.publishNodes = publishNodes;
    this.nodesFiles = nodesFiles;
  }

  /** Reads and checks every key. @throws IllegalArgumentException naming a bad key */
  static PopularityConfig from(Configuration conf) {
    return new PopularityConfig(ConfigValues.booleanValue(conf::get, ENABLED),
        ConfigValues.longIn(conf::get, PERIOD_MS, 100, 86_400_000L),
        (int) ConfigValues.longIn(conf::get, MAX_FILES, 1, 10_000_000L),
        new PopularitySettings(ConfigValues.doubleIn(conf::get, ALPHA, 0, 1),
            (int) ConfigValues.longIn(conf::get, MAX_REPLICAS, 1, 32),
            (int) ConfigValues.longIn(conf::get, WRITE_MAX_REPLICAS, 1, 32),
            ConfigValues.doubleIn(conf::get, WRITE_HOT, 0, 1e9),
            ConfigValues.doubleIn(conf::get, MIN_READS, 0, 1e9),
            ConfigValues.doubleIn(conf::get, CAPACITY_FRACTION, 0, 1)),
        ConfigValues.booleanValue(conf::get, NODES_PUBLISH),
        (int) ConfigValues.longIn(conf::get, NODES_FILES, 1, 1_000_000L));
  }

  /** Whether each period's node read loads go to the scheduler ({@link NodeLoadPublisher}). */
  boolean publishNodes() {
    return publishNodes;
  }

  /** The hottest files whose blocks a node load counts. */
  int nodesFiles() {
    return nodesFiles;
  }

  /** Whether anything folds the access counts each period: replication or node loads. */
  boolean anyPeriodWork() {
    return enabled || publishNodes;
  }

  boolean enabled() {
    return enabled;
  }

  long periodMs() {
    return periodMs;
  }

  int maxFiles() {
    return maxFiles;
  }

  PopularitySettings settings() {
    return settings;
  }
}
