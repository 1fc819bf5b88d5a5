package org.blinkhdfs.control.agent;

import java.util.Objects;
import java.util.Random;
import org.blinkhdfs.model.power.TransitionModel;

/**
 * Where the emulate actuator gets each sleep's enter and resume times: a {@link TransitionModel}
 * drawn with a seeded {@link Random}, scaled to the interval of the schedule the sleep follows
 * ({@link SleepRequest#intervalMs()}), or to the configured interval for a request without one.
 *
 * <p>Why the emulation draws at all: a frozen DataNode that thaws the instant its window opens
 * behaves like hardware with free transitions, which no hardware has; every bench run on the
 * emulation would then overstate what blinking serves. Drawing from the real-kernel cycles (the
 * default) makes an emulated cluster miss and shorten windows the way a real one does.
 *
 * <p>Thread-safe: draws are serialized (the agent's loop is the only caller).
 */
public final class EmulatedTransitions {
  /** Instant sleeps: the emulation as it was before transitions ({@code fixed:0ms}). */
  public static final EmulatedTransitions NONE = new EmulatedTransitions(TransitionModel.NONE,
      new Random(0), TransitionModel.DEFAULT_REFERENCE_INTERVAL_MS);

  /**
   * The times of one emulated cycle, scaled.
   *
   * @param enterMs from the freeze to "asleep"
   * @param resumeMs from the alarm to the thaw
   * @param intervalMs the interval they were scaled to
   */
  public record Draw(long enterMs, long resumeMs, long intervalMs) {}

  private final TransitionModel model;
  private final Random random;
  private final long configuredIntervalMs;

  /**
   * @param random seeded by the caller, so a run can be replayed
   * @param configuredIntervalMs the interval for requests that carry none ({@code >= 1})
   */
  public EmulatedTransitions(TransitionModel model, Random random, long configuredIntervalMs) {
    this.model = Objects.requireNonNull(model, "model");
    this.random = Objects.requireNonNull(random, "random");
    if (configuredIntervalMs < 1) {
      throw new IllegalArgumentException("configuredIntervalMs must be >= 1, got "
          + configuredIntervalMs);
    }
    this.configuredIntervalMs = configuredIntervalMs;
  }

  public TransitionModel model() {
    return model;
  }

  /** Draws the enter and resume times of one sleep under {@code request}. */
  public synchronized Draw draw(SleepRequest request) {
    long t = request.intervalMs().orElse(configuredIntervalMs);
    long enter = model.drawEnterMs(random, t);
    long resume = model.drawResumeMs(random, t);
    return new Draw(enter, resume, t);
  }

  /** The model's means, unscaled and at the configured interval, for the agent's startup log. */
  public String describe() {
    return model.describe(configuredIntervalMs);
  }
}
