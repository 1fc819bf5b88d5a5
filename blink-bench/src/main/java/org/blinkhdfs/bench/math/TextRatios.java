package org.blinkhdfs.bench.math;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;

/**
 * The ratios of BlinkFS Fig 11 and Amur &amp; Schwan Table 2, computed from the wordcount and
 * grep cells of one run, so they are always measured side by side.
 *
 * <ul>
 *   <li>{@value #LAYOUT_RATIO}: the first layout's (the ring's) mean job time over each other
 *       layout's at the same power level. BlinkFS at 50%: 0.58 against Rabbit, 0.35 against
 *       load-proportional ("improves completion time by 42% ... and 65%", §6.2), carried as the
 *       expectation {@code ratioPaper}; the goal is at most 0.5 against equal work.</li>
 *   <li>{@value #VS_IDEAL}: a layout's mean time at power p over its ideal, its own time at
 *       100% divided by p/100 (a job that slows exactly as power falls). Expected 1; the goal at
 *       50% is at most 1.15 for the ring.</li>
 *   <li>{@value #PER_WATT_RATIO}: grep's KB/s per watt with k max-perf hosts over the same
 *       with all hosts max-perf. Expected ({@code ratio}) when the job is compute-bound:
 *       {@code (k/N) * W_N / W_k}; Table 2's Asterix-I column as {@code ratioPaper}.</li>
 * </ul>
 *
 * <p>A ratio's {@code ratioCi95} is the half-width of its 95% interval from the two means'
 * intervals (first-order: relative half-widths add in quadrature).
 *
 * <p>Worked example: ring 40 s and equal work 80 s at 50% give a layout ratio of 0.5; the ring
 * at 100% took 18 s, so its ideal at 50% is 36 s and 40 s is 1.111x the ideal. Grep on 4 hosts
 * at 1 max-perf host, 2 MB/s over 483 W = 4.14 KB/s/W, against 8 MB/s over 1008 W = 7.94:
 * 0.522 measured, (1/4)·1008/483 = 0.522 expected, 40.49/80.6 = 0.502 in the paper.
 *
 * <p>A wordcount cell marked over budget ({@link Metrics#overBudget}: its mean power more than
 * 3% above its budget) enters no ratio: a layout that drew more power than the level allows
 * would be credited with the speed the extra power bought. {@link #notComparable} names each
 * ratio left out and why.
 *
 * <p>Stateless.
 */
public final class TextRatios {
  public static final String LAYOUT_RATIO = "wordcount-layout-ratio";
  public static final String VS_IDEAL = "wordcount-vs-ideal";
  public static final String PER_WATT_RATIO = "grep-per-watt-ratio";
  public static final String JOB_SECONDS = "jobSeconds";
  public static final String JOB_SECONDS_CI95 = "jobSecondsCi95";
  public static final String MAX_PERF_NODES = "maxPerfNodes";
  public static final String KBPS_PER_WATT = "kBpsPerWatt";
  static final String RATIO = "ratio";
  static final String RATIO_CI95 = "ratioCi95";
  static final String RATIO_PAPER = "ratioPaper";
  /** BlinkFS §6.2 at 50% power: the ring's time over Rabbit's and load-proportional's. */
  static final double BLINKFS_VS_RABBIT_AT_50 = 0.58;
  static final double BLINKFS_VS_LOAD_PROPORTIONAL_AT_50 = 0.35;
  /** Amur &amp; Schwan Table 2, KB/s/W with Asterix-I io-servers, by max-perf servers 1..4. */
  static final double[] TABLE2_ASTERIX_I = {40.49, 56.34, 71.91, 80.6};

  private TextRatios() {}

