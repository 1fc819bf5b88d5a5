package org.blinkhdfs.model.power;

/**
 * Power left for the DataNodes once a {@link PowerLevel} is applied to a {@link PowerModel}.
 *
 * <p>{@code nodeWatts} is BlinkFS's {@code p_available}: what the blink policies divide among the
 * DataNodes. It is negative when an absolute supply does not even cover the always-on overhead.
 * {@code surplusWatts} is supply above the cluster's peak that no schedule can use.
 *
 * @param nodeWatts watts for the DataNodes ({@code p_available}); at most {@code p_total}
 * @param surplusWatts supply beyond the peak draw, unused
 * @param model the model the level was resolved against
 */
public record PowerBudget(double nodeWatts, double surplusWatts, PowerModel model) {

  /** {@code p_available} as a percentage of {@code p_total}. */
  public double percentOfTotal() {
    return 100.0 * nodeWatts / model.totalWatts();
  }

  /** The whole cluster's draw at this budget: DataNodes plus the always-on overhead. */
  public double clusterWatts() {
    return nodeWatts + model.overheadWatts();
  }

  /**
   * True when the DataNodes cannot even all sleep: {@code p_available < p_inactive}. No schedule
   * fits; the caller must say so rather than clamp.
   */
  public boolean belowMinimum() {
    return nodeWatts < model.inactiveWatts();
  }

  /** Watts missing to reach the minimum (all DataNodes asleep, overhead served); 0 if none. */
  public double shortfallWatts() {
    return Math.max(0, model.inactiveWatts() - nodeWatts);
  }
}
