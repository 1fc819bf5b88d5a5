package org.blinkhdfs.layout.maintenance;

import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Decides which DataNodes must be in HDFS maintenance, and until when, from the schedule in force.
 *
 * <p>Why: a sleeping DataNode stops heartbeating. Stale is harmless, but after the NameNode's
 * dead-node interval (2 × recheck + 10 × heartbeat, 10.5 min by default) HDFS re-replicates all
 * its blocks, and a gear change keeps nodes OFF for far longer. A node in maintenance that dies
 * keeps its replicas in the block map, so nothing is copied as long as {@code
 * dfs.namenode.maintenance.replication.min} live replicas remain elsewhere.
 *
 * <p>Hard constraints: (1) every OFF node of a schedule in force is held; (2) a node is never let
 * go while HDFS could count it dead: releasing a dead node makes HDFS drop its replicas and
 * re-replicate ({@code DatanodeAdminManager#stopMaintenance}), so a node is kept until the NameNode
 * hears from it again (the caller passes the held nodes it has not heard from as {@code silent});
 * (3) every hold expires, so a crashed scheduler or NameNode plugin never leaves a node in
 * maintenance for ever; (4) a node that has failed is not held for ever either: a sleeping node
 * still checks in (a BLINK node every window, an OFF node at every OFF check-in of its agent, and
 * its DataNode heartbeats then), so a held node the NameNode has not heard from for {@code
 * silenceMaxMs} is presumed failed and its hold is no longer renewed: it runs out, and HDFS
 * rebuilds the node's replicas elsewhere. Soft goal: few rewrites of the hosts file (each one is a
 * {@code refreshNodes} under the namesystem lock), so an unchanged expiry is kept while it is far
 * enough away.
 *
 * <p>The rules, for each node at time {@code now}:
 *
 * <table>
 *   <caption>Case table</caption>
 *   <tr><th>schedule in force says</th><th>held before?</th><th>result</th></tr>
 *   <tr><td>any, held and silent longer than {@code silenceMaxMs}</td><td>yes</td><td>held
 *       with its old expiry until that passes (presumed failed), then released</td></tr>
 *   <tr><td>OFF</td><td>any</td><td>held, expiry renewed</td></tr>
 *   <tr><td>BLINK, asleep, next window more than {@code sleepThresholdMs} away</td><td>any</td>
 *       <td>held, expiry renewed</td></tr>
 *   <tr><td>BLINK, asleep, window soon</td><td>yes</td><td>held until the window opens</td></tr>
 *   <tr><td>BLINK, asleep, window soon</td><td>no</td><td>not held</td></tr>
 *   <tr><td>awake (ACTIVE, IO_SERVER, staging, BLINK in window, unnamed), or no schedule in
 *       force (missing, invalid, expired)</td><td>yes, and silent</td><td>held with its old
 *       expiry, until it is heard from or that expiry passes</td></tr>
 *   <tr><td>same</td><td>no, or not silent</td><td>not held (back to NORMAL)</td></tr>
 * </table>
 *
 * <p>Expiry: the lease end plus {@code expiryMarginMs}, but at most {@code maxMs} from now (a
 * schedule without a lease gets {@code now + maxMs}). A held node keeps its previous expiry while
 * that is no later than the new one and more than half of the new one's distance away; otherwise
 * the new one is written. So an unrenewed lease never rewrites, and a renewed one rewrites about
 * every half (lease + margin).
 *
 * <p>Worked example (settings: threshold 30 s, margin 60 s, max 600 s). Interval 60 s from T,
 * lease T + 120 s; A OFF, B BLINK window [0, 20 s), C ACTIVE. At T + 25 s: A held until T + 180 s;
 * B asleep, next window at T + 60 s, 35 s away: held until T + 180 s; C not held. At T + 35 s a
 * fresh planner would not hold B (25 s away) but B was held, so it stays held until T + 60 s. At
 * T + 61 s B is awake: released if the NameNode has heard from it, else kept until T + 180 s.
 *
 * <p>Pure (no Hadoop), stateless apart from its settings; thread-safe.
 */
public final class MaintenancePlanner {
  private final MaintenanceSettings settings;

  public MaintenancePlanner(MaintenanceSettings settings) {
    this.settings = settings;
  }

  /**
   * The plan at {@code nowMs}.
   *
   * @param inForce the schedule in force (empty when missing, invalid, expired or not configured)
   * @param previous the plan HDFS currently follows
   * @param silent nodes of {@code previous} the NameNode has not heard from recently (dead or
   *     stale); others and unknown nodes count as heard from
   * @param heardAgoMs how long ago the NameNode last heard from a node (0 for a node it does not
   *     know)
   */
  public MaintenancePlan plan(Optional<Schedule> inForce, long nowMs, MaintenancePlan previous,
      Set<String> silent, ToLongFunction<String> heardAgoMs) {
    TreeMap<String, Long> out = new TreeMap<>();
    Optional<Schedule> schedule = inForce.filter(s -> !s.isExpired(nowMs));
    if (schedule.isPresent()) {
      Schedule s = schedule.get();
      long wanted = expiryMs(s, nowMs);
      for (NodeSchedule n : s.nodes()) {
        boolean held = previous.holds(n.node());
        boolean failed = held && heardAgoMs.applyAsLong(n.node()) > settings.silenceMaxMs();
        if (!failed && mustHold(s, n, nowMs, held)) {
          out.put(n.node(), renewed(previous, n.node(), wanted, nowMs));
        }
      }
    }
    for (String node : previous.nodes()) {
      long old = previous.expiryMs(node).getAsLong();
      if (!out.containsKey(node) && silent.contains(node) && old > nowMs) {
        out.put(node, old);
      }
    }
    return MaintenancePlan.of(out);
  }

  private boolean mustHold(Schedule s, NodeSchedule n, long nowMs, boolean held) {
    if (n.mode() == NodeMode.OFF) {
      return true;
    }
    if (s.isAwake(n.node(), nowMs)) {
      return false;
    }
    return held || s.nextWakeMs(n.node(), nowMs) - nowMs > settings.sleepThresholdMs();
  }

  /** The expiry a hold decided at {@code nowMs} under {@code s} gets. */
  long expiryMs(Schedule s, long nowMs) {
    long cap = nowMs + settings.maxMs();
    if (s.validUntilMs().isEmpty()) {
      return cap;
    }
    return Math.min(cap, s.validUntilMs().getAsLong() + settings.expiryMarginMs());
  }

  private static long renewed(MaintenancePlan previous, String node, long wanted, long nowMs) {
    if (previous.holds(node)) {
      long old = previous.expiryMs(node).getAsLong();
      if (old <= wanted && old - nowMs > (wanted - nowMs) / 2) {
        return old;
      }
    }
    return wanted;
  }
}
