package org.blinkhdfs.model.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;

/**
 * The stock-HDFS covering set as a schedule: whole upgrade domains ACTIVE, the rest OFF, with the
 * domains and the arithmetic of {@link CoveringSet} (contiguous runs of the ring, smallest first;
 * as many whole domains as the activation arithmetic affords). No blinking: a stock HDFS has no
 * read path that waits for a window, so a node is either serving or in maintenance and asleep.
 *
 * <p>Why a policy of its own: {@link ActivationPolicy} keeps the first k nodes the power
 * affords, which cuts a domain in half at most levels (9 nodes, r = 3, 50%: k = 4, one domain and
 * a third), and a partly awake domain is neither the operator's unit of maintenance nor a
 * replica of every block. The request's {@link ActiveSet} is not consulted: the domains decide
 * which nodes are on.
 *
 * <p>When the budget cannot pay for one domain the answer is BELOW_MINIMUM, with the minimum
 * "one upgrade domain ACTIVE, the rest asleep" ({@link #minimumNodeWatts}): the scheduler then
 * publishes nothing new and every node is awake after the lease, its documented fail-safe. An
 * operator who keeps the covering domain on above the budget says so with the admin override
 * {@code -setActive <domain 0's size>} (the domain is the ring's prefix), which the scheduler
 * reports as OVERRIDE_OVER_BUDGET; the lab's power steps do exactly that and note the overshoot.
 *
 * <p>Worked example (9 nodes, r = 3, 25 W / 1 W): 80% (180 W) plans nodes 1-6 ACTIVE and 7-9
 * OFF, 153 W; 60% and 40% plan nodes 1-3 ACTIVE, 81 W; 20% (45 W) is BELOW_MINIMUM, short by
 * 36 W.
 *
 * <p>Immutable and thread-safe.
 */
public final class CoveringPolicy implements BlinkPolicy {
  public static final String NAME = "covering";
  /** HDFS's default replication, {@code dfs.replication}: three domains. */
  public static final int DEFAULT_DOMAINS = 3;

  private final int domains;

  public CoveringPolicy() {
    this(DEFAULT_DOMAINS);
  }

  /** @param domains upgrade domains r, at least 1 (at most the ring size when planning) */
  public CoveringPolicy(int domains) {
    if (domains < 1) {
      throw new IllegalArgumentException("a covering set needs at least 1 upgrade domain, got "
          + domains);
    }
    this.domains = domains;
  }

  @Override
  public String name() {
    return NAME;
  }

  public int domains() {
    return domains;
  }

  /** The domains of a ring of {@code ringSize} nodes. */
  public CoveringSet coveringSet(int ringSize) {
    return CoveringSet.of(ringSize, domains);
  }

  @Override
  public PolicyResult plan(PolicyRequest req) {
    PowerBudget budget = req.level().resolve(req.model());
    CoveringSet set = coveringSet(req.ring().size());
    CoveringSet.Plan p = set.plan(budget);
    if (p.overBudget()) {
      return PolicyResult.belowMinimum(budget, minimumNodeWatts(req.model()), minimumState());
    }
    List<NodeSchedule> entries = new ArrayList<>();
    for (int i = 0; i < req.ring().size(); i++) {
      entries.add(NodeSchedule.of(req.ring().get(i),
          p.isActive(i) ? NodeMode.ACTIVE : NodeMode.OFF));
    }
    return PolicyResult.planned(BlinkMath.schedule(req, entries), budget);
  }

  /** Domain 0 ACTIVE, every other node asleep. */
  @Override
  public double minimumNodeWatts(PowerModel model) {
    return coveringSet(model.nodeCount()).watts(model, 1);
  }

  @Override
  public String minimumState() {
    return "one upgrade domain ACTIVE (the covering set), every other DataNode asleep";
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%s(%d domains)", NAME, domains);
  }
}
