package org.blinkhdfs.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.signal.PowerSignal;

/**
 * bench compare's trace step ({@code --trace-span}, issue 38 item 4: "at 100/60/40/20% and under
 * the shipped solar/wind trace"): after the fixed levels, every layout reads while its power
 * follows one day of the shipped Greensboro solar+wind trace, as bench kv-signal replays it
 * ({@link SignalOptions#KV_SIGNAL}, {@code renewable:50}: mean 50% of peak over its three days,
 * floor 20%).
 *
 * <p><b>Which part, how fast.</b> The first day of {@code renewable:50}'s window (trace hours 0
 * to 24, 1 January: wind at night, solar at noon) in {@value #STEPS} steps of 3 trace hours,
 * the level taken at each step's start. The day lasts {@code spanMs} on the clock: the trace
 * runs {@code 24 h / spanMs} times faster than real time. Worked example, the default 2 minutes:
 * 15 s per step (2.5 blink intervals of 6 s), the trace 720 times faster than real time and 30
 * times faster than BlinkFS's replay (3 days in 3 hours); levels 67, 46, 20 (floor), 82, 100,
 * 55, 20 (floor), 20 (floor)% on 9 Mac minis, mean 51%.
 *
 * <p><b>Why one day, in steps of 3 hours.</b> A step must outlast a blink interval (a level
 * shorter than that is never in force for a whole interval) and the stock covering set's
 * maintenance changes; 8 steps over 2 minutes keep the step short while the day still crosses
 * the range from the floor to 100%.
 *
 * <p><b>Its budget.</b> The trace cell is judged against the trace's own budget over the cell's
 * time ({@link #meanBudgetWatts}), not the budget the scheduler was given: the migration baseline
 * moves its data before it lowers its power, so its scheduler's budget lags the trace's.
 *
 * @param spanMs the trace day's length on the clock (ms); 0 skips the step
 */
record CompareTrace(long spanMs) {
  /** The trace cells' experiment. */
  static final String EXPERIMENT = "trace";
  /** {@code --trace-span}'s default. */
  static final String DEFAULT_SPAN = "2m";
  /** No trace step (the other commands, or {@code --trace-span 0}). */
  static final CompareTrace NONE = new CompareTrace(0);
  /** Power steps in the replayed day. */
  static final int STEPS = 8;
  /** One trace day is one hour of the signal's time: renewable replays 72 h in 3 h. */
  static final long DAY_SIGNAL_MS = 3_600_000L;
  /** The lowest level replayed, as bench kv-signal's {@code --signal-floor}. */
  static final int FLOOR_PERCENT = 20;
  private static final double TRACE_DAY_MS = 24 * 3_600_000.0;

  CompareTrace {
    if (spanMs < 0) {
      throw new IllegalArgumentException("--trace-span " + spanMs + " ms is negative; give a"
          + " duration such as 2m, or 0 to skip the trace step");
    }
  }

  /** Whether the step runs. */
  boolean runs() {
    return spanMs > 0;
  }

  /** The replayed signal: the day in {@value #STEPS} steps, floor {@value #FLOOR_PERCENT}%. */
  SignalOptions signal() {
    return new SignalOptions(SignalOptions.KV_SIGNAL, DAY_SIGNAL_MS, DAY_SIGNAL_MS / STEPS,
        FLOOR_PERCENT);
  }

  /** One step on the clock (ms). */
  long stepWallMs() {
    return spanMs / STEPS;
  }

  /** How many times faster than real time the trace runs. */
  double speedUp() {
    return TRACE_DAY_MS / spanMs;
  }

  /** The level of each step, in % of p_total, raised to the floor. */
  List<Integer> levels(PowerModel model) {
    SignalOptions so = signal();
    PowerSignal s = so.signal(model);
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < STEPS; i++) {
      out.add(so.step(s, model, i).percent());
    }
    return List.copyOf(out);
  }

  /** The mean of the levels, rounded: the power column of the trace cells. */
  static int meanPercent(List<Integer> levels) {
    return (int) Math.round(levels.stream().mapToInt(Integer::intValue).average().orElse(0));
  }

  /**
   * The step in force {@code elapsedMs} after the first began: {@code elapsed / step}, the last
   * step from its start on. Example, 15 s steps: 44.9 s is step 2, 200 s is step 7.
   */
  int stepAt(long elapsedMs) {
    return (int) Math.min(STEPS - 1, Math.max(0, elapsedMs / stepWallMs()));
  }

  /**
   * The trace's mean budget from {@code fromMs} to {@code toMs} (W): each step's level, as a
   * share of {@code totalWatts} ({@link PowerModel#totalWatts}, what the scheduler's budget at
   * P% is), weighted by its overlap with the time. Step i runs from {@code t0 + i · step}; the
   * first is in force before {@code t0}, the last after the day. Example: levels 60 and 20 of
   * 225 W, 10 s steps from 0, the time 5 s to 15 s: (135 · 5 + 45 · 5) / 10 = 90 W.
   */
  double meanBudgetWatts(List<Integer> levels, double totalWatts, long t0, long fromMs,
      long toMs) {
    if (toMs <= fromMs) {
      throw new IllegalArgumentException("the trace cell's time " + fromMs + " to " + toMs
          + " ms is empty; its end must follow its start");
    }
    long w = stepWallMs();
    double joules = 0;
    for (int i = 0; i < levels.size(); i++) {
      long start = i == 0 ? Long.MIN_VALUE : t0 + i * w;
      long end = i == levels.size() - 1 ? Long.MAX_VALUE : t0 + (i + 1) * w;
      long overlap = Math.min(end, toMs) - Math.max(start, fromMs);
      if (overlap > 0) {
        joules += levels.get(i) / 100.0 * totalWatts * overlap;
      }
    }
    return joules / (toMs - fromMs);
  }

  /**
   * {@code measured} judged against the trace: its budget replaced by {@code budgetWatts} times
   * its own seconds, everything else as the scheduler counted it.
   */
  static CellEnergy judged(CellEnergy measured, double budgetWatts) {
    return new CellEnergy(measured.seconds(), measured.joules(), measured.overheadJoules(),
        budgetWatts * measured.seconds(), measured.overBudgetSeconds());
  }

  /** One line for the report: which part, how fast, which levels. */
  String describe(PowerModel model) {
    List<Integer> levels = levels(model);
    int min = levels.stream().mapToInt(Integer::intValue).min().orElse(0);
    int max = levels.stream().mapToInt(Integer::intValue).max().orElse(0);
    return String.format(Locale.ROOT, "%s (the Greensboro solar+wind trace as bench kv-signal"
        + " replays it, mean 50%% of peak over its three days): its first day, trace hours 0-24"
        + " (1 January), in %d steps of 3 trace hours, %.1f s each on the clock: the trace %.0fx"
        + " faster than real time (%.0fx faster than BlinkFS's 3 days in 3 hours); levels %s%%"
        + " (floor %d%%), range %d-%d%%, mean %d%%", SignalOptions.KV_SIGNAL, STEPS,
        stepWallMs() / 1000.0, speedUp(), speedUp() / 24,
        String.join(", ", levels.stream().map(String::valueOf).toList()), FLOOR_PERCENT, min, max,
        meanPercent(levels));
  }
}