  /** Every ratio cell the wordcount and grep cells allow. */
  public static List<ReportCell> cells(List<ReportCell> all) {
    Map<String, List<ReportCell>> wordcount = byLayout(all, "wordcount");
    List<ReportCell> out = new ArrayList<>();
    List<String> layouts = new ArrayList<>(wordcount.keySet());
    if (!layouts.isEmpty()) {
      String ring = layouts.get(0);
      for (String other : layouts.subList(1, layouts.size())) {
        for (ReportCell a : wordcount.get(ring)) {
          at(wordcount.get(other), a.powerPercent()).filter(b -> comparable(a, b))
              .map(b -> layoutRatio(ring + " / " + other, a, b)).ifPresent(out::add);
        }
      }
      for (List<ReportCell> cells : wordcount.values()) {
        at(cells, 100).ifPresent(full -> cells.stream().filter(c -> c.powerPercent() < 100
            && c.powerPercent() > 0 && comparable(c, full)).forEach(c -> out.add(
                vsIdeal(c, full))));
      }
    }
    for (List<ReportCell> cells : byLayout(all, "grep").values()) {
      cells.stream().filter(c -> c.measured(MAX_PERF_NODES).orElse(0) == maxNodes(cells))
          .findFirst().ifPresent(full -> cells.forEach(c -> out.add(perWatt(c, full,
              (int) maxNodes(cells)))));
    }
    return out;
  }

  private static boolean comparable(ReportCell a, ReportCell b) {
    return !Metrics.overBudget(a) && !Metrics.overBudget(b);
  }

  /**
   * One note per wordcount ratio {@link #cells} leaves out because a side ran over budget, e.g.
   * "wordcount-layout-ratio ring / equal-work+activation at 20% power: not comparable,
   * equal-work+activation over budget ‡ (57.0 of 45.0 W); no ratio given".
   */
  public static List<String> notComparable(List<ReportCell> all) {
    Map<String, List<ReportCell>> wordcount = byLayout(all, "wordcount");
    List<String> out = new ArrayList<>();
    List<String> layouts = new ArrayList<>(wordcount.keySet());
    if (layouts.isEmpty()) {
      return out;
    }
    String ring = layouts.get(0);
    for (String other : layouts.subList(1, layouts.size())) {
      for (ReportCell a : wordcount.get(ring)) {
        at(wordcount.get(other), a.powerPercent()).filter(b -> !comparable(a, b)).ifPresent(
            b -> out.add(note(LAYOUT_RATIO, ring + " / " + other, a, b)));
      }
    }
    for (List<ReportCell> cells : wordcount.values()) {
      at(cells, 100).ifPresent(full -> cells.stream().filter(c -> c.powerPercent() < 100
          && c.powerPercent() > 0 && !comparable(c, full)).forEach(
              c -> out.add(note(VS_IDEAL, c.layout(), c, full))));
    }
    return out;
  }

  private static String note(String experiment, String label, ReportCell a, ReportCell b) {
    List<String> over = new ArrayList<>();
    for (ReportCell c : a == b ? List.of(a) : List.of(a, b)) {
      if (Metrics.overBudget(c)) {
        over.add(String.format(Locale.ROOT, "%s over budget ‡ (%.1f of %.1f W)", c.layout(),
            c.measured(Metrics.MEAN_POWER_W).orElse(Double.NaN),
            c.measured(Metrics.BUDGET_W).orElse(Double.NaN)));
      }
    }
    return String.format(Locale.ROOT, "%s %s at %d%% power: not comparable, %s; no ratio given",
        experiment, label, a.powerPercent(), String.join(" and ", over));
  }

  private static Map<String, List<ReportCell>> byLayout(List<ReportCell> all, String experiment) {
    Map<String, List<ReportCell>> m = new LinkedHashMap<>();
    for (ReportCell c : all) {
      if (c.experiment().equals(experiment) && c.measured(JOB_SECONDS).isPresent()) {
        m.computeIfAbsent(c.layout(), k -> new ArrayList<>()).add(c);
      }
    }
    return m;
  }

  private static Optional<ReportCell> at(List<ReportCell> cells, int power) {
    return cells.stream().filter(c -> c.powerPercent() == power).findFirst();
  }

  private static double maxNodes(List<ReportCell> cells) {
    return cells.stream().mapToDouble(c -> c.measured(MAX_PERF_NODES).orElse(0)).max()
        .orElse(0);
  }

