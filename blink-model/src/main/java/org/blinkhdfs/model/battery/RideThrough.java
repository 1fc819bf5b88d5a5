package org.blinkhdfs.model.battery;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.blinkhdfs.model.battery.RideThroughDecision.Verdict;
import org.blinkhdfs.model.power.PowerLevel;

/**
 * The ride-through state the scheduler keeps between readings: when the outage began, the target
 * (settable by the admin), the last decision, and the shutdown latch. Everything else is the pure
 * {@link RideThroughPlanner}.
 *
 * <ul>
 *   <li><b>Outage.</b> The first on-battery reading after a grid reading (or at start) begins an
 *       outage at its reading time; the target end is that plus the ride-through target. A grid
 *       reading ends it.
 *   <li><b>Shutdown latch.</b> Once a decision is SHUTDOWN it stays SHUTDOWN until a grid
 *       reading: a resting battery's charge reads higher again, and a shutdown must not be undone
 *       by that.
 *   <li><b>Fail safe.</b> A stale reading ({@code maxReadingAgeMs}) or one that failed to parse
 *       ({@link #readingFailed}) gives {@link Verdict#FAIL_SAFE}: during an outage the last
 *       battery plan is held while its energy lasts by the plan's own arithmetic (its reading
 *       time plus its {@code lastsMs}, less one replan period), then SHUTDOWN while the reserve
 *       still holds; with no outage known, full power, the same as a cluster without a battery
 *       signal. The reason names the bad reading.
 * </ul>
 *
 * <p>Thread-safe (synchronized); no clock: every time is passed in.
 */
public final class RideThrough {
  private RideThroughPlanner planner;
  private final long maxReadingAgeMs;
  private long targetMs;
  private Long outageStartMs;
  private RideThroughDecision last;

  /**
   * A ride-through with no outage yet.
   *
   * @param planner the planner
   * @param targetMs how long an outage should be ridden through, ms (&gt; 0)
   * @param maxReadingAgeMs the oldest reading planned on, ms (&gt; 0)
   */
  public RideThrough(RideThroughPlanner planner, long targetMs, long maxReadingAgeMs) {
    this.planner = java.util.Objects.requireNonNull(planner, "planner");
    if (maxReadingAgeMs <= 0) {
      throw new IllegalArgumentException("maxReadingAgeMs = " + maxReadingAgeMs
          + " must be > 0: give how old a battery reading may be, e.g. 3 reading periods");
    }
    this.maxReadingAgeMs = maxReadingAgeMs;
    setTargetMs(targetMs);
  }

  /** The ride-through target, ms. */
  public synchronized long targetMs() {
    return targetMs;
  }

  /**
   * Sets the target (the admin's command); the next decision uses it, counted from the start of
   * the outage under way.
   */
  public synchronized void setTargetMs(long targetMs) {
    if (targetMs <= 0) {
      throw new IllegalArgumentException("ride-through target = " + targetMs + " ms must be > 0:"
          + " give how long the battery should carry the cluster, e.g. 2h");
    }
    this.targetMs = targetMs;
  }

  /** When the outage under way began (its first on-battery reading); empty on the grid. */
  public synchronized OptionalLong outageStartMs() {
    return outageStartMs == null ? OptionalLong.empty() : OptionalLong.of(outageStartMs);
  }

  /** The last decision, if any. */
  public synchronized Optional<RideThroughDecision> lastDecision() {
    return Optional.ofNullable(last);
  }

  /** The planner in use. */
  public synchronized RideThroughPlanner planner() {
    return planner;
  }

  /**
   * Replaces the planner; the outage, the target, the last decision and a shutdown latch stay.
   * Why: the scheduler's policy can change at run time ({@code PUT /v1/policy}), and with it the
   * least the DataNodes can draw, which is the planner's minimum. The next decision uses it.
   */
  public synchronized void setPlanner(RideThroughPlanner newPlanner) {
    this.planner = java.util.Objects.requireNonNull(newPlanner, "planner");
  }

