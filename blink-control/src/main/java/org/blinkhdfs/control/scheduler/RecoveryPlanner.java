package org.blinkhdfs.control.scheduler;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.RecoveryWake;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Applies a {@link RecoveryWake} to a planned epoch: for every failed ring node the plan keeps
 * awake, the nodes the layout names are made ACTIVE; nothing else changes.
 *
 * <h2>Rules</h2>
 * <ul>
 *   <li>The active prefix handed to the layout is the number of leading ring nodes the plan (before
 *       recovery) has ACTIVE: the gear of the activation policy, gear shifting or an admin {@code
 *       -setActive n}; 0 for a blinking plan.
 *   <li>A failed node the plan has OFF asks for nothing: its data is not meant to be served this
 *       epoch, so waking stand-ins for it would spend power the plan did not mean to spend.
 *   <li>Only nodes the plan does not already have ACTIVE are changed (BLINK, IO_SERVER and OFF
 *       become ACTIVE) and reported as woken; the failed node itself keeps its mode, so it is
 *       awake and used again the moment it comes back.
 *   <li><b>Availability before the budget.</b> The woken nodes are added even when the epoch then
 *       plans more than the available power: a failed primary's blocks have their only awake
 *       replica on its recovery group, and a plan the budget affords but that leaves data
 *       unreadable is worse than a bounded overdraw (the scheduler reports it as {@link
 *       SchedulerStatus.State#RECOVERY_OVER_BUDGET} with the shortfall, the operator decides).
 *       No other node is turned off to pay for them: the layout's other data must keep its
 *       replicas, and the overdraw lasts only while the node is failed.
 * </ul>
 *
 * <p>Worked example (ring n1..n8, plan n1, n2 ACTIVE and n3..n8 OFF, equal work p = 2, g = 2,
 * r = 2, n1 failed): prefix 2, the layout answers [n3, n5, n7]; the epoch becomes n1, n2, n3,
 * n5, n7 ACTIVE, woken = {n1: [n3, n5, n7]}.
 *
 * <p>Stateless; thread-safe.
 */
public final class RecoveryPlanner {
  private RecoveryPlanner() {}

  /**
   * The plan after recovery.
   *
   * @param schedule the epoch to publish
   * @param woken for each failed node that asked for recovery, the nodes made ACTIVE for it (in
   *     the layout's order; a node may appear under several failed nodes)
   */
  public record Result(Schedule schedule, Map<String, List<String>> woken) {
    public Result {
      Objects.requireNonNull(schedule, "schedule");
      woken = Map.copyOf(woken);
    }

    /** Every node woken for recovery, in first-woken order. */
    public Set<String> wokenNodes() {
      Set<String> all = new LinkedHashSet<>();
      woken.values().forEach(all::addAll);
      return all;
    }
  }

  /**
   * @param plan the epoch the policy (or an admin override) planned
   * @param failed ring nodes counted as failed; other names are ignored
   * @throws IllegalStateException when the layout names a node that is not in the ring (a layout
   *     built on another ring)
   */
  public static Result apply(Schedule plan, Collection<String> failed, RecoveryWake wake) {
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(wake, "wake");
    List<String> ring = plan.ring();
    int prefix = activePrefix(plan);
    Map<String, List<String>> woken = new LinkedHashMap<>();
    Set<String> toWake = new LinkedHashSet<>();
    for (String node : ring) {
      if (!failed.contains(node) || plan.entry(node).mode() == NodeMode.OFF) {
        continue;
      }
      List<String> extra = new ArrayList<>();
      for (String w : wake.nodesToWake(node, prefix)) {
        if (!ring.contains(w)) {
          throw new IllegalStateException("recovery layout " + wake.describe() + " names " + w
              + " for failed node " + node + ", which is not in the scheduler's ring " + ring
              + ": build the layout on the scheduler's ring");
        }
        if (plan.entry(w).mode() != NodeMode.ACTIVE) {
          extra.add(w);
        }
      }
      if (!extra.isEmpty()) {
        woken.put(node, List.copyOf(extra));
        toWake.addAll(extra);
      }
    }
    if (toWake.isEmpty()) {
      return new Result(plan, Map.of());
    }
    return new Result(withActive(plan, toWake), woken);
  }

  /** How many leading ring nodes {@code plan} has ACTIVE. */
  public static int activePrefix(Schedule plan) {
    int k = 0;
    for (String node : plan.ring()) {
      if (plan.entry(node).mode() != NodeMode.ACTIVE) {
        break;
      }
      k++;
    }
    return k;
  }

  /**
   * {@code plan} with {@code nodes} ACTIVE and every other entry unchanged: the one edit both
   * recovery and wake requests ({@link WakePlanner}) make.
   */
  static Schedule withActive(Schedule plan, Set<String> nodes) {
    Schedule.Builder b = Schedule.builder().epoch(plan.epoch())
        .intervalStartMs(plan.intervalStartMs()).intervalMs(plan.intervalMs())
        .validUntilMs(plan.validUntilMs());
    for (NodeSchedule n : plan.nodes()) {
      b.add(nodes.contains(n.node()) ? NodeSchedule.of(n.node(), NodeMode.ACTIVE) : n);
    }
    return b.build();
  }
}
