package org.blinkhdfs.proxy.drain;

import java.io.Closeable;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.drain.DrainMove;
import org.blinkhdfs.layout.drain.DrainPlan;
import org.blinkhdfs.layout.drain.DrainPlanner;
import org.blinkhdfs.layout.drain.DrainSettings;
import org.blinkhdfs.layout.drain.DrainStart;
import org.blinkhdfs.model.api.BlockInfo.PendingMove;
import org.blinkhdfs.model.schedule.Schedule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The windowed drain: scans for replicas on stand-ins ({@link StagedScan}), asks the {@link
 * DrainPlanner} which copies fit the windows now, runs them with {@link BlockMover} and plans
 * again when a copy finishes, when the next window the planner named opens, and after each scan.
 *
 * <p>The NameNode's own layout correction keeps running as the fallback (the proxy may be down).
 * The two do not fight: both follow the same {@code StandInDemand} rule, so they want the same
 * copies; a copy the NameNode made first fails at the target and is counted as already in
 * place; a moved replica is not looked at again for two scans (the NameNode needs a heartbeat to
 * process it and delete the stand-in); and a replica the proxy moved that is later found missing
 * again (trimmed: a copy-and-trim loop) is counted and never moved again by this process.
 *
 * <p>Threads: all state lives on one planner thread; copies run on a pool of
 * {@code maxTotal} workers and post their outcome back to the planner thread. Nothing is lost
 * when the proxy dies mid-copy: a copy only adds a replica, the stand-in is deleted by the
 * NameNode after the target has reported the new one, and a restarted proxy rescans.
 */
