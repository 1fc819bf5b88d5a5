package org.blinkhdfs.bench.availability;

import java.util.ArrayList;
import java.util.List;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.schedule.ActiveWindow;

/**
 * Test fixture: the paper's staggered schedules built by hand, so availability tests do not
 * depend on the policy package. Offsets are floored to whole milliseconds.
 */
final class StaggeredWindows {
  private StaggeredWindows() {}

  /** {@code t_active = t·(p − p_inactive)/(p_total − p_inactive)}, floored to ms. */
  static long activeMs(PowerBudget budget, long intervalMs) {
    double spare = budget.model().totalWatts() - budget.model().inactiveWatts();
    double used = budget.nodeWatts() - budget.model().inactiveWatts();
    return (long) Math.floor(intervalMs * used / spare + 1e-9);
  }

  /** The paper's offsets {@code b_start_i = (t − t_active)·i/(N−1)}. */
  static List<ActiveWindow> paper(int nodeCount, long activeMs, long intervalMs) {
    List<ActiveWindow> out = new ArrayList<>();
    for (int i = 0; i < nodeCount; i++) {
      long offsetMs = nodeCount == 1 ? 0 : (intervalMs - activeMs) * i / (nodeCount - 1);
      out.add(window(offsetMs, activeMs, intervalMs));
    }
    return out;
  }

  /** "Staggered-circular" offsets {@code b_start_i = t·i/N}, windows may wrap. */
  static List<ActiveWindow> circular(int nodeCount, long activeMs, long intervalMs) {
    List<ActiveWindow> out = new ArrayList<>();
    for (int i = 0; i < nodeCount; i++) {
      out.add(window(intervalMs * i / nodeCount, activeMs, intervalMs));
    }
    return out;
  }

  private static ActiveWindow window(long offsetMs, long activeMs, long intervalMs) {
    return new ActiveWindow(offsetMs % intervalMs, activeMs, intervalMs);
  }
}
