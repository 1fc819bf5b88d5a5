package org.blinkhdfs.bench;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.blinkhdfs.bench.ReconstructionCostBench.Args;
import org.blinkhdfs.bench.ReconstructionCostBench.Layouts;
import org.blinkhdfs.bench.ReconstructionCostBench.Phase;
import org.blinkhdfs.bench.ReconstructionCostBench.Sample;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Turns {@link ReconstructionCostBench}'s samples into {@code reconstruction-cost.csv} (every
 * sample) and {@code reconstruction-cost.md} (convergence, queue length, NameNode CPU, ratios).
 *
 * <p>Definitions: the queue is what the NameNode still has to do for the blocks: its
 * low-redundancy queue (which holds the badly distributed blocks too), pending reconstructions
 * and excess replicas awaiting deletion.
 * Convergence is the first second after which the queue stays empty to the end of sampling.
 * CPU per minute is the CPU time a NameNode's threads used in a window divided by its length.
 */
final class ReconstructionReport {
  private static final String PB = PlacementSetup.PB_STAGGERED.name();
  private static final String DEFAULT = PlacementSetup.DEFAULT.name();

  private final Args a;
  private final Schedule schedule;
  private final List<Sample> samples;
  private final Phase.End writes;
  private final Layouts atWriteEnd;
  private final Layouts atEnd;
  private final String loadBefore;
  private final String loadAfter;

  ReconstructionReport(Args a, Schedule schedule, List<Sample> samples, Phase.End writes,
      Layouts atWriteEnd, Layouts atEnd, String loadBefore, String loadAfter) {
    this.a = a;
    this.schedule = schedule;
    this.samples = samples;
    this.writes = writes;
    this.atWriteEnd = atWriteEnd;
    this.atEnd = atEnd;
    this.loadBefore = loadBefore;
    this.loadAfter = loadAfter;
  }

  void write() throws IOException {
    StringBuilder csv = new StringBuilder("config,t_s,badly_distributed,low_redundancy_incl_badly,"
        + "pending_reconstruction,excess,postponed_misreplicated,queued,namenode_cpu_s,"
        + "redundancy_monitor_cpu_s,layout_corrections,awake_ring_nodes\n");
    for (Sample s : samples) {
      csv.append(String.format(Locale.ROOT, "%s,%.1f,%d,%d,%d,%d,%d,%d,%.4f,%.4f,%d,%d%n",
          s.config(), s.tS(), s.badlyDistributed(), s.lowRedundancy(),
          s.pendingReconstruction(), s.excess(), s.postponedMisreplicated(), s.queued(),
          s.nameNodeCpuS(), s.monitorCpuS(), s.corrections(), s.awakeRingNodes()));
    }
    ReconstructionCostBench.writeFile(a.out.resolve("reconstruction-cost.csv"), csv);
    String md = markdown();
    ReconstructionCostBench.writeFile(a.out.resolve("reconstruction-cost.md"), md);
    System.out.print(md);
  }

