package org.blinkhdfs.demo;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.math.GearPower;
import org.blinkhdfs.bench.math.ReadLoad;
import org.blinkhdfs.bench.report.Metrics;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.workload.ThroughputConfig;
import org.blinkhdfs.workload.ThroughputPhase;
import org.blinkhdfs.workload.ThroughputWorkload;
import org.blinkhdfs.workload.WorkloadClock;
import org.blinkhdfs.workload.WorkloadProgress;

/**
 * {@code bin/blink bench gears} on one Rabbit layout: Le et al.'s TestDFSIO comparison (§3,
 * Fig 3). The data set is written with every ring node on, so it lies in the layout's exact
 * shape; then for each gear n (default 2, 4, 7) the first n chain nodes are ACTIVE and the rest
 * OFF, and the TestDFSIO-style read ({@link ThroughputWorkload}) reads all of it.
 *
 * <p>How a gear is set: the activation policy at the smallest whole power percent that affords
 * exactly n nodes ({@link GearPower}), the path an operator's power signal takes; the cell's
 * power column is that percent, so the plots show throughput versus power as Fig 3 does. No
 * blinking happens (the interval only paces the scheduler).
 *
 * <p>Before each read the session checks from the NameNode's block locations that every block
 * has a replica on the n ACTIVE nodes (a check in the report; without it the read would wait for
 * ever), and computes what the layout allows over those nodes ({@link ReadLoad}): beside the
 * bandwidth model's b·n stand {@code randomChoiceMBps} (HDFS's random choice among ACTIVE
 * replicas, what {@code BlinkNetworkTopology} does) and {@code balancedMBps} (the best read
 * selection). After each gear the OFF nodes are thawed briefly ({@link PowerSteps#leave}).
 *
 * <p>Not thread-safe; runs on the caller's thread.
 */
final class GearsSession extends SessionBase {
  static final String EXPERIMENT = "gears";
  /** bench gears (Le et al. Fig 3). */
  static final Experiment DEFINITION = Experiment.of(List.of(EXPERIMENT),
      c -> Map.of("layouts", DemoOptions.GEARS_LAYOUTS, "nodes", "7",
          "replication", "2", "paraid-replication", "3", "staging", "0", "io-file-mib", "32",
          "paraid-groups", "2,2"),
      o -> "BlinkHDFS bench: gears (equal-work versus PARAID read throughput with " + o.gears()
          + " active nodes, Le et al. Fig 3)", GearsSession::new);

  private final WorkloadProgress workloadProgress;
  private final PowerSteps steps;

  GearsSession(DemoOptions options, LayoutRun run, LocalCluster cluster,
      Consumer<String> progress) {
    super(options, run, cluster, progress);
    this.workloadProgress = WorkloadProgress.lines(l -> progress.accept("  " + l));
    this.steps = new PowerSteps(cluster, PowerModel.macMini(options.nodes()), run.label(), 0,
        progress);
  }

  @Override
  public void run(FileSystem fs) throws IOException, InterruptedException {
    Schedule full = cluster.setPowerPercent(100);
    int r = options.replicationFor(run.layout());
    ThroughputWorkload io = new ThroughputWorkload(ThroughputConfig.builder()
        .dir(new Path("/demo/gears")).threads(options.ioThreads())
        .fileBytes((long) options.ioFileMiB() << 20).replication(r)
        .timeLimit(Duration.ofMinutes(5)).build(), fs, WorkloadClock.system());
    progress.accept(run.label() + ": writing " + options.ioThreads() + " files of "
        + options.ioFileMiB() + " MiB, r=" + r + ", all " + options.nodes() + " nodes on");
    ThroughputPhase w = io.writePhase(workloadProgress);
    tally.add(w);
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < options.ioThreads(); i++) {
      files.add(io.file(i));
    }
    List<List<String>> holders = Expectations.holders(cluster.nameNode().dfs(), files);
    notes.add(run.label() + ": blocks per chain node, n1 first (Le et al. Fig 4): "
        + blocksPerNode(full.ring(), holders) + " of " + holders.size() + " blocks, r=" + r
        + ", written at " + fmt("%.1f", w.aggregateMiBps()) + " MiB/s");
    PowerModel model = PowerModel.macMini(options.nodes());
    for (int n : options.gears()) {
      GearStep g = GearStep.enter(steps, model, n, holders, run.label(), checks, progress);
      if (g.covered()) {
        read(io, g.schedule(), n, g.percent(), r, holders);
      }
      steps.leave(g.schedule());
    }
    notes.addAll(steps.notes());
  }

  private void read(ThroughputWorkload io, Schedule s, int n, int percent, int r,
      List<List<String>> holders) {
    org.blinkhdfs.bench.energy.EnergySnapshot e0 = energy().begin();
    ThroughputPhase read = io.readPhase(workloadProgress);
    Map<String, Double> joules = energy().endBytes(e0, read.totalBytes());
    tally.add(read);
    Map<String, Double> expected = new LinkedHashMap<>();
    expected.put(Metrics.READ_MBPS, Expectations.readMiBps(s, options.bandwidthMBps(),
        cluster.minReadWindowMs(), cluster.spec().blockSizeBytes()));
    expected.putAll(Expectations.layoutLimits(s, options.bandwidthMBps(), holders));
    Map<String, Double> measured = new LinkedHashMap<>();
    measured.put(Metrics.READ_MBPS, read.aggregateMiBps());
    measured.put(LayoutSession.ACTIVE_NODES, (double) n);
    measured.putAll(joules);
    cells.add(new ReportCell(EXPERIMENT, run.label(), r, percent, measured, expected));
    progress.accept(fmt("  gear %d: %.1f MiB/s read by %d threads (expected %.1f = %d MiB/s x"
        + " %d; the layout allows %.1f with random replica choice, %.1f balanced)",
        n, read.aggregateMiBps(), read.threads(), expected.get(Metrics.READ_MBPS),
        options.bandwidthMBps(), n, expected.getOrDefault(Expectations.RANDOM_CHOICE_MBPS, 0.0),
        expected.getOrDefault(Expectations.BALANCED_MBPS, 0.0)));
  }

  private static List<Integer> blocksPerNode(List<String> ring, List<List<String>> holders) {
    List<Integer> out = new ArrayList<>();
    for (String node : ring) {
      out.add((int) holders.stream().filter(h -> h.contains(node)).count());
    }
    return out;
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }




}
