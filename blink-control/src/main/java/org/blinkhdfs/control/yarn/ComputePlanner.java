package org.blinkhdfs.control.yarn;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Decides what YARN should offer on each DataNode's host at time {@code t}: the YARN publisher's
 * whole policy, pure so it can be tested without a ResourceManager.
 *
 * <p>Hard constraints: (1) a node that is asleep, OFF or an io-server (Amur &amp; Schwan: its
 * DataNode serves, its compute is off) offers {@link ComputeResource#ZERO}; (2) a BLINK node whose
 * window closes within {@code closeLeadMs} offers zero too, so no container starts on a node
 * about to sleep (a container started there would be frozen seconds later); (3) an awake ACTIVE
 * node, a staging node, an awake BLINK node with more than the lead left, a node the schedule does
 * not name, and every node once the schedule has expired (or with no schedule) offer their full
 * total. A window shorter than twice the lead gets half of itself as its lead ({@link
 * #effectiveLeadMs}), so it offers its first half. (4) The cluster
 * never offers zero everywhere: when (1)-(3) would zero every node, the BLINK node whose window
 * opens soonest (ties: the first in {@code totals}; no BLINK node: the first node) keeps its
 * total. Why: the ResourceManager caps every request at the largest node's total
 * ({@code ClusterNodeTracker#getMaxAllowedAllocation}), so with every node at 0 MB a job
 * submission or an ApplicationMaster's container request fails with {@code
 * InvalidResourceRequestException} ("maximum allowed allocation=&lt;memory:0, vCores:0&gt;")
 * instead of waiting; seen on the local cluster at 50% power with 3 staggered hosts. A container
 * placed on the kept node while it sleeps is paused with it, never lost.
 *
 * <p>Why a short window still offers: a container placed in it cannot be running before its
 * host freezes whatever the lead, and is paused, not lost; offering nothing starved jobs of
 * containers instead. Measured (bench dfsio, 9 hosts of one vcore each, 6 s interval, lead 750 ms,
 * 20% power: windows of 1 000 ms offered 250 ms each, which the NodeManagers' one-second
 * heartbeats mostly missed): one map container allocated every 4 to 5 minutes.
 *
 * <p>Change times: the state of a BLINK node changes only at three phases of the interval: its
 * window opening ({@code offset}), the lead edge ({@code offset + length - lead}, with the
 * effective lead) and the closing ({@code offset + length}); the schedule's lease end changes
 * everyone. {@link ComputePlan#nextChangeMs()} is the earliest such instant after {@code t}, so
 * the plan is constant on {@code [t, nextChangeMs)}. At an edge instant the new state holds (a
 * window is half-open; at the lead edge exactly {@code lead} ms remain, which no longer
 * offers).
 *
 * <p>Worked example: interval 60 000 from 0, node A BLINK at 20 000 for 20 000, lead 10 000,
 * total 8192 MB / 8 vcores. At t = 25 000 A is awake with 15 000 ms left: full total, next change
 * 30 000. At 30 000 exactly 10 000 ms remain: zero, awake still true, next change 40 000 (close).
 * At 40 000 asleep: zero, next change 80 000 (the next opening).
 *
 * <p>Stateless and thread-safe.
 */
public final class ComputePlanner {
  private ComputePlanner() {}

  /**
   * The desired state of every node in {@code totals} (DataNode transfer address to the full
   * compute of its NodeManager) at {@code nowMs}.
   *
   * @param schedule the schedule in force; empty means none (everyone awake)
   * @param closeLeadMs how long before its window closes a node stops offering compute, {@code
   *     >= 0}
   */
  public static ComputePlan plan(Optional<Schedule> schedule, Map<String, ComputeResource> totals,
      long nowMs, long closeLeadMs) {
    if (closeLeadMs < 0) {
      throw new IllegalArgumentException("closeLeadMs must be >= 0, got " + closeLeadMs);
    }
    Map<String, YarnNodeState> out = new LinkedHashMap<>();
    Optional<Schedule> live = schedule.filter(s -> !s.isExpired(nowMs));
    long next = Long.MAX_VALUE;
    for (Map.Entry<String, ComputeResource> e : totals.entrySet()) {
      String node = e.getKey();
      NodeSchedule entry = live.map(s -> s.entry(node)).orElse(null);
      if (entry == null) {
        out.put(node, new YarnNodeState(node, NodeMode.ACTIVE.name(), roleOf(schedule, node),
            "always", true, e.getValue()));
        continue;
      }
      Schedule s = live.get();
      out.put(node, stateOf(s, entry, e.getValue(), nowMs, closeLeadMs));
      if (entry.mode() == NodeMode.BLINK) {
        next = Math.min(next, nextEdgeMs(s, entry, nowMs, closeLeadMs));
      }
    }
    if (live.isPresent() && live.get().validUntilMs().isPresent()) {
      next = Math.min(next, live.get().validUntilMs().getAsLong());
    }
    if (!out.isEmpty() && out.values().stream()
        .allMatch(n -> n.resource().equals(ComputeResource.ZERO))) {
      String keeper = keeper(live.get(), out.keySet(), nowMs);
      YarnNodeState z = out.get(keeper);
      out.put(keeper, new YarnNodeState(keeper, z.mode(), z.role(), z.window(), z.awake(),
          totals.get(keeper)));
    }
    return new ComputePlan(out, next);
  }

  /** The BLINK node whose window opens soonest, else the first node (rule 4). */
  private static String keeper(Schedule s, java.util.Set<String> nodes, long nowMs) {
    String best = nodes.iterator().next();
    long bestWait = Long.MAX_VALUE;
    for (String node : nodes) {
      NodeSchedule e = s.entry(node);
      if (e != null && e.mode() == NodeMode.BLINK) {
        long wait = s.isAwake(node, nowMs) ? 0 : s.nextWakeMs(node, nowMs) - nowMs;
        if (wait < bestWait) {
          bestWait = wait;
          best = node;
        }
      }
    }
    return best;
  }

  private static String roleOf(Optional<Schedule> schedule, String node) {
    NodeSchedule e = schedule.map(s -> s.entry(node)).orElse(null);
    return e == null ? "RING" : e.role().name();
  }

  private static YarnNodeState stateOf(Schedule s, NodeSchedule entry, ComputeResource total,
      long nowMs, long leadMs) {
    String node = entry.node();
    ActiveWindow w = entry.window(s.intervalMs());
    boolean awake = s.isAwake(node, nowMs);
    boolean offers;
    switch (entry.mode()) {
      case ACTIVE:
        offers = true;
        break;
      case BLINK:
        offers = awake && s.remainingActiveMs(node, nowMs) > effectiveLeadMs(w.lengthMs(), leadMs);
        break;
      default: // IO_SERVER serves data only; OFF sleeps
        offers = false;
        break;
    }
    return new YarnNodeState(node, entry.mode().name(), entry.role().name(), describe(w), awake,
        offers ? total : ComputeResource.ZERO);
  }

  /** The window as an attribute value: always, never or at&lt;o&gt;-for&lt;l&gt;-of&lt;i&gt;. */
  static String describe(ActiveWindow w) {
    if (w.isAlways()) {
      return "always";
    }
    if (w.isNever()) {
      return "never";
    }
    return "at" + w.offsetMs() + "-for" + w.lengthMs() + "-of" + w.intervalMs();
  }

  private static long nextEdgeMs(Schedule s, NodeSchedule entry, long nowMs, long leadMs) {
    ActiveWindow w = entry.window(s.intervalMs());
    if (w.isAlways() || w.isNever()) {
      return Long.MAX_VALUE;
    }
    long phase = s.phaseMs(nowMs);
    long close = w.offsetMs() + w.lengthMs();
    long next = Math.min(after(nowMs, phase, w.offsetMs(), w.intervalMs()),
        after(nowMs, phase, close, w.intervalMs()));
    return Math.min(next, after(nowMs, phase, close - effectiveLeadMs(w.lengthMs(), leadMs),
        w.intervalMs()));
  }

  /**
   * The lead a window of {@code lengthMs} gets: {@code leadMs}, at most half the window. Example:
   * lead 750 ms; a 2 250 ms window keeps 750, a 1 000 ms window gets 500.
   */
  public static long effectiveLeadMs(long lengthMs, long leadMs) {
    return Math.min(leadMs, lengthMs / 2);
  }

  /** The first instant after {@code nowMs} (at {@code phase}) whose phase is {@code edge}. */
  private static long after(long nowMs, long phase, long edge, long intervalMs) {
    long d = Math.floorMod(edge - phase, intervalMs);
    return nowMs + (d == 0 ? intervalMs : d);
  }
}
