package org.blinkhdfs.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A finished benchmark run: what ran ({@link RunInfo}), every measured point with its analytic
 * expectation ({@link ReportCell}), and the correctness checks ({@link Check}). The writers
 * ({@link ReportWriter}) turn it into {@code report.md}, {@code results.json}, {@code
 * results.csv} and plots; {@link ReportTable} prints it on the console.
 *
 * <p>Order is meaning: experiments and layouts appear in the order of their first cell (the
 * order the demo ran them), replication factors ascending, power levels descending (100% first,
 * as the demo steps down). Two cells for the same point (experiment, layout, replication, power)
 * are refused: which one would the table show?
 *
 * <p>Immutable (lists copied) and thread-safe.
 *
 * @param run what ran and how
 * @param cells measured points
 * @param checks correctness checks, in order
 */
public record Report(RunInfo run, List<ReportCell> cells, List<Check> checks) {
  /** A limit on everything: no demo produces more points than this. */
  public static final int MAX_CELLS = 20_000;

  public Report {
    Objects.requireNonNull(run, "run");
    cells = List.copyOf(cells);
    checks = List.copyOf(checks);
    if (cells.size() > MAX_CELLS) {
      throw new IllegalArgumentException(cells.size() + " cells exceed the limit of " + MAX_CELLS);
    }
    Set<List<Object>> seen = new HashSet<>();
    for (ReportCell c : cells) {
      if (!seen.add(List.of(c.experiment(), c.layout(), c.replication(), c.powerPercent()))) {
        throw new IllegalArgumentException("two cells for " + c.experiment() + " / " + c.layout()
            + " / r=" + c.replication() + " / " + c.powerPercent() + "%: merge them into one");
      }
    }
  }

  /** Experiment names in order of first appearance. */
  public List<String> experiments() {
    Set<String> out = new LinkedHashSet<>();
    cells.forEach(c -> out.add(c.experiment()));
    return List.copyOf(out);
  }

  /** The cells of one experiment, in the order given. */
  public List<ReportCell> cells(String experiment) {
    List<ReportCell> out = new ArrayList<>();
    for (ReportCell c : cells) {
      if (c.experiment().equals(experiment)) {
        out.add(c);
      }
    }
    return out;
  }

  /** Layouts of an experiment in order of first appearance. */
  public List<String> layouts(String experiment) {
    Set<String> out = new LinkedHashSet<>();
    cells(experiment).forEach(c -> out.add(c.layout()));
    return List.copyOf(out);
  }

  /** Replication factors of an experiment, ascending. */
  public List<Integer> replications(String experiment) {
    Set<Integer> out = new TreeSet<>();
    cells(experiment).forEach(c -> out.add(c.replication()));
    return List.copyOf(out);
  }

  /** Power levels of an experiment, descending (100% first). */
  public List<Integer> powers(String experiment) {
    Set<Integer> out = new TreeSet<>(Comparator.reverseOrder());
    cells(experiment).forEach(c -> out.add(c.powerPercent()));
    return List.copyOf(out);
  }

  /** Metric names used anywhere in an experiment, in table order. */
  public List<String> metrics(String experiment) {
    Set<String> out = new TreeSet<>(Metrics.TABLE_ORDER);
    cells(experiment).forEach(c -> out.addAll(c.metrics()));
    return List.copyOf(out);
  }

  /** The experiment's headline metric ({@link Metrics#headline}). */
  public String headlineMetric(String experiment) {
    return Metrics.headline(metrics(experiment));
  }

  /** The cell of one point, if measured. */
  public Optional<ReportCell> cell(String experiment, String layout, int replication,
      int powerPercent) {
    for (ReportCell c : cells) {
      if (c.experiment().equals(experiment) && c.layout().equals(layout)
          && c.replication() == replication && c.powerPercent() == powerPercent) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  /** True when every check passed (and vacuously when there are none). */
  public boolean allChecksPassed() {
    return checks.stream().allMatch(Check::passed);
  }

  /** Number of failed checks. */
  public long failedChecks() {
    return checks.stream().filter(c -> !c.passed()).count();
  }
}
