package org.blinkhdfs.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.blinkhdfs.bench.availability.Combinations;
import org.blinkhdfs.common.chart.Axis;
import org.blinkhdfs.common.chart.ChartRenderer;
import org.blinkhdfs.common.chart.LineChart;
import org.blinkhdfs.common.chart.LineStyle;
import org.blinkhdfs.rabbit.dataset.Allocation;
import org.blinkhdfs.rabbit.dataset.ChainPlanner;
import org.blinkhdfs.rabbit.dataset.ExpansionChain;
import org.blinkhdfs.rabbit.dataset.LiveDatasets;
import org.blinkhdfs.rabbit.dataset.NodeAllocator;
import org.blinkhdfs.rabbit.dataset.PowerProportionality;
import org.blinkhdfs.rabbit.dataset.ProportionalityReport;
import org.blinkhdfs.rabbit.dataset.SharePolicy;

/**
 * Rabbit Figs 8-9 ({@code bin/blink sim --figure rabbit-datasets}): the degree of
 * power-proportionality of live datasets sharing a cluster (Rabbit §3.4, §4.3.1), from the same
 * pure classes the NameNode's dataset plugin uses: D datasets get their expansion chains one
 * after another ({@link ChainPlanner}, eqs. 4-5), every combination of L live datasets shares the
 * cluster's nodes ({@link NodeAllocator}, fair share, all nodes on), and each live dataset's
 * degree is computed by water-filling ({@link PowerProportionality}). Like Rabbit's simulator,
 * every combination of live datasets is tried; the figure gives the mean and the worst degree.
 *
 * <p>Three sweeps: (a) the total number of datasets with 2 live, (b) the number of live datasets
 * with 8 stored, both on 14 nodes (Rabbit's cluster, Fig 8), and (c) the cluster size with 8
 * stored and 2 live (Fig 9(a)). Rabbit reports an average above 0.9 in all three.
 *
 * <p>Worked value (tested): one live dataset gets every node; its chain spans them all, so its
 * degree is 1.
 *
 * <p>Deterministic; pure apart from writing {@code report.md}, {@code results.csv} and three
 * plots.
 */
final class DatasetProportionalityFigure {
  static final String NAME = "rabbit-datasets";
  static final int RABBIT_NODES = 14;
  static final int PRIMARIES = 2;

  /** Mean and worst degree over every live combination. */
  record Degree(int nodes, int datasets, int live, int combinations, double mean, double worst) {}

  private DatasetProportionalityFigure() {}

  /** The degree of {@code live} of {@code datasets} datasets on {@code nodes} nodes, all on. */
  static Degree degree(int nodes, int datasets, int live, int primaries) {
    List<String> ring = Simulator.ring(nodes);
    Map<String, ExpansionChain> chains = new LinkedHashMap<>();
    List<ExpansionChain> planned = new ArrayList<>();
    for (int d = 0; d < datasets; d++) {
      ExpansionChain chain = ChainPlanner.next(ring, planned, primaries);
      planned.add(chain);
      chains.put("d" + d, chain);
    }
    List<String> names = new ArrayList<>(chains.keySet());
    double[] sum = new double[1];
    long[] count = new long[1];
    double[] worst = {1};
    Combinations.forEach(names.size(), live, Long.MAX_VALUE, idx -> {
      Set<String> combo = new TreeSet<>();
      for (int i : idx) {
        combo.add(names.get(i));
      }
      Allocation a = NodeAllocator.allocate(chains, LiveDatasets.of(combo), nodes,
          SharePolicy.FAIR_SHARE);
      ProportionalityReport r = PowerProportionality.of(a, chains);
      for (double v : r.byDataset().values()) {
        sum[0] += v;
        count[0]++;
        worst[0] = Math.min(worst[0], v);
      }
    });
    return new Degree(nodes, datasets, live, (int) Combinations.count(datasets, live),
        count[0] == 0 ? 0 : sum[0] / count[0], count[0] == 0 ? 0 : worst[0]);
  }