  /**
   * Plans on a reading.
   *
   * @param r a parsed reading; a stale one gives {@link Verdict#FAIL_SAFE}
   * @param nowMs now, on the clock the reading was stamped with
   */
  public synchronized RideThroughDecision observe(BatteryReading r, long nowMs) {
    try {
      r.requireFresh(nowMs, maxReadingAgeMs);
    } catch (BadReadingException e) {
      return readingFailed(e.getMessage(), nowMs);
    }
    if (!r.onBattery()) {
      outageStartMs = null;
    } else if (outageStartMs == null) {
      outageStartMs = r.readAtMs();
    }
    if (r.onBattery() && last != null && last.shutdown()) {
      last = latched(nowMs, "shutdown under way since " + last.decidedAtMs()
          + " ms; it is not undone before the grid returns (" + r.describe() + ")",
          last.readingAtMs());
      return last;
    }
    long end = outageStartMs == null ? nowMs : outageStartMs + targetMs;
    last = planner.plan(r, nowMs, end);
    return last;
  }

  /**
   * The fail-safe decision when no reading can be planned on.
   *
   * @param why what was wrong, e.g. a {@link BadReadingException}'s message
   * @param nowMs now
   */
  public synchronized RideThroughDecision readingFailed(String why, long nowMs) {
    if (last != null && last.shutdown()) {
      last = latched(nowMs, "shutdown under way; no usable reading (" + why + ")",
          last.readingAtMs());
      return last;
    }
    if (outageStartMs == null || last == null) {
      last = new RideThroughDecision(Verdict.FAIL_SAFE, new PowerLevel.Percent(100), nowMs, -1,
          Double.NaN, Double.NaN, Double.NaN, 0, planner.peakClusterWatts(),
          planner.minimumClusterWatts(), planner.peakClusterWatts(), -1, OptionalDouble.empty(),
          "no usable battery reading and no outage known: full power, as without a battery"
          + " signal (" + why + ")");
      return last;
    }
    RideThroughDecision held = last;
    long spentBy = held.readingAtMs() + held.lastsMs() - planner.replanMs();
    if (held.lastsMs() < 0 || nowMs >= spentBy) {
      last = new RideThroughDecision(Verdict.SHUTDOWN, planner.minimum(), nowMs,
          held.readingAtMs(), held.storedWh(), held.reserveWh(), held.usableWh(),
          held.timeLeftMs(), planner.minimumClusterWatts(), planner.minimumClusterWatts(),
          planner.peakClusterWatts(), 0, OptionalDouble.empty(), String.format(Locale.ROOT,
          "no usable battery reading during the outage, and the last plan's energy (%.1f Wh"
          + " usable at %d ms) is spent by now: shut down cleanly while the reserve holds (%s)",
          held.usableWh(), held.readingAtMs(), why));
      return last;
    }
    last = new RideThroughDecision(Verdict.FAIL_SAFE, held.level(), nowMs, held.readingAtMs(),
        held.storedWh(), held.reserveWh(), held.usableWh(), held.timeLeftMs(),
        held.plannedClusterWatts(), held.minimumClusterWatts(), held.peakClusterWatts(),
        held.lastsMs(), OptionalDouble.empty(), String.format(Locale.ROOT, "no usable battery"
        + " reading: holding the last battery plan (%s, %.1f W) until its energy is spent at %d"
        + " ms (%s)", held.verdict(), held.plannedClusterWatts(), spentBy, why));
    return last;
  }

  private RideThroughDecision latched(long nowMs, String reason, long readingAtMs) {
    RideThroughDecision s = last;
    return new RideThroughDecision(Verdict.SHUTDOWN, planner.minimum(), nowMs, readingAtMs,
        s.storedWh(), s.reserveWh(), s.usableWh(), s.timeLeftMs(),
        planner.minimumClusterWatts(), planner.minimumClusterWatts(), planner.peakClusterWatts(),
        s.lastsMs(), OptionalDouble.empty(), reason);
  }
}
