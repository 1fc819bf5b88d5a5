package org.blinkhdfs.control.scheduler;

/**
 * One completed blink interval as the {@link EnergyLedger} judged it: what the ring DataNodes
 * drew against the budget energy of the same span.
 *
 * @param startMs the interval's start, or the accounting's start for the first, partial one
 * @param endMs its end
 * @param drawnJoules the DataNodes' energy in it (overhead excluded)
 * @param budgetJoules the budget (the power level's DataNode watts) integrated over it
 * @param overBudget drawn above budget by more than the tolerance
 */
public record IntervalEnergy(long startMs, long endMs, double drawnJoules, double budgetJoules,
    boolean overBudget) {
  /** Mean drawn watts over the interval. */
  public double drawnWatts() {
    return drawnJoules * 1000.0 / (endMs - startMs);
  }

  /** Mean budget watts over the interval. */
  public double budgetWatts() {
    return budgetJoules * 1000.0 / (endMs - startMs);
  }
}
