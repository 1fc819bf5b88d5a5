package org.blinkhdfs.model.policy;

import java.util.ArrayList;
import java.util.List;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.schedule.NodeSchedule;

/**
 * Base of the policies that give every ring node the same window ({@link BlinkMath}) and differ
 * only in where each window starts: staggered, staggered-circular and synchronous.
 */
abstract class OffsetBlinkPolicy implements BlinkPolicy {

  /**
   * Window start of ring node {@code index} (0-based) of {@code nodeCount}, for windows of
   * {@code windowMs} in an interval of {@code intervalMs}; must lie in {@code [0, intervalMs)}.
   */
  abstract long offsetMs(int index, int nodeCount, long intervalMs, long windowMs);

  /**
   * Window start of {@code ring}'s node {@code index}: {@link #offsetMs(int, int, long, long)}
   * unless a policy places nodes by name (phase groups with a persisted membership).
   */
  long offsetMs(List<String> ring, int index, long intervalMs, long windowMs) {
    return offsetMs(index, ring.size(), intervalMs, windowMs);
  }

  @Override
  public final PolicyResult plan(PolicyRequest req) {
    PowerBudget budget = req.level().resolve(req.model());
    if (budget.belowMinimum()) {
      return PolicyResult.belowMinimum(budget);
    }
    long t = req.intervalMs();
    long powered = BlinkMath.poweredMs(BlinkMath.activeFraction(budget), t);
    long window = BlinkMath.windowMs(powered, t, req.model());
    int n = req.ring().size();
    List<NodeSchedule> entries = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      long offset = offsetMs(req.ring(), i, t, window);
      entries.add(BlinkMath.entry(req.ring().get(i), offset, window, t));
    }
    String note = BlinkMath.notWorthASleep(powered, t, req.model())
        ? BlinkMath.notWorthASleepNote(n, powered, req.model()) : "";
    return PolicyResult.planned(BlinkMath.schedule(req, entries), budget, note);
  }
}
