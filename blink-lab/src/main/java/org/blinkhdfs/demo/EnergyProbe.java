package org.blinkhdfs.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.bench.energy.EnergySnapshot;
import org.blinkhdfs.cluster.SchedulerEnergy;

/**
 * Measures one cell's energy: a {@link #begin} when the cell's work starts, an {@code end…}
 * when it stops, the scheduler's counters read at both ({@link SchedulerEnergy}). What the cell
 * gets: energy, mean power, budget, seconds over budget, the over-budget mark and its work per
 * joule ({@link CellEnergy#metrics}).
 *
 * <p>Why each session marks its own cells instead of one probe per power level: a level also
 * holds writes, power steps and waits; energy of a cell is the energy of the work the cell
 * measured. A scheduler that cannot answer is an error, not a cell without energy: no cell of a
 * report may silently lack its budget.
 *
 * <p><b>Judged over whole intervals.</b> A cell's power is judged over the blink intervals the
 * scheduler has judged at the cell's power level: those during the cell, and at least the last
 * {@link #JUDGED_INTERVALS} ({@link CellEnergy#judged}). A cell shorter than an interval
 * otherwise measures the phase it ran in: the draw swings within every interval of a blinking
 * schedule.
 */
final class EnergyProbe {
  /** Judged intervals a cell's power is judged over, at least (when the level has run as long). */
  static final int JUDGED_INTERVALS = 3;

  private final SchedulerEnergy scheduler;
  private final long intervalMs;
  /** The budget cells are judged against instead of the scheduler's; NaN: the scheduler's. */
  private volatile double levelWatts = Double.NaN;

  EnergyProbe(SchedulerEnergy scheduler, long intervalMs) {
    this.scheduler = scheduler;
    this.intervalMs = intervalMs;
  }

  /** The counters at a cell's start. */
  EnergySnapshot begin() {
    try {
      return scheduler.read();
    } catch (IOException e) {
      throw new UncheckedIOException("energy counters at a cell's start: " + e.getMessage(), e);
    }
  }

  /**
   * Judges the cells that end from now on against {@code watts} ({@link
   * CellEnergy#withBudgetWatts}): the power level a migration-based baseline is entering while
   * the scheduler still has its old level. NaN: the scheduler's budget again.
   */
  void judgeAgainst(double watts) {
    levelWatts = watts;
  }

  /** The cell from {@code start} until now, judged over whole intervals. */
  CellEnergy end(EnergySnapshot start) {
    try {
      CellEnergy c = CellEnergy.judged(start, scheduler.read(), intervalMs, JUDGED_INTERVALS);
      double w = levelWatts;
      return Double.isNaN(w) ? c : c.withBudgetWatts(w);
    } catch (IOException e) {
      throw new UncheckedIOException("energy counters at a cell's end: " + e.getMessage(), e);
    }
  }

  /** The cell's energy metrics with {@code bytes} of work (MiB/J). */
  Map<String, Double> endBytes(EnergySnapshot start, long bytes) {
    return end(start).metricsWithBytes(bytes);
  }

  /** The cell's energy metrics with {@code ops} completed operations (per kJ). */
  Map<String, Double> endOps(EnergySnapshot start, long ops) {
    return end(start).metricsWithOps(ops);
  }
}
