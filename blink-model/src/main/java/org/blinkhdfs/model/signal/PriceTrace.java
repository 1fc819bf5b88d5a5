package org.blinkhdfs.model.signal;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * Electricity prices in currency per kWh at a fixed step (e.g. a 5-minute spot market), replayed
 * step-hold and looping past the end.
 *
 * <p>Why a separate type from {@link PowerTrace}: prices are not power. {@link BudgetSignal} turns
 * them into watts only together with a budget, and keeping the units apart prevents replaying a
 * price as a supply by mistake. Prices must be finite and {@code > 0}: a zero price would buy
 * unbounded power.
 *
 * <p>Where prices come from: no public spot price trace is available to this project, so
 * {@link SyntheticPriceGenerator} synthesizes one. A real trace (e.g. ISO New England 5-minute
 * prices, as BlinkFS used) can be passed to {@link #of} unchanged.
 *
 * <p>Worked example: step 5 min, prices {0.040, 0.050}: at 4 min the price is 0.040/kWh, at 6 min
 * 0.050/kWh, at 10 min (looped) 0.040/kWh again.
 *
 * <p>Immutable and thread-safe.
 */
public final class PriceTrace {
  private final String label;
  private final long stepMs;
  private final double[] pricesPerKwh;

  private PriceTrace(String label, long stepMs, double[] pricesPerKwh) {
    this.label = label;
    this.stepMs = stepMs;
    this.pricesPerKwh = pricesPerKwh;
  }

  /**
   * A price series (copied).
   *
   * @param label where the prices come from, shown in descriptions (say "synthetic" if so)
   * @param stepMs how long each price holds, {@code > 0}
   * @param pricesPerKwh currency per kWh, each finite and {@code > 0}
   */
  public static PriceTrace of(String label, long stepMs, double[] pricesPerKwh) {
    Objects.requireNonNull(label, "label must not be null: say where the prices come from");
    if (stepMs <= 0) {
      throw new IllegalArgumentException("stepMs must be > 0, got " + stepMs
          + ": give how long each price holds, e.g. 300000 for a 5-minute market");
    }
    if (pricesPerKwh.length == 0) {
      throw new IllegalArgumentException(
          "pricesPerKwh is empty: give at least one price in currency per kWh");
    }
    for (int i = 0; i < pricesPerKwh.length; i++) {
      if (!Double.isFinite(pricesPerKwh[i]) || pricesPerKwh[i] <= 0) {
        throw new IllegalArgumentException("pricesPerKwh[" + i + "] is " + pricesPerKwh[i]
            + ": a price must be a finite number > 0 per kWh (a zero price buys unbounded power);"
            + " fix or drop that interval");
      }
    }
    return new PriceTrace(label, stepMs, pricesPerKwh.clone());
  }

  /** Price at {@code elapsedMs >= 0}, step-held, looping after {@link #durationMs()}. */
  public double pricePerKwhAt(long elapsedMs) {
    Args.requireElapsed(elapsedMs);
    return pricesPerKwh[(int) ((elapsedMs / stepMs) % pricesPerKwh.length)];
  }

  public String label() {
    return label;
  }

  public long stepMs() {
    return stepMs;
  }

  public int size() {
    return pricesPerKwh.length;
  }

  public long durationMs() {
    return stepMs * pricesPerKwh.length;
  }

  public double pricePerKwh(int index) {
    return pricesPerKwh[index];
  }

  /** A copy of the prices. */
  public double[] pricesPerKwh() {
    return pricesPerKwh.clone();
  }

  public double meanPricePerKwh() {
    return Arrays.stream(pricesPerKwh).average().orElseThrow();
  }

  public double minPricePerKwh() {
    return Arrays.stream(pricesPerKwh).min().orElseThrow();
  }

  public double maxPricePerKwh() {
    return Arrays.stream(pricesPerKwh).max().orElseThrow();
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT,
        "%s: %d x %d s, %.4f..%.4f/kWh (mean %.4f)", label, pricesPerKwh.length,
        stepMs / 1000, minPricePerKwh(), maxPricePerKwh(), meanPricePerKwh());
  }
}
