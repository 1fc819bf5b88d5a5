package org.blinkhdfs.model.signal;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Random;

/**
 * Synthesizes a wholesale electricity price trace. <b>These prices are synthetic, not market
 * data:</b> no public spot price trace is available to this project, so BlinkFS's ISO New England
 * trace (7–10 am, 22 Sept 2011, 5-minute prices, mean 4.5¢, range 3.5–5.2¢/kWh) is imitated by a
 * model with the same qualitative features.
 *
 * <p>Model, per step {@code k} at time of day {@code h_k}:
 * <pre>
 *   price_k   = base · profile(h_k) / mean(profile) · exp(X_k) · spike_k
 *   profile(h) = 1 + morningPeak · bump(h, morningHour) + eveningPeak · bump(h, eveningHour)
 *   bump(h, c) = exp(−d² / (2·width²)), d = circular distance in hours from c
 *   X_k        = a·X_{k−1} + noiseLogStdDev·√(1 − a²)·Z_k,  a = exp(−Δt / reversionHours)
 * </pre>
 * Why each part: the <b>diurnal double peak</b> (morning ramp, larger evening peak) is the shape of
 * demand-driven prices; {@code X} is an <b>Ornstein–Uhlenbeck</b> process in log-price, sampled
 * exactly, so deviations are random but revert to the profile within about
 * {@code reversionHours}, and prices stay positive because they are a positive profile times an
 * exponential; <b>spikes</b> (probability {@code spikeProbabilityPerStep} to start, lasting 1 to
 * {@code spikeMaxSteps} steps, multiplying by a uniform factor in
 * {@code [spikeMinMultiplier, spikeMaxMultiplier]}) imitate scarcity events. {@code X_0} is drawn
 * from the stationary distribution. The profile is normalized by its 24-hour mean (on a one-minute
 * grid), so {@code base} is the daily mean price before noise and spikes.
 *
 * <p>Determinism: all randomness comes from the {@link Random} passed to {@link #generate}, drawn
 * in a fixed order; the same seed gives the same series.
 *
 * <p>Worked example, defaults (base 0.045/kWh, peaks +30% at 08:00 and +45% at 19:00, widths 1.5 h
 * and 2 h): the profile's daily mean is about 1.141, so without noise the price at 03:00 is
 * 0.045/1.141 = 0.0394/kWh and at 19:00 about 0.0572/kWh. A 7–10 am window at 5-minute steps holds
 * 36 prices.
 *
 * <p>Immutable and thread-safe; build with {@link #builder()}.
 */
public final class SyntheticPriceGenerator {
  private final double basePricePerKwh;
  private final double startHourOfDay;
  private final long stepMs;
  private final long durationMs;
  private final double morningPeakHour;
  private final double morningPeakFraction;
  private final double morningPeakWidthHours;
  private final double eveningPeakHour;
  private final double eveningPeakFraction;
  private final double eveningPeakWidthHours;
  private final double noiseLogStdDev;
  private final double reversionHours;
  private final double spikeProbabilityPerStep;
  private final double spikeMinMultiplier;
  private final double spikeMaxMultiplier;
  private final int spikeMaxSteps;
  private final double profileMean;

