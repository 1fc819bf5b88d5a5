package org.blinkhdfs.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The tables of {@link RatioFigure}: every round as CSV, and per figure the mean of each cell
 * with its 95% Student-t half-width over rounds, and the ring's advantage over each other
 * system paired by round (same seed: same layout draw, price trace and block sequence).
 *
 * <p>"Ring advantage over X" is ring ÷ X for work (MiB/s, reads served) and X ÷ ring for
 * latency, so above 1 the ring wins, below 1 X wins.
 */
final class RatioReport {
  /** Two-sided 97.5% Student-t quantiles for 1..30 degrees of freedom. */
  private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
      2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080,
      2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

  private RatioReport() {}

  static String csv(List<RatioFigure.Row> rows) {
    StringBuilder sb = new StringBuilder("figure,case,system,data,dataGiB,rhoRef,rhoMax,round,"
        + "reads,readMiBps,meanLatencyMs,unserved,energyJ,meanW,budgetW,overBudgetS,readsPerKJ,"
        + "movedGiB,movingS\n");
    for (RatioFigure.Row r : rows) {
      sb.append(String.join(",", r.figure(), r.caseLabel(), r.system(), r.data(),
          f(r.dataGiB()), f(r.rhoRef()), f(r.rhoMax()), Integer.toString(r.round()),
          Long.toString(r.reads()), f(r.mibps()), f(r.meanLatencyMs()),
          Long.toString(r.unserved()), f(r.energyJ()), f(r.meanW()), f(r.budgetW()),
          f(r.overBudgetS()), f(r.readsPerKj()), f(r.movedGiB()), f(r.movingS()))).append('\n');
    }
    return sb.toString();
  }

  /** Mean and 95% half-width (Student t) of {@code v}; half-width 0 for one value. */
  static double[] meanCi(List<Double> v) {
    double mean = 0;
    for (double x : v) {
      mean += x;
    }
    mean /= v.size();
    if (v.size() < 2 || Double.isInfinite(mean) || Double.isNaN(mean)) {
      return new double[] {mean, 0};
    }
    double ss = 0;
    for (double x : v) {
      ss += (x - mean) * (x - mean);
    }
    int df = v.size() - 1;
    double t = df <= T975.length ? T975[df - 1] : 1.96;
    return new double[] {mean, t * Math.sqrt(ss / df / v.size())};
  }

  /** The figure's headline metric of a row; higher is better unless {@link #lowerIsBetter}. */
  static double metric(String figure, RatioFigure.Row r) {
    switch (figure) {
      case "fig10":
        return r.mibps();
      case "fig12b":
        return r.meanLatencyMs();
      default:
        return r.reads();
    }
  }

  static boolean lowerIsBetter(String figure) {
    return figure.equals("fig12b");
  }

  static String markdown(String command, List<RatioFigure.Figure> figures, List<Double> rhos,
      int rounds, double nodeBytesPerSec, List<RatioFigure.Row> rows) {
    StringBuilder sb = new StringBuilder();
    sb.append("# BlinkFS Figs 10, 12(b), 13 against the data/bandwidth ratio rho\n\n");
    sb.append("Command: `").append(command).append("`\n\n");
    sb.append(String.format(Locale.ROOT, "9 nodes, 60 s interval, 5 min power steps, per-node"
        + " bandwidth %.1f MiB/s, %d rounds (seeds 0..%d); mean ± 95%% half-width (Student t"
        + " over rounds). rho = move time of the figure's reference step / 5 min.%n%n",
        nodeBytesPerSec / RatioFigure.MIB, rounds, rounds - 1));
    for (RatioFigure.Figure f : figures) {
      int[] ref = RatioFigure.referenceStep(f, nodeBytesPerSec);
      sb.append("## ").append(f.id()).append(" (").append(f.metric()).append(")\n\n");
      sb.append("Reference step: ").append(ref[0]).append(" -> ").append(ref[1])
          .append(" nodes on. Data sets:");
      for (Map.Entry<String, Double> d : RatioFigure.dataSets(f, rhos, nodeBytesPerSec)
          .entrySet()) {
        MigrationCost c = new MigrationCost(d.getValue(), nodeBytesPerSec,
            Double.POSITIVE_INFINITY);
        sb.append(String.format(Locale.ROOT, " %s = %.1f GiB (rho %.3f);", d.getKey(),
            d.getValue() / (1L << 30), c.rho(ref[0], ref[1], RatioFigure.STEP_MS)));
      }
      sb.append("\n\n");
      for (String c : f.cases().keySet()) {
        sb.append("### ").append(c).append("\n\n");
        sb.append(cellTable(f.id(), c, rows));
        sb.append('\n');
      }
    }
    return sb.toString();
  }

