package org.blinkhdfs.bench.math;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.blinkhdfs.bench.report.ReportCell;

/**
 * The ratios Le et al. report for Fig 3, computed from the gears cells of one run, so they are
 * always measured side by side: per layout the speed-up of each gear over the smallest
 * (experiment {@value #SPEEDUP}; the paper: at least 1.65× from 2 to 7 nodes), and the first
 * layout over the second at each gear ({@value #LAYOUT_RATIO}; the paper: equal work ahead of
 * PARAID by up to 8%).
 *
 * <p>Each ratio cell carries the measured ratio as {@code ratio} and, as expectations, the same
 * ratio of the expected metrics: {@code ratio} from the bandwidth model ({@code n/n_min} for a
 * speed-up, 1 between layouts), {@code ratioRandomChoice} and {@code ratioBalanced} from what the
 * layouts allow ({@code ReadLoad}). Gear cells are recognised by their {@code activeNodes}
 * metric and matched between layouts by power level (the same gear draws the same power).
 *
 * <p>Worked example: equal-work reads 19.0, 38.5, 61.0 MiB/s at 2, 4, 7 nodes, PARAID 18.0,
 * 35.0, 60.0: speed-ups 2.026 and 3.211 (expected 2, 3.5) and 1.667, 3.333; equal-work/PARAID
 * 1.056, 1.100, 1.017 (expected 1).
 *
 * <p>Stateless.
 */
public final class GearRatios {
  public static final String SPEEDUP = "gears-speedup";
  public static final String LAYOUT_RATIO = "gears-layout-ratio";
  public static final String RATIO = "ratio";
  static final String ACTIVE_NODES = "activeNodes";
  static final Map<String, String> RATIO_OF = ratioNames();

  private GearRatios() {}

  private static Map<String, String> ratioNames() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("readMBps", RATIO);
    m.put("randomChoiceMBps", "ratioRandomChoice");
    m.put("balancedMBps", "ratioBalanced");
    return m;
  }

  /** Speed-up cells for every layout, then first-over-second cells when two layouts ran. */
  public static List<ReportCell> cells(List<ReportCell> gearCells) {
    Map<String, List<ReportCell>> byLayout = new LinkedHashMap<>();
    for (ReportCell c : gearCells) {
      if (c.measured(ACTIVE_NODES).isPresent() && c.measured("readMBps").isPresent()) {
        byLayout.computeIfAbsent(c.layout(), k -> new ArrayList<>()).add(c);
      }
    }
    List<ReportCell> out = new ArrayList<>();
    for (List<ReportCell> cells : byLayout.values()) {
      cells.sort(Comparator.comparingDouble(c -> c.measured(ACTIVE_NODES).getAsDouble()));
      ReportCell base = cells.get(0);
      for (ReportCell c : cells) {
        ratio(SPEEDUP, c.layout(), c, base).ifPresent(out::add);
      }
    }
    List<String> layouts = new ArrayList<>(byLayout.keySet());
    if (layouts.size() >= 2) {
      String label = layouts.get(0) + " / " + layouts.get(1);
      for (ReportCell a : byLayout.get(layouts.get(0))) {
        byLayout.get(layouts.get(1)).stream()
            .filter(b -> b.powerPercent() == a.powerPercent()).findFirst()
            .flatMap(b -> ratio(LAYOUT_RATIO, label, a, b)).ifPresent(out::add);
      }
    }
    return out;
  }

  private static Optional<ReportCell> ratio(String experiment, String layout, ReportCell top,
      ReportCell bottom) {
    double m = top.measured("readMBps").getAsDouble();
    double mb = bottom.measured("readMBps").getAsDouble();
    if (!(mb > 0)) {
      return Optional.empty();
    }
    Map<String, Double> measured = Map.of(RATIO, m / mb);
    Map<String, Double> expected = new LinkedHashMap<>();
    RATIO_OF.forEach((metric, name) -> {
      if (top.expected(metric).isPresent() && bottom.expected(metric).isPresent()
          && bottom.expected(metric).getAsDouble() > 0) {
        expected.put(name, top.expected(metric).getAsDouble()
            / bottom.expected(metric).getAsDouble());
      }
    });
    return Optional.of(new ReportCell(experiment, layout, top.replication(),
        top.powerPercent(), measured, expected));
  }

  /** One line per ratio cell, e.g. {@code "gears-speedup equal-work+activation at 100%: 3.21x"}. */
  public static List<String> summary(List<ReportCell> ratioCells) {
    List<String> out = new ArrayList<>();
    for (ReportCell c : ratioCells) {
      out.add(String.format(Locale.ROOT, "%s %s at %d%% power: %.3fx measured, %.3fx expected"
          + " (bandwidth model)%s", c.experiment(), c.layout(), c.powerPercent(),
          c.measured(RATIO).getAsDouble(), c.expected(RATIO).orElse(Double.NaN),
          c.expected("ratioRandomChoice").isPresent() ? String.format(Locale.ROOT,
              ", %.3fx from the layouts with random replica choice",
              c.expected("ratioRandomChoice").getAsDouble()) : ""));
    }
    return out;
  }
}
