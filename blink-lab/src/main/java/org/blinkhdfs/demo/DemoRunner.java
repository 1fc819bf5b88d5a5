package org.blinkhdfs.demo;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileSystem;
import org.blinkhdfs.bench.math.GearRatios;
import org.blinkhdfs.bench.math.TextRatios;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.Report;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.bench.report.RunInfo;
import org.blinkhdfs.cluster.ClusterSpec;
import org.blinkhdfs.cluster.ControlPlane;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.cluster.YarnSpec;

/**
 * Runs the demo or one bench experiment: for each {@link LayoutRun}, a fresh local cluster
 * ({@link LocalCluster#startFresh}), the session its {@link Experiment} makes ({@link
 * LayoutSession} for the power sweep, {@link GearsSession} for {@code bench gears}, ...), the
 * {@link LayoutChecks}, and a clean shutdown; then one {@link Report} over all layouts, with the
 * gears' ratios ({@link GearRatios}) computed from cells of the same run.
 *
 * <p>Not thread-safe; one run at a time.
 */
final class DemoRunner {
  private final DemoOptions options;
  private final Experiment experiment;
  private final Consumer<String> progress;

  DemoRunner(DemoOptions options, Consumer<String> progress) {
    this.options = options;
    this.experiment = Experiment.of(options.command());
    this.progress = progress;
  }

  Report run(String commandLine) throws IOException, InterruptedException {
    Instant started = Instant.now();
    List<LayoutRun> layouts = options.layouts();
    // Each layout's results by its given index: the clusters may run in a shuffled order
    // (--layout-order), the report keeps the given one (ratios read the first layout first).
    Map<Integer, List<ReportCell>> cellsOf = new java.util.TreeMap<>();
    Map<Integer, List<Check>> checksOf = new java.util.TreeMap<>();
    Map<Integer, List<String>> notesOf = new java.util.TreeMap<>();
    Map<Integer, List<SignalSession.Timeline>> timelines = new java.util.TreeMap<>();
    int done = 0;
    for (int i : options.layoutOrder()) {
      LayoutRun run = layouts.get(i);
      List<ReportCell> cells = cellsOf.computeIfAbsent(i, k -> new ArrayList<>());
      List<Check> checks = checksOf.computeIfAbsent(i, k -> new ArrayList<>());
      List<String> notes = notesOf.computeIfAbsent(i, k -> new ArrayList<>());
      progress.accept("== " + run.label() + " (" + (++done) + " of " + layouts.size() + ")");
      try (LocalCluster cluster = LocalCluster.startFresh(spec(run), progress)) {
        ClusterSession session = experiment.sessions().create(options, run, i, cluster,
            progress);
        try (FileSystem fs = cluster.newClient();
            HealthSampler health = HealthSampler.start(cluster.nameNode())) {
          session.run(fs);
          cluster.setPowerPercent(100);
          Thread.sleep(2 * options.intervalMs());
          health.close();
          checks.addAll(session.checks());
          checks.addAll(LayoutChecks.after(run, cluster, session.tally(), health,
              options.powers().stream().anyMatch(p -> p < 100) || options.signalRun()));
          notes.addAll(LayoutChecks.notes(run, session.tally()));
        }
        cells.addAll(session.cells());
        notes.addAll(session.notes());
        if (session instanceof SignalSession s) {
          timelines.put(i, s.timelines());
        }
        for (java.nio.file.Path f : session.writeFiles(options.outDir())) {
          progress.accept("wrote " + f.toAbsolutePath());
        }
      }
    }
    List<ReportCell> cells = new ArrayList<>();
    List<Check> checks = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    cellsOf.values().forEach(cells::addAll);
    checksOf.values().forEach(checks::addAll);
    notesOf.values().forEach(notes::addAll);
    if (options.runs(GearsSession.EXPERIMENT) || !options.gears().isEmpty()) {
      List<ReportCell> ratios = GearRatios.cells(cells);
      cells.addAll(ratios);
      notes.addAll(GearRatios.summary(ratios));
    }
    if (options.runs(GroupsIoSession.EXPERIMENT)) {
      List<ReportCell> ratios = GroupsIoSession.ratios(cells);
      notes.addAll(GroupsIoSession.notComparable(cells));
      cells.addAll(ratios);
      notes.addAll(GroupsIoSession.summary(ratios));
    }
    if (!timelines.isEmpty()) {
      for (java.nio.file.Path f : SignalTimeline.write(options.outDir(), options.command(),
          timelines.values().stream().flatMap(List::stream).toList())) {
        progress.accept("wrote " + f.toAbsolutePath());
      }
    }
    if (options.runs("latency") && options.runs("throughput")) {
      notes.addAll(CompareNotes.of(cells));
    }
    notes.addAll(AutoGoalNotes.of(cells)); // none without a phase-groups+auto cell
    if (options.runs(MapReduceSession.WORDCOUNT) || options.runs(MapReduceSession.GREP)) {
      List<ReportCell> ratios = TextRatios.cells(cells);
      cells.addAll(ratios);
      notes.addAll(TextRatios.summary(ratios));
      notes.addAll(TextRatios.notComparable(cells));
    }
    return new Report(runInfo(commandLine, started, notes), cells, checks);
  }

