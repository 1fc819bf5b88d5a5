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
 * whose window would be shorter than the model's minimum useful window ({@code minWindowMs}, at
 * least 1 ms) is OFF for the epoch: its cycle would spend the transitions and serve too little,
 * and keeping it awake instead would cost the whole interval, which a budget below 100% cannot
 * pay. The OFF node's unspent power is left unspent (the plan stays under budget), and the
 * policy says so in its result ({@link #notWorthASleep}).
 *
 * <p>Worked example (9 nodes, 25 W / 1 W, t = 6 s, 20%: powered 1000 ms): with the default
 * measured transitions scaled to 6 s (137 ms) the window is 863 ms; with {@code minWindowMs =
 * 1 s} every node is OFF. At t = 60 s with 300 ms enter + 1 s resume: powered 10 000 ms, window
 * 8 700 ms, kept with a 1 s minimum.
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

  /**
   * The usable window for {@code poweredMs}: transitions come out of partial intervals, and a
   * window below the model's minimum useful window is 0 (OFF).
   */
  static long windowMs(long poweredMs, long intervalMs, PowerModel model) {
    if (poweredMs >= intervalMs) {
      return intervalMs;
    }
    long window = poweredMs - model.transitionMs();
    return window >= Math.max(1, model.minWindowMs()) ? window : 0;
  }

  /** Whether a node powered {@code poweredMs} (some, not all of the interval) is OFF instead. */
  static boolean notWorthASleep(long poweredMs, long intervalMs, PowerModel model) {
    return poweredMs > 0 && poweredMs < intervalMs
        && windowMs(poweredMs, intervalMs, model) == 0;
  }

  /**
   * Why {@code nodes} ring nodes powered {@code poweredMs} are OFF rather than blinking, for the
   * scheduler's status and log.
   */
  static String notWorthASleepNote(int nodes, long poweredMs, PowerModel model) {
    return String.format(java.util.Locale.ROOT, "%d ring node(s) OFF rather than blinking: %d ms"
        + " powered minus %d ms of transitions leaves %d ms, below the %d ms minimum useful"
        + " window (blink.power.transition.min.window), and staying awake the whole interval"
        + " would exceed the budget", nodes, poweredMs, model.transitionMs(),
        Math.max(0, poweredMs - model.transitionMs()), Math.max(1, model.minWindowMs()));
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
