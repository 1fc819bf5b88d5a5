package org.blinkhdfs.control.scheduler;

import java.util.List;
import java.util.Locale;

/**
 * Closes the loop from measured energy to the plan: energy the ring DataNodes drew above the
 * budget in judged intervals is a debt, repaid by planning the next epochs below the budget.
 *
 * <p><b>Why.</b> The policies plan an interval to the budget's watts, but the DataNodes draw more
 * than the plan: wake requests (the NameNode's holds for writes, the proxy's drains) and
 * recovery keep nodes awake "availability first"; a frozen JVM takes longer to thaw than the
 * planned transition; a real agent wakes early by its resume margin. The demo at 60% drew 214 W
 * against 135 W with writes and 119 W without them (docs/results/2026-11-29-energy-demo). Each of
 * these is right for availability in the moment; none may leave the budget broken on average. So
 * what they cost comes out of the following intervals' windows.
 *
 * <p><b>Rule.</b> After each judged interval ({@link IntervalEnergy}, in order, each once): {@code
 * debt = clamp(debt + drawn − budget, 0, k × budget)}: an interval below its budget repays, one
 * above adds, and nothing is saved up while the debt is 0 (power not drawn is not stored; a battery
 * is another policy). An interval above its budget by no more than the over-budget tolerance adds
 * nothing: the books spread each status's counters evenly over the span between receipts, so at
 * 100% (everything awake, drawn = budget) single intervals read a few joules above or below; with
 * the floor at 0 that noise would only ever add, and the cluster would blink at full power to repay
 * it. For the same reason drawn counts at most the peak ({@code peakWatts}, every node awake) over
 * the interval: at 100% the budget is the peak, nothing real can exceed it, and a debt there could
 * never be repaid either, since a plan a few watts below the peak asks for sleeps shorter than the
 * agents take (seen: a steady 56 J at 225 W, the cluster never sleeping). Nor is a debt carried
 * into such a level repaid there: it waits for a level below the peak (seen: 15 J from a 45%
 * step repaid at 100% planned 224.36 W, every ring node awake 5 845 of 6 000 ms with BlinkFS's
 * offsets 19 ms apart, so for about 300 ms of each interval no node could take a block and a
 * bench write failed "could only be written to 0 of the 1 minReplication nodes"). The cap,
 * {@code k} budgets of one interval, keeps a debt that the minimum state cannot repay (say, a
 * wake held through a long dip) from holding the cluster low long after it ends. The plan's
 * watts are then {@code max(min(budget, minimum), budget − debt / (k × t))}: the debt spread
 * over the next {@code k} intervals of length {@code t}, never below what the policy needs to
 * plan at all ({@code minimum}, so repayment never turns into BELOW_MINIMUM), and never above
 * the budget. {@code k = 0}
 * turns it off.
 *
 * <p>The judged intervals lag the plan by up to two intervals (the ledger waits for the agents'
 * statuses), so the loop is an integral controller with a delay; spreading over {@code k = 4}
 * intervals keeps it from overshooting (a gain of 1/4 against a delay of 2).
 *
 * <p>Worked example ({@code EnergyPaybackTest}): k = 4, t = 6 s, budget 135 W (810 J per
 * interval), minimum 9 W. Intervals drawn 1 290 J and 1 050 J: debt 480 J, then 720 J; the next
 * plan is {@code 135 − 720 / 24 = 105 W}. An interval then drawn at 630 J repays 180 J: debt 540
 * J, plan 112.5 W.
 *
 * <p>Pure: no clock (intervals carry their times); not thread-safe, {@link PowerScheduler} guards
 * it.
 */
final class EnergyPayback {
  private final int intervals;
  private final long intervalMs;
  private final double tolerance;
  private final double peakWatts;
  private double debtJoules;
  private long seenUntilMs = Long.MIN_VALUE;

  /**
   * @param intervals k, how many intervals a debt is spread over; 0 disables the payback
   * @param intervalMs the blink interval t
   * @param tolerance overdraw, as a fraction of an interval's budget, that adds no debt
   * @param peakWatts the most the DataNodes can draw (every node awake)
   */
  EnergyPayback(int intervals, long intervalMs, double tolerance, double peakWatts) {
    if (intervals < 0) {
      throw new IllegalArgumentException("payback intervals must be >= 0, got " + intervals);
    }
    if (intervalMs <= 0) {
      throw new IllegalArgumentException("intervalMs must be > 0, got " + intervalMs);
    }
    this.intervals = intervals;
    this.intervalMs = intervalMs;
    this.tolerance = tolerance;
    this.peakWatts = peakWatts;
  }

  /** Books the judged intervals not seen yet (ended after the last one booked), oldest first. */
  void observe(List<IntervalEnergy> judged) {
    for (IntervalEnergy i : judged) {
      if (i.endMs() <= seenUntilMs) {
        continue;
      }
      seenUntilMs = i.endMs();
      if (intervals == 0) {
        continue;
      }
      double budget = Math.max(0, i.budgetJoules());
      double peak = peakWatts * (i.endMs() - i.startMs()) / 1000.0;
      double excess = Math.min(i.drawnJoules(), peak) - budget;
      if (excess > 0 && excess <= tolerance * budget) {
        continue;
      }
      debtJoules = Math.min(intervals * budget, Math.max(0, debtJoules + excess));
    }
  }

  /** The energy drawn above budget and not yet repaid, J. */
  double debtJoules() {
    return debtJoules;
  }

  /**
   * The watts to plan the next epoch for.
   *
   * @param budgetWatts the DataNodes' budget now
   * @param minimumWatts the least the policy can plan (its minimum state)
   */
  double planWatts(double budgetWatts, double minimumWatts) {
    if (intervals == 0 || debtJoules == 0 || budgetWatts >= peakWatts - 1e-9) {
      return budgetWatts;
    }
    double repay = debtJoules * 1000.0 / (intervals * (double) intervalMs);
    return Math.max(Math.min(budgetWatts, minimumWatts), budgetWatts - repay);
  }

  /** Says what {@link #planWatts} took out, for the status message; "" when nothing. */
  String describe(double budgetWatts, double plannedWatts) {
    if (plannedWatts >= budgetWatts - 1e-9) {
      return "";
    }
    return String.format(Locale.ROOT, "repaying %.0f J drawn above budget over %d intervals:"
        + " planned for %.2f W of %.2f W", debtJoules, intervals, plannedWatts, budgetWatts);
  }
}