  /** The cluster of {@code run}: its layout, policy and keys at the run's sizes. */
  ClusterSpec spec(LayoutRun run) throws IOException {
    String dirName = run.label().replaceAll("[^A-Za-z0-9.-]", "_");
    java.nio.file.Path dir = options.clusterDir().resolve(dirName);
    Map<String, String> nameNodeKeys = new java.util.LinkedHashMap<>(
        run.nameNodeKeys(options.intervalMs()));
    Map<String, String> schedulerKeys = new java.util.LinkedHashMap<>(
        options.runs(MapReduceSession.GREP) ? MapReduceSession.AMUR_SCHWAN_KEYS : Map.of());
    if (options.signalRun()
        && run.schedulePolicy().equals(org.blinkhdfs.model.policy.LoadProportionalPolicy.NAME)) {
      nameNodeKeys.putAll(SignalSession.loadProportionalKeys(options.intervalMs()));
    }
    if (options.runs(RabbitDatasetsSession.EXPERIMENT)) {
      nameNodeKeys.putAll(RabbitDatasetsSession.nameNodeKeys());
    }
    if (run.groups()) {
      // Beside the cluster's directory, which a fresh start empties.
      java.nio.file.Path groupsFile = options.clusterDir().resolve(dirName + "-groups.json");
      if (options.runs(GroupsIoSession.EXPERIMENT)) {
        GroupsIoSession.writeGroups(groupsFile);
        nameNodeKeys.putAll(GroupsIoSession.groupKeys(groupsFile));
        schedulerKeys.putAll(GroupsIoSession.schedulerKeys(groupsFile));
        schedulerKeys.putAll(options.layoutKeys().nameNodeKeys()); // p, as the NameNode's
      } else {
        GroupsSession.writeGroups(options, groupsFile);
        nameNodeKeys.putAll(GroupsSession.nameNodeKeys(options, groupsFile));
      }
    }
    // Phase groups: G = the run's replication on the NameNode (and so the proxy) and the
    // scheduler alike, not the default 3 (ClusterSpec refuses a mismatch).
    Map<String, String> groupKeys = run.layout().groupKeys(options.replicationFor(run.layout()));
    nameNodeKeys.putAll(groupKeys);
    schedulerKeys.putAll(groupKeys);
    boolean covering = run.layout() == org.blinkhdfs.cluster.Layout.COVERING;
    if (covering) {
      // One upgrade domain per replica of the data it writes (DemoOptions checks they agree).
      schedulerKeys.put(org.blinkhdfs.scheduler.SchedulerConfig.COVERING_DOMAINS.name(),
          Integer.toString(options.replicationFor(run.layout())));
    }
    return ClusterSpec.defaults(dir)
        .toBuilder().dataNodes(options.nodes())
        // The stock covering set has no staging node: it would be an upgrade domain of its own.
        .stagingNodes(covering ? 0 : options.staging())
        .intervalMs(options.intervalMs())
        .bandwidthBytesPerSec((long) options.bandwidthMBps() << 20)
        .moveBytesPerSec((long) options.bandwidthMBps() << 20)
        .layout(run.layout(), run.schedulePolicy()).layoutKeys(options.layoutKeys())
        .nameNodeKeys(nameNodeKeys)
        .proxy(run.proxy())
        // bench faults restarts the scheduler, which then plans from its signal again: the
        // signal itself is the bench's power, not an override a restart would drop.
        .powerPercent(options.runs(FaultsSession.EXPERIMENT) ? options.powers().get(0) : 100)
        .controlPlane(options.runs(FaultsSession.EXPERIMENT) ? ControlPlane.PROCESSES
            : ControlPlane.IN_PROCESS)
        .schedulerKeys(schedulerKeys)
        // bench compare --mapreduce on: no YARN on the covering set, whose cells say "not
        // supported" (DemoOptions refuses the covering set in the MapReduce benches).
        .yarn(options.mapReduce() && !covering
            ? YarnSpec.on().withHostCpu(options.hostCpuMillicores())
            .withComputeOnStaging(!options.textJobs() && options.gears().isEmpty()) : YarnSpec.NONE)
        .build();
  }

  private RunInfo runInfo(String commandLine, Instant started, List<String> sessionNotes) {
    return new RunDescription(options, experiment).runInfo(commandLine, started, sessionNotes);
  }
}
