package org.blinkhdfs.model.config;

import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.Function;
import org.blinkhdfs.common.config.ConfigKey;
import org.blinkhdfs.common.config.ConfigValues;
import org.blinkhdfs.model.power.MeasuredTransitions;
import org.blinkhdfs.model.power.TransitionDistribution;
import org.blinkhdfs.model.power.TransitionModel;

/**
 * The {@code blink.power.transition.*} keys: the {@link TransitionModel} the emulate actuator
 * draws every sleep's enter and resume times from, and what the scheduler plans with.
 *
 * <p>Precedence for the time the scheduler takes out of each window ({@code
 * PowerModel.transitionMs}): an explicit {@code blink.power.transition.ms} wins; when it is empty
 * (the default) it is the model's mean enter plus mean resume scaled to {@code
 * blink.interval.ms} ({@link TransitionModel#plannedTransitionMs}). So one model drives both the
 * emulation and the plan, and an operator who measured his own hardware can still state one
 * number.
 *
 * <p>Example: the defaults at {@code blink.interval.ms = 6000} plan {@code 137 ms} (115 + 22);
 * {@code blink.power.transition.enter = fixed:300ms}, {@code .resume = fixed:1s} at 60 s plan
 * {@code 1300 ms}.
 *
 * <p>Immutable; thread-safe if the lookup is.
 */
public final class TransitionConfig {
  /** Explicit planned transition time per cycle, whole ms; empty: derived from the model. */
  public static final ConfigKey TRANSITION_MS =
      new ConfigKey("blink.power.transition.ms", "", "ms");
  public static final ConfigKey ENTER =
      new ConfigKey("blink.power.transition.enter", "measured", "distribution");
  public static final ConfigKey RESUME =
      new ConfigKey("blink.power.transition.resume", "measured", "distribution");
  public static final ConfigKey REFERENCE_INTERVAL =
      new ConfigKey("blink.power.transition.reference.interval", "60s", "duration");
  public static final ConfigKey MIN_WINDOW =
      new ConfigKey("blink.power.transition.min.window", "0ms", "duration");

  /** Every key this class reads. */
  public static final List<ConfigKey> KEYS =
      List.of(TRANSITION_MS, ENTER, RESUME, REFERENCE_INTERVAL, MIN_WINDOW);

  private static final long MAX_TRANSITION_MS = 3_600_000L;

  private final Function<String, String> lookup;

  public TransitionConfig(Function<String, String> lookup) {
    this.lookup = lookup;
  }

  /** The enter and resume distributions and their reference interval. */
  public TransitionModel model() {
    TransitionDistribution enter = TransitionDistribution.parse(ENTER.name(),
        ConfigValues.raw(lookup, ENTER), MeasuredTransitions.enter());
    TransitionDistribution resume = TransitionDistribution.parse(RESUME.name(),
        ConfigValues.raw(lookup, RESUME), MeasuredTransitions.resume());
    return new TransitionModel(enter, resume, duration(REFERENCE_INTERVAL, 1000, 86_400_000L));
  }

  /** {@code blink.power.transition.ms} when set, else empty. */
  public OptionalLong explicitTransitionMs() {
    String v = lookup.apply(TRANSITION_MS.name());
    if (v == null || v.isBlank()) {
      return OptionalLong.empty();
    }
    try {
      long ms = Long.parseLong(v.trim());
      if (ms >= 0 && ms <= MAX_TRANSITION_MS) {
        return OptionalLong.of(ms);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(String.format(Locale.ROOT,
        "%s = '%s' is invalid: give a whole number of ms in 0..%d, or leave it empty to plan"
            + " with the mean of %s and %s", TRANSITION_MS.name(), v.trim(), MAX_TRANSITION_MS,
        ENTER.name(), RESUME.name()));
  }

  /**
   * What the scheduler takes out of each window at {@code intervalMs}: the explicit {@code
   * blink.power.transition.ms}, else the model's scaled mean enter plus resume.
   */
  public long plannedTransitionMs(long intervalMs) {
    OptionalLong explicit = explicitTransitionMs();
    return explicit.isPresent() ? explicit.getAsLong() : model().plannedTransitionMs(intervalMs);
  }

  /** {@code blink.power.transition.min.window}: the shortest window worth a sleep cycle. */
  public long minWindowMs() {
    return duration(MIN_WINDOW, 0, 86_400_000L);
  }

  private long duration(ConfigKey key, long minMs, long maxMs) {
    return ConfigValues.durationMsIn(lookup, key, minMs, maxMs);
  }
}
