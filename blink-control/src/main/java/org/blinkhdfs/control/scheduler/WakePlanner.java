package org.blinkhdfs.control.scheduler;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.WakeHold;

/**
 * Applies the wake holds to a planned epoch, after {@link RecoveryPlanner}: every held node the
 * plan does not already keep awake for the whole interval is made ACTIVE; nothing else changes.
 * The edit is recovery's ({@link RecoveryPlanner#withActive}); only the reason differs.
 *
 * <h2>Rules</h2>
 * <ul>
 *   <li>A node the plan has awake for the whole interval (ACTIVE, IO_SERVER, a BLINK window as
 *       long as the interval, or woken for recovery) is left as it is and not reported as woken:
 *       it serves I/O already and costs nothing extra. IO_SERVER stays IO_SERVER (its DataNode
 *       serves; compute is not what the writer needs).
 *   <li>BLINK and OFF nodes become ACTIVE for the whole epoch. Epochs cannot express "awake from
 *       t1 to t2"; the scheduler publishes the next epoch when the hold ends, so the node is awake
 *       at most one scheduler tick longer than asked.
 *   <li><b>Availability before the budget</b>, as for recovery: the nodes are added even when the
 *       epoch then plans more than the available power; {@link WakeLimits} bound the overdraw and
 *       the scheduler reports it ({@link SchedulerStatus.State#WAKE_OVER_BUDGET}, {@link
 *       SchedulerStatus#wakeWatts()}). No other node is put to sleep to pay for it: that would
 *       take replicas away from readers to serve one writer.
 *   <li>Holds of nodes the plan does not name (not in the schedule) are ignored: unnamed nodes
 *       are awake anyway.
 * </ul>
 *
 * <p>Worked example (ring n1..n4 staggered, each awake a quarter of the interval; n3 held until
 * t): the epoch keeps n1, n2, n4 BLINK and has n3 ACTIVE; woken = {n3: its hold}.
 *
 * <p>Stateless; thread-safe.
 */
final class WakePlanner {
  private WakePlanner() {}

  /**
   * The plan after wake holds.
   *
   * @param schedule the epoch to publish
   * @param woken the holds that changed the plan, by node (first granted first)
   */
  record Result(Schedule schedule, Map<String, WakeHold> woken) {
    Result {
      Objects.requireNonNull(schedule, "schedule");
      woken = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(woken));
    }
  }

  static Result apply(Schedule plan, Collection<WakeHold> holds) {
    Objects.requireNonNull(plan, "plan");
    Map<String, WakeHold> woken = new LinkedHashMap<>();
    for (WakeHold h : holds) {
      if (plan.entry(h.node()) != null && !plan.window(h.node()).isAlways()) {
        woken.put(h.node(), h);
      }
    }
    if (woken.isEmpty()) {
      return new Result(plan, woken);
    }
    return new Result(RecoveryPlanner.withActive(plan, woken.keySet()), woken);
  }
}
