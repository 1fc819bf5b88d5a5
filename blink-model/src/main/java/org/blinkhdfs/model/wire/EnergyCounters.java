package org.blinkhdfs.model.wire;

/**
 * How a power agent's node spent its time since the agent started, in milliseconds, carried in
 * every {@link NodeStatus} so that the scheduler can turn measured time, not the schedule's
 * promise, into energy (issue 38, "Energy measured, not assumed").
 *
 * <p>The four states are disjoint and together cover the time since {@code sinceMs}: {@code
 * asleepMs} is what the actuators measured as truly suspended (S3, or the emulated frozen part),
 * {@code transitionMs} each sleep's enter plus resume ({@code (awakeAtMs − startedAtMs) −
 * measuredSleepMs} of its report), {@code ioServerMs} awake with the compute cores offline, and
 * {@code awakeMs} the rest. The counters only grow while the agent runs; a restarted agent starts
 * again from zero with a new {@code sinceMs}, which the scheduler treats as a reset, never as
 * negative energy.
 *
 * @param sinceMs when the agent started counting (its own clock, ms since the Unix epoch)
 * @param awakeMs awake with every core (max-perf), ms
 * @param asleepMs suspended as measured, ms
 * @param transitionMs entering and resuming from sleep, ms
 * @param ioServerMs awake as an io-server (compute off), ms
 */
public record EnergyCounters(long sinceMs, long awakeMs, long asleepMs, long transitionMs,
    long ioServerMs) {
  /** Nothing counted yet, from {@code sinceMs}. */
  public static EnergyCounters zero(long sinceMs) {
    return new EnergyCounters(sinceMs, 0, 0, 0, 0);
  }

  public EnergyCounters {
    check("sinceMs", sinceMs);
    check("awakeMs", awakeMs);
    check("asleepMs", asleepMs);
    check("transitionMs", transitionMs);
    check("ioServerMs", ioServerMs);
  }

  /** All four counters: the time accounted since {@code sinceMs}. */
  public long totalMs() {
    return awakeMs + asleepMs + transitionMs + ioServerMs;
  }

  /**
   * Whether {@code later} continues these counters: the same agent run ({@code sinceMs}) and no
   * counter smaller. False means the agent restarted (or its counters were reset).
   */
  public boolean continuedBy(EnergyCounters later) {
    return later.sinceMs == sinceMs && later.awakeMs >= awakeMs && later.asleepMs >= asleepMs
        && later.transitionMs >= transitionMs && later.ioServerMs >= ioServerMs;
  }

  private static void check(String field, long value) {
    if (value < 0) {
      throw new IllegalArgumentException("energy." + field + " must be >= 0, got " + value
          + ": the counters are milliseconds since the agent started; a restarted agent counts"
          + " again from 0 with a new sinceMs");
    }
  }
}
