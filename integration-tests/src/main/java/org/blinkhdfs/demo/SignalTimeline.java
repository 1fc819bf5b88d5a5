package org.blinkhdfs.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.blinkhdfs.core.chart.LineChartSvg;
import org.blinkhdfs.demo.math.TimeBuckets;

/**
 * The time axis of {@code bench kv-signal} and {@code bench search}, which the report's
 * against-power tables fold away: per layout and step, the signal, the level replayed, whether
 * the minimum gear was kept on, and the step's reads (BlinkFS Fig 12(b) plots mean latency per
 * five minutes of the trace, Fig 13 queries per minute). Writes {@code signal-timeline.csv} and
 * three charts against signal hours: {@code signal-power.svg}, {@code signal-latency.svg} (mean
 * ms per step; a step without a completed read is a gap) and {@code signal-rate.svg}
 * (operations per minute).
 *
 * <p>Stateless.
 */
final class SignalTimeline {
  private static final List<String> COLOURS = List.of("#1f77b4", "#ff7f0e", "#2ca02c",
      "#d62728", "#9467bd", "#8c564b");

  private SignalTimeline() {}

  static List<Path> write(Path outDir, String experiment, List<SignalSession.Timeline> runs)
      throws IOException {
    Files.createDirectories(outDir);
    StringBuilder csv = new StringBuilder("layout,step,signal_hours,signal_percent,"
        + "power_percent,floor,minimum_gear_kept,planned_watts,available_watts,ok,failed,"
        + "mean_ms,p90_ms,per_minute\n");
    LineChartSvg power = new LineChartSvg(experiment + ": power replayed",
        "signal time (h)", "% of p_total");
    LineChartSvg latency = new LineChartSvg(experiment + ": mean latency per step",
        "signal time (h)", "ms");
    LineChartSvg rate = new LineChartSvg(experiment + ": operations per minute",
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
        SignalSession.StepRecord s = t.steps().get(i);
        TimeBuckets.Bucket b = t.buckets().get(i);
        x[i] = s.step().signalHours();
        p[i] = s.step().percent();
        mean[i] = b.meanMs();
        perMinute[i] = b.perMinute();
        csv.append(String.format(Locale.ROOT, "%s,%d,%.3f,%.1f,%d,%b,%b,%.1f,%.1f,%d,%d,%s,%s,"
            + "%.1f%n", t.layout(), i, x[i], s.step().signalPercent(), s.step().percent(),
            s.step().clamped(), s.minimumGearKept(), s.plannedWatts(), s.availableWatts(),
            b.ok(), b.failed(), num(b.meanMs()), num(b.p90Ms()), b.perMinute()));
      }
      if (k == 0) {
        power.add(new LineChartSvg.Series("power replayed", x, p, "#000000"));
      }
      latency.add(new LineChartSvg.Series(t.layout(), x, mean, colour));
      rate.add(new LineChartSvg.Series(t.layout(), x, perMinute, colour));
    }
    List<Path> out = new ArrayList<>();
    out.add(Files.writeString(outDir.resolve("signal-timeline.csv"), csv));
    out.add(Files.writeString(outDir.resolve("signal-power.svg"), power.render()));
    out.add(Files.writeString(outDir.resolve("signal-latency.svg"), latency.render()));
    out.add(Files.writeString(outDir.resolve("signal-rate.svg"), rate.render()));
    return out;
  }

  private static String num(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f", v) : "";
  }
}