  private static String cellTable(String fig, String c, List<RatioFigure.Row> rows) {
    Map<String, List<RatioFigure.Row>> cells = new LinkedHashMap<>();
    for (RatioFigure.Row r : rows) {
      if (r.figure().equals(fig) && r.caseLabel().equals(c)) {
        cells.computeIfAbsent(r.system() + " | " + r.data(), k -> new ArrayList<>()).add(r);
      }
    }
    List<RatioFigure.Row> ring = cells.get("ring | any");
    StringBuilder sb = new StringBuilder("| system | data | rho max | metric | reads/kJ | mean W"
        + " (budget) | s over budget | ring advantage |\n"
        + "|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (Map.Entry<String, List<RatioFigure.Row>> e : cells.entrySet()) {
      List<RatioFigure.Row> rs = e.getValue();
      RatioFigure.Row first = rs.get(0);
      List<Double> adv = new ArrayList<>();
      for (int i = 0; i < rs.size(); i++) {
        double mine = metric(fig, rs.get(i));
        double ours = metric(fig, ring.get(i));
        adv.add(lowerIsBetter(fig) ? mine / ours : ours / mine);
      }
      sb.append("| ").append(first.system()).append(" | ").append(first.data())
          .append(first.dataGiB() > 0 ? String.format(Locale.ROOT, " (%.1f GiB)",
              first.dataGiB()) : "")
          .append(" | ").append(f(avg(rs, RatioFigure.Row::rhoMax)))
          .append(" | ").append(pm(meanCi(values(rs, r -> metric(fig, r)))))
          .append(" | ").append(pm(meanCi(values(rs, RatioFigure.Row::readsPerKj))))
          .append(" | ").append(String.format(Locale.ROOT, "%.1f (%.1f)",
              avg(rs, RatioFigure.Row::meanW), avg(rs, RatioFigure.Row::budgetW)))
          .append(" | ").append(f(avg(rs, RatioFigure.Row::overBudgetS)))
          .append(" | ").append(first.system().equals("ring") ? "1" : pm(meanCi(adv)))
          .append(" |\n");
    }
    return sb.toString();
  }

  private static List<Double> values(List<RatioFigure.Row> rs,
      ToDoubleFunction<RatioFigure.Row> get) {
    List<Double> out = new ArrayList<>();
    for (RatioFigure.Row r : rs) {
      out.add(get.applyAsDouble(r));
    }
    return out;
  }

  private static double avg(List<RatioFigure.Row> rs, ToDoubleFunction<RatioFigure.Row> get) {
    return meanCi(values(rs, get))[0];
  }

  private static String pm(double[] mc) {
    if (Double.isInfinite(mc[0]) || Double.isNaN(mc[0])) {
      return Double.isNaN(mc[0]) ? "none served" : "inf (X served nothing)";
    }
    return String.format(Locale.ROOT, "%s ± %s", g(mc[0]), g(mc[1]));
  }

  private static String g(double v) {
    return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v)
        : String.format(Locale.ROOT, "%.3g", v);
  }

  private static String f(double v) {
    return String.format(Locale.ROOT, "%.4g", v);
  }
}
