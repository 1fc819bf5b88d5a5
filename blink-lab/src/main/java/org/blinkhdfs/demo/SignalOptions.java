package org.blinkhdfs.demo;

import java.util.Locale;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.signal.PowerSignal;
import org.blinkhdfs.model.signal.SignalSpec;

/**
 * How {@code bin/blink bench kv-signal} and {@code bench search} replay a power signal (BlinkFS
 * Figs 12(b) and 13): the signal ({@code --signal}, the grammar of {@code blink.scheduler.signal},
 * parsed by the same {@link SignalSpec}), how much of its time the run covers ({@code
 * --signal-span}, 3 h: the renewable trace's three compressed days, or the price trace's three
 * hours), the step in signal time at which the power is set and the operations are tallied
 * ({@code --signal-step}, 5 min as in the paper), and the floor ({@code --signal-floor}).
 *
 * <p><b>Why a floor.</b> The renewable trace is mostly solar: at night it falls to the always-on
 * overhead, which leaves the DataNodes nothing, not even their sleep power. The scheduler then
 * publishes no plan and, once the lease ends, wakes every node (its documented fail-safe), which
 * would measure the fail-safe instead of blinking. BlinkFS's experiments never go below 20%; a
 * real deployment keeps a battery or a grid minimum. Steps below the floor are replayed at the
 * floor, and the report counts them ({@link Step#clamped}).
 *
 * <p>Worked example: span 3 h, step 5 min: 36 steps; over a 12-minute run each step lasts 20 s
 * of wall-clock time (the signal runs 15 times faster than the clock).
 *
 * @param spec the signal specification, e.g. {@code renewable:50}
 * @param spanMs signal time the run covers
 * @param stepMs signal time per step
 * @param floorPercent the lowest level replayed, percent of {@code p_total}
 */
record SignalOptions(String spec, long spanMs, long stepMs, int floorPercent) {
  /** Default signal of bench kv-signal: the Greensboro trace scaled to a mean of 50% of peak. */
  static final String KV_SIGNAL = "renewable:50";
  /** Default of bench search: 0.007 per hour buys about half the cluster at 0.045/kWh. */
  static final String SEARCH_SIGNAL = "price:0.007";

  /** One step: the level the signal gives and the level replayed (at least the floor). */
  record Step(int index, double signalHours, double signalPercent, int percent) {
    boolean clamped() {
      return percent > Math.round(signalPercent);
    }
  }

  SignalOptions {
    if (stepMs <= 0 || spanMs < stepMs) {
      throw new IllegalArgumentException("--signal-step " + stepMs + " ms must be positive and"
          + " at most --signal-span " + spanMs + " ms");
    }
  }

  /** Steps in the run: {@code floor(span / step)}. */
  int steps() {
    return (int) (spanMs / stepMs);
  }

  /** The signal, as the scheduler would build it for {@code model}. */
  PowerSignal signal(PowerModel model) {
    return SignalSpec.parse("--signal", spec, model, command -> {
      throw new IllegalArgumentException("sensor:" + command + " reads a live sensor and cannot"
          + " be replayed; give a signal with a time axis (renewable, trace, price, oscillating"
          + " or steady)");
    });
  }

  /** Step {@code i}: the signal at its start, in whole percent, raised to the floor. */
  Step step(PowerSignal signal, PowerModel model, int i) {
    long at = i * stepMs;
    PowerBudget b = signal.levelAt(at).resolve(model);
    double percent = b.percentOfTotal();
    int replayed = (int) Math.max(floorPercent, Math.min(100, Math.round(percent)));
    return new Step(i, at / 3_600_000.0, percent, replayed);
  }

  /** One line for the report. */
  String describe(PowerModel model, long runMs) {
    return String.format(Locale.ROOT, "%s: %s; %d steps of %d s of signal time, %.1f s each"
        + " on the clock (the signal %.0fx faster); floor %d%% of p_total", spec,
        signal(model).describe(), steps(), stepMs / 1000, runMs / 1000.0 / steps(),
        (double) spanMs / runMs, floorPercent);
  }

  /** Checks {@code percent} against {@code model}: the floor must keep the ring asleep at least. */
  static void checkFloor(PowerModel model, int percent) {
    if (new PowerLevel.Percent(percent).resolve(model).belowMinimum()) {
      throw new IllegalArgumentException("--signal-floor " + percent + "% cannot keep every"
          + " DataNode even asleep; raise it (BlinkFS's lowest level is 20%)");
    }
  }
}
