package org.blinkhdfs.client;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.layout.popularity.AccessAverages;
import org.blinkhdfs.model.schedule.ScheduleFileSource;
import org.blinkhdfs.model.schedule.ScheduleSource;
import org.blinkhdfs.model.schedule.ScheduleState;
import org.blinkhdfs.model.wire.SchedulerSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The schedule view and counters shared by every BlinkHDFS component in one process.
 *
 * <p>Why a process-wide registry: Hadoop creates the placement policy, the network topology and
 * the NameNode plugin separately, by reflection, each with only a {@code Configuration}. They
 * must agree on one schedule and add to one set of metrics, so they meet here, keyed by the
 * schedule source (two NameNodes in one test JVM with different sources stay apart). This is the
 * only static state of the module.
 *
 * <p>Which source ({@link ClientConfig}): {@code blink.scheduler.address} set: the scheduler
 * daemon, polled on a daemon thread ({@link SchedulerSource}); else {@code blink.schedule.file}
 * set: the file ({@link ScheduleFileSource}); else none (stock HDFS behaviour). When both keys are
 * set the scheduler wins and the file is not read here, logged once: the scheduler is the
 * authority the power agents follow, and the file is the copy it writes for readers that cannot
 * reach it; following a second source could disagree with what the nodes actually do.
 *
 * <p>Lifetime: the NameNode plugin {@link #retain()}s the runtime while it runs and {@link
 * #release()}s it when it stops; the last release stops the source's thread and drops the entry,
 * so a NameNode restarted in the same JVM starts with a fresh source and fresh counters. Without
 * the plugin a scheduler source polls until the JVM exits (a daemon thread).
 *
 * <p>Thread-safe.
 */
public final class BlinkRuntime {
  private static final Logger LOG = LoggerFactory.getLogger(BlinkRuntime.class);
  private static final Map<String, BlinkRuntime> BY_SOURCE = new ConcurrentHashMap<>();
  private static final BlinkRuntime NOT_CONFIGURED = new BlinkRuntime("", null);

  private final String key;
  private final ScheduleSource source;
  private final AtomicInteger holders = new AtomicInteger();
  private final AtomicLong offloadedReplicas = new AtomicLong();
  private final AtomicLong layoutCorrections = new AtomicLong();
  private final AtomicLong sleepingTargetsAvoided = new AtomicLong();
  private final AtomicLong shortWriteReplicas = new AtomicLong();
  private final AtomicLong stagingFullFallbacks = new AtomicLong();
  private final AtomicLong policyFailures = new AtomicLong();
  private final AtomicLong shortWriteHolds = new AtomicLong();
  private final AtomicLong readWaits = new AtomicLong();
  private final AtomicReference<AccessAverages> accesses = new AtomicReference<>();
  private final AtomicLong popularityChanges = new AtomicLong();
  private final AtomicLong popularityReplicasAdded = new AtomicLong();
  private final AtomicLong nodeLoadsSent = new AtomicLong();
  private final AtomicLong extraReplicas = new AtomicLong();
  private final AtomicLong extraReplicaBytes = new AtomicLong();
  private final AtomicLong readWaitMs = new AtomicLong();
  private final List<LongConsumer> readWaitListeners = new CopyOnWriteArrayList<>();
  private final List<Consumer<String>> shortWriteListeners = new CopyOnWriteArrayList<>();

  private BlinkRuntime(String key, ScheduleSource source) {
    this.key = key;
    this.source = source;
  }

  /**
   * The per-file access averages of popularity replication, shared by the audit logger that
   * counts opens and writes and the plugin that folds them; created by the first caller with
   * its configuration (both read the same keys).
   */
  public AccessAverages accesses(double alpha, int maxFiles) {
    AccessAverages current = accesses.get();
    if (current != null) {
      return current;
    }
    accesses.compareAndSet(null, new AccessAverages(alpha, maxFiles));
    return accesses.get();
  }

  /** Node read loads the NameNode sent the scheduler ({@code blink.popularity.nodes.publish}). */
  public AtomicLong nodeLoadsSent() {
    return nodeLoadsSent;
  }

  /** Replication changes popularity replication made (raises and reclamations). */
  public AtomicLong popularityChanges() {
    return popularityChanges;
  }

  /**
   * Block replicas popularity replication asked HDFS to add (raised replication times blocks):
   * copies the NameNode orders on purpose, like layout corrections.
   */
  public AtomicLong popularityReplicasAdded() {
    return popularityReplicasAdded;
  }

  /** Replicas popularity replication holds beyond the files' own replication, now. */
  public AtomicLong extraReplicas() {
    return extraReplicas;
  }

  /** Bytes those extra replicas take, now. */
  public AtomicLong extraReplicaBytes() {
    return extraReplicaBytes;
  }

  /** The runtime for the schedule source configured in {@code conf}. */
  public static BlinkRuntime forConf(Configuration conf) {
    return forConf(conf, Clock.systemUTC());
  }

  /**
   * As {@link #forConf(Configuration)}, judging leases by {@code clock} if this call creates the
   * runtime (the first component of a NameNode to start creates it).
   */
  public static BlinkRuntime forConf(Configuration conf, Clock clock) {
    ClientConfig pc = ClientConfig.from(conf);
    if (!pc.schedulerAddress().isEmpty()) {
      return BY_SOURCE.computeIfAbsent("scheduler " + pc.schedulerAddress(),
          k -> new BlinkRuntime(k, schedulerSource(conf, pc, clock)));
    }
    if (!pc.scheduleFile().isEmpty()) {
      Path file = Path.of(pc.scheduleFile()).toAbsolutePath().normalize();
      return BY_SOURCE.computeIfAbsent("file " + file, k -> new BlinkRuntime(k,
          new ScheduleFileSource(file, pc.schedulePollMs(), clock)));
    }
    return NOT_CONFIGURED;
  }

  private static ScheduleSource schedulerSource(Configuration conf, ClientConfig pc,
      Clock clock) {
    if (!pc.scheduleFile().isEmpty()) {
      LOG.info("{} = {} and {} = {} are both set: following the scheduler; {} is not read by"
          + " this process (unset it here to silence this message)",
          ClientConfig.SCHEDULER_ADDRESS.name(), pc.schedulerAddress(),
          ClientConfig.SCHEDULE_FILE.name(), pc.scheduleFile(),
          ClientConfig.SCHEDULE_FILE.name());
    }
    return SchedulerSource.polling(SchedulerClientAuth.client(conf, pc.schedulerAddress(),
        pc.schedulerTimeoutMs()), pc.schedulerPollMs(), clock);
  }

  /** The schedule in force now (or why there is none). */
  public ScheduleState state() {
    return source == null ? ScheduleState.notConfigured() : source.state();
  }

  /** The schedule in force at {@code nowMs}, just read from the system clock. */
  public ScheduleState state(long nowMs) {
    return source == null ? ScheduleState.notConfigured() : source.state(nowMs);
  }

  /** What the schedule comes from, e.g. {@code scheduler 10.0.0.5:9877}; {@code none}. */
  public String describe() {
    return source == null ? "none" : source.describe();
  }

  /** Marks a running holder (the NameNode plugin or the proxy, between start and stop). */
  public void retain() {
    holders.incrementAndGet();
  }

  /** Ends one {@link #retain()}; the last one stops the source and leaves the registry. */
  public void release() {
    if (holders.decrementAndGet() == 0 && source != null) {
      BY_SOURCE.remove(key, this);
      source.close();
    }
  }

  /** Replicas written to a stand-in because their layout node was asleep. */
  public AtomicLong offloadedReplicas() {
    return offloadedReplicas;
  }

  /**
   * Records one read that {@code BlinkDistributedFileSystem} held for {@code ms} until a replica
   * woke, and tells the listeners (the proxy's relay metrics).
   */
  public void readWaited(long ms) {
    readWaits.incrementAndGet();
    readWaitMs.addAndGet(ms);
    for (LongConsumer l : readWaitListeners) {
      l.accept(ms);
    }
  }

  /** Reads held for a window by clients in this process. */
  public long readWaits() {
    return readWaits.get();
  }

  /** Milliseconds those reads were held in all. */
  public long readWaitMs() {
    return readWaitMs.get();
  }

  /** Adds a listener for {@link #readWaited}; returns a handle that removes it. */
  public Runnable onReadWait(LongConsumer listener) {
    readWaitListeners.add(listener);
    return () -> readWaitListeners.remove(listener);
  }

  /**
   * Stand-ins that skipped a staging node because it was full
   * ({@code blink.placement.staging.capacity.bytes}) and went to a ring node instead.
   */
  public AtomicLong stagingFullFallbacks() {
    return stagingFullFallbacks;
  }

  /** Replicas sent to their layout node to replace a stand-in. */
  public AtomicLong layoutCorrections() {
    return layoutCorrections;
  }

  /** Sleeping or soon-sleeping nodes kept out of write pipelines. */
  public AtomicLong sleepingTargetsAvoided() {
    return sleepingTargetsAvoided;
  }

  /**
   * Replicas new blocks lacked when written because too few nodes were awake (and no stand-in
   * was left); the NameNode adds them when nodes wake, which is re-replication caused by a write
   * at low power, not by sleep of existing data.
   */
  public AtomicLong shortWriteReplicas() {
    return shortWriteReplicas;
  }

  /**
   * Unexpected exceptions the placement policy caught and answered with HDFS's default placement
   * ({@code PolicyGuard}); anything above 0 is a bug to report.
   */
  public AtomicLong policyFailures() {
    return policyFailures;
  }

  /**
   * Wake holds the scheduler granted for the only holder of a short-written block ({@link
   * ShortWriteHolds}).
   */
  public AtomicLong shortWriteHolds() {
    return shortWriteHolds;
  }

  /**
   * Tells the listeners ({@code ShortWriteHolds}) that {@code node} is the only holder of a new
   * block written short. Returns at once.
   */
  public void shortWriteHolder(String node) {
    for (Consumer<String> l : shortWriteListeners) {
      l.accept(node);
    }
  }

  /** Adds a listener for {@link #shortWriteHolder}; returns a handle that removes it. */
  public Runnable onShortWriteHolder(Consumer<String> listener) {
    shortWriteListeners.add(listener);
    return () -> shortWriteListeners.remove(listener);
  }
}
