package org.blinkhdfs.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.blinkhdfs.common.chart.Axis;
import org.blinkhdfs.common.chart.ChartRenderer;
import org.blinkhdfs.common.chart.LineChart;
import org.blinkhdfs.common.chart.LineStyle;
import org.blinkhdfs.common.chart.Marker;
import org.blinkhdfs.model.policy.ActivationPolicy;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;

/**
 * BlinkFS Fig 2 ({@code bin/blink sim --figure fig2}): with HDFS's random placement, the share
 * of blocks whose every replica sits on an inactive node, against the share of inactive nodes.
 * Each point is a simulator run (layout {@code random}, policy {@code activation} at the watts
 * that keep exactly n − m of n nodes on); beside it the paper's closed form, the probability that
 * all k replicas of a block fall among the m inactive nodes, m!(n − k)! / (n!(m − k)!) =
 * C(m, k)/C(n, k).
 *
 * <p>Worked value (tested): n = 10, k = 3, m = 5: C(5,3)/C(10,3) = 10/120 = 0.0833.
 *
 * <p>Writes {@code report.md}, {@code results.csv} and {@code plots/fig2.svg|png}. Pure apart
 * from writing those files; deterministic for a seed.
 */
final class InaccessibleDataFigure {
  static final String NAME = "fig2";
  /** Inactive shares plotted, in percent of the nodes. */
  static final int STEP_PERCENT = 5;

  /** One point: k replicas, m of n nodes inactive. */
  record Point(int replication, int inactive, double simulated, double formula) {}

  private InaccessibleDataFigure() {}

  /** C(m, k)/C(n, k): all k replicas among the m inactive nodes (0 when m < k). */
  static double formula(int n, int m, int k) {
    if (m < k) {
      return 0;
    }
    double p = 1;
    for (int i = 0; i < k; i++) {
      p *= (double) (m - i) / (n - i);
    }
    return p;
  }

  static List<Point> points(int nodes, long blocks, long seed, List<Integer> replications,
      PowerModel model) {
    List<Point> out = new ArrayList<>();
    for (int k : replications) {
      int last = -1;
      for (int percent = 0; percent <= 100; percent += STEP_PERCENT) {
        int m = (int) Math.round(nodes * percent / 100.0);
        if (m == last) {
          continue; // on small clusters neighbouring steps round to the same node count
        }
        last = m;
        double watts = model.overheadWatts() + (nodes - m) * model.activeWatts()
            + m * model.sleepWatts();
        SimSpec spec = SimSpec.builder().nodes(nodes).blocks(blocks).replication(k)
            .layout("random").policy(ActivationPolicy.NAME).model(model).seed(seed)
            .power(new PowerLevel.Watts(watts)).instants(1).build();
        SimResult r = Simulator.run(spec, (l, ls, v, vs) -> { });
        out.add(new Point(k, m, r.unavailableFraction(), formula(nodes, m, k)));
      }
    }
    return out;
  }

  /** Runs the figure and writes it to {@code dir}; returns the files written. */
  static List<Path> write(int nodes, long blocks, long seed, List<Integer> replications,
      PowerModel model, String commandLine, Path dir) throws IOException {
    List<Point> points = points(nodes, blocks, seed, replications, model);
    Files.createDirectories(dir.resolve("plots"));
    List<Path> written = new ArrayList<>();
    StringBuilder csv = new StringBuilder("replication,inactiveNodes,nodes,inactiveFraction,"
        + "inaccessibleSimulated,inaccessibleFormula\n");
    double worst = 0;
    for (Point p : points) {
      csv.append(String.format(Locale.ROOT, "%d,%d,%d,%.4f,%.6f,%.6f%n", p.replication(),
          p.inactive(), nodes, (double) p.inactive() / nodes, p.simulated(), p.formula()));
      worst = Math.max(worst, Math.abs(p.simulated() - p.formula()));
    }
    written.add(Files.writeString(dir.resolve("results.csv"), csv, StandardCharsets.UTF_8));
    LineChart chart = chart(nodes, replications, points);
    written.add(Files.writeString(dir.resolve("plots/fig2.svg"), ChartRenderer.svg(chart),
        StandardCharsets.UTF_8));
    written.add(Files.write(dir.resolve("plots/fig2.png"), ChartRenderer.png(chart)));
    written.add(Files.writeString(dir.resolve("report.md"),
        markdown(nodes, blocks, seed, replications, points, worst, commandLine),
        StandardCharsets.UTF_8));
    return written;
  }

  private static LineChart chart(int nodes, List<Integer> replications, List<Point> points) {
    String[] palette = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"};
    LineChart.Builder b = LineChart.builder("BlinkFS Fig 2: inaccessible data, random placement, "
        + nodes + " nodes")
        .x(Axis.linear("inactive nodes (% of " + nodes + ")").withRange(0, 100))
        .y(Axis.linear("inaccessible blocks (%)").withRange(0, 100));
    int i = 0;
    for (int k : replications) {
      List<Point> mine = points.stream().filter(p -> p.replication() == k).toList();
      double[] x = mine.stream().mapToDouble(p -> 100.0 * p.inactive() / nodes).toArray();
      String colour = palette[i++ % palette.length];
      b.add(LineChart.Series.of("k=" + k + " simulated", x,
          mine.stream().mapToDouble(p -> 100 * p.simulated()).toArray(), colour));
      b.add(LineChart.Series.of("k=" + k + " formula", x,
          mine.stream().mapToDouble(p -> 100 * p.formula()).toArray(), colour)
          .withStyle(LineStyle.DASHED).withMarker(Marker.NONE));
    }
    return b.build();
  }

  private static String markdown(int nodes, long blocks, long seed, List<Integer> replications,
      List<Point> points, double worst, String commandLine) {
    StringBuilder sb = new StringBuilder("# BlinkFS Fig 2: inaccessible data with random"
        + " placement\n\n");
    sb.append("- Command: `").append(commandLine).append("`\n");
    sb.append(String.format(Locale.ROOT, "- %d nodes, %,d blocks per point (HDFS's random"
        + " placement: uniform replica sets, seed %d), the first n − m nodes ACTIVE and the rest"
        + " OFF (policy activation)%n", nodes, blocks, seed));
    sb.append(String.format(Locale.ROOT, "- Largest difference between simulation and the"
        + " paper's formula C(m, k)/C(n, k): %.4f (sampling: each block's replica set is one"
        + " draw)%n%n", worst));
    sb.append("Inaccessible blocks (%), simulated (formula):\n\n| inactive nodes |");
    for (int k : replications) {
      sb.append(" k = ").append(k).append(" |");
    }
    sb.append("\n|---|");
    sb.append("---:|".repeat(replications.size()));
    sb.append('\n');
    for (int percent = 0; percent <= 100; percent += 10) {
      int m = (int) Math.round(nodes * percent / 100.0);
      sb.append("| ").append(percent).append("% (").append(m).append(") |");
      for (int k : replications) {
        for (Point p : points) {
          if (p.replication() == k && p.inactive() == m) {
            sb.append(String.format(Locale.ROOT, " %.2f (%.2f) |", 100 * p.simulated(),
                100 * p.formula()));
            break;
          }
        }
      }
      sb.append('\n');
    }
    sb.append("\nPlot: `plots/fig2.svg` (solid: simulated; dashed: formula). BlinkFS §2.1 on its"
        + " Fig 2: \"nearly all data is accessible for small numbers of inactive nodes. However,"
        + " the fraction of inaccessible data rises dramatically once half the nodes are"
        + " inactive, even for aggressive replication factors, such as k=7\".\n");
    return sb.toString();
  }
}
