package org.blinkhdfs.scheduler;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.model.schedule.RecoveryWake;
import org.blinkhdfs.rabbit.layout.EqualWorkRecovery;
import org.blinkhdfs.rabbit.layout.EqualWorkSpec;
import org.blinkhdfs.rabbit.layout.RabbitConfig;

/**
 * The scheduler's failure response (Rabbit §3.5), read and validated at startup.
 *
 * <ul>
 *   <li>{@code blink.scheduler.recovery} ({@code none} | {@code equal-work}, default none): which
 *       layout's recovery groups the scheduler wakes when a ring node fails. {@code none} only
 *       reports failures. {@code equal-work} is for a NameNode placing with {@code
 *       org.blinkhdfs.rabbit.EqualWorkBlockPlacementPolicy}: the scheduler's ring is the expansion
 *       chain, p is {@code blink.equalwork.primaries} (the key the placement policy reads).
 *   <li>{@code blink.scheduler.recovery.gear.size} (g, default 1): servers per gear group. It must
 *       be the g the NameNode's layout uses; the placement policy lays out with g = 1 today.
 *   <li>{@code blink.scheduler.recovery.replication} (r, default 3 as HDFS's {@code
 *       dfs.replication}): the replication of the files on the layout; r decides how many of a
 *       recovery group's servers hold the failed primary's other replicas.
 * </ul>
 *
 * <p>Why its own keys rather than the NameNode's: the scheduler is a separate daemon that does
 * not read hdfs-site.xml; only p has a shared key, and it is reused here. The layout is built on
 * the ring at startup, so a ring that does not fit (too short for r, secondaries not filling
 * whole gear groups) stops the daemon with the layout's numbers, the fix and these keys.
 *
 * <p>Example: 8 ring nodes, {@code blink.scheduler.recovery = equal-work}, p = 2, g = 2, r = 2:
 * n1 failing while n1, n2 are ACTIVE wakes n3, n5 and n7.
 *
 * <p>Stateless.
 */
final class RecoveryConfig {
  static final ConfigKey RECOVERY = new ConfigKey("blink.scheduler.recovery", "none", "");
  static final ConfigKey GEAR_SIZE =
      new ConfigKey("blink.scheduler.recovery.gear.size", "1", "nodes");
  static final ConfigKey REPLICATION =
      new ConfigKey("blink.scheduler.recovery.replication", "3", "replicas");
  static final String NONE = "none";
  static final String EQUAL_WORK = "equal-work";

  /** The keys this class reads besides RabbitConfig's. */
  static final List<ConfigKey> KEYS = List.of(RECOVERY, GEAR_SIZE, REPLICATION);

  private RecoveryConfig() {}

  /** The recovery for {@code ring} that the keys select. */
  static RecoveryWake parse(Function<String, String> lookup, List<String> ring) {
    String kind = ConfigValues.raw(lookup, RECOVERY);
    if (kind.equals(NONE)) {
      return RecoveryWake.NONE;
    }
    if (!kind.equals(EQUAL_WORK)) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s = '%s' is not a recovery: give %s (report failures only) or %s (wake a failed"
              + " primary's recovery group; the NameNode places with"
              + " EqualWorkBlockPlacementPolicy)", RECOVERY.name(), kind, NONE, EQUAL_WORK));
    }
    int p = RabbitConfig.from(lookup).primaries();
    int g = (int) ConfigValues.longIn(lookup, GEAR_SIZE, 1, p);
    int r = (int) ConfigValues.longIn(lookup, REPLICATION, 1, 32);
    String keys = String.format(Locale.ROOT, "%s = %d, %s = %d, %s = %d",
        RabbitConfig.PRIMARIES.name(), p, GEAR_SIZE.name(), g, REPLICATION.name(), r);
    try {
      return EqualWorkRecovery.of(ring, new EqualWorkSpec(p, r, g, 0));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(RECOVERY.name() + " = " + EQUAL_WORK + " does not fit the"
          + " ring of " + ring.size() + " nodes (" + keys + "): " + e.getMessage());
    }
  }
}
