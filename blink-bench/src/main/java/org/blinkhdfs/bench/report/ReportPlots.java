package org.blinkhdfs.bench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;
import org.blinkhdfs.common.chart.Axis;
import org.blinkhdfs.common.chart.LineChart;
import org.blinkhdfs.common.chart.LineChart.Series;
import org.blinkhdfs.common.chart.LineStyle;
import org.blinkhdfs.common.chart.Marker;

/**
 * Which plots a report gets, as chart models; {@link ReportWriter} renders each to SVG and PNG.
 *
 * <p>Per experiment:
 *
 * <ul>
 *   <li>Latency versus power, one chart per latency metric measured among {@code meanMs} and
 *       {@code p90Ms} (or {@code meanWaitMs} when neither is): one solid series per layout ×
 *       replication (label {@code "<layout> r=<r>"}), and beside each, when the cells carry an
 *       expectation for the metric, a dashed companion in the same colour ({@code "… expected"}).
 *       The y axis is logarithmic when the positive values span at least {@value
 *       #LOG_SPAN}× (BlinkFS Table 2 spans 7 ms to 46 s), else linear from 0.
 *   <li>Throughput versus power, one chart per {@code …MBps} metric: one solid series per layout
 *       (× replication when the experiment has several), dashed expected companions as above, and
 *       one dotted ideal proportional line {@code T100 · P/100}, where {@code T100} is the mean of
 *       the series' measurements at 100% (the line is left out when nothing was measured at
 *       100%).
 * </ul>
 *
 * <p>x is always power in percent of all DataNodes' active power, 0 to 100. Colours cycle
 * through a ten-colour palette (Tableau 10) per series pair. File stems are {@code
 * <experiment>-<metric>} made file-safe, with {@code -2}, {@code -3} … on a clash (ignoring
 * case, for case-insensitive file systems).
 *
 * <p>Stateless and thread-safe.
 */
public final class ReportPlots {
  static final double LOG_SPAN = 10;
  static final String X_LABEL = "power (% of all DataNodes' active power)";
  private static final List<String> PALETTE = List.of("#1f77b4", "#ff7f0e", "#2ca02c",
      "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf");
  private static final String IDEAL_COLOUR = "#000000";

  private ReportPlots() {}

  /** The plots of {@code report}, in experiment order, latency before throughput. */
  public static List<PlotFile> plan(Report report) {
    List<PlotFile> out = new ArrayList<>();
    Set<String> stems = new HashSet<>();
    for (String e : report.experiments()) {
      for (String metric : latencyMetrics(report, e)) {
        out.add(new PlotFile(e, uniqueStem(stems, e + "-" + metric),
            latency(report, e, metric)));
      }
      for (String metric : report.metrics(e)) {
        if (Metrics.isThroughput(metric) && measuredAnywhere(report, e, metric)) {
          out.add(new PlotFile(e, uniqueStem(stems, e + "-" + metric),
              throughput(report, e, metric)));
        }
      }
    }
    return out;
  }

  static List<String> latencyMetrics(Report report, String experiment) {
    List<String> out = new ArrayList<>();
    for (String m : List.of(Metrics.MEAN_MS, Metrics.P90_MS)) {
      if (measuredAnywhere(report, experiment, m)) {
        out.add(m);
      }
    }
    if (out.isEmpty() && measuredAnywhere(report, experiment, Metrics.MEAN_WAIT_MS)) {
      out.add(Metrics.MEAN_WAIT_MS);
    }
    return out;
  }

  static LineChart latency(Report report, String experiment, String metric) {
    List<Series> series = seriesPairs(report, experiment, metric, true);
    boolean log = spansDecades(series);
    String yLabel = Metrics.describe(metric) + (log ? ", log scale" : "");
    return chart(experiment + ": " + Metrics.describe(metric) + " vs power",
        log ? Axis.log(yLabel) : Axis.linear(yLabel), series);
  }

  static LineChart throughput(Report report, String experiment, String metric) {
    boolean withR = report.replications(experiment).size() > 1;
    List<Series> series = seriesPairs(report, experiment, metric, withR);
    double sum = 0;
    int n = 0;
    for (ReportCell c : report.cells(experiment)) {
      if (c.powerPercent() == 100 && c.measured(metric).isPresent()) {
        sum += c.measured(metric).getAsDouble();
        n++;
      }
    }
    if (n > 0) {
      double full = sum / n;
      series.add(new Series("ideal: " + ReportText.display(full) + " MB/s × P/100",
          new double[] {0, 100}, new double[] {0, full}, IDEAL_COLOUR, LineStyle.DOTTED,
          Marker.NONE));
    }
    return chart(experiment + ": " + Metrics.describe(metric) + " vs power",
        Axis.linear(Metrics.describe(metric)), series);
  }

  private static LineChart chart(String title, Axis y, List<Series> series) {
    LineChart.Builder b = LineChart.builder(title).x(Axis.linear(X_LABEL).withRange(0, 100))
        .y(y);
    series.forEach(b::add);
    return b.build();
  }

  /**
   * Per layout × replication with measurements: the measured series, then (if any) its dashed
   * expected companion. Points in ascending power.
   */
  private static List<Series> seriesPairs(Report report, String experiment, String metric,
      boolean labelReplication) {
    List<Series> out = new ArrayList<>();
    List<Integer> powers = new ArrayList<>(report.powers(experiment));
    Collections.reverse(powers);
    CellIndex index = new CellIndex(report, experiment);
    int pair = 0;
    for (String layout : report.layouts(experiment)) {
      for (int r : report.replications(experiment)) {
        double[] measured = values(index, layout, r, powers, c -> c.measured(metric));
        if (allNaN(measured)) {
          continue;
        }
        String name = labelReplication ? layout + " r=" + r : layout;
        String colour = PALETTE.get(pair++ % PALETTE.size());
        double[] x = powers.stream().mapToDouble(Integer::doubleValue).toArray();
        out.add(Series.of(name, x, measured, colour));
        double[] expected = values(index, layout, r, powers, c -> c.expected(metric));
        if (!allNaN(expected)) {
          out.add(new Series(name + " expected", x, expected, colour, LineStyle.DASHED,
              Marker.NONE));
        }
      }
    }
    return out;
  }

  private static double[] values(CellIndex index, String layout, int r, List<Integer> powers,
      Function<ReportCell, OptionalDouble> metric) {
    double[] out = new double[powers.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = index.get(layout, r, powers.get(i)).map(metric)
          .filter(OptionalDouble::isPresent).map(OptionalDouble::getAsDouble).orElse(Double.NaN);
    }
    return out;
  }

  private static boolean measuredAnywhere(Report report, String experiment, String metric) {
    return report.cells(experiment).stream().anyMatch(c -> c.measured(metric).isPresent());
  }

  private static boolean allNaN(double[] values) {
    for (double v : values) {
      if (!Double.isNaN(v)) {
        return false;
      }
    }
    return true;
  }

  private static boolean spansDecades(List<Series> series) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = 0;
    for (Series s : series) {
      for (double v : s.y()) {
        if (v > 0 && Double.isFinite(v)) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    return hi > 0 && hi / lo >= LOG_SPAN;
  }

  static String uniqueStem(Set<String> taken, String raw) {
    String base = raw.replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^[-._]+|-+$", "");
    if (base.isEmpty()) {
      base = "plot";
    }
    String stem = base;
    for (int i = 2; !taken.add(stem.toLowerCase(Locale.ROOT)); i++) {
      stem = base + "-" + i;
    }
    return stem;
  }
}