  static List<Path> write(String commandLine, Path dir) throws IOException {
    List<Degree> byTotal = new ArrayList<>();
    for (int d = 2; d <= 8; d++) {
      byTotal.add(degree(RABBIT_NODES, d, 2, PRIMARIES));
    }
    List<Degree> byLive = new ArrayList<>();
    for (int l = 1; l <= 8; l++) {
      byLive.add(degree(RABBIT_NODES, 8, l, PRIMARIES));
    }
    List<Degree> bySize = new ArrayList<>();
    for (int n : new int[] {14, 28, 56, 112, 224}) {
      bySize.add(degree(n, 8, 2, PRIMARIES));
    }
    Files.createDirectories(dir.resolve("plots"));
    List<Path> written = new ArrayList<>();
    StringBuilder csv = new StringBuilder("sweep,nodes,datasets,live,combinations,meanDegree,"
        + "worstDegree\n");
    appendCsv(csv, "a-total", byTotal);
    appendCsv(csv, "b-live", byLive);
    appendCsv(csv, "c-nodes", bySize);
    written.add(Files.writeString(dir.resolve("results.csv"), csv, StandardCharsets.UTF_8));
    written.addAll(plot(dir, "fig8a-total-datasets", "Rabbit Fig 8(a): 14 nodes, 2 live",
        "datasets stored", byTotal, Degree::datasets));
    written.addAll(plot(dir, "fig8b-live-datasets", "Rabbit Fig 8(b): 14 nodes, 8 stored",
        "live datasets", byLive, Degree::live));
    written.addAll(plot(dir, "fig9a-cluster-size", "Rabbit Fig 9(a): 8 stored, 2 live",
        "nodes", bySize, Degree::nodes));
    StringBuilder md = new StringBuilder("# Rabbit Figs 8-9: degree of power-proportionality"
        + " with several datasets\n\n- Command: `" + commandLine + "`\n- Chains by Rabbit's"
        + " eqs. 4-5 (p = " + PRIMARIES + ", spread = all nodes), fair share, all nodes on, every"
        + " combination of live datasets; degree = (B/n)/L by water-filling"
        + " (`PowerProportionality`). Rabbit §4.3.1: \"the average degree of"
        + " power-proportionality is more than 90%\", also for larger clusters.\n");
    table(md, "(a) Total datasets, 2 live, 14 nodes", byTotal);
    table(md, "(b) Live datasets, 8 stored, 14 nodes", byLive);
    table(md, "(c) Cluster size, 8 stored, 2 live", bySize);
    md.append("\nPlots: `plots/fig8a-total-datasets.svg`, `plots/fig8b-live-datasets.svg`,"
        + " `plots/fig9a-cluster-size.svg`.\n");
    written.add(Files.writeString(dir.resolve("report.md"), md, StandardCharsets.UTF_8));
    return written;
  }

  private static void appendCsv(StringBuilder csv, String sweep, List<Degree> rows) {
    for (Degree d : rows) {
      csv.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%.4f,%.4f%n", sweep, d.nodes(),
          d.datasets(), d.live(), d.combinations(), d.mean(), d.worst()));
    }
  }

  private static void table(StringBuilder md, String title, List<Degree> rows) {
    md.append("\n## ").append(title).append("\n\n| nodes | datasets | live | combinations |"
        + " mean degree | worst degree |\n|---:|---:|---:|---:|---:|---:|\n");
    for (Degree d : rows) {
      md.append(String.format(Locale.ROOT, "| %d | %d | %d | %d | %.3f | %.3f |%n", d.nodes(),
          d.datasets(), d.live(), d.combinations(), d.mean(), d.worst()));
    }
  }

  private static List<Path> plot(Path dir, String stem, String title, String xLabel,
      List<Degree> rows, java.util.function.ToIntFunction<Degree> x) throws IOException {
    double[] xs = rows.stream().mapToDouble(d -> x.applyAsInt(d)).toArray();
    LineChart chart = LineChart.builder(title).x(Axis.linear(xLabel))
        .y(Axis.linear("degree of power-proportionality").withRange(0, 1))
        .add(LineChart.Series.of("mean", xs, rows.stream().mapToDouble(Degree::mean).toArray(),
            "#1f77b4"))
        .add(LineChart.Series.of("worst", xs, rows.stream().mapToDouble(Degree::worst).toArray(),
            "#d62728"))
        .add(LineChart.Series.of("Rabbit: average above 0.9", new double[] {xs[0],
            xs[xs.length - 1]}, new double[] {0.9, 0.9}, "#000000").withStyle(LineStyle.DOTTED)
            .withMarker(org.blinkhdfs.common.chart.Marker.NONE))
        .build();
    Path svg = Files.writeString(dir.resolve("plots/" + stem + ".svg"), ChartRenderer.svg(chart),
        StandardCharsets.UTF_8);
    Path png = Files.write(dir.resolve("plots/" + stem + ".png"), ChartRenderer.png(chart));
    return List.of(svg, png);
  }
}
