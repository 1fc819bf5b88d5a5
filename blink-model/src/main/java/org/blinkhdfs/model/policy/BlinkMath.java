package org.blinkhdfs.model.policy;

import java.util.List;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * The arithmetic every blink policy shares (BlinkFS §4.2).
 *
 * <p>Active fraction: {@code f = (p_available − p_inactive) / (p_total − p_inactive)}, so that N
 * nodes each powered for {@code f·t} of every interval draw exactly {@code p_available} on
 * average. Powered time is rounded down to the millisecond so the draw never exceeds the budget.
 *
 * <p>Transitions: a node powered for {@code poweredMs} of an interval and asleep for part of it
 * spends {@code transitionMs} of the powered time suspending and resuming, so its usable window
 * is {@code poweredMs − transitionMs}. A node powered the whole interval never transitions. A node
 * whose window would be empty is OFF for the epoch.
 *
 * <p>Worked example (Mac-mini model, 9 nodes, 25 W / 1 W, no transition cost, t = 60 s, 50%):
 * {@code p_available = 112.5}, {@code f = (112.5 − 9)/(225 − 9) = 0.479166…}, powered time
 * {@code 28 750 ms}.
 */
final class BlinkMath {
  private BlinkMath() {}

  /** {@code f} in [0, 1]; the caller has checked the budget is not below the minimum. */
  static double activeFraction(PowerBudget budget) {
    PowerModel m = budget.model();
    double f = (budget.nodeWatts() - m.inactiveWatts()) / (m.totalWatts() - m.inactiveWatts());
    return Math.max(0, Math.min(1, f));
  }

  /** Powered milliseconds per interval for fraction {@code f}, rounded down. */
  static long poweredMs(double fraction, long intervalMs) {
    return (long) Math.floor(fraction * intervalMs + 1e-9);
  }

  /** The usable window for {@code poweredMs}: transitions come out of partial intervals. */
  static long windowMs(long poweredMs, long intervalMs, long transitionMs) {
    if (poweredMs >= intervalMs) {
      return intervalMs;
    }
    return Math.max(0, poweredMs - transitionMs);
  }

  /** The ring entry for a node with the given window: ACTIVE if whole, OFF if empty, else BLINK. */
  static NodeSchedule entry(String node, long offsetMs, long windowMs, long intervalMs) {
    if (windowMs >= intervalMs) {
      return NodeSchedule.of(node, NodeMode.ACTIVE);
    }
    if (windowMs <= 0) {
      return NodeSchedule.of(node, NodeMode.OFF);
    }
    return NodeSchedule.blink(node, offsetMs, windowMs);
  }

  /** A schedule of {@code ringEntries} followed by the request's staging nodes. */
  static Schedule schedule(PolicyRequest req, List<NodeSchedule> ringEntries) {
    Schedule.Builder b = Schedule.builder().epoch(req.epoch())
        .intervalStartMs(req.intervalStartMs()).intervalMs(req.intervalMs())
        .validUntilMs(req.validUntilMs()).addAll(ringEntries);
    for (String s : req.stagingNodes()) {
      b.add(NodeSchedule.staging(s));
    }
    return b.build();
  }
}