  private String markdown() {
    List<Sample> pb = of(PB);
    List<Sample> def = of(DEFAULT);
    double pbConverged = convergedAtS(pb);
    double queuedUntil = Double.isNaN(pbConverged) ? last(pb).tS() : pbConverged;
    StringBuilder md = new StringBuilder();
    md.append("# Reconstruction-queue cost at low power\n\n");
    md.append(String.format(Locale.ROOT, "- Date: %s. %s. Load average %s before, %s after.%n",
        ReconstructionCostBench.now(), Bench.machine(), loadBefore, loadAfter));
    md.append(String.format(Locale.ROOT, "- Per cluster: %d ring + %d staging DataNodes, "
        + "replication 3, %d one-block files of %d bytes written to both clusters alternately.%n",
        a.dataNodes, a.staging, a.files, a.fileBytes));
    md.append(String.format(Locale.ROOT, "- Schedule (PowerBalanced only): staggered, %s power "
        + "(Mac-mini model), interval %d ms (shortened), %s; started when the DataNodes were up,"
        + " windows advancing in real time. Redundancy monitor and heartbeats every 3 s.%n",
        a.power, a.intervalMs, windows()));
    md.append(String.format(Locale.ROOT, "- Writes took %.1f s. At the end of writing %d of %d "
        + "blocks had stand-ins (%d layout positions missing); at the end of sampling %d of %d "
        + "blocks sat exactly on their layout.%n%n", writes.seconds(), atWriteEnd.withStandIns(),
        a.files, atWriteEnd.missingPositions(), atEnd.onLayout(), a.files));
    md.append("| metric | PowerBalanced | HDFS default | ratio |\n| --- | ---: | ---: | ---: |\n");
    row(md, "convergence after writes (s)", pbConverged, convergedAtS(def), false);
    row(md, "peak queue (blocks)", peak(pb), peak(def), false);
    row(md, "mean queue over the window (blocks)", mean(pb), mean(def), false);
    row(md, "peak badly distributed (BlocksAwaitingLayout)", peakBadly(pb), peakBadly(def), false);
    row(md, "NameNode CPU during writes (s/min)", perMin(writes.cpuS()[0], writes.seconds()),
        perMin(writes.cpuS()[1], writes.seconds()), true);
    row(md, "NameNode CPU, whole window (s/min)", cpuPerMin(pb, 0, last(pb).tS(), false),
        cpuPerMin(def, 0, last(def).tS(), false), true);
    row(md, "NameNode CPU while blocks queued (s/min)", cpuPerMin(pb, 0, queuedUntil, false),
        cpuPerMin(def, 0, queuedUntil, false), true);
    row(md, "RedundancyMonitor CPU, whole window (s/min)", cpuPerMin(pb, 0, last(pb).tS(), true),
        cpuPerMin(def, 0, last(def).tS(), true), true);
    row(md, "RedundancyMonitor CPU while queued (s/min)", cpuPerMin(pb, 0, queuedUntil, true),
        cpuPerMin(def, 0, queuedUntil, true), true);
    md.append(String.format(Locale.ROOT, "%nSampling window: %.0f s after the last write; "
        + "layout corrections scheduled: %d. Queue = the low-redundancy queue (badly "
        + "distributed blocks included) + pending reconstructions + excess replicas, so a "
        + "block being corrected can count twice. Convergence: first second after which the "
        + "queue stays empty (n/a: not within the window).%n", last(pb).tS(),
        last(pb).corrections()));
    return md.toString();
  }

  private String windows() {
    for (NodeSchedule n : schedule.nodes()) {
      if (n.mode() == org.blinkhdfs.model.schedule.NodeMode.BLINK) {
        return String.format(Locale.ROOT, "each ring node awake %d ms per interval", n.activeMs());
      }
    }
    return "no blinking node";
  }

  private static void row(StringBuilder md, String name, double pb, double def, boolean ratio) {
    md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s |%n", name, fmt(pb), fmt(def),
        ratio && def > 0 ? String.format(Locale.ROOT, "%.2f", pb / def) : ""));
  }

  private static String fmt(double x) {
    if (Double.isNaN(x)) {
      return "n/a";
    }
    return x == Math.rint(x) && Math.abs(x) < 1e9 ? String.format(Locale.ROOT, "%.0f", x)
        : String.format(Locale.ROOT, "%.3f", x);
  }

  private List<Sample> of(String config) {
    return samples.stream().filter(s -> s.config().equals(config)).toList();
  }

  private static Sample last(List<Sample> s) {
    return s.get(s.size() - 1);
  }

  /** First second after which the queue stays empty; NaN when it never does. */
  static double convergedAtS(List<Sample> s) {
    if (last(s).queued() > 0) {
      return Double.NaN;
    }
    for (int i = s.size() - 1; i >= 0; i--) {
      if (s.get(i).queued() > 0) {
        return s.get(i + 1).tS();
      }
    }
    return s.get(0).tS();
  }

  private static double peak(List<Sample> s) {
    return s.stream().mapToLong(Sample::queued).max().orElse(0);
  }

  private static double peakBadly(List<Sample> s) {
    return s.stream().mapToLong(Sample::badlyDistributed).max().orElse(0);
  }

  private static double mean(List<Sample> s) {
    return s.stream().mapToLong(Sample::queued).average().orElse(0);
  }

  private static double perMin(double cpuS, double seconds) {
    return seconds <= 0 ? Double.NaN : cpuS * 60 / seconds;
  }

  /** CPU seconds per minute between {@code fromS} and {@code toS} of the window. */
  private static double cpuPerMin(List<Sample> s, double fromS, double toS, boolean monitor) {
    Sample from = s.stream().filter(x -> x.tS() >= fromS).findFirst().orElse(s.get(0));
    Sample to = s.stream().filter(x -> x.tS() <= toS).reduce((x, y) -> y).orElse(last(s));
    double cpu = monitor ? to.monitorCpuS() - from.monitorCpuS()
        : to.nameNodeCpuS() - from.nameNodeCpuS();
    return perMin(cpu, to.tS() - from.tS());
  }
}
