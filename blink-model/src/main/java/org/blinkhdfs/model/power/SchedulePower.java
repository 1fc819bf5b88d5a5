package org.blinkhdfs.model.power;

import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Average DataNode draw a schedule plans, by mode: ACTIVE at {@code p_active}, IO_SERVER at
 * {@code p_io} ({@link PowerModel#ioServerWatts()}), OFF at {@code p_sleep}, BLINK by {@link
 * PowerModel#averageNodeWatts} (transitions included). Staging nodes belong to the overhead and are
 * not counted. The ring nodes of the settings that the schedule does not name count as ACTIVE.
 *
 * <p>Worked example (25 W / 1 W, no transitions, t = 60 s): one ACTIVE, one OFF and one BLINK
 * node awake 30 s draw {@code 25 + 1 + 13 = 39 W}.
 *
 * <p>The one place a schedule's draw is computed: policies ({@code PolicyResult}), the
 * scheduler and the simulations all use it. Stateless.
 */
public final class SchedulePower {
  private SchedulePower() {}

  /** Planned average watts of the model's ring nodes under {@code s}. */
  public static double averageNodeWatts(Schedule s, PowerModel m) {
    double sum = 0;
    int named = 0;
    for (NodeSchedule n : s.nodes()) {
      if (n.isStaging()) {
        continue;
      }
      named++;
      sum += nodeWatts(n, s.intervalMs(), m);
    }
    return sum + Math.max(0, m.nodeCount() - named) * m.activeWatts();
  }

  /** One entry's average watts. */
  public static double nodeWatts(NodeSchedule n, long intervalMs, PowerModel m) {
    switch (n.mode()) {
      case ACTIVE:
        return m.activeWatts();
      case IO_SERVER:
        return m.ioServerWatts();
      case OFF:
        return m.sleepWatts();
      default:
        return m.averageNodeWatts(n.activeMs(), intervalMs);
    }
  }

  /** Every ring node awake: what an expired or missing schedule draws. */
  public static double allAwakeWatts(PowerModel m) {
    return m.totalWatts();
  }
}
