package org.blinkhdfs.placement;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeManager;
import org.blinkhdfs.layout.maintenance.MaintenancePlan;
import org.blinkhdfs.layout.maintenance.MaintenancePlanner;
import org.blinkhdfs.model.schedule.ScheduleState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps HDFS maintenance in step with the schedule: every {@code blink.maintenance.check.ms} it
 * asks {@link MaintenancePlanner} for the plan and, only when that differs from what HDFS follows,
 * rewrites the combined hosts file ({@link MaintenanceHostsFile}) and has the NameNode re-read it
 * ({@code DatanodeManager#refreshNodes}, which starts or stops maintenance per DataNode).
 *
 * <p>Failure handling: a failed write or refresh is logged and retried with doubling delays, at
 * most {@value #MAX_ATTEMPTS} attempts per set of held nodes (an unapplied plan's expiries move
 * with the clock, so they do not make it a new plan); after that the keeper logs an error and
 * waits for the set to change, so a broken disk costs a bounded number of attempts, never a crash
 * or a tight loop. Nothing here throws into the NameNode.
 *
 * <p>"Silent" nodes (held nodes the NameNode has not heard from within two heartbeat intervals,
 * or counts dead) are computed here from the NameNode's descriptors; the planner keeps them held
 * until they heartbeat again, because releasing a dead node makes HDFS re-replicate its blocks.
 *
 * <p>Thread-safe: {@link #tick()} runs on one daemon thread and is synchronized; the applied plan
 * and failure count are readable from the metrics thread.
 */
final class MaintenanceKeeper implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(MaintenanceKeeper.class);
  /** Attempts to apply one plan before giving up until the plan changes. */
  static final int MAX_ATTEMPTS = 5;
  private static final long MAX_BACKOFF_MS = 60_000;

  /** Re-reads the hosts file into the NameNode. */
  @FunctionalInterface
  interface Refresh {
    void run() throws IOException;
  }

  private final Supplier<ScheduleState> schedule;
  private final Clock clock;
  private final MaintenancePlanner planner;
  private final MaintenanceHostsFile file;
  private final Refresh refresh;
  private final Predicate<String> silent;
  private final ToLongFunction<String> heardAgoMs;
  private final long checkMs;
  private final AtomicLong failures = new AtomicLong();
  private volatile MaintenancePlan applied;
  private MaintenancePlan failedPlan; // guarded by this
  private int attempts; // of failedPlan, guarded by this
  private long retryAtMs; // guarded by this
  private ScheduledExecutorService timer; // guarded by this

  /**
   * {@code applied} is what HDFS follows now (the file as the NameNode read it at startup);
   * {@code silent} tells whether the NameNode has not heard from a node recently, {@code
   * heardAgoMs} how long ago it last did (0 for a node it does not know).
   */
  MaintenanceKeeper(Supplier<ScheduleState> schedule, Clock clock, MaintenancePlanner planner,
      MaintenanceHostsFile file, Refresh refresh, Predicate<String> silent,
      ToLongFunction<String> heardAgoMs, long checkMs, MaintenancePlan applied) {
    this.schedule = schedule;
    this.clock = clock;
    this.planner = planner;
    this.file = file;
    this.refresh = refresh;
    this.silent = silent;
    this.heardAgoMs = heardAgoMs;
    this.checkMs = checkMs;
    this.applied = applied;
  }

  /** The keeper of a running NameNode's {@code dm}, judging silence by its heartbeat interval. */
  static MaintenanceKeeper forNameNode(DatanodeManager dm, Configuration conf,
      MaintenanceConfig mc, Supplier<ScheduleState> schedule, Clock clock,
      MaintenancePlan applied) {
    MaintenanceHostsFile file = new MaintenanceHostsFile(mc.hostsFile());
    Predicate<String> silent = node -> {
      DatanodeDescriptor d = descriptor(dm, node);
      return d != null && (!d.isAlive() || d.isStale(mc.silentMs()));
    };
    ToLongFunction<String> heardAgo = node -> {
      DatanodeDescriptor d = descriptor(dm, node);
      // getLastUpdate is the wall-clock time of the last heartbeat (0 before the first).
      return d == null || d.getLastUpdate() <= 0 ? 0
          : Math.max(0, clock.millis() - d.getLastUpdate());
    };
    return new MaintenanceKeeper(schedule, clock, new MaintenancePlanner(mc.settings()), file,
        () -> dm.refreshNodes(conf), silent, heardAgo, mc.checkMs(), applied);
  }

  private static DatanodeDescriptor descriptor(DatanodeManager dm, String node) {
    int colon = node.lastIndexOf(':');
    return dm.getDatanodeByXferAddr(node.substring(0, colon),
        Integer.parseInt(node.substring(colon + 1)));
  }

  /** Starts the planning thread; creates an empty hosts file if there is none. */
  synchronized void start() {
    if (timer != null) {
      return;
    }
    try {
      if (!Files.exists(file.path())) {
        file.write(MaintenancePlan.empty(), MaintenancePlan.empty());
      }
    } catch (IOException e) {
      LOG.error("BlinkHDFS maintenance: cannot create the hosts file {}: {}", file.path(),
          e.toString());
    }
    timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "blink-maintenance " + file.path());
      t.setDaemon(true);
      return t;
    });
    timer.scheduleWithFixedDelay(this::tickSafely, 0, checkMs, TimeUnit.MILLISECONDS);
    LOG.info("BlinkHDFS maintenance: holding OFF DataNodes via {} every {} ms; held now: {}",
        file.path(), checkMs, applied.nodes());
  }

  /** One planning pass; applies the plan when it changed. */
  synchronized void tick() {
    long now = clock.millis();
    MaintenancePlan before = applied;
    Set<String> quiet = new LinkedHashSet<>();
    for (String node : before.nodes()) {
      if (silent.test(node)) {
        quiet.add(node);
      }
    }
    MaintenancePlan wanted = planner.plan(schedule.get().usable(), now, before, quiet,
        heardAgoMs);
    if (wanted.equals(before)) {
      failedPlan = null;
      return;
    }
    if (failedPlan != null && wanted.nodes().equals(failedPlan.nodes())) {
      if (attempts >= MAX_ATTEMPTS || now < retryAtMs) {
        return;
      }
    } else {
      failedPlan = null;
      attempts = 0;
    }
    try {
      // The keeper's own plan, even where an operator's entry took a node over: comparing
      // with it keeps the file from being rewritten on every pass.
      file.write(before, wanted);
      refresh.run();
      applied = wanted;
      failedPlan = null;
      attempts = 0;
      logChange(before, wanted);
    } catch (IOException | RuntimeException e) {
      failures.incrementAndGet();
      failedPlan = wanted;
      attempts++;
      retryAtMs = now + Math.min(MAX_BACKOFF_MS, checkMs << Math.min(attempts, 20));
      if (attempts >= MAX_ATTEMPTS) {
        LOG.error("BlinkHDFS maintenance: giving up on {} after {} attempts until the plan"
            + " changes; check that the NameNode can write {} and read it as dfs.hosts",
            wanted, attempts, file.path(), e);
      } else {
        LOG.warn("BlinkHDFS maintenance: applying {} failed (attempt {} of {}), retrying: {}",
            wanted, attempts, MAX_ATTEMPTS, e.toString());
      }
    }
  }

  private void tickSafely() {
    try {
      tick();
    } catch (RuntimeException e) {
      LOG.error("BlinkHDFS maintenance: planning pass failed", e);
    }
  }

  private static void logChange(MaintenancePlan before, MaintenancePlan after) {
    Set<String> entering = new TreeSet<>(after.nodes());
    entering.removeAll(before.nodes());
    Set<String> leaving = new TreeSet<>(before.nodes());
    leaving.removeAll(after.nodes());
    LOG.info("BlinkHDFS maintenance: entering {}, leaving {}, now held {}", entering, leaving,
        after.expiries());
  }

  /** The plan HDFS follows (last written and refreshed). */
  MaintenancePlan applied() {
    return applied;
  }

  /** Failed attempts to write the file or refresh the NameNode, since start. */
  long failures() {
    return failures.get();
  }

  @Override
  public synchronized void close() {
    if (timer != null) {
      timer.shutdownNow();
      timer = null;
    }
  }
}
