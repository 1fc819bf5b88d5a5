package org.blinkhdfs.model.signal;

import java.util.Objects;
import java.util.Random;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;

/**
 * Ready-made signals matching BlinkFS §5 "Power Signals", so experiments name a paper setting
 * rather than re-assemble it.
 *
 * <ul>
 *   <li>{@link #steady}: P% held.
 *   <li>{@link #oscillating}: N% oscillation, five-minute period.
 *   <li>{@link #renewable}: combined solar+wind, three days compressed into three hours (factor
 *       24), mean scaled to a share of the cluster's peak, floor at the always-on overhead.
 *   <li>{@link #marketPrice}: fixed budget over a <b>synthetic</b> 7–10 am, 5-minute price trace.
 * </ul>
 *
 * <p>Worked example: {@code renewable(PowerModel.macMini(9), 50, 4_000)} replays hours 4,000 to
 * 4,071 of the Greensboro year (mid-June) in three hours; its mean is 50% of 265 W = 132.5 W and it
 * never drops below 40 W.
 *
 * <p>Stateless; every factory returns an immutable, thread-safe signal.
 */
public final class BlinkFsSignals {
  /** BlinkFS replayed three days of renewable supply in three hours. */
  public static final double RENEWABLE_COMPRESSION_FACTOR = 24;
  /** Length of the replayed renewable window, in trace hours. */
  public static final int RENEWABLE_WINDOW_HOURS = 72;
  /** Hours in the bundled TMY3 year. */
  public static final int HOURS_PER_YEAR = 8760;

  private static final long HOUR_MS = 3_600_000L;

  private BlinkFsSignals() {}

  /** {@code percent}% of {@code p_total}, held. */
  public static SteadySignal steady(double percent) {
    return new SteadySignal(new PowerLevel.Percent(percent));
  }

  /** N% oscillation with the paper's five-minute period. */
  public static OscillatingSignal oscillating(double oscillationPercent) {
    return OscillatingSignal.of(oscillationPercent);
  }

  /**
   * The BlinkFS renewable signal from the shipped Greensboro solar+wind trace (1000 W panel plus
   * 1000 W turbine, see {@link RenewableTrace}).
   *
   * @param model the cluster: its peak draw sets the mean, its overhead the floor
   * @param meanPercentOfPeak delivered mean as a percentage of
   *     {@link PowerModel#peakClusterWatts()}, in (0, 100]; BlinkFS used 50
   * @param startHourOfYear first trace hour replayed, 0..8759 (0 = 1 Jan 01:00); a window running
   *     past the year's end wraps to January
   */
  public static TraceReplaySignal renewable(PowerModel model, double meanPercentOfPeak,
      int startHourOfYear) {
    Objects.requireNonNull(model, "model must not be null: give the cluster's PowerModel");
    if (!Double.isFinite(meanPercentOfPeak) || meanPercentOfPeak <= 0
        || meanPercentOfPeak > 100) {
      throw new IllegalArgumentException("meanPercentOfPeak must be within (0, 100], got "
          + Args.fmt(meanPercentOfPeak) + ": BlinkFS scaled the mean to 50 (% of peak)");
    }
    if (startHourOfYear < 0 || startHourOfYear >= HOURS_PER_YEAR) {
      throw new IllegalArgumentException("startHourOfYear must be within 0.." + (HOURS_PER_YEAR - 1)
          + ", got " + startHourOfYear + ": give the first trace hour (0 = 1 Jan 01:00)");
    }
    PowerTrace window = RenewableTrace.shippedCombined()
        .window(startHourOfYear * HOUR_MS, RENEWABLE_WINDOW_HOURS * HOUR_MS);
    return TraceReplaySignal.builder(window)
        .name("greensboro solar+wind from hour " + startHourOfYear)
        .compressionFactor(RENEWABLE_COMPRESSION_FACTOR)
        .meanFractionOfPeak(meanPercentOfPeak / 100.0, model.peakClusterWatts())
        .floorWatts(model.overheadWatts())
        .build();
  }

  /**
   * A fixed budget over a synthetic price trace with the default
   * {@link SyntheticPriceGenerator} settings (07:00–10:00, 5-minute prices around 0.045/kWh).
   * The prices are synthesized, not market data (no public spot trace is available).
   *
   * @param budgetPerHour money per hour, {@code > 0}; 0.01 buys about 222 W at 0.045/kWh
   * @param random seeded source of the price noise, e.g. {@code new Random(42)}
   */
  public static BudgetSignal marketPrice(double budgetPerHour, Random random) {
    return new BudgetSignal(budgetPerHour,
        SyntheticPriceGenerator.builder().build().generate(random));
  }
}
