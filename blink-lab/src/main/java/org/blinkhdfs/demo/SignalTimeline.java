package org.blinkhdfs.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.blinkhdfs.bench.math.TimeBuckets;
import org.blinkhdfs.common.chart.ChartRenderer;
import org.blinkhdfs.common.chart.LineChart;

/**
 * The time axis of the signal benches, which the report's tables fold away: per layout, case and
 * step, the signal, the level replayed, whether the minimum gear was kept on, and the step's
 * reads (BlinkFS Fig 12(b) plots mean latency per five minutes of the trace, Fig 13 queries per
 * minute). Writes {@code signal-timeline.csv}; for a single case three charts against signal
 * hours, {@code signal-power.svg}, {@code signal-latency.svg} (mean ms per step; a step without a
 * completed read is a gap) and {@code signal-rate.svg} (operations per minute); for bench
 * oscillation {@code oscillation-throughput.svg}, BlinkFS Fig 10: read MB/s against N, one line
 * per layout and data set size.
 *
 * <p>Stateless.
 */
final class SignalTimeline {
  private static final List<String> COLOURS = List.of("#1f77b4", "#ff7f0e", "#2ca02c",
      "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f");

  private SignalTimeline() {}

  static List<Path> write(Path outDir, String experiment, List<SignalSession.Timeline> runs)
      throws IOException {
    Files.createDirectories(outDir);
    List<Path> out = new ArrayList<>();
    out.add(Files.writeString(outDir.resolve("signal-timeline.csv"), csv(runs)));
    if (runs.stream().anyMatch(t -> t.signalCase().oscillation().isPresent())) {
      out.add(Files.writeString(outDir.resolve("oscillation-throughput.svg"),
          ChartRenderer.svg(oscillation(experiment, runs).build())));
      return out;
    }
    LineChart.Builder power = LineChart.lines(experiment + ": power replayed",
        "signal time (h)", "% of p_total");
    LineChart.Builder latency = LineChart.lines(experiment + ": mean latency per step",
        "signal time (h)", "ms");
    LineChart.Builder rate = LineChart.lines(experiment + ": operations per minute",
        "signal time (h)", "per minute");
    for (int k = 0; k < runs.size(); k++) {
      SignalSession.Timeline t = runs.get(k);
      String colour = COLOURS.get(k % COLOURS.size());
      int n = Math.min(t.steps().size(), t.buckets().size());
      double[] x = new double[n];
      double[] p = new double[n];
      double[] mean = new double[n];
      double[] perMinute = new double[n];
      for (int i = 0; i < n; i++) {
        x[i] = t.steps().get(i).step().signalHours();
        p[i] = t.steps().get(i).step().percent();
        mean[i] = t.buckets().get(i).meanMs();
        perMinute[i] = t.buckets().get(i).perMinute();
      }
      if (k == 0) {
        power.add(LineChart.line("power replayed", x, p, "#000000"));
      }
      latency.add(LineChart.line(t.layout(), x, mean, colour));
      rate.add(LineChart.line(t.layout(), x, perMinute, colour));
    }
    out.add(Files.writeString(outDir.resolve("signal-power.svg"),
        ChartRenderer.svg(power.build())));
    out.add(Files.writeString(outDir.resolve("signal-latency.svg"),
        ChartRenderer.svg(latency.build())));
    out.add(Files.writeString(outDir.resolve("signal-rate.svg"),
        ChartRenderer.svg(rate.build())));
    return out;
  }

  private static String csv(List<SignalSession.Timeline> runs) {
    StringBuilder csv = new StringBuilder("layout,case,step,signal_hours,signal_percent,"
        + "power_percent,floor,minimum_gear_kept,planned_watts,available_watts,in_force_after_ms,"
        + "ok,failed,mean_ms,p90_ms,per_minute,round\n");
    for (SignalSession.Timeline t : runs) {
      int n = Math.min(t.steps().size(), t.buckets().size());
      for (int i = 0; i < n; i++) {
        SignalSession.StepRecord s = t.steps().get(i);
        TimeBuckets.Bucket b = t.buckets().get(i);
        csv.append(String.format(Locale.ROOT, "%s,%s,%d,%.3f,%.1f,%d,%b,%b,%.1f,%.1f,%d,%d,%d,"
            + "%s,%s,%.1f,%d%n", t.layout(), t.signalCase().name(), i, s.step().signalHours(),
            s.step().signalPercent(), s.step().percent(), s.step().clamped(),
            s.minimumGearKept(), s.plannedWatts(), s.availableWatts(), s.inForceAfterMs(),
            b.ok(), b.failed(), num(b.meanMs()), num(b.p90Ms()), b.perMinute(), t.round() + 1));
      }
    }
    return csv.toString();
  }

  /**
   * Fig 10: read MB/s against N, a line per layout and data set size (with rounds, each N's
   * mean over them).
   */
  private static LineChart.Builder oscillation(String experiment,
      List<SignalSession.Timeline> runs) {
    Map<String, Map<Integer, List<Double>>> lines = new LinkedHashMap<>();
    for (SignalSession.Timeline t : runs) {
      lines.computeIfAbsent(t.layout() + " " + t.signalCase().dataMiB() + " MiB",
          k -> new java.util.TreeMap<>())
          .computeIfAbsent(t.signalCase().oscillation().orElse(0), k -> new ArrayList<>())
          .add(t.readMBps());
    }
    LineChart.Builder chart = LineChart.lines(experiment
        + ": read throughput against oscillation", "oscillation N (%)", "MB/s");
    int k = 0;
    for (Map.Entry<String, Map<Integer, List<Double>>> e : lines.entrySet()) {
      double[] x = e.getValue().keySet().stream().mapToDouble(Integer::doubleValue).toArray();
      double[] y = e.getValue().values().stream()
          .mapToDouble(v -> v.stream().mapToDouble(Double::doubleValue).average().orElse(0))
          .toArray();
      chart.add(LineChart.line(e.getKey(), x, y, COLOURS.get(k++ % COLOURS.size())));
    }
    return chart;
  }

  private static String num(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f", v) : "";
  }
}
