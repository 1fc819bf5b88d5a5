package org.blinkhdfs.model.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;

/**
 * The activation baseline (migration-based approaches, Rabbit): no blinking; the first k ring
 * nodes are ACTIVE and the rest OFF, with the largest k the power affords:
 * {@code k = floor((p_available − N·p_sleep) / (p_active − p_sleep))}, at most N.
 *
 * <p>Rabbit and PARAID put their primaries first in the expansion chain, so "the first k" is the
 * right prefix for them; with application groups the request's {@link ActiveSet} picks the k
 * nodes instead (each live group's A(g)).
 *
 * <p>Worked example (9 nodes, 25 W / 1 W, 50% = 112.5 W): {@code (112.5 − 9)/24 = 4.31}, so 4
 * nodes ACTIVE, 5 OFF, drawing {@code 4·25 + 5·1 = 105 W}.
 */
public final class ActivationPolicy implements BlinkPolicy {
  public static final String NAME = "activation";

  @Override
  public String name() {
    return NAME;
  }

  /** The number of nodes {@code budget} keeps ACTIVE. */
  public static int activeNodes(PowerBudget budget) {
    PowerModel m = budget.model();
    double k = (budget.nodeWatts() - m.inactiveWatts()) / (m.activeWatts() - m.sleepWatts());
    return (int) Math.max(0, Math.min(m.nodeCount(), Math.floor(k + 1e-9)));
  }

  @Override
  public PolicyResult plan(PolicyRequest req) {
    PowerBudget budget = req.level().resolve(req.model());
    if (budget.belowMinimum()) {
      return PolicyResult.belowMinimum(budget);
    }
    int k = activeNodes(budget);
    Set<String> active = ActiveSet.checked(req.activeSet(), req.ring(), k);
    List<NodeSchedule> entries = new ArrayList<>();
    for (String node : req.ring()) {
      entries.add(NodeSchedule.of(node, active.contains(node) ? NodeMode.ACTIVE : NodeMode.OFF));
    }
    return PolicyResult.planned(BlinkMath.schedule(req, entries), budget);
  }
}
