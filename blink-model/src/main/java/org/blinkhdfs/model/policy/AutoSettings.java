package org.blinkhdfs.model.policy;

/**
 * The tuning of the {@code auto} policy ({@code blink.scheduler.auto.*}).
 *
 * @param groups G, the phase groups of the layout, also the replication it serves (G = r)
 * @param hysteresisDecisions H: a choice that is no less available is replaced only after the
 *     same better candidate won H consecutive decisions; 1 switches at once
 * @param marginFraction how much more delivered throughput per watt the better candidate must
 *     give, as a fraction (0.05: 5% more); 0 switches on any gain
 * @param targetUtilization T: demand is the measured work at this utilization
 * @param demandWindow D: demand is the largest of the last D utilization samples (one per
 *     interval), so a reader that pauses between bursts keeps the awake set it needs; 1 uses the
 *     last sample alone
 */
public record AutoSettings(int groups, int hysteresisDecisions, double marginFraction,
    double targetUtilization, int demandWindow) {
  /** The most decisions hysteresis may wait: one a minute for a week at t = 60 s. */
  public static final int MAX_HYSTERESIS = 10_080;
  /** The default D: ten intervals, 10 minutes at t = 60 s. */
  public static final int DEFAULT_DEMAND_WINDOW = 10;

  public AutoSettings {
    if (groups < 1) {
      throw new IllegalArgumentException("blink.phase.groups must be at least 1, got "
          + groups + ": give the replication the phase-group layout serves (3 for"
          + " dfs.replication = 3)");
    }
    if (hysteresisDecisions < 1 || hysteresisDecisions > MAX_HYSTERESIS) {
      throw new IllegalArgumentException("blink.scheduler.auto.hysteresis must be within 1.."
          + MAX_HYSTERESIS + ", got " + hysteresisDecisions
          + ": give how many consecutive decisions a better plan must win (1: at once)");
    }
    if (!(marginFraction >= 0 && marginFraction <= 10)) {
      throw new IllegalArgumentException("blink.scheduler.auto.margin must be within 0..10, got "
          + marginFraction + ": give the relative gain a switch needs, e.g. 0.05 for 5%");
    }
    if (!(targetUtilization > 0 && targetUtilization <= 1)) {
      throw new IllegalArgumentException("blink.scheduler.auto.target.utilization must be in"
          + " (0, 1], got " + targetUtilization + ": e.g. 0.8 keeps the awake set 80% busy");
    }
    if (demandWindow < 1 || demandWindow > MAX_HYSTERESIS) {
      throw new IllegalArgumentException("blink.scheduler.auto.demand.window must be within 1.."
          + MAX_HYSTERESIS + ", got " + demandWindow + ": give how many intervals' utilization"
          + " samples the demand is the largest of (1: the last one only)");
    }
  }

  /** These settings with the default demand window D = {@value #DEFAULT_DEMAND_WINDOW}. */
  public AutoSettings(int groups, int hysteresisDecisions, double marginFraction,
      double targetUtilization) {
    this(groups, hysteresisDecisions, marginFraction, targetUtilization,
        DEFAULT_DEMAND_WINDOW);
  }

  /**
   * G = 3, H = 3 decisions, margin 5%, target utilization 0.8 (PARAID's threshold), demand over
   * the last 10 samples.
   */
  public static AutoSettings defaults() {
    return new AutoSettings(3, 3, 0.05, 0.8);
  }
}