  private SyntheticPriceGenerator(Builder b) {
    this.basePricePerKwh = b.basePricePerKwh;
    this.startHourOfDay = b.startHourOfDay;
    this.stepMs = b.stepMs;
    this.durationMs = b.durationMs;
    this.morningPeakHour = b.morningPeakHour;
    this.morningPeakFraction = b.morningPeakFraction;
    this.morningPeakWidthHours = b.morningPeakWidthHours;
    this.eveningPeakHour = b.eveningPeakHour;
    this.eveningPeakFraction = b.eveningPeakFraction;
    this.eveningPeakWidthHours = b.eveningPeakWidthHours;
    this.noiseLogStdDev = b.noiseLogStdDev;
    this.reversionHours = b.reversionHours;
    this.spikeProbabilityPerStep = b.spikeProbabilityPerStep;
    this.spikeMinMultiplier = b.spikeMinMultiplier;
    this.spikeMaxMultiplier = b.spikeMaxMultiplier;
    this.spikeMaxSteps = b.spikeMaxSteps;
    double sum = 0;
    for (int minute = 0; minute < 24 * 60; minute++) {
      sum += profile(minute / 60.0);
    }
    this.profileMean = sum / (24 * 60);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The diurnal profile (unnormalized, {@code >= 1}) at hour of day {@code hourOfDay}. */
  public double profile(double hourOfDay) {
    return 1 + morningPeakFraction * bump(hourOfDay, morningPeakHour, morningPeakWidthHours)
        + eveningPeakFraction * bump(hourOfDay, eveningPeakHour, eveningPeakWidthHours);
  }

  /** The noise-free price at {@code hourOfDay}: {@code base · profile(h) / mean(profile)}. */
  public double profilePricePerKwh(double hourOfDay) {
    return basePricePerKwh * profile(hourOfDay) / profileMean;
  }

  private static double bump(double hour, double centre, double width) {
    double d = Math.abs(hour - centre) % 24;
    d = Math.min(d, 24 - d);
    return Math.exp(-d * d / (2 * width * width));
  }

  /** One price series of {@code ceil(duration/step)} steps, drawing only from {@code random}. */
  public PriceTrace generate(Random random) {
    Objects.requireNonNull(random, "random must not be null: pass a seeded new Random(seed)");
    int steps = (int) ((durationMs + stepMs - 1) / stepMs);
    double stepHours = stepMs / 3_600_000.0;
    double a = Math.exp(-stepHours / reversionHours);
    double innovation = noiseLogStdDev * Math.sqrt(1 - a * a);
    double x = noiseLogStdDev * random.nextGaussian();
    int spikeStepsLeft = 0;
    double spikeMultiplier = 1;
    double[] prices = new double[steps];
    for (int k = 0; k < steps; k++) {
      if (k > 0) {
        x = a * x + innovation * random.nextGaussian();
      }
      if (spikeStepsLeft == 0) {
        spikeMultiplier = 1;
        if (random.nextDouble() < spikeProbabilityPerStep) {
          spikeStepsLeft = 1 + random.nextInt(spikeMaxSteps);
          spikeMultiplier = spikeMinMultiplier
              + random.nextDouble() * (spikeMaxMultiplier - spikeMinMultiplier);
        }
      }
      if (spikeStepsLeft > 0) {
        spikeStepsLeft--;
      }
      double hour = (startHourOfDay + k * stepHours) % 24;
      prices[k] = profilePricePerKwh(hour) * Math.exp(x) * spikeMultiplier;
    }
    String label = String.format(Locale.ROOT,
        "SYNTHETIC prices (no public spot trace available), base %.4f/kWh from %s h",
        basePricePerKwh, Args.fmt(startHourOfDay));
    return PriceTrace.of(label, stepMs, prices);
  }

  /** Parameters with BlinkFS-like defaults; {@link #build()} validates and names the bad one. */
  public static final class Builder {
    private double basePricePerKwh = 0.045;
    private double startHourOfDay = 7;
    private long stepMs = Duration.ofMinutes(5).toMillis();
    private long durationMs = Duration.ofHours(3).toMillis();
    private double morningPeakHour = 8;
    private double morningPeakFraction = 0.30;
    private double morningPeakWidthHours = 1.5;
    private double eveningPeakHour = 19;
    private double eveningPeakFraction = 0.45;
    private double eveningPeakWidthHours = 2;
    private double noiseLogStdDev = 0.06;
    private double reversionHours = 1;
    private double spikeProbabilityPerStep = 0.01;
    private double spikeMinMultiplier = 1.5;
    private double spikeMaxMultiplier = 3;
    private int spikeMaxSteps = 3;

    private Builder() {}

    /** Daily mean of the noise-free profile, currency per kWh (default 0.045). */
    public Builder basePricePerKwh(double v) {
      basePricePerKwh = v;
      return this;
    }

    /** Time of day of the first price, hours in [0, 24) (default 7, as BlinkFS's 7–10 am). */
    public Builder startHourOfDay(double v) {
      startHourOfDay = v;
      return this;
    }

    /** How long each price holds (default 5 min). */
    public Builder stepMs(long v) {
      stepMs = v;
      return this;
    }

    /** Length of the series (default 3 h). */
    public Builder durationMs(long v) {
      durationMs = v;
      return this;
    }

    /** Morning peak: hour of day, height as a fraction above off-peak, width (hours). */
    public Builder morningPeak(double hour, double fraction, double widthHours) {
      morningPeakHour = hour;
      morningPeakFraction = fraction;
      morningPeakWidthHours = widthHours;
      return this;
    }

    /** Evening peak: hour of day, height as a fraction above off-peak, width (hours). */
    public Builder eveningPeak(double hour, double fraction, double widthHours) {
      eveningPeakHour = hour;
      eveningPeakFraction = fraction;
      eveningPeakWidthHours = widthHours;
      return this;
    }

    /** Stationary standard deviation of log-price noise (default 0.06), and its reversion time. */
    public Builder noise(double logStdDev, double reversionHours) {
      this.noiseLogStdDev = logStdDev;
      this.reversionHours = reversionHours;
      return this;
    }

    /** Spike start probability per step, multiplier range, and maximum length in steps. */
    public Builder spikes(double probabilityPerStep, double minMultiplier, double maxMultiplier,
        int maxSteps) {
      this.spikeProbabilityPerStep = probabilityPerStep;
      this.spikeMinMultiplier = minMultiplier;
      this.spikeMaxMultiplier = maxMultiplier;
      this.spikeMaxSteps = maxSteps;
      return this;
    }

    public SyntheticPriceGenerator build() {
      Args.requirePositive("basePricePerKwh", basePricePerKwh,
          "give the mean price in currency per kWh, e.g. 0.045");
      requireHour("startHourOfDay", startHourOfDay);
      requireHour("morningPeakHour", morningPeakHour);
      requireHour("eveningPeakHour", eveningPeakHour);
      if (stepMs <= 0) {
        throw new IllegalArgumentException("stepMs must be > 0, got " + stepMs
            + ": give how long each price holds, e.g. 300000 (5 minutes)");
      }
      if (durationMs <= 0 || durationMs / stepMs >= Integer.MAX_VALUE) {
        throw new IllegalArgumentException("durationMs must be > 0 and at most "
            + "Integer.MAX_VALUE steps, got " + durationMs + ": give the series length,"
            + " e.g. 10800000 (3 hours)");
      }
      Args.requireNonNegative("morningPeakFraction", morningPeakFraction,
          "give the peak height above off-peak, e.g. 0.3 for +30%");
      Args.requireNonNegative("eveningPeakFraction", eveningPeakFraction,
          "give the peak height above off-peak, e.g. 0.45 for +45%");
      Args.requirePositive("morningPeakWidthHours", morningPeakWidthHours,
          "give the peak's width in hours, e.g. 1.5");
      Args.requirePositive("eveningPeakWidthHours", eveningPeakWidthHours,
          "give the peak's width in hours, e.g. 2");
      if (!Double.isFinite(noiseLogStdDev) || noiseLogStdDev < 0 || noiseLogStdDev > 1) {
        throw new IllegalArgumentException("noiseLogStdDev must be within 0..1, got "
            + Args.fmt(noiseLogStdDev)
            + ": it is the spread of log-price (0.06 = about ±6%); use 0 for no noise");
      }
      Args.requirePositive("reversionHours", reversionHours,
          "give how fast deviations fade, e.g. 1 (hour)");
      if (!(spikeProbabilityPerStep >= 0 && spikeProbabilityPerStep <= 1)) {
        throw new IllegalArgumentException("spikeProbabilityPerStep must be within 0..1, got "
            + Args.fmt(spikeProbabilityPerStep) + ": e.g. 0.01, or 0 for no spikes");
      }
      if (!(spikeMinMultiplier >= 1 && spikeMaxMultiplier >= spikeMinMultiplier)
          || !Double.isFinite(spikeMaxMultiplier)) {
        throw new IllegalArgumentException("spike multipliers must satisfy 1 <= min <= max,"
            + " got min "
            + Args.fmt(spikeMinMultiplier) + ", max " + Args.fmt(spikeMaxMultiplier)
            + ": e.g. 1.5 and 3 (a spike raises the price 1.5x to 3x)");
      }
      if (spikeMaxSteps < 1) {
        throw new IllegalArgumentException("spikeMaxSteps must be >= 1, got " + spikeMaxSteps
            + ": give the longest spike in steps, e.g. 3");
      }
      return new SyntheticPriceGenerator(this);
    }

    private static void requireHour(String name, double hour) {
      if (!Double.isFinite(hour) || hour < 0 || hour >= 24) {
        throw new IllegalArgumentException(name + " must be within [0, 24), got "
            + Args.fmt(hour) + ": give an hour of the day, e.g. 7 for 07:00");
      }
    }
  }
}
