package org.blinkhdfs.control.scheduler;

import java.util.List;
import org.blinkhdfs.model.power.PowerModel;

/**
 * The scheduler's energy account at {@code atMs}, cumulative since {@code sinceMs} (a bench takes
 * differences): what {@code GET /v1/energy} serves (docs/scheduler-api.md).
 *
 * @param atMs when it was taken (the scheduler's clock)
 * @param sinceMs when accounting started (the scheduler's first tick); {@code atMs} before it
 * @param intervalMs the blink interval over-budget is judged by
 * @param model the power model the joules come from
 * @param joules the ring DataNodes' energy, overhead excluded
 * @param overheadJoules the always-on overhead over the accounted time
 * @param budgetJoules the DataNode budget (the power level's watts) integrated over that time
 * @param accountedMs {@code atMs − sinceMs}
 * @param overBudgetMs total length of the completed intervals that drew more than their budget
 *     energy by more than the tolerance
 * @param budgetWatts the budget now
 * @param tolerance the over-budget tolerance, a fraction of the budget energy
 * @param nodes one account per ring node, ring order
 * @param intervals the most recent judged intervals, oldest first
 * @param debtJoules energy drawn above budget and not yet repaid ({@link EnergyPayback})
 * @param paybackWatts how far below the budget the epoch in force was planned to repay it
 */
public record EnergyReport(long atMs, long sinceMs, long intervalMs, PowerModel model,
    double joules, double overheadJoules, double budgetJoules, long accountedMs,
    long overBudgetMs, double budgetWatts, double tolerance, List<NodeEnergy> nodes,
    List<IntervalEnergy> intervals, double debtJoules, double paybackWatts) {
  public EnergyReport {
    nodes = List.copyOf(nodes);
    intervals = List.copyOf(intervals);
  }

  /** This report with the payback's state. */
  public EnergyReport withPayback(double debt, double watts) {
    return new EnergyReport(atMs, sinceMs, intervalMs, model, joules, overheadJoules,
        budgetJoules, accountedMs, overBudgetMs, budgetWatts, tolerance, nodes, intervals, debt,
        watts);
  }

  /** {@code joules·1000 / accountedMs}: the DataNodes' mean power; 0 before any time passed. */
  public double meanWatts() {
    return accountedMs == 0 ? 0 : joules * 1000.0 / accountedMs;
  }
}
