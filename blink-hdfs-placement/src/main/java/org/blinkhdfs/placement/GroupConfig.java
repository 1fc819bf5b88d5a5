package org.blinkhdfs.placement;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.client.GroupsFeed;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;

/**
 * The NameNode's application-group keys ({@code docs/groups.md}): whether groups' latency
 * targets raise their files' replication, where the groups document comes from, and the bounds
 * of each period's work. A bad value stops the NameNode at start naming the key.
 *
 * <p>Immutable.
 */
final class GroupConfig {
  static final ConfigKey ENABLED = new ConfigKey("blink.groups.replication.enabled", "false", "");
  static final ConfigKey FILE = GroupsFeed.FILE;
  static final ConfigKey SERVICE_MS = new ConfigKey("blink.groups.read.service.ms", "20", "ms");
  static final ConfigKey FILES_MAX = new ConfigKey("blink.groups.files.max", "10000", "files");
  static final ConfigKey BLOCKS_SAMPLE =
      new ConfigKey("blink.groups.blocks.sample", "2000", "blocks");
  static final ConfigKey MAX_REPLICAS =
      new ConfigKey("blink.groups.replication.max", "6", "replicas");
  static final ConfigKey BUDGET_BYTES = new ConfigKey("blink.groups.budget.bytes", "0", "bytes");

  static final List<ConfigKey> KEYS =
      List.of(ENABLED, FILE, SERVICE_MS, FILES_MAX, BLOCKS_SAMPLE, MAX_REPLICAS, BUDGET_BYTES);

  private final boolean enabled;
  private final String file;
  private final long serviceMs;
  private final int filesMax;
  private final int blocksSample;
  private final int maxReplicas;
  private final long budgetBytes;

  private GroupConfig(boolean enabled, String file, long serviceMs, int filesMax,
      int blocksSample, int maxReplicas, long budgetBytes) {
    this.enabled = enabled;
    this.file = file;
    this.serviceMs = serviceMs;
    this.filesMax = filesMax;
    this.blocksSample = blocksSample;
    this.maxReplicas = maxReplicas;
    this.budgetBytes = budgetBytes;
  }

  /** Reads and checks every key. @throws IllegalArgumentException naming a bad key */
  static GroupConfig from(Configuration conf) {
    GroupConfig c = new GroupConfig(ConfigValues.booleanValue(conf::get, ENABLED),
        conf.getTrimmed(FILE.name(), ""),
        ConfigValues.longIn(conf::get, SERVICE_MS, 0, 600_000),
        (int) ConfigValues.longIn(conf::get, FILES_MAX, 1, 10_000_000L),
        (int) ConfigValues.longIn(conf::get, BLOCKS_SAMPLE, 1, 1_000_000L),
        (int) ConfigValues.longIn(conf::get, MAX_REPLICAS, 1, 32),
        ConfigValues.longIn(conf::get, BUDGET_BYTES, 0, Long.MAX_VALUE));
    String scheduler = conf.getTrimmed(PlacementConfig.SCHEDULER_ADDRESS.name(), "");
    if (c.enabled && c.file.isEmpty() && scheduler.isEmpty()) {
      throw new IllegalArgumentException(ENABLED.name() + " = true needs the groups document:"
          + " set " + FILE.name() + " to the scheduler's blink.scheduler.groups.file (same host),"
          + " or " + PlacementConfig.SCHEDULER_ADDRESS.name() + " to read GET /v1/groups; or set "
          + ENABLED.name() + " = false");
    }
    return c;
  }

  boolean enabled() {
    return enabled;
  }

  /** The groups document to read; empty: ask the scheduler. */
  String file() {
    return file;
  }

  long serviceMs() {
    return serviceMs;
  }

  int filesMax() {
    return filesMax;
  }

  int blocksSample() {
    return blocksSample;
  }

  int maxReplicas() {
    return maxReplicas;
  }

  /** The most bytes the groups' replicas above their files' own may take; 0: no cap of its own. */
  long budgetBytes() {
    return budgetBytes;
  }
}
