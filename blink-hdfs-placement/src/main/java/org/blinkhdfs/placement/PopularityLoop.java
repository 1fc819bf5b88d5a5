package org.blinkhdfs.placement;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.blinkhdfs.layout.popularity.AccessAverages;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The popularity period on the NameNode: every {@code blink.popularity.period.ms} it folds the
 * audit counts into the moving averages and hands them to each step: popularity replication
 * ({@link PopularityReplicator#apply}) and the node loads of load-proportional blinking ({@link
 * NodeLoadPublisher#publish}).
 *
 * <p><b>Why one loop.</b> {@link AccessAverages#fold} ends a period: it drains the counts, so
 * exactly one caller may fold per period. Two timers folding on their own would each see half
 * the reads and decay the averages twice as fast.
 *
 * <p>A step that fails is logged and the others still run; the next period starts afresh. On a
 * standby NameNode the counts are folded (and are empty) but no step runs. One thread ({@code
 * blink-popularity}).
 */
final class PopularityLoop implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PopularityLoop.class);
  private static final long CLOSE_WAIT_MS = 10_000;

  /** One consumer of a period's averages. */
  @FunctionalInterface
  interface Step {
    void accept(List<AccessAverages.Averages> folded) throws IOException;
  }

  private final AccessAverages accesses;
  private final long periodMs;
  private final Map<String, Step> steps;
  private final BooleanSupplier active;
  private ScheduledExecutorService timer;

  /**
   * @param steps by name (for the log), run in this map's order
   * @param active whether this NameNode is the active one; the steps wait while it is not
   */
  PopularityLoop(AccessAverages accesses, long periodMs, Map<String, Step> steps,
      BooleanSupplier active) {
    this.accesses = accesses;
    this.periodMs = periodMs;
    this.steps = new LinkedHashMap<>(steps);
    this.active = active;
  }

  /** Runs {@link #runOnce} every period on a daemon thread. */
  synchronized void start() {
    if (timer != null) {
      return;
    }
    timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "blink-popularity");
      t.setDaemon(true);
      return t;
    });
    timer.scheduleWithFixedDelay(this::runOnce, periodMs, periodMs, TimeUnit.MILLISECONDS);
  }

  /**
   * One period: fold once, then every step (when this NameNode is active). Nothing escapes: an
   * exception would cancel every later period of the scheduled executor.
   */
  void runOnce() {
    try {
      List<AccessAverages.Averages> folded = accesses.fold();
      if (!active.getAsBoolean()) {
        return;
      }
      steps.forEach((name, step) -> {
        try {
          step.accept(folded);
        } catch (IOException | RuntimeException e) {
          LOG.warn("popularity period: {} failed: {}", name, e.toString());
        }
      });
    } catch (RuntimeException | Error e) {
      LOG.error("popularity period failed; the next one runs as usual", e);
    }
  }

  /** Stops the timer and waits a little for a period in progress (its HTTP call is bounded). */
  @Override
  public synchronized void close() {
    if (timer != null) {
      timer.shutdownNow();
      try {
        if (!timer.awaitTermination(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS)) {
          LOG.warn("popularity period still running {} ms after stop", CLOSE_WAIT_MS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      timer = null;
    }
  }
}