  private static ReportCell layoutRatio(String label, ReportCell a, ReportCell b) {
    Map<String, Double> expected = new LinkedHashMap<>();
    if (a.powerPercent() == 50) {
      if (b.layout().startsWith("equal-work")) {
        expected.put(RATIO_PAPER, BLINKFS_VS_RABBIT_AT_50);
      } else if (b.layout().contains("load-proportional")) {
        expected.put(RATIO_PAPER, BLINKFS_VS_LOAD_PROPORTIONAL_AT_50);
      }
    }
    return ratioCell(LAYOUT_RATIO, label, a, b, 1.0, expected);
  }

  private static ReportCell vsIdeal(ReportCell c, ReportCell full) {
    return ratioCell(VS_IDEAL, c.layout(), c, full, 100.0 / c.powerPercent(),
        Map.of(RATIO, 1.0));
  }

  private static ReportCell perWatt(ReportCell c, ReportCell full, int n) {
    int k = (int) c.measured(MAX_PERF_NODES).getAsDouble();
    double wK = c.measured("wattsAsterixI").getAsDouble();
    double wN = full.measured("wattsAsterixI").getAsDouble();
    Map<String, Double> expected = new LinkedHashMap<>();
    expected.put(RATIO, (double) k / n * wN / wK);
    if (n == TABLE2_ASTERIX_I.length && k >= 1) {
      expected.put(RATIO_PAPER, TABLE2_ASTERIX_I[k - 1] / TABLE2_ASTERIX_I[n - 1]);
    }
    double ratio = c.measured(KBPS_PER_WATT).getAsDouble()
        / full.measured(KBPS_PER_WATT).getAsDouble();
    Map<String, Double> measured = new LinkedHashMap<>();
    measured.put(RATIO, ratio);
    measured.put(RATIO_CI95, ratio * relativeCi(c, full));
    measured.put(MAX_PERF_NODES, (double) k);
    return new ReportCell(PER_WATT_RATIO, c.layout(), c.replication(), c.powerPercent(),
        measured, expected);
  }

  /** {@code top}'s mean time over ({@code bottom}'s times {@code scale}). */
  private static ReportCell ratioCell(String experiment, String label, ReportCell top,
      ReportCell bottom, double scale, Map<String, Double> expected) {
    double ratio = top.measured(JOB_SECONDS).getAsDouble()
        / (bottom.measured(JOB_SECONDS).getAsDouble() * scale);
    Map<String, Double> measured = new LinkedHashMap<>();
    measured.put(RATIO, ratio);
    measured.put(RATIO_CI95, ratio * relativeCi(top, bottom));
    return new ReportCell(experiment, label, top.replication(), top.powerPercent(), measured,
        expected);
  }

  private static double relativeCi(ReportCell a, ReportCell b) {
    double ra = a.measured(JOB_SECONDS_CI95).orElse(0) / a.measured(JOB_SECONDS).getAsDouble();
    double rb = b.measured(JOB_SECONDS_CI95).orElse(0) / b.measured(JOB_SECONDS).getAsDouble();
    return Math.sqrt(ra * ra + rb * rb);
  }

  /** One line per ratio cell for the report's notes. */
  public static List<String> summary(List<ReportCell> ratioCells) {
    List<String> out = new ArrayList<>();
    for (ReportCell c : ratioCells) {
      out.add(String.format(Locale.ROOT, "%s %s at %d%% power: %.3fx (95%% interval +/- %.3f)%s%s",
          c.experiment(), c.layout(), c.powerPercent(), c.measured(RATIO).getAsDouble(),
          c.measured(RATIO_CI95).orElse(0), c.expected(RATIO).isPresent() ? String.format(
              Locale.ROOT, ", expected %.3fx", c.expected(RATIO).getAsDouble()) : "",
          c.expected(RATIO_PAPER).isPresent() ? String.format(Locale.ROOT, ", paper %.3fx",
              c.expected(RATIO_PAPER).getAsDouble()) : ""));
    }
    return out;
  }
}
