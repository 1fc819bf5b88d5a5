package org.blinkhdfs.demo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;

/**
 * Issue 39's goal for {@code auto} on the local cluster, per power level: "never worse than the
 * best fixed policy by more than 5% in read throughput per joule, and never worse in
 * availability". Throughput per joule is the throughput cell's {@link Metrics#MIB_PER_J}; auto
 * passes a level when it reaches 0.95 of the best other layout within budget at the same
 * replication. Availability on the cluster is the latency cells' failed reads and read p90: auto
 * passes when it failed no more reads than the best other layout (the one with the lowest p90)
 * and its p90 is no higher, or their 95% round intervals overlap (the rounds do not decide it).
 * Over-budget cells are never the best (they spent power the level did not have).
 *
 * <p>Example: at 40% auto 0.052 MiB/J against the best fixed aligned+aligned 0.054: ratio 0.963,
 * within 5%: pass.
 *
 * <p>Stateless.
 */
final class AutoGoalNotes {
  static final String AUTO_LAYOUT = "phase-groups+" + org.blinkhdfs.model.policy.AutoPolicy.NAME;
  /** The goal's tolerance in throughput per joule. */
  static final double TOLERANCE = 0.05;

  private AutoGoalNotes() {}

  /** One line per level and criterion where auto and another layout were both measured. */
  static List<String> of(List<ReportCell> cells) {
    List<String> out = new ArrayList<>();
    for (ReportCell a : cells) {
      if (!isAuto(a)) {
        continue;
      }
      if (a.experiment().equals("throughput") && a.measured(Metrics.MIB_PER_J).isPresent()) {
        best(cells, a, Metrics.MIB_PER_J, Comparator.reverseOrder())
            .ifPresent(b -> out.add(throughput(a, b)));
      }
      if (a.experiment().equals("latency") && a.measured(Metrics.P90_MS).isPresent()) {
        best(cells, a, Metrics.P90_MS, Comparator.naturalOrder())
            .ifPresent(b -> out.add(availability(a, b)));
      }
    }
    return out;
  }

  private static boolean isAuto(ReportCell c) {
    return c.layout().equals(AUTO_LAYOUT);
  }

  /** The best other cell of {@code a}'s experiment, level and replication, within budget. */
  private static Optional<ReportCell> best(List<ReportCell> cells, ReportCell a, String metric,
      Comparator<Double> order) {
    return cells.stream().filter(c -> !isAuto(c) && c.experiment().equals(a.experiment())
        && c.powerPercent() == a.powerPercent() && c.replication() == a.replication()
        && !Metrics.overBudget(c) && c.measured(metric).isPresent())
        .min(Comparator.comparing(c -> c.measured(metric).getAsDouble(), order));
  }

  static String throughput(ReportCell a, ReportCell best) {
    double av = a.measured(Metrics.MIB_PER_J).getAsDouble();
    double bv = best.measured(Metrics.MIB_PER_J).getAsDouble();
    double ratio = bv == 0 ? Double.POSITIVE_INFINITY : av / bv;
    boolean pass = !Metrics.overBudget(a) && ratio >= 1 - TOLERANCE;
    return String.format(Locale.ROOT, "auto goal %d%% throughput per joule: %s %.3g MiB/J%s vs"
        + " the best fixed %s %.3g: ratio %.3f, %s", a.powerPercent(), AUTO_LAYOUT, av,
        Metrics.overBudget(a) ? " (over budget)" : "", best.layout(), bv, ratio, pass
        ? "within 5%: pass" : "FAIL (more than 5% below" + (Metrics.overBudget(a)
        ? ", or auto over budget" : "") + ")");
  }

  static String availability(ReportCell a, ReportCell best) {
    double ap = a.measured(Metrics.P90_MS).getAsDouble();
    double bp = best.measured(Metrics.P90_MS).getAsDouble();
    double af = a.measured(LayoutSession.FAILED_OPS).orElse(0);
    double bf = best.measured(LayoutSession.FAILED_OPS).orElse(0);
    String ci = Metrics.ci95(Metrics.P90_MS);
    boolean overlap = a.measured(ci).isPresent() && best.measured(ci).isPresent()
        && Math.abs(ap - bp) <= a.measured(ci).getAsDouble() + best.measured(ci).getAsDouble();
    boolean pass = af <= bf && (ap <= bp || overlap);
    return String.format(Locale.ROOT, "auto goal %d%% availability: %s p90 %.1f ms, %.0f failed"
        + " reads vs the best fixed %s p90 %.1f ms, %.0f failed: %s", a.powerPercent(),
        AUTO_LAYOUT, ap, af, best.layout(), bp, bf, pass ? (ap <= bp ? "no worse: pass"
        : "higher but the 95% intervals overlap: pass") : "FAIL (worse)");
  }
}
