package org.blinkhdfs.model.policy;

import java.util.Locale;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerModel;

/**
 * The stock-HDFS covering set (Leverich &amp; Kozyrakis 2010) over upgrade domains: N ring nodes
 * in r upgrade domains, where HDFS's {@code BlockPlacementPolicyWithUpgradeDomain} with
 * replication r (and {@code dfs.namenode.upgrade.domain.factor} = r) puts one replica of every
 * block in each domain. Any one domain therefore holds a replica of every block, and as power
 * falls whole domains are taken out (HDFS maintenance, then sleep) while at least one stays
 * ACTIVE.
 *
 * <p><b>Domains are contiguous runs of the ring order, smallest first.</b> With {@code q =
 * floor(N/r)} and {@code e = N mod r}, domains {@code 0 .. r−e−1} hold q nodes and the last e
 * hold q + 1; node i belongs to the run it falls in. Why contiguous rather than {@code i mod r}:
 * the first m domains are then the first {@code nodesInDomains(m)} ring nodes, a prefix, which is
 * what every whole-node tool of the scheduler already switches (the activation policy's "first
 * k", the admin override {@code -setActive n}, the lab's minimum gear), so keeping the covering
 * domain on needs no new mechanism; and the always-on domain is the same nodes at every level, so
 * a change of level moves only the domains at its edge in or out of maintenance. Why smallest
 * first: domain 0 is the one that never sleeps, so the cheapest one keeps the floor lowest.
 *
 * <p><b>How many domains the power pays for.</b> The activation arithmetic gives the ACTIVE nodes
 * the budget affords, {@code k = floor((P − N·p_sleep) / (p_active − p_sleep))}
 * ({@link ActivationPolicy#activeNodes}); the plan keeps the largest m whole domains (a prefix)
 * with {@code nodesInDomains(m) ≤ k}. When not even domain 0 fits (m = 0), domain 0 stays on
 * anyway, because without it some block has no awake replica, and the plan says by how much it
 * exceeds the budget ({@link Plan#overBudget()}); nothing is clamped silently. Nodes the budget
 * affords beyond whole domains stay OFF: a partly awake domain would serve only some of its
 * blocks, and the operator's unit of maintenance is the domain.
 *
 * <p>Worked examples on the BlinkFS Mac-mini model (25 W active, 1 W asleep), 9 nodes, r = 3
 * (domains {0,1,2}, {3,4,5}, {6,7,8}): at 80% the budget is 180 W, k = floor(171/24) = 7, so two
 * domains (6 nodes) draw 6·25 + 3·1 = 153 W; at 60% (135 W, k = 5) and 40% (90 W, k = 3) one
 * domain draws 3·25 + 6·1 = 81 W; at 20% (45 W, k = 1) one domain still draws 81 W, 36 W (80%)
 * over the budget. 10 nodes, r = 3: domains of 3, 3 and 4 nodes ({0,1,2}, {3,4,5}, {6..9}).
 *
 * <p>Pure and immutable; no Hadoop import.
 */
public final class CoveringSet {
  private final int nodes;
  private final int domains;

  private CoveringSet(int nodes, int domains) {
    this.nodes = nodes;
    this.domains = domains;
  }

  /**
   * @param nodes ring nodes N, at least 1
   * @param domains upgrade domains r, 1..N (the replication of the data it covers)
   */
  public static CoveringSet of(int nodes, int domains) {
    if (nodes < 1) {
      throw new IllegalArgumentException("a covering set needs at least 1 ring node, got "
          + nodes);
    }
    if (domains < 1 || domains > nodes) {
      throw new IllegalArgumentException(String.format(Locale.ROOT, "%d upgrade domains on %d"
          + " ring nodes: use 1..%d domains (one per replica, and every domain needs a node)",
          domains, nodes, nodes));
    }
    return new CoveringSet(nodes, domains);
  }

  public int nodes() {
    return nodes;
  }

  public int domains() {
    return domains;
  }

  /** Domains of {@code floor(N/r)} nodes; they come first. */
  private int smallDomains() {
    return domains - nodes % domains;
  }

  /** Nodes in domain {@code d}, 0-based. */
  public int domainSize(int d) {
    checkDomain(d);
    return nodes / domains + (d < smallDomains() ? 0 : 1);
  }

  /** The domain of ring node {@code i} (0-based ring index). */
  public int domainOf(int i) {
    if (i < 0 || i >= nodes) {
      throw new IllegalArgumentException("ring index " + i + " is outside 0.." + (nodes - 1));
    }
    int q = nodes / domains;
    int smallNodes = smallDomains() * q;
    return i < smallNodes ? i / q : smallDomains() + (i - smallNodes) / (q + 1);
  }

  /** Nodes in the first {@code m} domains, 0..r: they are ring indices {@code 0 .. result−1}. */
  public int nodesInDomains(int m) {
    if (m < 0 || m > domains) {
      throw new IllegalArgumentException(m + " domains is outside 0.." + domains);
    }
    int q = nodes / domains;
    int small = Math.min(m, smallDomains());
    return small * q + (m - small) * (q + 1);
  }

  /** The upgrade domain's name in the hosts file: {@code ud0}, {@code ud1}, ... */
  public static String domainName(int d) {
    return "ud" + d;
  }

  /** Watts drawn with the first {@code m} domains ACTIVE and every other node asleep. */
  public double watts(PowerModel model, int m) {
    int on = nodesInDomains(m);
    return on * model.activeWatts() + (nodes - on) * model.sleepWatts();
  }

  /** The plan for {@code budget} (see the class comment). */
  public Plan plan(PowerBudget budget) {
    if (budget.model().nodeCount() != nodes) {
      throw new IllegalArgumentException("the power model counts " + budget.model().nodeCount()
          + " nodes, the covering set " + nodes + ": give both the ring size");
    }
    int affordable = ActivationPolicy.activeNodes(budget);
    int m = 0;
    while (m < domains && nodesInDomains(m + 1) <= affordable) {
      m++;
    }
    int kept = Math.max(1, m);
    return new Plan(kept, nodesInDomains(kept), affordable, watts(budget.model(), kept),
        budget.nodeWatts());
  }

  private void checkDomain(int d) {
    if (d < 0 || d >= domains) {
      throw new IllegalArgumentException("domain " + d + " is outside 0.." + (domains - 1));
    }
  }

  @Override
  public String toString() {
    return nodes + " nodes in " + domains + " upgrade domains";
  }

  /**
   * One power level's covering set.
   *
   * @param activeDomains whole domains ACTIVE, the first ones, at least 1
   * @param activeNodes ring nodes ACTIVE: indices {@code 0 .. activeNodes−1}
   * @param affordableNodes ACTIVE nodes the budget pays for (activation arithmetic)
   * @param plannedWatts what the DataNodes draw: ACTIVE nodes at p_active, the rest asleep
   * @param budgetWatts the DataNodes' budget
   */
  public record Plan(int activeDomains, int activeNodes, int affordableNodes,
      double plannedWatts, double budgetWatts) {

    /** True when even one domain costs more than the budget (it is kept on anyway). */
    public boolean overBudget() {
      return plannedWatts > budgetWatts + 1e-9;
    }

    /** {@code (planned − budget) / budget}, 0 when within the budget: 0.8 for +80%. */
    public double overBudgetFraction() {
      return overBudget() ? (plannedWatts - budgetWatts) / budgetWatts : 0;
    }

    /** Whether ring node {@code i} is ACTIVE in this plan. */
    public boolean isActive(int i) {
      return i < activeNodes;
    }
  }
}
