package org.blinkhdfs.bench.energy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.report.Metrics;

/**
 * One bench cell's energy: what the DataNodes drew between two {@link EnergySnapshot}s, against
 * the budget over the same time.
 *
 * <p>Why DataNodes and overhead apart: the budget ("P% power") governs the DataNodes only
 * (BlinkFS's convention, docs/power-signals.md); the always-on overhead (switch, NameNode,
 * staging host) is the same for every layout and would hide their differences, so work per joule
 * is over the DataNodes' energy and the overhead is reported beside it.
 *
 * <p>Worked example: 60 s between snapshots, DataNodes 2 880 J, budget 2 700 J (45 W), 12 s of
 * intervals over budget: mean power 48 W against 45 W, 6.7% over, so {@link #overBudget} is
 * true at the default 3% tolerance; 300 MiB read makes 0.104 MiB/J.
 *
 * @param seconds the time between the snapshots
 * @param joules DataNode energy (J)
 * @param overheadJoules always-on energy (J)
 * @param budgetJoules budget energy (J)
 * @param overBudgetSeconds completed intervals over budget within the cell
 */
public record CellEnergy(double seconds, double joules, double overheadJoules,
    double budgetJoules, double overBudgetSeconds) {
  /**
   * A cell whose mean power exceeds its budget by more than this share is over budget. Why 3%
   * and not the scheduler's 1% per interval: every emulated sleep draws its transition times
   * from the measured distribution while the scheduler plans their mean, so a cell of a few
   * intervals scatters around its plan (a two-level demo run, ring at 20% and 6 s: 44.6 to
   * 45.9 W of 45 W); a layout that plans over budget (PARAID +27%, the covering set +80% at 20%)
   * or draws over its plan (the ring at 60%, 162 of 135 W, docs/results/2026-11-29-energy-demo)
   * is far above it.
   */
  public static final double DEFAULT_TOLERANCE = 0.03;

  /** The energy from {@code from} to {@code to}; throws when {@code to} is not later. */
  public static CellEnergy between(EnergySnapshot from, EnergySnapshot to) {
    if (to.accountedMs() <= from.accountedMs()) {
      throw new IllegalArgumentException("energy snapshots out of order: accountedMs "
          + from.accountedMs() + " then " + to.accountedMs() + "; take the cell's end after its"
          + " start (or the scheduler restarted: its counters start again at 0)");
    }
    return new CellEnergy((to.accountedMs() - from.accountedMs()) / 1000.0,
        Math.max(0, to.joules() - from.joules()),
        Math.max(0, to.overheadJoules() - from.overheadJoules()),
        Math.max(0, to.budgetJoules() - from.budgetJoules()),
        Math.max(0, to.overBudgetMs() - from.overBudgetMs()) / 1000.0);
  }

  /**
   * The cell from {@code from} to {@code to}, its power judged over whole blink intervals the
   * scheduler has judged ({@link EnergySnapshot#intervals}): joules and budget are those
   * intervals' mean watts times the cell's own seconds; the overhead and the intervals over
   * budget are the cell's own.
   *
   * <p>Why: under a blinking schedule the DataNodes' draw swings within each interval (at 60% on
   * the staggered ring, 3 of 9 nodes asleep at one moment, none at another), and work finishes
   * fastest when many nodes are awake. A demo throughput cell of 1.6 s read 214 W against a 135
   * W budget, while the judged intervals of a bench run of the same layout and level drew 809.7 J
   * of 810 J (docs/results/2026-11-29-energy-demo): the cell's own window measured the phase it
   * ran in. A window of arbitrary length has the same error in proportion to its fraction of an
   * interval; only whole intervals average the pattern out. (The power model charges a node the
   * same whatever it serves, so the draw is the schedule's, not the cell's work's.)
   *
   * <p>Which intervals, of those judged by {@code to}: every one that starts within the cell
   * (each with its own budget, so a cell across power changes, e.g. under a trace, is judged
   * against what the budget was in each); when they are fewer than {@code k}, older ones before
   * them at the same budget until there are {@code k} (with none during the cell yet, the newest
   * at {@code to}'s budget). None at all (a level younger than one judged interval): the cell's
   * own window, {@link #between}. Why not the interval a cell starts in: a cell that starts with
   * a power change would be judged on the interval that changed, half at the old level (bench
   * compare's 20% latency cell of the covering set read 97 of 106 W that way, its level drawing
   * 85 of 45 W).
   *
   * <p>Worked example: a 2 s cell at 214 W (428 J) whose level's last three judged intervals of 6
   * s drew 800, 760 and 840 J against 810 J each: 133.3 W, 266.7 J against 270 J, within budget.
   *
   * @throws IllegalArgumentException when the snapshots are out of order
   */
  public static CellEnergy judged(EnergySnapshot from, EnergySnapshot to, long intervalMs,
      int k) {
    CellEnergy own = between(from, to);
    List<JudgedInterval> all = to.intervals();
    int first = all.size();
    while (first > 0 && all.get(first - 1).startMs() >= from.atMs()) {
      first--;
    }
    double reference = first < all.size() ? all.get(first).budgetWatts() : to.budgetWatts();
    while (all.size() - first < k && first > 0
        && sameWatts(all.get(first - 1).budgetWatts(), reference)) {
      first--;
    }
    double drawn = 0;
    double budget = 0;
    long ms = 0;
    for (JudgedInterval j : all.subList(first, all.size())) {
      drawn += j.drawnJoules();
      budget += j.budgetJoules();
      ms += j.lengthMs();
    }
    if (ms == 0) {
      return own;
    }
    return new CellEnergy(own.seconds, drawn / ms * 1000.0 * own.seconds, own.overheadJoules,
        budget / ms * 1000.0 * own.seconds, own.overBudgetSeconds);
  }

  private static boolean sameWatts(double a, double b) {
    return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
  }

  /**
   * This cell judged against a budget of {@code watts} instead of the scheduler's: the
   * migration-based baseline keeps its nodes on while it moves data before it lowers the
   * scheduler's power, so the scheduler's budget lags the level it is entering (bench compare).
   */
  public CellEnergy withBudgetWatts(double watts) {
    return new CellEnergy(seconds, joules, overheadJoules, watts * seconds, overBudgetSeconds);
  }

  /**
   * This cell and {@code other} together, for a cell measured in pieces (rounds with waits
   * between them that are not the cell's work).
   */
  public CellEnergy plus(CellEnergy other) {
    return new CellEnergy(seconds + other.seconds, joules + other.joules,
        overheadJoules + other.overheadJoules, budgetJoules + other.budgetJoules,
        overBudgetSeconds + other.overBudgetSeconds);
  }

  /** DataNodes' mean power (W). */
  public double meanWatts() {
    return joules / seconds;
  }

  /** The budget's mean over the cell (W). */
  public double budgetWatts() {
    return budgetJoules / seconds;
  }

  /** True when the mean power exceeds the budget by more than {@code tolerance} (a share). */
  public boolean overBudget(double tolerance) {
    return joules > budgetJoules * (1 + tolerance);
  }

  /**
   * The cell's energy metrics: {@link Metrics#ENERGY_J}, {@link Metrics#OVERHEAD_J}, {@link
   * Metrics#MEAN_POWER_W}, {@link Metrics#BUDGET_W}, {@link Metrics#OVER_BUDGET_S}, and {@link
   * Metrics#OVER_BUDGET} (1 or 0 at {@link #DEFAULT_TOLERANCE}).
   */
  public Map<String, Double> metrics() {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put(Metrics.ENERGY_J, joules);
    m.put(Metrics.OVERHEAD_J, overheadJoules);
    m.put(Metrics.MEAN_POWER_W, meanWatts());
    m.put(Metrics.BUDGET_W, budgetWatts());
    m.put(Metrics.OVER_BUDGET_S, overBudgetSeconds);
    m.put(Metrics.OVER_BUDGET, overBudget(DEFAULT_TOLERANCE) ? 1.0 : 0.0);
    return m;
  }

  /** {@link #metrics()} plus {@link Metrics#MIB_PER_J} for {@code bytes} read or written. */
  public Map<String, Double> metricsWithBytes(long bytes) {
    Map<String, Double> m = metrics();
    if (joules > 0) {
      m.put(Metrics.MIB_PER_J, bytes / (double) (1 << 20) / joules);
    }
    return m;
  }

  /** Both work rates: {@code bytes} of input and {@code ops} jobs (MapReduce cells). */
  public Map<String, Double> metricsWith(long bytes, long ops) {
    Map<String, Double> m = metricsWithBytes(bytes);
    m.putAll(metricsWithOps(ops));
    return m;
  }

  /** {@link #metrics()} plus {@link Metrics#OPS_PER_KJ} for {@code ops} completed operations. */
  public Map<String, Double> metricsWithOps(long ops) {
    Map<String, Double> m = metrics();
    if (joules > 0) {
      m.put(Metrics.OPS_PER_KJ, ops * 1000.0 / joules);
    }
    return m;
  }
}
