package org.blinkhdfs.placement;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.model.wire.WakeAnswer;
import org.blinkhdfs.model.wire.WakeDecision;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the only holder of a short-written block awake: the NameNode asks the scheduler ({@code
 * POST /v1/wake}) to hold it awake for {@code blink.placement.short.write.hold.intervals} blink
 * intervals.
 *
 * <p><b>Why.</b> When too few nodes are awake and no staging node is left to stand in, HDFS
 * writes a new block with fewer replicas than asked (at least one) and completes it later. Its
 * one holder, a blinking ring node, would then sleep at the end of its window with the block's
 * only copy: unreadable until it wakes, lost if it never does, and under a stagger whose windows
 * do not overlap the NameNode may never see it awake together with another node to copy it.
 * Held awake for one interval, it overlaps every other ring node's window, so the NameNode's
 * re-replication finds an awake target while the source is awake. The power above the plan is
 * bounded by the scheduler's wake limits ({@code blink.scheduler.wake.max.nodes}, {@code
 * ...wake.max.ms}); a refused hold is logged, and the block then waits as it did before.
 *
 * <p><b>How.</b> The policy reports each holder ({@link #hold}); requests go out on one
 * daemon thread through a bounded queue (a full queue drops the request, logged), so {@code
 * addBlock} never waits for the scheduler. A node is asked again only after half of its last hold
 * has passed, so a burst of short writes to one node costs one request. Only with the scheduler as
 * the schedule source ({@code blink.scheduler.address}): a schedule file has nobody to ask.
 *
 * <p>Example: interval 60 s, ring n1..n4 each awake 15 s in turn; a block written at 12:00:10
 * lands on n1 alone. The NameNode asks for n1 for 60 s; the scheduler's next epoch has n1 ACTIVE
 * until 12:01:10; n2 wakes at 12:00:15 and the NameNode copies the block there.
 *
 * <p>Thread-safe.
 */
final class ShortWriteHolds implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ShortWriteHolds.class);
  /** Requests waiting to be sent at most. */
  static final int QUEUE = 256;

  /** {@code POST /v1/wake}: {@link SchedulerHttp#requestWake}, or a recorder in tests. */
  @FunctionalInterface
  interface WakeRequests {
    WakeAnswer requestWake(String node, long ms, String reason) throws IOException;
  }

  private final WakeRequests scheduler;
  private final Supplier<Optional<Schedule>> schedule;
  private final int intervals;
  private final LongSupplier nowMs;
  private final AtomicLong granted;
  private final Map<String, Long> askedUntilMs = new ConcurrentHashMap<>();
  private final ThreadPoolExecutor sender;

  /**
   * @param scheduler the scheduler's wake requests
   * @param schedule the schedule in force (its interval sizes the hold)
   * @param intervals blink intervals per hold, {@code >= 1}
   * @param nowMs the wall clock, ms
   * @param granted counts granted holds
   */
  ShortWriteHolds(WakeRequests scheduler, Supplier<Optional<Schedule>> schedule, int intervals,
      LongSupplier nowMs, AtomicLong granted) {
    if (intervals < 1) {
      throw new IllegalArgumentException("intervals must be >= 1, got " + intervals);
    }
    this.scheduler = scheduler;
    this.schedule = schedule;
    this.intervals = intervals;
    this.nowMs = nowMs;
    this.granted = granted;
    this.sender = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
        new ArrayBlockingQueue<>(QUEUE), r -> {
          Thread t = new Thread(r, "blink-short-write-holds");
          t.setDaemon(true);
          return t;
        }, (r, pool) -> LOG.warn("Short-write hold queue full ({} requests): one hold not asked",
            QUEUE));
  }

  /**
   * Asks, in the background, to hold {@code node} awake: the only holder of a new block.
   * Returns at once.
   */
  void hold(String node) {
    Optional<Schedule> s = schedule.get();
    if (s.isEmpty() || s.get().window(node).isAlways()) {
      return; // no schedule, or a node that does not sleep
    }
    long now = nowMs.getAsLong();
    long holdMs = s.get().intervalMs() * intervals;
    Long until = askedUntilMs.get(node);
    if (until != null && now < until - holdMs / 2) {
      return; // asked recently: the hold still has more than half to run
    }
    askedUntilMs.put(node, now + holdMs);
    sender.execute(() -> ask(node, holdMs));
  }

  private void ask(String node, long holdMs) {
    try {
      WakeAnswer a = scheduler.requestWake(node, holdMs,
          "NameNode: only replica of a short-written block");
      if (a.outcome() == WakeDecision.Outcome.REFUSED) {
        askedUntilMs.remove(node);
        LOG.warn("The scheduler refused to hold {} awake for a short-written block: {}", node,
            a.message());
      } else if (a.outcome() == WakeDecision.Outcome.GRANTED) {
        granted.incrementAndGet();
        LOG.info("Holding {} awake until {} (only replica of a short-written block)", node,
            java.time.Instant.ofEpochMilli(a.untilMs()));
      }
    } catch (IOException | RuntimeException e) {
      askedUntilMs.remove(node);
      LOG.warn("Could not ask the scheduler to hold {} awake for a short-written block: {}",
          node, e.toString());
    }
  }

  @Override
  public void close() {
    sender.shutdownNow();
  }
}
