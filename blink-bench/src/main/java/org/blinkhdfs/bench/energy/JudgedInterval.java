package org.blinkhdfs.bench.energy;

/**
 * One blink interval the scheduler has judged ({@code GET /v1/energy}'s {@code intervals}): the
 * DataNodes' energy in it against the budget's, both whole, both on the schedule's grid.
 *
 * @param startMs the interval's start (the scheduler's clock)
 * @param endMs its end
 * @param drawnJoules the DataNodes' energy in it
 * @param budgetJoules the budget integrated over it
 */
public record JudgedInterval(long startMs, long endMs, double drawnJoules, double budgetJoules) {
  public JudgedInterval {
    if (endMs <= startMs) {
      throw new IllegalArgumentException("interval " + startMs + ".." + endMs + " ends before it"
          + " starts");
    }
  }

  /** Its length, ms. */
  public long lengthMs() {
    return endMs - startMs;
  }

  /** The budget's mean watts over it. */
  public double budgetWatts() {
    return budgetJoules * 1000.0 / lengthMs();
  }
}