public final class DrainService implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(DrainService.class);

  private final NameNodeLink link;
  private final BlockMover mover;
  private final Supplier<Optional<Schedule>> schedules;
  private final Function<Schedule, LayoutModel> layouts;
  private final List<String> paths;
  private final long scanMs;
  private final DrainPlanner planner;
  private final WakeRequester wake;
  private final DrainMetrics metrics;
  private final Clock clock;
  private final ScheduledExecutorService loop;
  private final ExecutorService workers;

  // All below: planner thread only.
  private Map<String, StagedMove> pending = new LinkedHashMap<>();
  private final Map<String, DrainStart> inFlight = new HashMap<>();
  private final Map<String, Long> recentlyMoved = new HashMap<>();
  private final Map<String, Long> retryAfter = new HashMap<>();
  private final Set<String> trimmed = new HashSet<>();
  /** Targets woken on request that cannot be reached before this time (their own alarm). */
  private final Map<String, Long> reachableAt = new HashMap<>();
  private final Map<Long, Integer> openMovesByBlock = new HashMap<>();
  private LiveNodes live;
  private Schedule layoutSchedule;
  private LayoutModel layout;
  private long nextScanMs;
  private ScheduledFuture<?> nextTick;
  private boolean idleLogged;
  /** The waiting and running copies by block ID, republished by the planner thread each plan. */
  private volatile Map<Long, List<PendingMove>> movesByBlock = Map.of();

  public DrainService(NameNodeLink link, Supplier<Optional<Schedule>> schedules,
      Function<Schedule, LayoutModel> layouts, List<String> paths, long scanMs,
      DrainSettings settings, WakeRequester wake, DrainMetrics metrics, Clock clock) {
    this.link = link;
    this.schedules = schedules;
    this.layouts = layouts;
    this.paths = List.copyOf(paths);
    this.scanMs = scanMs;
    this.planner = new DrainPlanner(settings);
    this.wake = wake;
    this.metrics = metrics;
    this.clock = clock;
    int timeoutMs = (int) Math.min(Integer.MAX_VALUE,
        Math.max(60_000, 2 * settings.copyMs(256L << 20)));
    this.mover = new BlockMover(link, timeoutMs);
    this.loop = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "blink-drain"));
    this.workers = Executors.newFixedThreadPool(settings.maxTotal(),
        r -> daemon(r, "blink-drain-copy"));
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  /** Starts scanning and draining. */
  public void start() {
    loop.execute(this::tick);
  }

  /** Scans now and plans (tests and {@code /v1} callers that just wrote). */
  public void scanSoon() {
    loop.execute(() -> {
      nextScanMs = 0;
      tick();
    });
  }

  public DrainMetrics metrics() {
    return metrics;
  }

  private void tick() {
    try {
      long now = clock.millis();
      Optional<Schedule> s = schedules.get();
      if (s.isEmpty() || s.get().ring().isEmpty()) {
        if (!idleLogged) {
          LOG.info("No schedule in force: nothing is staged by the layout, the drain waits");
          idleLogged = true;
        }
        schedule(now + scanMs);
        return;
      }
      idleLogged = false;
      Schedule schedule = s.get();
      if (now >= nextScanMs) {
        scan(schedule, now);
        nextScanMs = now + scanMs;
      }
      plan(schedule, now);
    } catch (IOException | RuntimeException e) {
      LOG.warn("Drain pass failed ({}); retrying in {} ms", e.toString(), scanMs);
      nextScanMs = clock.millis() + scanMs;
      schedule(nextScanMs);
    }
  }

  private void scan(Schedule schedule, long now) throws IOException {
    if (layout == null || !schedule.ring().equals(layoutSchedule.ring())) {
      layout = layouts.apply(schedule);
    }
    layoutSchedule = schedule;
    live = LiveNodes.of(link.fs());
    StagedScan.Result r = StagedScan.run(link.fs().getClient(), paths, schedule, layout, live,
        clock);
    metrics.scans.incrementAndGet();
    Map<String, StagedMove> next = new LinkedHashMap<>();
    openMovesByBlock.clear();
    long bytes = 0;
    for (StagedMove m : r.moves()) {
      String key = m.move().key();
      Long movedAt = recentlyMoved.get(key);
      if (movedAt != null && movedAt + 2 * scanMs > now) {
        continue; // the NameNode may not have processed the copy yet
      }
      if (movedAt != null) {
        recentlyMoved.remove(key);
        trimmed.add(key);
        metrics.trimmed.incrementAndGet();
        LOG.warn("Block {} was moved to {} and is missing there again (copy-and-trim loop);"
            + " leaving it to the NameNode", m.move().blockId(), m.move().target());
      }
      if (trimmed.contains(key)) {
        continue;
      }
      next.put(key, m);
      if (!inFlight.containsKey(key)) {
        // a move in flight is still off-layout in this scan: count it once, below
        openMovesByBlock.merge(m.move().blockId(), 1, Integer::sum);
      }
      bytes += m.move().bytes();
    }
    for (DrainStart s : inFlight.values()) {
      openMovesByBlock.merge(s.move().blockId(), 1, Integer::sum);
    }
    recentlyMoved.values().removeIf(t -> t + 4 * scanMs < now);
    pending = next;
    metrics.backlog(r.backlogByStandIn(), next.size(), bytes);
    metrics.scanned(r.blocks(), r.durationMs());
    LOG.debug("Scan: {} files, {} blocks, {} moves waiting, {} ms", r.files(), r.blocks(),
        next.size(), r.durationMs());
  }

  private void plan(Schedule schedule, long now) {
    List<DrainMove> candidates = new ArrayList<>();
    long unreachableUntil = Long.MAX_VALUE;
    reachableAt.values().removeIf(t -> t <= now);
    for (Map.Entry<String, StagedMove> e : pending.entrySet()) {
      Long retry = retryAfter.get(e.getKey());
      Long reachable = reachableAt.get(e.getValue().move().target());
      if (reachable != null) {
        unreachableUntil = Math.min(unreachableUntil, reachable);
      } else if (!inFlight.containsKey(e.getKey()) && (retry == null || retry <= now)) {
        candidates.add(e.getValue().move());
      }
    }
    DrainPlan plan = planner.plan(now, schedule, candidates, inFlight.values());
    metrics.tooShort.addAndGet(plan.tooShort());
    for (String node : plan.wake()) {
      askWake(node, now);
    }
    for (DrainStart s : plan.start()) {
      String key = s.move().key();
      StagedMove staged = pending.get(key);
      inFlight.put(key, s);
      metrics.started.incrementAndGet();
      workers.execute(() -> copy(staged, s));
    }
    metrics.inFlight(inFlight.size());
    publishMoves();
    schedule(Math.min(Math.min(plan.nextPlanMs(), nextScanMs), unreachableUntil));
  }

  private void publishMoves() {
    Map<Long, List<PendingMove>> byBlock = new HashMap<>();
    for (StagedMove staged : pending.values()) {
      DrainMove m = staged.move();
      byBlock.computeIfAbsent(m.blockId(), k -> new ArrayList<>()).add(
          new PendingMove(m.standIn(), m.target(), inFlight.containsKey(m.key())));
    }
    movesByBlock = byBlock;
  }

  /**
   * The copies of block {@code blockId} the drain waits to start or runs, as of its last plan
   * (the Blink API's {@code pendingMoves}); any thread.
   */
  public List<PendingMove> movesOf(long blockId) {
    return movesByBlock.getOrDefault(blockId, List.of());
  }

  private void askWake(String node, long now) {
    try {
      long reachable = wake.requestWake(node, planner.settings().wakeMs(),
          "proxy drain (strong)");
      metrics.wakeRequests.incrementAndGet();
      if (reachable > now) {
        reachableAt.put(node, reachable);
      }
    } catch (IOException e) {
      LOG.warn("Extra window for {} refused: {}", node, e.getMessage());
    }
  }

  private void copy(StagedMove staged, DrainStart s) {
    DrainMove m = s.move();
    StringBuilder error = new StringBuilder();
    BlockMover.Outcome outcome;
    DatanodeInfo target = live.get(m.target());
    DatanodeInfo source = live.get(s.source());
    DatanodeInfo standIn = live.get(m.standIn());
    if (target == null || source == null || standIn == null) {
      error.append("a node left the cluster since the scan");
      outcome = BlockMover.Outcome.FAILED;
    } else {
      outcome = mover.move(m.blockId(), m.bytes(), staged.genStamp(), target,
          StorageType.valueOf(m.storageType()), source, standIn, error);
    }
    BlockMover.Outcome result = outcome;
    loop.execute(() -> finished(s, result, error.toString()));
  }

  private void finished(DrainStart s, BlockMover.Outcome outcome, String error) {
    long now = clock.millis();
    DrainMove m = s.move();
    String key = m.key();
    inFlight.remove(key);
    switch (outcome) {
      case MOVED -> {
        pending.remove(key);
        recentlyMoved.put(key, now);
        metrics.finished.incrementAndGet();
        if (openMovesByBlock.merge(m.blockId(), -1, Integer::sum) <= 0) {
          openMovesByBlock.remove(m.blockId());
          metrics.writeToLayout(Math.max(0, now - m.writtenAtMs()));
        }
        LOG.debug("Moved block {} from {} to {}", m.blockId(), s.source(), m.target());
      }
      case ALREADY_THERE -> {
        pending.remove(key);
        recentlyMoved.put(key, now);
        metrics.alreadyThere.incrementAndGet();
        openMovesByBlock.merge(m.blockId(), -1, Integer::sum);
      }
      case TARGET_BUSY -> {
        retryAfter.put(key, now + scanMs);
        metrics.targetBusy.incrementAndGet();
        LOG.info("Block {} is being received by {} already ({}); retrying after the next scan",
            m.blockId(), m.target(), error);
      }
      default -> {
        retryAfter.put(key, now + scanMs);
        metrics.failed(error);
        LOG.info("Move of block {} to {} failed ({}); retrying after the next scan",
            m.blockId(), m.target(), error);
      }
    }
    retryAfter.values().removeIf(t -> t <= now - scanMs);
    tick();
  }

  private void schedule(long atMs) {
    if (nextTick != null) {
      nextTick.cancel(false);
    }
    long delay = Math.max(0, atMs - clock.millis());
    nextTick = loop.schedule(this::tick, delay, TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() throws IOException {
    loop.shutdownNow();
    workers.shutdownNow();
    try {
      workers.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
