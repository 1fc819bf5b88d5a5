package org.blinkhdfs.bench.report;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Metric names the report knows, their order in tables, and which one heads an experiment's
 * table. Any other name matching {@code [A-Za-z][A-Za-z0-9_]*} is allowed too and sorts after
 * the known ones, alphabetically.
 *
 * <p>Units are in the name, last (ARCHITECTURE.md style): a name ending in {@code Ms} is a
 * latency in milliseconds, one ending in {@code MBps} a throughput in MB/s. The plots rely on
 * this: latency charts for {@link #MEAN_MS} and {@link #P90_MS} (or {@link #MEAN_WAIT_MS} when
 * neither was measured), throughput charts for every {@code …MBps} metric.
 *
 * <p>Headline (the metric of the per-experiment power table): the first of {@code meanMs,
 * meanWaitMs, p90Ms, readMBps, writeMBps} the experiment has, else its first metric in table
 * order. Stateless.
 */
public final class Metrics {
  public static final String MEAN_MS = "meanMs";
  public static final String STD_MS = "stdMs";
  public static final String P50_MS = "p50Ms";
  public static final String P90_MS = "p90Ms";
  public static final String P99_MS = "p99Ms";
  public static final String MEAN_WAIT_MS = "meanWaitMs";
  /** Half the width of the 95% t interval of {@link #MEAN_MS}. */
  public static final String MEAN_CI95_MS = "meanCi95Ms";
  /** Lower end of the distribution-free 95% interval of {@link #P90_MS}. */
  public static final String P90_LOW_MS = "p90LowMs";
  /** Upper end of that interval. */
  public static final String P90_HIGH_MS = "p90HighMs";
  /** Operations of the cell that succeeded: a latency cell's sample size. */
  public static final String OK_OPS = "okOps";
  public static final String READ_MBPS = "readMBps";
  /** Half the width of the 95% t interval of {@link #READ_MBPS} over rounds or jobs. */
  public static final String READ_MBPS_CI95 = "readMBpsCi95";
  /** Rounds (repeated read phases) a cell's mean is taken over. */
  public static final String ROUNDS = "rounds";
  public static final String WRITE_MBPS = "writeMBps";
  /** The DataNodes' energy over the cell, overhead excluded (J), from the scheduler's ledger. */
  public static final String ENERGY_J = "energyJ";
  /** The always-on equipment's energy over the cell (J), outside the budget. */
  public static final String OVERHEAD_J = "overheadJ";
  /** The DataNodes' mean power over the cell (W). */
  public static final String MEAN_POWER_W = "meanPowerW";
  /** The DataNode power budget's mean over the cell (W): P% of all DataNodes' active power. */
  public static final String BUDGET_W = "budgetW";
  /** Seconds of completed intervals within the cell whose energy exceeded their budget. */
  public static final String OVER_BUDGET_S = "overBudgetS";
  /** 1 when the cell's mean power exceeded its budget by more than 3%, else 0. */
  public static final String OVER_BUDGET = "overBudget";
  /** Work per joule: MiB read or written per joule of DataNode energy. */
  public static final String MIB_PER_J = "mibPerJ";
  /** Work per joule: operations (reads, gets, jobs) per kilojoule of DataNode energy. */
  public static final String OPS_PER_KJ = "opsPerKJ";

  /**
   * 1 when the layout cannot run the cell's experiment at all (the stock covering set has no
   * staging host for MapReduce): the table shows "not supported", never a number.
   */
  public static final String NOT_SUPPORTED = "notSupported";
  /** Suffix of a metric's 95% interval half width over repeated rounds ({@link #ci95}). */
  public static final String CI95_SUFFIX = "Ci95";

  static final List<String> ORDER = List.of(MEAN_MS, MEAN_CI95_MS, STD_MS, P50_MS, P90_MS,
      P90_LOW_MS, P90_HIGH_MS, P99_MS, MEAN_WAIT_MS, READ_MBPS, WRITE_MBPS, MIB_PER_J,
      OPS_PER_KJ, ENERGY_J, MEAN_POWER_W, BUDGET_W, OVER_BUDGET_S, OVER_BUDGET, OVERHEAD_J);
  static final List<String> HEADLINE_PREFERENCE =
      List.of(MEAN_MS, MEAN_WAIT_MS, P90_MS, READ_MBPS, WRITE_MBPS);
  static final List<String> ENERGY = List.of(MIB_PER_J, OPS_PER_KJ, ENERGY_J, MEAN_POWER_W,
      BUDGET_W, OVER_BUDGET_S, OVER_BUDGET, OVERHEAD_J);
  static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

