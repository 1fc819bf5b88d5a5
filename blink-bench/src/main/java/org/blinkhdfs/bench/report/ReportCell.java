package org.blinkhdfs.bench.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One measured point of a benchmark: an experiment run with one layout, replication factor and
 * power level, with its measured metrics and, beside them, what blink-bench's analytic model
 * expects ("beside every measured cell stands the analytic expectation").
 *
 * <p>Rules, checked on construction: experiment and layout are non-blank single lines;
 * replication in {@code [1, }{@value #MAX_REPLICATION}{@code ]}; power in {@code [0, 100]} (BlinkFS
 * convention: percent of all DataNodes' active power, the always-on overhead apart); metric names
 * as {@link Metrics} allows; every value finite (no NaN, no infinity: a block that is never
 * available has no finite expected wait, so leave that expectation out and say so in a {@link
 * Check} or a note); at least one metric, measured or expected. {@code expected} may have fewer
 * keys than {@code measured}, or keys it lacks (an expectation for a cell not measured).
 *
 * <p>Immutable: the maps are copied, {@code -0.0} becomes {@code 0.0}, and keys are kept in
 * {@link Metrics#TABLE_ORDER} so every writer lists them the same way.
 *
 * @param experiment e.g. {@code "read-latency"}
 * @param layout e.g. {@code "power-balanced ring + staggered"}
 * @param replication HDFS replication factor
 * @param powerPercent power level, percent of {@code p_total}
 * @param measured metric name → measured value
 * @param expected metric name → analytic expectation
 */
public record ReportCell(String experiment, String layout, int replication, int powerPercent,
    Map<String, Double> measured, Map<String, Double> expected) {
  /** Larger replication factors are a typo, not an experiment. */
  public static final int MAX_REPLICATION = 512;

  public ReportCell {
    ReportText.requireLine("experiment", experiment);
    ReportText.requireLine("layout", layout);
    String where = "cell " + experiment + " / " + layout + " / r=" + replication + " / "
        + powerPercent + "%";
    if (replication < 1 || replication > MAX_REPLICATION) {
      throw new IllegalArgumentException(where + ": replication must be in [1, "
          + MAX_REPLICATION + "], got " + replication);
    }
    if (powerPercent < 0 || powerPercent > 100) {
      throw new IllegalArgumentException(where + ": powerPercent must be in [0, 100] (percent of"
          + " all DataNodes' active power), got " + powerPercent);
    }
    measured = copy(where + " measured", measured);
    expected = copy(where + " expected", expected);
    if (measured.isEmpty() && expected.isEmpty()) {
      throw new IllegalArgumentException(where + ": no metrics; give at least one measured or"
          + " expected value");
    }
  }

  /** Measured and expected metric names together, in table order. */
  public Set<String> metrics() {
    Set<String> all = new TreeSet<>(Metrics.TABLE_ORDER);
    all.addAll(measured.keySet());
    all.addAll(expected.keySet());
    return Collections.unmodifiableSet(all);
  }

  public OptionalDouble measured(String metric) {
    Double v = measured.get(metric);
    return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
  }

  public OptionalDouble expected(String metric) {
    Double v = expected.get(metric);
    return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
  }

  private static Map<String, Double> copy(String where, Map<String, Double> in) {
    Objects.requireNonNull(in, where);
    Map<String, Double> sorted = new TreeMap<>(Metrics.TABLE_ORDER);
    for (Map.Entry<String, Double> e : in.entrySet()) {
      Metrics.validateName(where, e.getKey());
      Double v = e.getValue();
      if (v == null || !Double.isFinite(v)) {
        throw new IllegalArgumentException(where + " " + e.getKey() + " = " + v
            + ": values must be finite numbers; leave out what was not measured or has no"
            + " finite expectation");
      }
      sorted.put(e.getKey(), v + 0.0);
    }
    return Collections.unmodifiableMap(new LinkedHashMap<>(sorted));
  }
}
