package org.blinkhdfs.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.stats.MeanInterval;

/**
 * One cell measured in repeated rounds: the whole cell's values with, for every metric the
 * rounds measured, the 95% interval of the rounds ({@link Metrics#ci95}), so every number of a
 * comparison carries how much it moved from round to round (issue 38: "confidence intervals from
 * repeated rounds").
 *
 * <p>Why the whole cell's value and not the rounds' mean: quantiles and work per joule pool
 * better than they average (a p90 over all reads, MiB over all joules), and the energy metrics
 * must add up to the cell's energy so its over-budget mark is the cell's. The interval half
 * width is the rounds': {@code t(0.975, n-1) * s / sqrt(n)} of the per-round values ({@link
 * MeanInterval}). Metrics the whole cell lacks get the rounds' mean. Counts and marks (the
 * {@code whole} metrics in {@link #NO_INTERVAL}) get no interval.
 *
 * <p>Worked example: rounds with p90Ms 10, 14 and 12 and a whole-cell p90Ms of 12.5: p90Ms
 * 12.5, p90MsCi95 = 4.303 * 2 / sqrt(3) = 4.969, rounds 3.
 *
 * <p>Stateless.
 */
public final class RoundsPool {
  /** Metrics that are counts or marks: an interval of them says nothing. */
  static final List<String> NO_INTERVAL = List.of(Metrics.OK_OPS, Metrics.OVER_BUDGET,
      Metrics.ROUNDS, Metrics.NOT_SUPPORTED, "failedOps");

  private RoundsPool() {}

  /**
   * {@code whole} with every round metric's interval and {@link Metrics#ROUNDS}; with one round,
   * {@code whole} plus the round's other metrics and no interval.
   *
   * @param rounds each round's metrics, at least one
   * @param whole the metrics measured over all rounds together (may be empty)
   */
  public static Map<String, Double> of(List<Map<String, Double>> rounds,
      Map<String, Double> whole) {
    if (rounds.isEmpty()) {
      throw new IllegalArgumentException("no rounds: a pooled cell needs at least one round");
    }
    Map<String, Double> out = new LinkedHashMap<>(whole);
    List<String> names = new ArrayList<>();
    rounds.forEach(r -> r.keySet().stream().filter(k -> !names.contains(k)).forEach(names::add));
    for (String name : names) {
      List<Double> values = rounds.stream().map(r -> r.get(name))
          .filter(v -> v != null && Double.isFinite(v)).toList();
      if (values.isEmpty()) {
        continue;
      }
      MeanInterval m = MeanInterval.of(values);
      out.putIfAbsent(name, m.mean());
      if (m.hasInterval() && !NO_INTERVAL.contains(name) && !name.endsWith(Metrics.CI95_SUFFIX)) {
        out.put(Metrics.ci95(name), m.halfWidth());
      }
    }
    if (rounds.size() > 1) {
      out.put(Metrics.ROUNDS, (double) rounds.size());
    }
    return out;
  }
}
