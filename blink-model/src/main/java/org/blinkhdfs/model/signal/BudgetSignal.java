package org.blinkhdfs.model.signal;

import java.util.Objects;
import org.blinkhdfs.model.power.PowerLevel;

/**
 * BlinkFS's market signal (§5, Fig. 1): a fixed money budget spent on grid energy at a varying
 * price, so the power bought is {@code budget / price}.
 *
 * <p>Units: budget in currency per hour, price in currency per kWh, so
 * {@code kW = budget / price} and {@code watts = 1000 × budget / price}. The result is
 * whole-cluster watts ({@link PowerLevel.Watts}): cheap energy buys more power than the cluster's
 * peak (the surplus is reported by {@link PowerLevel#resolve}), dear energy less than its overhead.
 *
 * <p>Why this signal: it models a datacenter that caps its electricity bill instead of its power,
 * the case BlinkFS argues market-based pricing creates. Usually the prices come from
 * {@link SyntheticPriceGenerator}, i.e. they are <b>synthetic</b> (no public spot trace is
 * available here); {@link #describe()} carries the trace's label so reports say so.
 *
 * <p>Worked example: budget 0.01/h at 0.045/kWh buys 0.01/0.045 = 0.2222 kW = 222.22 W; at
 * 0.035/kWh, 285.71 W; at 0.052/kWh, 192.31 W.
 *
 * <p>Immutable and thread-safe.
 */
public final class BudgetSignal implements PowerSignal {
  private final double budgetPerHour;
  private final PriceTrace prices;

  /**
   * @param budgetPerHour money spent per hour, {@code > 0}
   * @param prices price per kWh over time; replayed from its start, looping
   */
  public BudgetSignal(double budgetPerHour, PriceTrace prices) {
    this.budgetPerHour = Args.requirePositive("budgetPerHour", budgetPerHour,
        "give the money spent per hour, in the price's currency (e.g. 0.01)");
    this.prices = Objects.requireNonNull(prices,
        "prices must not be null: give a PriceTrace, e.g. from SyntheticPriceGenerator");
  }

  /** {@code 1000 × budgetPerHour / pricePerKwh}: the watts a budget buys at a price. */
  public static double wattsFor(double budgetPerHour, double pricePerKwh) {
    Args.requirePositive("budgetPerHour", budgetPerHour, "give the money spent per hour");
    Args.requirePositive("pricePerKwh", pricePerKwh, "a price must be > 0 per kWh");
    return 1000.0 * budgetPerHour / pricePerKwh;
  }

  @Override
  public PowerLevel levelAt(long elapsedMs) {
    return new PowerLevel.Watts(wattsFor(budgetPerHour, prices.pricePerKwhAt(elapsedMs)));
  }

  public double budgetPerHour() {
    return budgetPerHour;
  }

  public PriceTrace prices() {
    return prices;
  }

  @Override
  public String describe() {
    return "budget " + Args.fmt(budgetPerHour) + "/h over " + prices + ": "
        + Args.fmt2(wattsFor(budgetPerHour, prices.maxPricePerKwh())) + ".."
        + Args.fmt2(wattsFor(budgetPerHour, prices.minPricePerKwh())) + " W";
  }

  @Override
  public String toString() {
    return describe();
  }
}
