package org.blinkhdfs.demo;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
import org.blinkhdfs.cluster.ClusterTimings;
import org.blinkhdfs.cluster.ControlPlane;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.cluster.YarnSpec;
import org.blinkhdfs.model.power.PowerModel;

/**
 * Runs the demo or one bench experiment: for each {@link LayoutRun}, a fresh local cluster
 * ({@link LocalCluster#startFresh}), its session ({@link LayoutSession} for the power sweep,
 * {@link GearsSession} for {@code bench gears}), the {@link LayoutChecks}, and a clean
 * shutdown; then one {@link Report} over all layouts, with the gears' ratios ({@link
 * GearRatios}) computed from cells of the same run.
 *
 * <p>Not thread-safe; one run at a time.
 */
final class DemoRunner {
  private final DemoOptions options;
  private final Consumer<String> progress;

  DemoRunner(DemoOptions options, Consumer<String> progress) {
    this.options = options;
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
        ClusterSession session = session(run, i, cluster);
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
      cells.addAll(ratios);
      notes.addAll(GroupsIoSession.summary(ratios));
    }
    if (!timelines.isEmpty()) {
      for (java.nio.file.Path f : SignalTimeline.write(options.outDir(), options.command(),
          timelines.values().stream().flatMap(List::stream).toList())) {
        progress.accept("wrote " + f.toAbsolutePath());
      }
    }
    if (options.runs(MapReduceSession.WORDCOUNT) || options.runs(MapReduceSession.GREP)) {
      List<ReportCell> ratios = TextRatios.cells(cells);
      cells.addAll(ratios);
      notes.addAll(TextRatios.summary(ratios));
    }
    return new Report(runInfo(commandLine, started, notes), cells, checks);
  }

  private ClusterSession session(LayoutRun run, int index, LocalCluster cluster) {
    if (options.runs(GearsSession.EXPERIMENT)) {
      return new GearsSession(options, run, cluster, progress);
    }
    if (options.runs(RelaySession.EXPERIMENT)) {
      return new RelaySession(options, run, cluster, progress);
    }
    if (options.runs(FaultsSession.EXPERIMENT)) {
      return new FaultsSession(options, run, cluster, progress);
    }
    if (options.runs(SoakSession.EXPERIMENT)) {
      return new SoakSession(options, run, cluster, progress);
    }
    if (options.runs(GroupsSession.EXPERIMENT)) {
      return new GroupsSession(options, run, cluster, progress);
    }
    if (options.runs(GroupsIoSession.EXPERIMENT)) {
      return new GroupsIoSession(options, run, cluster, progress);
    }
    if (options.runs(RabbitDatasetsSession.EXPERIMENT)) {
      return new RabbitDatasetsSession(options, run, cluster, progress);
    }
    if (options.signalRun()) {
      return new SignalSession(options, run, cluster, progress);
    }
    if (mapReduce()) {
      return new MapReduceSession(options, run, cluster, progress);
    }
    return new LayoutSession(options, run, index, cluster, progress);
  }

  private ClusterSpec spec(LayoutRun run) throws IOException {
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
    return ClusterSpec.defaults(dir)
        .toBuilder().dataNodes(options.nodes()).stagingNodes(options.staging())
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
        .yarn(mapReduce() ? YarnSpec.on().withHostCpu(options.hostCpuMillicores())
            .withComputeOnStaging(!textJobs() && options.gears().isEmpty()) : YarnSpec.NONE)
        .build();
  }

  /** bench wordcount or grep: compute follows power, so staging hosts are storage-only. */
  private boolean textJobs() {
    return options.runs(MapReduceSession.WORDCOUNT) || options.runs(MapReduceSession.GREP);
  }

  /** bench faults and soak: {@link org.blinkhdfs.workload.ContinuousIo}'s workload. */
  private boolean continuousIo() {
    return options.runs(FaultsSession.EXPERIMENT) || options.runs(SoakSession.EXPERIMENT);
  }

  /** Whether the experiment runs MapReduce jobs (and so needs YARN on the hosts). */
  private boolean mapReduce() {
    return options.runs(MapReduceSession.DFSIO) || options.runs(MapReduceSession.TERASORT)
        || options.runs(MapReduceSession.WORDCOUNT) || options.runs(MapReduceSession.GREP);
  }

  private RunInfo runInfo(String commandLine, Instant started, List<String> sessionNotes) {
    ClusterTimings t = ClusterTimings.forInterval(options.intervalMs());
    PowerModel model = PowerModel.macMini(options.nodes());
    boolean gears = options.runs(GearsSession.EXPERIMENT);
    RunInfo.Builder b = RunInfo.builder(options.command().equals("demo")
            ? "BlinkHDFS demo: latency and throughput versus power"
            : gears ? "BlinkHDFS bench: gears (equal-work versus PARAID read throughput with "
                + options.gears() + " active nodes, Le et al. Fig 3)"
            : options.runs(RelaySession.EXPERIMENT) ? "BlinkHDFS bench: relay (WebHDFS read"
                + " relay versus direct WebHDFS and native reads at 100% power; stock clients"
                + " with and without the relay at lower power)"
            : options.runs(MapReduceSession.DFSIO) ? "BlinkHDFS bench: dfsio (Hadoop's TestDFSIO"
                + " write and read as MapReduce jobs on YARN while the hosts blink)"
            : options.runs(MapReduceSession.TERASORT) ? "BlinkHDFS bench: terasort (TeraGen,"
                + " TeraSort and TeraValidate on YARN while the hosts blink)"
            : options.runs(MapReduceSession.WORDCOUNT) ? "BlinkHDFS bench: wordcount (BlinkFS"
                + " Fig 11: WordCount completion time per layout and power level, outputs"
                + " verified against a direct count)"
            : options.runs(MapReduceSession.GREP) ? "BlinkHDFS bench: grep (Amur & Schwan"
                + " Table 2: Grep throughput per watt with k max-perf hosts, the rest io-server)"
            : options.runs(FaultsSession.EXPERIMENT) ? "BlinkHDFS bench: faults (kill -9 of the"
                + " scheduler, of each kind of agent, of the NameNode and of the write proxy at a"
                + " random moment under a write and read workload, then a restart)"
            : options.runs(GroupsIoSession.EXPERIMENT) ? "BlinkHDFS bench: groups-io (Rabbit"
                + " Tables 2-3: fair isolation and priority speed-ups with application groups as"
                + " equal work's datasets, against equal work without groups)"
            : options.runs(RabbitDatasetsSession.EXPERIMENT) ? "BlinkHDFS bench: rabbit-datasets"
                + " (Rabbit Fig 8: degree of power-proportionality of live datasets on the"
                + " cluster against the simulator's model)"
            : options.runs(SignalSession.KV) ? "BlinkHDFS bench: kv-signal (BlinkFS Fig 12(b):"
                + " Zipf key-value gets while the power follows the solar and wind trace)"
            : options.runs(SignalSession.OSCILLATION) ? "BlinkHDFS bench: oscillation (BlinkFS"
                + " Fig 10: random 64 KB reads while the power oscillates, the ring against the"
                + " migration-based baseline, per data set size)"
            : options.runs(SignalSession.SEARCH) ? "BlinkHDFS bench: search (BlinkFS Fig 13:"
                + " random 64 KB reads served per minute while the power follows a budget over a"
                + " price trace)"
            : options.runs(SoakSession.EXPERIMENT) ? "BlinkHDFS bench: soak (a write and read"
                + " workload without pause at low power, NameNode heap and staging backlog"
                + " sampled)"
            : "BlinkHDFS bench: " + options.command())
        .commandLine(commandLine).startedAt(started).finishedAt(Instant.now())
        .setting("cluster", options.nodes() + " ring DataNodes + " + options.staging()
            + " staging DataNode, each its own JVM on loopback; NameNode JVM" + (mapReduce()
                ? "; YARN: a ResourceManager JVM and a NodeManager JVM per DataNode ("
                + YarnSpec.on().nodeMemoryMb() + " MB, " + YarnSpec.on()
                    .withHostCpu(options.hostCpuMillicores()).offeredVcores()
                + " vcores; " + YarnSpec.on().containerMemoryMb() + " MB containers"
                + (options.hostCpuMillicores() > 0 ? "; a vcore per "
                    + YarnSpec.CONTAINER_MILLICORES + " millicores of a host's cap, at least one,"
                    + " and the scheduler counts vcores" : "") + ")"
                + (textJobs() ? "; staging hosts are storage-only (no NodeManager)" : "")
                : ""))
        .setting("blink interval", fmt("%.1f s (shortened from the 60 s production interval)%s",
            options.intervalMs() / 1000.0, gears ? "; gears never blink: the interval only"
                + " paces the scheduler's epochs" : ""))
        .setting("blinking", options.runs(FaultsSession.EXPERIMENT) ? "agents in JVMs of their"
            + " own, by kind in turn: emulate by signals (SIGSTOP/SIGCONT of the DataNode JVM),"
            + " emulate by the DataNode's freezer cgroup, dry-run (freezes nothing)"
            : mapReduce() ? "emulate agents freeze each host (DataNode,"
            + " NodeManager and its containers: one freezer cgroup, or their process tree by"
            + " signals) outside its window and thaw it inside"
            : "emulate agents freeze each DataNode JVM (SIGSTOP) outside its window and thaw it"
            + " (SIGCONT) inside")
        .setting("bandwidth", options.bandwidthMBps() + " MiB/s read and write per DataNode")
        .setting("power model", options.runs(MapReduceSession.GREP) ? fmt("Amur & Schwan:"
            + " %.0f W max-perf, %.0f W io-server (Asterix-I; %.0f W with the idle server as"
            + " io-server, column Default), no overhead", MapReduceSession.MAX_PERF_WATTS,
            MapReduceSession.ASTERIX_IO_SERVER_WATTS, MapReduceSession.OBELIX_IO_SERVER_WATTS)
            : fmt("BlinkFS Mac mini: %.0f W awake, %.0f W asleep per node,"
            + " %.0f W always-on overhead (switch, NameNode, staging)", model.activeWatts(),
            model.sleepWatts(), model.overheadWatts()))
        .setting("host CPU", options.hostCpuMillicores() > 0 ? fmt("every host (DataNode,"
            + " NodeManager, containers) capped at %d millicores (CPU cgroup quota)",
            options.hostCpuMillicores()) : "not capped: hosts share the machine's cores")
        .setting(gears ? "power levels (demo only)" : "power levels",
            gears ? "not used: see gears" : options.signalRun() ? signals(model)
                : powerLevels(model))
        .setting("layouts", String.join(", ", options.layouts().stream()
            .map(l -> l.label() + " (" + shortName(l.layout().policyClass()) + ", reads by "
                + shortName(l.layout().topologyClass()) + ")").toList()))
        .setting("layout keys", rabbitKeys())
        .setting("timeouts", fmt("DataNode heartbeat %d ms, stale after %d ms, dead after %d s,"
            + " socket timeouts %d ms", t.dataNodeHeartbeatMs(), t.staleMs(), t.deadMs() / 1000,
            t.socketTimeoutMs()))
        .setting("latency", options.runs(SignalSession.KV) ? fmt("Zipf(1.2) gets of %d"
            + " objects packed in %d files, one blocking client, exponential pauses of mean %d ms"
            + " (Poisson arrivals), for %.0f s", options.kvKeys(),
            Math.min(options.kvPacks(), options.kvKeys()), SignalSession.KV_THINK.toMillis(),
            options.cellTimeMs() / 1000.0)
            : options.signalRun() ? fmt("uniform random %d KiB reads of a %s MiB data set in"
            + " files of %d MiB, %d blocking clients without pause, for %.0f s per case",
            options.requestKiB(), options.signalCases().stream().map(c -> c.dataMiB())
                .distinct().map(String::valueOf).collect(java.util.stream.Collectors.joining(
                    " or ")), options.latencyFileMiB(), options.clients(),
            options.cellTimeMs() / 1000.0)
            : gears || mapReduce() || continuousIo() ? "not measured"
            : fmt("%d KiB requests, %d files of %d MiB"
            + " per replication factor,"
            + " at most %d reads and %.0f s per cell", options.requestKiB(),
            options.latencyFiles(), options.latencyFileMiB(), options.readOps(),
            options.cellTimeMs() / 1000.0))
        .setting("throughput", options.signalRun() ? "not measured"
            : continuousIo() ? "one writer creating 256 KiB files (replication "
            + options.replication() + ") and one reader reading a random acknowledged file and"
            + " checking every byte, each pausing 100 ms between operations"
            : fmt(options.runs(MapReduceSession.WORDCOUNT)
            || options.runs(MapReduceSession.GREP) ? "generated text (Zipf words, vocabulary"
            + " 50,000): %d files of %d MiB, replication %d%s; " + options.rounds()
            + " jobs per level" : mapReduce()
            ? "MapReduce jobs: %d maps (TestDFSIO files, TeraGen maps) of %d MB each,"
            + " replication %d%s" : "%d threads, one %d MiB file each, replication %d%s",
            options.ioThreads(), options.ioFileMiB(), options.replication(),
            options.paraidReplication() == options.replication() ? ""
                : " (PARAID " + options.paraidReplication() + ")"))
        .setting("write proxy", proxyLayouts().isEmpty() ? "not run (no power-balanced layout)"
            : "bin/blink proxy in a JVM of its own on the clusters of "
            + String.join(" and ", proxyLayouts())
            + " (weak consistency: copies in the targets' natural windows; scan"
            + " every 1 s; moves capped at the per-DataNode bandwidth), the NameNode's own"
            + " layout correction running too")
        .setting("seed", Long.toString(options.seed()))
        .setting("run order", options.signalRun() ? "layouts " + options
            .layoutOrder().stream().map(i -> options.layouts().get(i).label())
            .collect(java.util.stream.Collectors.joining(", "))
            : "power levels " + options.powers().stream().map(p -> p + "%")
            .collect(java.util.stream.Collectors.joining(", ")) + "; layouts " + options
            .layoutOrder().stream().map(i -> options.layouts().get(i).label())
            .collect(java.util.stream.Collectors.joining(", ")));
    if (options.runs(RelaySession.EXPERIMENT)) {
      // The relay's cells compare client paths; the demo's notes on expectations, activation
      // layouts and drain cells do not apply. Its own notes follow.
      sessionNotes.forEach(b::note);
      return b.note("relay-overhead's expected readMBps is the I/O ceiling min(threads, ring"
          + " nodes) x the per-DataNode cap; relay-stock has no expectation.").build();
    }
    if (options.signalRun()) {
      b.note("The power follows the signal step by step through the scheduler's admin power"
          + " setting (levels from the same pure signal classes as blink.scheduler.signal);"
          + " each cell pools the steps replayed at one level: okOps and failedOps started in"
          + " those steps, opsPerMinute over their time, meanMs and p90Ms of the completed ones."
          + " minimumGearKeptSteps: steps in which equal work's primaries were kept ACTIVE above"
          + " the budget (BlinkFS's Rabbit has no replica awake there). signal-timeline.csv and"
          + " signal-*.svg have every step.");
      if (options.layouts().stream().anyMatch(LayoutRun::migration)) {
        b.note("+migration is BlinkFS's migration-based baseline: the activation policy's k"
            + " nodes on, and before k falls the replicas of the nodes going OFF are moved onto"
            + " those kept on (after k rises, onto the new ones once they serve) with the write"
            + " proxy's mover (replaceBlock with the moved-from replica as delete hint); while it"
            + " moves, reads wait at its gate, the wait counted in their latency. migratedMiB,"
            + " migrations and notServingSeconds count what it did.");
      }
      if (options.layouts().stream().anyMatch(l -> l.schedulePolicy()
          .equals(org.blinkhdfs.model.policy.LoadProportionalPolicy.NAME))) {
        b.note("Load-proportional windows are sized by each node's read load as the NameNode"
            + " counts it (blink.popularity.nodes.publish, one update per blink interval).");
      }
      sessionNotes.forEach(b::note);
      return b.build();
    }
    if (options.runs(FaultsSession.EXPERIMENT) || options.runs(SoakSession.EXPERIMENT)) {
      sessionNotes.forEach(b::note);
      if (options.runs(FaultsSession.EXPERIMENT)) {
        b.note("The scheduler and every agent run in JVMs of their own (bin/blink scheduler,"
            + " bin/blink agent); the ring's agents take turns by kind: emulate by signals,"
            + " emulate by a freezer cgroup (where one is writable, else by signals) and dry-run"
            + " (freezes nothing). Each case kills one daemon with SIGKILL at a random moment of"
            + " an interval, leaves it dead for half to one interval and starts it again with"
            + " the same command line. verifyMs is from the restart to the end of a pass that"
            + " reads back every acknowledged file; its expected value is the check's limit.");
      }
      return b.build();
    }
    b.note("Expected values come from blink-bench: the read wait of the benchmark's blocking"
            + " client (exponential think time, one read at a time) under the schedule in force"
            + " and the replica sets the NameNode reports, windows shortened by the client's "
            + org.blinkhdfs.cluster.LocalCluster.MIN_READ_WINDOW_MS + " ms minimum read window ("
            + org.blinkhdfs.model.config.CoreConfig.READ_MIN_WINDOW_MS.name()
            + "); throughput = per-node"
            + " bandwidth x mean awake ring"
            + " nodes, counting only the part of each window in which a reader can start and"
            + " finish a block (the window less the minimum read window, plus one block's"
            + " transfer time).")
        .note("Reads go through BlinkDistributedFileSystem and the NameNode's"
            + " BlinkNetworkTopology (awake replicas first, longest window first) for every"
            + " layout; equal work's EqualWorkNetworkTopology is a BlinkNetworkTopology that"
            + " also orders tied awake replicas by Rabbit's hit-ratio balancer.")
        .note("Activation (equal-work, PARAID) never blinks: the first k chain nodes are ACTIVE"
            + " and the rest OFF, k = floor((P - N x " + fmt("%.0f", model.sleepWatts())
            + " W)/" + fmt("%.0f", model.activeWatts() - model.sleepWatts())
            + " W); expected read throughput is"
            + " bandwidth x k and reads wait for no window. randomChoiceMBps and balancedMBps"
            + " are what the layout's block placement allows over the k nodes with HDFS's random"
            + " replica choice and with the best read selection. OFF nodes are frozen for the"
            + " level, waking once per interval to look for a new schedule (the agents' OFF"
            + " check-in), and the NameNode holds them in HDFS maintenance, so no re-replication"
            + " starts; after each level with OFF nodes the power goes back to 100% until every"
            + " DataNode heartbeats, so every level starts from all nodes on.");
    if (gears) {
      b.setting("gears", gearPowers(model));
      b.note("Gears are set by the activation policy at the power that affords exactly n"
          + " nodes; the power column of every gears table is that level. PARAID's gears with"
          + " its groups " + options.layoutKeys().paraidGroups() + " on " + options.nodes()
          + " nodes are " + options.layoutKeys().gears(org.blinkhdfs.cluster.Layout.PARAID,
              options.nodes(), options.paraidReplication()) + "; equal work's are "
          + options.layoutKeys().gears(org.blinkhdfs.cluster.Layout.EQUAL_WORK, options.nodes(),
              options.replication()) + ".");
    }
    if (!proxyLayouts().isEmpty()) {
      b.note("drain (the write proxy, per power level): stagedReplicas written onto the staging"
          + " node or another stand-in during the level, movesFinished copied into the layout by"
          + " the proxy, alreadyInPlace found there already (the NameNode's correction was"
          + " first), backlogBlocks still waiting at the level's end, and meanMs, the mean time"
          + " from a block's write to its last staged replica arriving in the layout, over the"
          + " blocks the proxy completed in the level.");
    }
    sessionNotes.forEach(b::note);
    return b.build();
  }

  private List<String> proxyLayouts() {
    return options.layouts().stream().filter(l -> l.proxy().configured()).map(LayoutRun::label)
        .toList();
  }

  private String rabbitKeys() {
    org.blinkhdfs.cluster.LayoutKeys k = options.layoutKeys();
    return fmt("equal work p = %d (blink.equalwork.primaries), PARAID groups %s"
        + " (blink.paraid.groups; the rest of the ring is the last group)",
        k.equalWorkPrimaries(), k.paraidGroups());
  }

  private String gearPowers(PowerModel model) {
    List<String> out = new ArrayList<>();
    for (int n : options.gears()) {
      out.add(fmt("%d nodes = %d%% (%.0f W)", n,
          org.blinkhdfs.bench.math.GearPower.percentFor(model, n),
          org.blinkhdfs.bench.math.GearPower.gearWatts(model, n)));
    }
    return String.join("; ", out);
  }

  private static String shortName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }

  /** The signal of each case, step by step. */
  private String signals(PowerModel model) {
    List<String> out = new ArrayList<>();
    for (SignalCase c : options.signalCases()) {
      long runMs = options.cellTimeMs() / c.signal().steps() * c.signal().steps();
      out.add((options.signalCases().size() > 1 ? c.name() + ": " : "")
          + c.signal().describe(model, runMs));
    }
    return "the signal, step by step: " + String.join("; ", out);
  }

  private String powerLevels(PowerModel model) {
    List<String> out = new ArrayList<>();
    for (int p : options.powers()) {
      double nodeWatts = model.totalWatts() * p / 100.0;
      out.add(fmt("%d%% = %.0f W to DataNodes + %.0f W overhead", p, nodeWatts,
          model.overheadWatts()));
    }
    return String.join("; ", out);
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }
}
