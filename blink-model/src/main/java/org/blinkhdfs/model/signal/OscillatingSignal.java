package org.blinkhdfs.model.signal;

import java.time.Duration;
import org.blinkhdfs.model.power.PowerLevel;

/**
 * BlinkFS's "N% oscillation" (§5): power alternates between {@code (45 + 0.45N)%} and
 * {@code (45 - 0.45N)%} of {@code p_total}, switching every period (five minutes in the paper).
 *
 * <p>Why this shape: both levels average to 45%, so N isolates how much the <em>variation</em> of
 * power hurts, with the energy held fixed. N = 0 is a steady 45%; N = 100 swings between 90% and
 * 0% (all DataNodes asleep).
 *
 * <p>Precisely: the level is high during {@code [0, period)}, low during {@code [period,
 * 2·period)}, and repeats, i.e. high when {@code floor(elapsedMs / periodMs)} is even. Levels are
 * computed as {@code 45·(100 ± N)/100}, exact for whole N.
 *
 * <p>Worked example, N = 50, period 5 min: high = 45 + 22.5 = 67.5%, low = 45 − 22.5 = 22.5%;
 * at 4 min 59 s the level is 67.5%, at 5 min it is 22.5%, at 10 min 67.5% again.
 *
 * <p>Immutable and thread-safe.
 */
public final class OscillatingSignal implements PowerSignal {
  /** The paper's period: five minutes. */
  public static final long DEFAULT_PERIOD_MS = Duration.ofMinutes(5).toMillis();

  private final double oscillationPercent;
  private final long periodMs;
  private final PowerLevel.Percent high;
  private final PowerLevel.Percent low;

  /**
   * @param oscillationPercent N, 0..100
   * @param periodMs how long each level is held, {@code > 0}
   */
  public OscillatingSignal(double oscillationPercent, long periodMs) {
    if (!Double.isFinite(oscillationPercent) || oscillationPercent < 0
        || oscillationPercent > 100) {
      throw new IllegalArgumentException("oscillationPercent (N) must be within 0..100, got "
          + Args.fmt(oscillationPercent)
          + ": N% oscillation swings between (45 + 0.45N)% and (45 - 0.45N)%; use 0 for steady"
          + " 45%");
    }
    if (periodMs <= 0) {
      throw new IllegalArgumentException("periodMs must be > 0, got " + periodMs
          + ": give how long each level is held, e.g. 300000 (the paper's five minutes)");
    }
    this.oscillationPercent = oscillationPercent;
    this.periodMs = periodMs;
    this.high = new PowerLevel.Percent(45.0 * (100.0 + oscillationPercent) / 100.0);
    this.low = new PowerLevel.Percent(45.0 * (100.0 - oscillationPercent) / 100.0);
  }

  /** N% oscillation with the paper's five-minute period. */
  public static OscillatingSignal of(double oscillationPercent) {
    return new OscillatingSignal(oscillationPercent, DEFAULT_PERIOD_MS);
  }

  @Override
  public PowerLevel levelAt(long elapsedMs) {
    Args.requireElapsed(elapsedMs);
    return (elapsedMs / periodMs) % 2 == 0 ? high : low;
  }

  public double oscillationPercent() {
    return oscillationPercent;
  }

  public long periodMs() {
    return periodMs;
  }

  /** The level during even periods, {@code (45 + 0.45N)%}. */
  public PowerLevel.Percent high() {
    return high;
  }

  /** The level during odd periods, {@code (45 - 0.45N)%}. */
  public PowerLevel.Percent low() {
    return low;
  }

  @Override
  public String describe() {
    return "oscillating " + Args.fmt(oscillationPercent) + "%: " + high + " / " + low + " every "
        + Args.fmt(periodMs / 1000.0) + " s";
  }

  @Override
  public String toString() {
    return describe();
  }
}
