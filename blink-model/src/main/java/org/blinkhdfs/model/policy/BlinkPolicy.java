package org.blinkhdfs.model.policy;

import org.blinkhdfs.model.power.PowerModel;

/**
 * Turns available power into one schedule epoch. Implementations are pure functions of the
 * {@link PolicyRequest} (and, for a policy that {@link #observesUtilization() observes load}, of
 * the utilization samples fed so far): same inputs, same schedule.
 *
 * <p>Contract: the planned schedule names every ring node in ring order followed by the staging
 * nodes (ACTIVE, role STAGING); its average DataNode draw ({@link PolicyResult#drawnNodeWatts()})
 * never exceeds the budget; and when the budget cannot keep the DataNodes in the policy's least
 * state ({@link #minimumNodeWatts}) the result is {@link PolicyResult.Status#BELOW_MINIMUM},
 * never a clamped schedule.
 *
 * <p>Why the minimum and the load feed are on this interface: the scheduler must explain a
 * BELOW_MINIMUM epoch and feed PARAID's gear shifting without knowing which policy runs, so a
 * new policy needs no change to the scheduler.
 */
public interface BlinkPolicy {
  /** The name used on the command line and in config ({@code staggered}, ...). */
  String name();

  PolicyResult plan(PolicyRequest request);

  /**
   * The least the DataNodes draw under this policy, in watts: below it no epoch can be planned.
   * Default: every DataNode asleep ({@code N·p_inactive}).
   */
  default double minimumNodeWatts(PowerModel model) {
    return model.inactiveWatts();
  }

  /** What the DataNodes do at {@link #minimumNodeWatts}, for messages. */
  default String minimumState() {
    return "every DataNode asleep";
  }

  /** Whether {@link #observeUtilization} can change the plan (the scheduler samples only then). */
  default boolean observesUtilization() {
    return false;
  }

  /**
   * Feeds one utilization sample: the mean utilization, in [0, 1], of {@code measuredOnNodes}
   * ACTIVE nodes over the last interval. Returns true when the policy's next plan changes (a
   * gear shift). Default: load does not matter, false.
   */
  default boolean observeUtilization(double utilization, int measuredOnNodes) {
    return false;
  }

  /**
   * Feeds the work waiting outside the nodes: reads the proxies held for a window in their last
   * report period and the containers YARN has pending, each {@code < 0} when not measured (no
   * source configured, or its last reading older than the freshness limit). Called before every
   * plan; the next plan uses it. Default: load does not matter, ignored.
   */
  default void observeBacklog(long readsHeld, long pendingContainers) {}

  /** The load-dependent state for logs ({@code "4 nodes"} for a gear), empty when none. */
  default String loadState() {
    return "";
  }
}
