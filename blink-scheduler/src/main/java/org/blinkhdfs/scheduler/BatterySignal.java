package org.blinkhdfs.scheduler;

import java.io.Closeable;
import java.io.IOException;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import org.blinkhdfs.model.battery.BadReadingException;
import org.blinkhdfs.model.battery.BatteryReading;
import org.blinkhdfs.model.battery.RideThrough;
import org.blinkhdfs.model.battery.RideThroughDecision;
import org.blinkhdfs.model.battery.RideThroughDecision.Verdict;
import org.blinkhdfs.model.battery.RideThroughPlanner;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.signal.PowerSignal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code battery} power signal ({@code blink.scheduler.signal = battery}): reads the UPS or
 * battery ({@link BatteryReader}) and plans the whole cluster's power so that it lasts until the
 * ride-through target ({@link RideThrough}, blink-model); the level is the last decision's.
 *
 * <p><b>Never on the caller's thread.</b> Like {@link SensorSignal}: the scheduler asks for the
 * level under its lock, so the source is read on a daemon thread of its own, {@code
 * blink-battery}, once every {@code blink.battery.read.period}, each read bounded ({@code upsc} is
 * killed with its children after {@code blink.scheduler.sensor.timeout.ms}). {@link #levelAt}
 * only looks at the last decision. The first read happens in the constructor, so the first tick
 * already plans on a reading.
 *
 * <p><b>The overhead counts once.</b> The planner gets the scheduler's own {@link PowerModel}
 * (always-on overhead and io-server watts included) and the policy's least DataNode draw, and
 * answers whole-cluster {@link PowerLevel.Watts}, which the scheduler resolves by serving the
 * overhead first: what the planner calls {@code P} is exactly what the scheduler plans, overhead
 * plus DataNodes. A policy changed at run time ({@code PUT /v1/policy}) gets a new planner
 * ({@link #policyChanged}). The replanning period {@code Δ} is the longer of the read period and
 * the blink interval, since a plan below the change threshold waits for the next interval.
 *
 * <p><b>Bad readings fail safe.</b> A reading that does not parse, a source that does not
 * answer, and no finished read for {@code blink.battery.reading.max.age} (a reader that is stuck)
 * go to {@link RideThrough#readingFailed}: during an outage the last plan is held while its
 * energy lasts, then SHUTDOWN; with no outage known, full power. Each new verdict is logged once:
 * FAIL_SAFE at WARN with the reading's field, value and fix and the source's keys, SHUTDOWN at
 * ERROR with what an operator must do, since the clean shutdown is not yet automated: the cluster
 * is only held at its minimum.
 *
 * <p>Not a pure function of time, unlike the other signals. Thread-safe; {@link #close} stops
 * the reader thread.
 */
final class BatterySignal implements PowerSignal, Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(BatterySignal.class);

  /** What the SHUTDOWN log line tells the operator to do. */
  static final String NOT_AUTOMATED = "The clean shutdown is not yet automated: the cluster is"
      + " held at its minimum power until the grid returns. Do now, before the reserve is"
      + " spent: stop new writes at the write proxy and let its backlog drain, let the writers"
      + " close their files, run 'hdfs dfsadmin -safemode enter' and 'hdfs dfsadmin"
      + " -saveNamespace', then stop the DataNodes and the NameNode"
      + " (docs/power-signals.md, Battery (UPS), Running it)";

  private final BatteryConfig config;
  private final PowerModel model;
  private final long replanMs;
  private final Clock clock;
  private final RideThrough rideThrough;
  private final Thread reader;
  private volatile boolean running = true;
  /** When the last read finished, successful or not; guarded by this. */
  private long lastAttemptMs;
  /** The last reading that parsed; guarded by this. */
  private BatteryReading lastReading;
  /** Why the last read failed; null when it succeeded. Guarded by this. */
  private String lastFailure;
  /** The verdict last logged; guarded by this. */
  private Verdict logged;

  /** What {@code GET /v1/power} shows: one consistent view. */
  record State(RideThroughDecision decision, long targetMs, OptionalLong outageStartMs,
      Optional<BatteryReading> lastReading, long replanMs, long maxReadingAgeMs) {}

  /**
   * Reads once and starts the reader thread.
   *
   * @param policy the policy in force, whose least DataNode draw is the planner's minimum
   * @param intervalMs the blink interval (the replanning period is at least this)
   * @param clock the daemon's clock: readings are stamped and planned with it
   */
  BatterySignal(BatteryConfig config, PowerModel model, BlinkPolicy policy, long intervalMs,
      Clock clock) {
    this.config = config;
    this.model = model;
    this.clock = clock;
    this.replanMs = Math.max(config.readPeriodMs(), intervalMs);
    this.rideThrough = new RideThrough(planner(policy), config.targetMs(), config.maxAgeMs());
    readOnce(); // the scheduler's first tick plans on a reading
    this.reader = new Thread(this::readLoop, "blink-battery");
    reader.setDaemon(true);
    reader.start();
  }

  private RideThroughPlanner planner(BlinkPolicy policy) {
    return new RideThroughPlanner(config.battery(), model, policy.minimumNodeWatts(model),
        replanMs);
  }

  @Override
  public PowerLevel levelAt(long elapsedMs) {
    if (elapsedMs < 0) {
      throw new IllegalArgumentException("elapsedMs must be >= 0, got " + elapsedMs);
    }
    return decision(clock.millis()).level();
  }

  /**
   * The decision in force at {@code nowMs}: the last one, unless no read has finished for longer
   * than the maximum age, when the reader is taken for stuck and the fail-safe decides.
   */
  synchronized RideThroughDecision decision(long nowMs) {
    long silentMs = nowMs - lastAttemptMs;
    if (silentMs > config.maxAgeMs()) {
      return record(rideThrough.readingFailed(String.format(Locale.ROOT, "no read of %s has"
          + " finished for %d ms, more than %s = %d ms: the reader is stuck; check the source",
          config.reader().describe(), silentMs, BatteryConfig.MAX_AGE.name(),
          config.maxAgeMs()), nowMs));
    }
    return rideThrough.lastDecision().orElseThrow();
  }

  /** The decision, the target, the outage and the last good reading at {@code nowMs}. */
  synchronized State state(long nowMs) {
    RideThroughDecision d = decision(nowMs);
    return new State(d, rideThrough.targetMs(), rideThrough.outageStartMs(),
        Optional.ofNullable(lastReading), replanMs, config.maxAgeMs());
  }

  /**
   * The admin's new target ({@code PUT /v1/battery}), counted from the start of the outage under
   * way; replans at once on the last reading, so the answer shows its effect.
   */
  synchronized RideThroughDecision setTargetMs(long targetMs, long nowMs) {
    long was = rideThrough.targetMs();
    rideThrough.setTargetMs(targetMs);
    LOG.info("Battery ride-through target set to {} ms (was {} ms)", targetMs, was);
    return replan(nowMs);
  }

  /** The policy changed: its least draw is the planner's new minimum; replans at once. */
  synchronized void policyChanged(BlinkPolicy policy, long nowMs) {
    rideThrough.setPlanner(planner(policy));
    replan(nowMs);
  }

  private RideThroughDecision replan(long nowMs) {
    if (lastFailure == null && lastReading != null) {
      return record(rideThrough.observe(lastReading, nowMs));
    }
    return record(rideThrough.readingFailed(lastFailure, nowMs));
  }

  private void readLoop() {
    ReadLoop.run(() -> running, config.readPeriodMs(), this::readOnce);
  }

  /** One read and the decision on it; false when interrupted (closing). */
  private boolean readOnce() {
    BatteryReader source = config.reader();
    long at = clock.millis();
    BatteryReading r = null;
    String failure = null;
    try {
      r = source.read(at);
    } catch (BadReadingException e) {
      failure = e.getMessage();
    } catch (IOException e) {
      failure = source.describe() + ": " + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (RuntimeException e) {
      failure = source.describe() + ": " + e;
    }
    synchronized (this) {
      long now = clock.millis();
      lastAttemptMs = now;
      if (r != null) {
        lastReading = r;
        lastFailure = null;
        record(rideThrough.observe(r, now));
      } else {
        lastFailure = failure;
        record(rideThrough.readingFailed(failure, now));
      }
    }
    return true;
  }

  /** Logs a decision whose verdict differs from the last one logged. */
  private RideThroughDecision record(RideThroughDecision d) {
    if (d.verdict() != logged) {
      logged = d.verdict();
      switch (d.verdict()) {
        case SHUTDOWN -> LOG.error("Battery SHUTDOWN ({}): {}. {}", config.reader().describe(),
            d.reason(), NOT_AUTOMATED);
        case FAIL_SAFE -> LOG.warn("Battery FAIL_SAFE, no usable reading: {} [{}]", d.reason(),
            config.sourceSettings());
        case GRID -> LOG.info("Battery GRID: {}", d.reason());
        default -> LOG.warn("Battery {}: {} (plan {} W)", d.verdict(), d.reason(),
            String.format(Locale.ROOT, "%.1f", d.plannedClusterWatts()));
      }
    }
    return d;
  }

  /** The battery's settings, for {@code /v1/power} and the status page. */
  BatteryConfig config() {
    return config;
  }

  @Override
  public String describe() {
    return String.format(Locale.ROOT, "battery: %s, %.0f Wh, efficiency %.2f, reserve %.0f%%,"
        + " ride-through %d min", config.reader().describe(), config.battery().capacityWh(),
        config.battery().efficiency(), 100 * config.battery().reserveFraction(),
        rideThrough.targetMs() / 60_000);
  }

  @Override
  public void close() {
    running = false;
    reader.interrupt();
  }
}
