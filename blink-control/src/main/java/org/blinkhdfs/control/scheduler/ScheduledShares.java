package org.blinkhdfs.control.scheduler;

import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * The parts of its time a node spends awake, asleep, in transition and as an io-server by the
 * schedule alone: how the {@link EnergyLedger} estimates a node whose agent sends no energy
 * counters (older than issue 38, or not heard from), the same way {@code SchedulePower} plans:
 * ACTIVE awake, IO_SERVER io-server, OFF asleep, BLINK awake for its window plus {@code
 * transitionMs} of transition when it sleeps at all (at most the rest of the interval), asleep
 * the rest; every node awake without a schedule in force.
 *
 * <p>Example: t = 6 000 ms, window 1 200 ms, transitions 200 ms: awake 0.2, transition 1/30,
 * asleep 23/30.
 *
 * @param awake fraction awake with every core
 * @param asleep fraction asleep
 * @param transition fraction entering or leaving sleep
 * @param ioServer fraction as an io-server
 */
record ScheduledShares(double awake, double asleep, double transition, double ioServer) {
  static final ScheduledShares AWAKE = new ScheduledShares(1, 0, 0, 0);

  /** {@code node}'s shares under {@code s} at {@code nowMs}; all awake when none is in force. */
  static ScheduledShares of(Schedule s, String node, long nowMs, long transitionMs) {
    if (s == null || s.isExpired(nowMs)) {
      return AWAKE;
    }
    NodeSchedule n = s.entry(node);
    if (n == null) {
      return AWAKE;
    }
    switch (n.mode()) {
      case ACTIVE:
        return AWAKE;
      case IO_SERVER:
        return new ScheduledShares(0, 0, 0, 1);
      case OFF:
        return new ScheduledShares(0, 1, 0, 0);
      default:
        return blink(n.activeMs(), s.intervalMs(), transitionMs);
    }
  }

  static ScheduledShares blink(long activeMs, long intervalMs, long transitionMs) {
    if (activeMs >= intervalMs) {
      return AWAKE;
    }
    if (activeMs <= 0) {
      return new ScheduledShares(0, 1, 0, 0);
    }
    double t = intervalMs;
    long transition = Math.min(transitionMs, intervalMs - activeMs);
    return new ScheduledShares(activeMs / t, (intervalMs - activeMs - transition) / t,
        transition / t, 0);
  }
}
