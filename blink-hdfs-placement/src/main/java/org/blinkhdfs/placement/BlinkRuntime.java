package org.blinkhdfs.placement;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.core.schedule.ScheduleFileSource;
import org.blinkhdfs.core.schedule.ScheduleState;

/**
 * The schedule view and counters shared by every BlinkHDFS component in one process.
 *
 * <p>Why a process-wide registry: Hadoop creates the placement policy, the network topology and
 * the NameNode plugin separately, by reflection, each with only a {@code Configuration}. They
 * must agree on one schedule and add to one set of metrics, so they meet here, keyed by the
 * schedule file's absolute path (two NameNodes in one test JVM with different files stay apart).
 * This is the only static state of the module.
 *
 * <p>Thread-safe.
 */
public final class BlinkRuntime {
  private static final Map<String, BlinkRuntime> BY_FILE = new ConcurrentHashMap<>();
  private static final BlinkRuntime NOT_CONFIGURED = new BlinkRuntime(null);

  private final ScheduleFileSource source;
  private final AtomicLong offloadedReplicas = new AtomicLong();
  private final AtomicLong layoutCorrections = new AtomicLong();
  private final AtomicLong sleepingTargetsAvoided = new AtomicLong();

  private BlinkRuntime(ScheduleFileSource source) {
    this.source = source;
  }

  /** The runtime for the schedule configured in {@code conf}. */
  public static BlinkRuntime forConf(Configuration conf) {
    PlacementConfig pc = PlacementConfig.from(conf);
    if (pc.scheduleFile().isEmpty()) {
      return NOT_CONFIGURED;
    }
    String key = Path.of(pc.scheduleFile()).toAbsolutePath().normalize().toString();
    return BY_FILE.computeIfAbsent(key, k -> new BlinkRuntime(
        new ScheduleFileSource(Path.of(k), pc.schedulePollMs(), Clock.systemUTC())));
  }

  /** The schedule in force now (or why there is none). */
  public ScheduleState state() {
    return source == null ? ScheduleState.notConfigured() : source.state();
  }

  /** Replicas written to a stand-in because their layout node was asleep. */
  public AtomicLong offloadedReplicas() {
    return offloadedReplicas;
  }

  /** Replicas sent to their layout node to replace a stand-in. */
  public AtomicLong layoutCorrections() {
    return layoutCorrections;
  }

  /** Sleeping or soon-sleeping nodes kept out of write pipelines. */
  public AtomicLong sleepingTargetsAvoided() {
    return sleepingTargetsAvoided;
  }
}
