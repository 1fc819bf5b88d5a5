package org.blinkhdfs.demo;

import java.util.ArrayList;
import java.util.List;
import org.blinkhdfs.bench.report.Comparison;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.cluster.Layout;

/**
 * The demo's and bench compare's verdicts ({@link Comparison}): at each power level the best
 * BlinkHDFS ring layout within budget against every other layout, in read p90, reads per kJ,
 * read throughput and MiB per joule, and under bench compare's trace step ({@link CompareTrace},
 * its cells at the trace's mean level) in read p90 and reads per kJ, and with {@code --mapreduce
 * on} the TestDFSIO read job's MiB per joule; over-budget cells are named, never counted.
 *
 * <p>Why the ring layouts are "ours": they are the designs BlinkHDFS ships as its own (the
 * paper's and the aligned stagger); the others are HDFS's and the seed papers' baselines run on
 * the same cluster and budget.
 */
final class CompareNotes {
  static final List<Comparison.Criterion> CRITERIA = List.of(
      new Comparison.Criterion("latency", Metrics.P90_MS, false),
      new Comparison.Criterion("latency", Metrics.OPS_PER_KJ, true),
      new Comparison.Criterion("throughput", Metrics.READ_MBPS, true),
      new Comparison.Criterion("throughput", Metrics.MIB_PER_J, true),
      new Comparison.Criterion(CompareTrace.EXPERIMENT, Metrics.P90_MS, false),
      new Comparison.Criterion(CompareTrace.EXPERIMENT, Metrics.OPS_PER_KJ, true),
      new Comparison.Criterion(MapReduceSession.DFSIO, Metrics.MIB_PER_J, true));

  private CompareNotes() {}

  /** The summary line, then one line per verdict; nothing without ours and a baseline. */
  static List<String> of(List<ReportCell> cells) {
    List<Comparison.Verdict> v = Comparison.judge(cells, CRITERIA, CompareNotes::ours,
        l -> true);
    if (v.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    out.add("Comparison (the replication common to all layouts; ‡ = over budget): "
        + Comparison.summary(v) + ".");
    v.forEach(x -> out.add("compare " + x.line()));
    return out;
  }

  /** The ring layouts, by their label's layout part. */
  static boolean ours(String label) {
    String layout = label.contains("+") ? label.substring(0, label.indexOf('+')) : label;
    return layout.equals(Layout.POWER_BALANCED.flag()) || layout.equals(Layout.ALIGNED.flag())
        || layout.equals(Layout.PHASE_GROUPS.flag());
  }
}