  /** Known metrics first in {@link #ORDER}, then the rest alphabetically. */
  public static final Comparator<String> TABLE_ORDER = Comparator
      .comparingInt((String m) -> ORDER.contains(m) ? ORDER.indexOf(m) : ORDER.size())
      .thenComparing(Comparator.naturalOrder());

  private static final Map<String, String> DESCRIPTIONS = Map.ofEntries(
      Map.entry(MEAN_CI95_MS, "95% interval half-width of the mean (ms)"),
      Map.entry(P90_LOW_MS, "95% interval of the p90, low end (ms)"),
      Map.entry(P90_HIGH_MS, "95% interval of the p90, high end (ms)"),
      Map.entry(MEAN_MS, "mean latency (ms)"),
      Map.entry(STD_MS, "latency standard deviation (ms)"),
      Map.entry(P50_MS, "median latency (ms)"),
      Map.entry(P90_MS, "90th percentile latency (ms)"),
      Map.entry(P99_MS, "99th percentile latency (ms)"),
      Map.entry(MEAN_WAIT_MS, "mean wait for an awake replica (ms)"),
      Map.entry(READ_MBPS, "aggregate read throughput (MB/s)"),
      Map.entry(WRITE_MBPS, "aggregate write throughput (MB/s)"),
      Map.entry(ENERGY_J, "DataNode energy (J)"),
      Map.entry(OVERHEAD_J, "always-on energy (J)"),
      Map.entry(MEAN_POWER_W, "DataNode mean power (W)"),
      Map.entry(BUDGET_W, "DataNode power budget (W)"),
      Map.entry(OVER_BUDGET_S, "seconds over budget"),
      Map.entry(OVER_BUDGET, "over budget (1 = mean power above budget + 3%)"),
      Map.entry(MIB_PER_J, "work per joule (MiB/J)"),
      Map.entry(OPS_PER_KJ, "work per kilojoule (operations/kJ)"),
      Map.entry(NOT_SUPPORTED, "1 = the layout cannot run this experiment"));

  private Metrics() {}

  /** True for the energy metrics a {@code CellEnergy} adds (they get their own table). */
  public static boolean isEnergy(String metric) {
    return ENERGY.contains(metric);
  }

  /**
   * The name of {@code metric}'s 95% interval half width over rounds, e.g. {@code readMBps} to
   * {@code readMBpsCi95} ({@link #READ_MBPS_CI95}), {@code mibPerJ} to {@code mibPerJCi95}.
   */
  public static String ci95(String metric) {
    return metric + CI95_SUFFIX;
  }

  /** True when {@code cell} says its layout cannot run the experiment ({@link #NOT_SUPPORTED}). */
  public static boolean notSupported(ReportCell cell) {
    return cell.measured(NOT_SUPPORTED).orElse(0) > 0;
  }

  /** True when {@code cell} measured an over-budget mark of 1. */
  public static boolean overBudget(ReportCell cell) {
    return cell.measured(OVER_BUDGET).orElse(0) > 0;
  }

  public static boolean isLatency(String metric) {
    return metric.endsWith("Ms");
  }

  public static boolean isThroughput(String metric) {
    return metric.endsWith("MBps");
  }

  /** Words for a metric, e.g. "mean latency (ms)"; the name itself when unknown. */
  public static String describe(String metric) {
    return DESCRIPTIONS.getOrDefault(metric, metric);
  }

  /** The headline among {@code metrics} (non-empty); see the class comment. */
  public static String headline(Collection<String> metrics) {
    for (String m : HEADLINE_PREFERENCE) {
      if (metrics.contains(m)) {
        return m;
      }
    }
    return metrics.stream().min(TABLE_ORDER).orElseThrow(
        () -> new IllegalArgumentException("no metrics: an experiment needs at least one"));
  }

  static void validateName(String where, String metric) {
    if (metric == null || !NAME.matcher(metric).matches()) {
      throw new IllegalArgumentException(where + ": metric name '" + metric + "' must match "
          + NAME.pattern() + ", unit last, e.g. meanMs or readMBps");
    }
  }
}
