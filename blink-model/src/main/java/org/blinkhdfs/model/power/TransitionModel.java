package org.blinkhdfs.model.power;

import java.util.Locale;
import java.util.Objects;
import java.util.Random;

/**
 * How long a DataNode host takes to get into sleep ("enter": window end to suspended) and back
 * out ("resume": wake alarm to serving), each a {@link TransitionDistribution}, and how those
 * times shrink on a shortened interval.
 *
 * <p><b>Why scale.</b> The times are physical (seconds on real hardware) but benches and the demo
 * shorten the production interval (60 s, BlinkFS's) to a few seconds so that a run takes minutes.
 * Shortening the interval without shortening the transitions would let them swallow every window
 * (at 6 s and 20% power the whole 1 s window); keeping them at 0 hides them. So an interval
 * {@code T} below the reference interval {@code T_ref} scales every drawn time by {@code s =
 * min(1, T / T_ref)}: the cycle keeps the proportions it has in production. Every report states
 * both the unscaled and the scaled times ({@link #describe}).
 *
 * <p><b>Defaults.</b> {@code measured} for both (the real-kernel cycles of {@link
 * MeasuredTransitions}: enter mean 1151.7 ms, resume mean 215.1 ms), reference interval 60 s.
 * Where no measurement fits the hardware, the documented fallback is {@code fixed:300ms}
 * enter and {@code fixed:1s} resume (Linux S3 enters in 50-650 ms, ISLPED'13; the BlinkFS
 * prototype resumed in about 1 s).
 *
 * <p>Worked example (measured, 6 s interval): {@code s = 6/60 = 0.1}; mean enter {@code
 * 1151.7·0.1 = 115.2 ms}, mean resume {@code 215.1·0.1 = 21.5 ms}; the scheduler plans {@code
 * round(115.17 + 21.51) = 137 ms} of transitions per cycle ({@link #plannedTransitionMs}); a draw
 * of the 2596 ms enter sample becomes {@code round(259.6) = 260 ms}.
 *
 * <p>Pure: no clock, no Hadoop; draws use only the {@link Random} passed in. Immutable.
 */
public final class TransitionModel {
  /** Production's interval, BlinkFS's 60 s: the interval the measured times belong to. */
  public static final long DEFAULT_REFERENCE_INTERVAL_MS = 60_000L;

  /** No transition at all: every sleep is instant (tests, and BlinkFS's t_active formula). */
  public static final TransitionModel NONE = new TransitionModel(
      new TransitionDistribution.Fixed(0), new TransitionDistribution.Fixed(0),
      DEFAULT_REFERENCE_INTERVAL_MS);

  private final TransitionDistribution enter;
  private final TransitionDistribution resume;
  private final long referenceIntervalMs;

  /**
   * @param referenceIntervalMs the interval the distributions' times belong to, {@code >= 1}
   */
  public TransitionModel(TransitionDistribution enter, TransitionDistribution resume,
      long referenceIntervalMs) {
    this.enter = Objects.requireNonNull(enter, "enter");
    this.resume = Objects.requireNonNull(resume, "resume");
    if (referenceIntervalMs < 1) {
      throw new IllegalArgumentException("referenceIntervalMs must be >= 1, got "
          + referenceIntervalMs);
    }
    this.referenceIntervalMs = referenceIntervalMs;
  }

  /** The default: the real-kernel cycles, at the 60 s reference interval. */
  public static TransitionModel measured() {
    return new TransitionModel(MeasuredTransitions.enter(), MeasuredTransitions.resume(),
        DEFAULT_REFERENCE_INTERVAL_MS);
  }

  public TransitionDistribution enter() {
    return enter;
  }

  public TransitionDistribution resume() {
    return resume;
  }

  public long referenceIntervalMs() {
    return referenceIntervalMs;
  }

  /** {@code min(1, intervalMs / referenceIntervalMs)}: what every time is multiplied by. */
  public double scale(long intervalMs) {
    if (intervalMs < 1) {
      throw new IllegalArgumentException("intervalMs must be >= 1, got " + intervalMs);
    }
    return Math.min(1.0, (double) intervalMs / referenceIntervalMs);
  }

