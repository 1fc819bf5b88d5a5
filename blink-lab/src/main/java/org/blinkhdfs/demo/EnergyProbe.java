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
 */
final class EnergyProbe {
  private final SchedulerEnergy scheduler;

  EnergyProbe(SchedulerEnergy scheduler) {
    this.scheduler = scheduler;
  }

  /** The counters at a cell's start. */
  EnergySnapshot begin() {
    try {
      return scheduler.read();
    } catch (IOException e) {
      throw new UncheckedIOException("energy counters at a cell's start: " + e.getMessage(), e);
    }
  }

  /** The cell from {@code start} until now. */
  CellEnergy end(EnergySnapshot start) {
    try {
      return CellEnergy.between(start, scheduler.read());
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
