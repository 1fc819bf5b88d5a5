package org.blinkhdfs.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
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
 * <p><b>Judged over whole intervals.</b> A cell's power is judged over at least {@link
 * #JUDGED_INTERVALS} blink intervals ending with it ({@link CellEnergy#judged}): the probe keeps
 * every snapshot it read since the budget last changed, and judges a cell from the latest one at
 * least that long before the cell's end (or the earliest of the level, or the cell's own start if
 * that is earlier). A cell shorter than an interval otherwise measures the phase it ran in: the
 * draw swings within every interval of a blinking schedule.
 *
 * <p>Thread-safe: bench compare's migration baseline measures a latency cell on its own thread
 * while the main thread measures the move.
 */
final class EnergyProbe {
  /** Whole intervals a cell's power is judged over, at least (when the level has run as long). */
  static final int JUDGED_INTERVALS = 3;

  private final SchedulerEnergy scheduler;
  private final long intervalMs;
  /** Snapshots read since the budget last changed, oldest first. */
  private final Deque<EnergySnapshot> level = new ArrayDeque<>();

  EnergyProbe(SchedulerEnergy scheduler, long intervalMs) {
    this.scheduler = scheduler;
    this.intervalMs = intervalMs;
  }

  /** The counters at a cell's start. */
  synchronized EnergySnapshot begin() {
    try {
      return remember(scheduler.read());
    } catch (IOException e) {
      throw new UncheckedIOException("energy counters at a cell's start: " + e.getMessage(), e);
    }
  }

  /** The cell from {@code start} until now, judged over whole intervals. */
  synchronized CellEnergy end(EnergySnapshot start) {
    EnergySnapshot to;
    try {
      to = scheduler.read();
    } catch (IOException e) {
      throw new UncheckedIOException("energy counters at a cell's end: " + e.getMessage(), e);
    }
    EnergySnapshot from = windowStart(level, start, to, JUDGED_INTERVALS * intervalMs);
    remember(to);
    return CellEnergy.judged(from, start, to);
  }

  /**
   * Where a cell from {@code start} to {@code to} is judged from: the latest snapshot of {@code
   * level} at least {@code windowMs} before {@code to}, else the earliest of it, but never after
   * {@code start}; {@code start} when the budget changed since.
   */
  static EnergySnapshot windowStart(Deque<EnergySnapshot> level, EnergySnapshot start,
      EnergySnapshot to, long windowMs) {
    EnergySnapshot best = null;
    for (EnergySnapshot s : level) {
      if (!sameBudget(s, to) || s.accountedMs() > start.accountedMs()) {
        continue;
      }
      if (best == null || s.accountedMs() <= to.accountedMs() - windowMs) {
        best = s;
      }
    }
    return best == null ? start : best;
  }

  private EnergySnapshot remember(EnergySnapshot s) {
    if (!level.isEmpty() && (!sameBudget(level.peekLast(), s)
        || s.accountedMs() < level.peekLast().accountedMs())) {
      level.clear(); // a new power level, or a restarted scheduler
    }
    level.addLast(s);
    // Drop what no later cell can be judged from: keep one snapshot at least four windows old.
    long keepFrom = s.accountedMs() - 4 * JUDGED_INTERVALS * intervalMs;
    while (level.size() > 1) {
      java.util.Iterator<EnergySnapshot> it = level.iterator();
      it.next();
      if (it.next().accountedMs() > keepFrom) {
        break;
      }
      level.removeFirst();
    }
    return s;
  }

  private static boolean sameBudget(EnergySnapshot a, EnergySnapshot b) {
    return Math.abs(a.budgetWatts() - b.budgetWatts()) <= 1e-6 * Math.max(1, b.budgetWatts());
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
