package org.blinkhdfs.model.policy;

/**
 * Turns available power into one schedule epoch. Implementations are pure functions of the
 * {@link PolicyRequest}: same request, same schedule.
 *
 * <p>Contract: the planned schedule names every ring node in ring order followed by the staging
 * nodes (ACTIVE, role STAGING); its average DataNode draw ({@link PolicyResult#drawnNodeWatts()})
 * never exceeds the budget; and when the budget cannot keep every DataNode asleep the result is
 * {@link PolicyResult.Status#BELOW_MINIMUM}, never a clamped schedule.
 */
public interface BlinkPolicy {
  /** The name used on the command line and in config ({@code staggered}, ...). */
  String name();

  PolicyResult plan(PolicyRequest request);
}