  /** One enter time for a cycle at {@code intervalMs}, scaled, rounded to the ms. */
  public long drawEnterMs(Random random, long intervalMs) {
    return scaled(enter.draw(random), intervalMs);
  }

  /** One resume time for a cycle at {@code intervalMs}, scaled, rounded to the ms. */
  public long drawResumeMs(Random random, long intervalMs) {
    return scaled(resume.draw(random), intervalMs);
  }

  /** The longest scaled enter time a draw can return at {@code intervalMs}. */
  public long maxEnterMs(long intervalMs) {
    return scaled(enter.maxMs(), intervalMs);
  }

  /** The longest scaled resume time a draw can return at {@code intervalMs}. */
  public long maxResumeMs(long intervalMs) {
    return scaled(resume.maxMs(), intervalMs);
  }

  /** The unscaled mean enter time, ms (the time on real hardware). */
  public double meanEnterMs() {
    return enter.meanMs();
  }

  /** The unscaled mean resume time, ms. */
  public double meanResumeMs() {
    return resume.meanMs();
  }

  /** The mean enter time at {@code intervalMs}, scaled. */
  public double meanEnterMs(long intervalMs) {
    return enter.meanMs() * scale(intervalMs);
  }

  /** The mean resume time at {@code intervalMs}, scaled. */
  public double meanResumeMs(long intervalMs) {
    return resume.meanMs() * scale(intervalMs);
  }

  /**
   * What the scheduler takes out of each blinking window at {@code intervalMs}: the scaled mean
   * enter plus the scaled mean resume, rounded to the ms ({@code PowerModel.transitionMs}).
   */
  public long plannedTransitionMs(long intervalMs) {
    return Math.round(meanEnterMs(intervalMs) + meanResumeMs(intervalMs));
  }

  /** Whether every draw is 0: sleeps are instant. */
  public boolean isNone() {
    return enter.maxMs() == 0 && resume.maxMs() == 0;
  }

  /**
   * The means as every report states them, unscaled and at {@code intervalMs}, e.g. {@code enter
   * 1152 ms (115 ms at the 6 s interval), resume 215 ms (22 ms); measured real-kernel cycles,
   * scaled by 6 s / 60 s}, or at the reference interval {@code enter 1152 ms, resume 215 ms at
   * the 60 s interval (unscaled); measured real-kernel cycles}.
   */
  public String describe(long intervalMs) {
    double s = scale(intervalMs);
    String source = enter.spec().equals("measured") && resume.spec().equals("measured")
        ? "measured real-kernel cycles (" + MeasuredTransitions.SOURCE + ")"
        : "enter " + enter.spec() + ", resume " + resume.spec();
    if (s >= 1.0) {
      return String.format(Locale.ROOT, "enter %d ms, resume %d ms at the %s interval"
          + " (unscaled); %s", Math.round(meanEnterMs()), Math.round(meanResumeMs()),
          seconds(intervalMs), source);
    }
    return String.format(Locale.ROOT, "enter %d ms (%d ms at the %s interval), resume %d ms"
        + " (%d ms); %s, scaled by %s / %s", Math.round(meanEnterMs()),
        Math.round(meanEnterMs(intervalMs)), seconds(intervalMs), Math.round(meanResumeMs()),
        Math.round(meanResumeMs(intervalMs)), source, seconds(intervalMs),
        seconds(referenceIntervalMs));
  }

  private long scaled(long ms, long intervalMs) {
    return Math.round(ms * scale(intervalMs));
  }

  private static String seconds(long ms) {
    return ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TransitionModel m && enter.equals(m.enter) && resume.equals(m.resume)
        && referenceIntervalMs == m.referenceIntervalMs;
  }

  @Override
  public int hashCode() {
    return Objects.hash(enter, resume, referenceIntervalMs);
  }

  @Override
  public String toString() {
    return "TransitionModel{enter=" + enter.spec() + ", resume=" + resume.spec()
        + ", referenceIntervalMs=" + referenceIntervalMs + "}";
  }
}
