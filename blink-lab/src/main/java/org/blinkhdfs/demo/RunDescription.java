package org.blinkhdfs.demo;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.blinkhdfs.bench.report.RunInfo;
import org.blinkhdfs.cluster.ClusterTimings;
import org.blinkhdfs.cluster.YarnSpec;
import org.blinkhdfs.model.power.PowerModel;

/**
 * The run description at the head of every report ({@link RunInfo}): the title the {@link
 * Experiment} gives, one setting per aspect of the run (cluster, interval, blinking, power model,
 * levels, layouts, timeouts, latency and throughput loads, proxy, seed, order) and the notes that
 * explain the cells. Every report states its interval, transitions and sizes here.
 *
 * <p>Why its own class: each setting is one small method over the options, where the runner had
 * one 180-line expression.
 */
final class RunDescription {
  private final DemoOptions options;
  private final Experiment experiment;

  RunDescription(DemoOptions options, Experiment experiment) {
    this.options = options;
    this.experiment = experiment;
  }

  RunInfo runInfo(String commandLine, Instant started, List<String> sessionNotes) {
    ClusterTimings t = ClusterTimings.forInterval(options.intervalMs());
    PowerModel model = PowerModel.macMini(options.nodes());
    RunInfo.Builder b = RunInfo.builder(experiment.title().apply(options))
        .commandLine(commandLine).startedAt(started).finishedAt(Instant.now())
        .setting("cluster", cluster())
        .setting("blink interval", blinkInterval())
        .setting("blinking", blinking())
        .setting("bandwidth", options.bandwidthMBps() + " MiB/s read and write per DataNode")
        .setting("power model", powerModel(model))
        .setting("transitions", transitions())
        .setting("energy", energy())
        .setting("data against bandwidth", dataAgainstBandwidth())
        .setting("host CPU", hostCpu())
        .setting(gears() ? "power levels (demo only)" : "power levels", levels(model))
        .setting("layouts", layouts())
        .setting("layout keys", rabbitKeys())
        .setting("timeouts", timeouts(t))
        .setting("latency", latency())
        .setting("throughput", throughput())
        .setting("write proxy", writeProxy())
        .setting("seed", Long.toString(options.seed()))
        .setting("run order", runOrder());
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
            + " BlinkNetworkTopology (awake replicas first, "
            + (options.layoutKeys().readOrder() == org.blinkhdfs.model.schedule.ReadOrderMode
                .BALANCED ? "blink.read.order = balanced: each block to one of the replicas"
                + " with room for the read, split by block" : "longest window first")
            + ") for every"
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
    if (gears()) {
      b.setting("gears", gearPowers(model));
      b.note("Gears are set by the activation policy at the power that affords exactly n"
          + " nodes; the power column of every gears table is that level. PARAID's gears with"
          + " its groups " + options.layoutKeys().paraidGroups() + " on " + options.nodes()
          + " nodes are " + options.layoutKeys().gears(org.blinkhdfs.cluster.Layout.PARAID,
              options.nodes(), options.paraidReplication()) + "; equal work's are "
          + options.layoutKeys().gears(org.blinkhdfs.cluster.Layout.EQUAL_WORK, options.nodes(),
              options.replication()) + ".");
    }
    if (options.command().equals(LayoutSession.COMPARE)) {
      b.note("Rounds: each latency cell reads in " + options.rounds() + " rounds of --read-ops"
          + " / " + options.rounds() + " over --cell-time / " + options.rounds() + ", each"
          + " throughput cell in " + options.rounds() + " read phases; a cell's value is over all"
          + " its rounds (quantiles over every read, work per joule over all its energy) and"
          + " <metric>Ci95 the half width of the 95% Student-t interval of the rounds' values,"
          + " shown as ± in the tables and the verdicts; a verdict whose two intervals overlap"
          + " says so.");
      if (options.layouts().stream().anyMatch(LayoutRun::migration)) {
        b.note(CompareMigration.note());
      }
      b.setting("trace", options.compareTrace().runs()
          ? options.compareTrace().describe(PowerModel.macMini(options.nodes()))
          : "not run (--trace-span 0)");
      if (options.compareTrace().runs()) {
        b.note(traceNote());
      }
      if (options.compareMapReduce()) {
        b.note("dfsio (--mapreduce on, one cell per layout and level): Hadoop's TestDFSIO wrote "
            + options.ioThreads() + " files of " + options.ioFileMiB() + " MB at 100% (part of"
            + " the stored set), and at each level one -read job reads them on YARN while the"
            + " hosts blink: readMBps over the job's wall-clock time, its energy and mibPerJ;"
            + " one job per level, so no round interval. The stock covering set runs no YARN"
            + " (no staging host for the job's master) and its cells say not supported.");
      }
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

  /** bench compare: what the trace cells measure and how they are judged. */
  static String traceNote() {
    return "trace (one cell per layout, at the mean of the trace's levels): after the fixed"
        + " levels the first step's level is set, then the same latency reads as the fixed"
        + " levels (--read-ops per --cell-time) run over the trace day in --rounds rounds while"
        + " the power follows the steps; the rounds are consecutive parts of the day, so their"
        + " interval holds the trace's own variation too. budgetW is the trace's mean budget"
        + " over the cell (schedulerBudgetW the budget the scheduler was given: the migration"
        + " baseline lowers its power only after moving its data), energyJ the DataNodes' own"
        + " over the cell, opsPerKJ reads per kJ. A layout still busy when a step ended goes on"
        + " to the step in force (" + LayoutSession.TRACE_SKIPPED + "; " + LayoutSession.TRACE_LATE
        + ": set after its step ended); the migration baseline's migrations, migratedMiB and"
        + " notServingSeconds are the cell's.";
  }

  /** bench gears (the gears are set by power, not blinking). */
  private boolean gears() {
    return options.runs(GearsSession.EXPERIMENT);
  }

  /** The daemons, and YARN's when jobs run. */
  private String cluster() {
    return options.nodes() + " ring DataNodes + " + options.staging()
        + " staging DataNode, each its own JVM on loopback; NameNode JVM" + (options.mapReduce()
        ? "; YARN: a ResourceManager JVM and a NodeManager JVM per DataNode ("
        + YarnSpec.on().nodeMemoryMb() + " MB, " + YarnSpec.on()
        .withHostCpu(options.hostCpuMillicores()).offeredVcores()
        + " vcores; " + YarnSpec.on().containerMemoryMb() + " MB containers"
        + (options.hostCpuMillicores() > 0 ? "; a vcore per "
        + YarnSpec.CONTAINER_MILLICORES + " millicores of a host's cap, at least one,"
        + " and the scheduler counts vcores" : "") + ")"
        + (options.textJobs() ? "; staging hosts are storage-only (no NodeManager)" : "")
        : "");
  }

  /** The interval, and that it is shortened. */
  private String blinkInterval() {
    return fmt("%.1f s (shortened from the 60 s production interval)%s",
        options.intervalMs() / 1000.0, gears() ? "; gears never blink: the interval only"
        + " paces the scheduler's epochs" : "");
  }

  /** How the agents blink the hosts. */
  private String blinking() {
    return options.runs(FaultsSession.EXPERIMENT) ? "agents in JVMs of their"
        + " own, by kind in turn: emulate by signals (SIGSTOP/SIGCONT of the DataNode JVM),"
        + " emulate by the DataNode's freezer cgroup, dry-run (freezes nothing)"
        : options.mapReduce() ? "emulate agents freeze each host (DataNode,"
        + " NodeManager and its containers: one freezer cgroup, or their process tree by"
        + " signals) outside its window and thaw it inside"
        : "emulate agents freeze each DataNode JVM (SIGSTOP) outside its window and thaw it"
        + " (SIGCONT) inside";
  }

  /** Watts per node state. */
  private String powerModel(PowerModel model) {
    return options.runs(MapReduceSession.GREP) ? fmt("Amur & Schwan:"
        + " %.0f W max-perf, %.0f W io-server (Asterix-I; %.0f W with the idle server as"
        + " io-server, column Default), no overhead", MapReduceSession.MAX_PERF_WATTS,
        MapReduceSession.ASTERIX_IO_SERVER_WATTS, MapReduceSession.OBELIX_IO_SERVER_WATTS)
        : fmt("BlinkFS Mac mini: %.0f W awake, %.0f W asleep per node,"
        + " %.0f W always-on overhead (switch, NameNode, staging)", model.activeWatts(),
        model.sleepWatts(), model.overheadWatts());
  }

  /**
   * The sleep transitions every emulated sleep draws and the scheduler plans with (the defaults
   * of blink.power.transition.*, which the local cluster does not override): real-kernel and
   * scaled times both, as every report states them.
   */
  private String transitions() {
    org.blinkhdfs.model.config.CoreConfig core = new org.blinkhdfs.model.config.CoreConfig(
        java.util.Map.of(org.blinkhdfs.model.config.CoreConfig.INTERVAL_MS.name(),
            Long.toString(options.intervalMs()))::get);
    return fmt("drawn per emulated sleep: %s; the scheduler takes %d ms of transitions out of"
        + " each blinking window", core.transitions().model().describe(options.intervalMs()),
        core.powerModel(options.nodes()).transitionMs());
  }

  /**
   * Where each cell's energy comes from and what "over budget" means, so no table's number is
   * read without its budget.
   */
  private String energy() {
    return fmt("measured: the agents count each DataNode's awake, asleep and in-transition time,"
        + " the scheduler prices it with the power model (GET /v1/energy); a cell's mean power"
        + " is that of the whole blink intervals the scheduler judged at its power level, those"
        + " during the cell and at least the last %d (fewer only when the level is that young),"
        + " since the draw swings within each interval, and its energyJ is that mean power times"
        + " its own duration; energyJ and meanPowerW are the ring"
        + " DataNodes' (overheadJ, the always-on equipment, apart), budgetW is P%% of all"
        + " DataNodes' active"
        + " power, overBudgetS the completed intervals drawing over their budget by more than"
        + " 1%%; a cell whose mean power is more than %.0f%% above its budget is marked ‡ over"
        + " budget and is not comparable with cells that met it; work per joule is over the"
        + " DataNodes' energy (mibPerJ, opsPerKJ)",
        EnergyProbe.JUDGED_INTERVALS,
        100 * org.blinkhdfs.bench.energy.CellEnergy.DEFAULT_TOLERANCE);
  }

  /**
   * How long the throughput data takes to move against the blink interval: what decides
   * whether a migration-based layout pays for its moves (BlinkFS Fig 10 used 10 and 20 GB data
   * sets; on its 1 Gb/s switch, about 125 MB/s per node, one node moves them in 80 to 160 s,
   * 0.27 to 0.53 of its 5-minute power step). Example: 8 × 48 MiB at 10 MiB/s is 38.4 s through
   * one DataNode, 6.4 intervals of 6 s.
   */
  private String dataAgainstBandwidth() {
    if (options.command().equals(LayoutSession.COMPARE)) {
      return compareRatio(options);
    }
    long mib = (long) options.ioThreads() * options.ioFileMiB();
    double seconds = mib / (double) options.bandwidthMBps();
    return fmt("the throughput data set is %d MiB (%d MiB stored at r = %d); one DataNode at"
        + " %d MiB/s moves it in %.1f s = %.1f blink intervals (BlinkFS Fig 10: 10-20 GB through"
        + " one 1 Gb/s node in 80-160 s, 0.27-0.53 of its 5-minute power step)", mib,
        mib * options.replication(), options.replication(), options.bandwidthMBps(), seconds,
        seconds * 1000 / options.intervalMs());
  }

  /**
   * bench compare: the stored data set against the per-node bandwidth and the power step, as
   * rho ({@link org.blinkhdfs.bench.math.MigrationRatio}) at each level below 100%, and BlinkFS's
   * ratio beside it. Example (defaults): 640 MiB, 10 MiB/s, 30 s steps: rho 1.49 at 20%.
   */
  static String compareRatio(DemoOptions options) {
    org.blinkhdfs.bench.math.MigrationRatio m = LayoutSession.ratio(options);
    PowerModel model = PowerModel.macMini(options.nodes());
    List<String> levels = new ArrayList<>();
    double worst = 0;
    for (int p : options.powers()) {
      if (p < 100) {
        int k = org.blinkhdfs.bench.math.GearPower.activeNodes(model, p);
        worst = Math.max(worst, m.rho(k));
        levels.add(fmt("%d%%: %d ring nodes kept on, %.0f MiB moved in %.1f s, rho %.2f", p, k,
            m.movedMiB(k), m.moveSeconds(k), m.rho(k)));
      }
    }
    return fmt("the stored data set is %.0f MiB (%d MiB read by the cells, the rest read by"
        + " none; %.0f MiB stored at r = %d); the power step is %.0f s (each level's latency"
        + " cell runs for it from the power change; the %.1f s blink interval is shortened from"
        + " BlinkFS's 60 s and the transitions with it); rho = the migration baseline's move"
        + " time at %d MiB/s per node (dfs.datanode.data.read/write.bandwidthPerSec and"
        + " dfs.datanode.balance.bandwidthPerSec) over the step: %s; largest rho %.2f (%s 1:"
        + " moving the data %s a power step). The whole set through one node takes %.1f"
        + " steps (BlinkFS Fig 10: 10-20 GB through one 1 Gb/s node in 80-160 s, %.2f-%.2f of"
        + " its 5-minute step)", m.dataMiB(), options.readDataMiB(),
        m.dataMiB() * options.replication(), options.replication(),
        options.powerStepMs() / 1000.0, options.intervalMs() / 1000.0,
        options.bandwidthMBps(), levels.isEmpty() ? "no level below 100%"
        : String.join("; ", levels), worst, worst > 1 ? "above" : "not above",
        worst > 1 ? "outlasts" : "fits in", m.wholeSetRatio(),
        org.blinkhdfs.bench.math.MigrationRatio.BLINKFS_LOW,
        org.blinkhdfs.bench.math.MigrationRatio.BLINKFS_HIGH);
  }

  /** The hosts' CPU cap. */
  private String hostCpu() {
    return options.hostCpuMillicores() > 0 ? fmt("every host (DataNode,"
        + " NodeManager, containers) capped at %d millicores (CPU cgroup quota)",
        options.hostCpuMillicores()) : "not capped: hosts share the machine's cores";
  }

  /** The power levels or the replayed signal. */
  private String levels(PowerModel model) {
    return gears() ? "not used: see gears" : options.signalRun() ? signals(model)
        : powerLevels(model);
  }

  /** Each layout with its policy and read order. */
  private String layouts() {
    return String.join(", ", options.layouts().stream()
        .map(l -> l.label() + " (" + (l.layout().isStock() ? l.layout().description() + ": "
        : "") + shortName(l.layout().policyClass()) + ", reads by "
        + shortName(l.layout().topologyClass()) + (l.layout().isStock()
        ? ", no BlinkHDFS NameNode code, no staging node" : "") + ")").toList());
  }

  /** The HDFS timeouts of the cluster. */
  private String timeouts(ClusterTimings t) {
    return fmt("DataNode heartbeat %d ms, stale after %d ms, dead after %d s,"
        + " socket timeouts %d ms", t.dataNodeHeartbeatMs(), t.staleMs(), t.deadMs() / 1000,
        t.socketTimeoutMs());
  }

  /** What the latency cells read. */
  private String latency() {
    return options.runs(SignalSession.KV) ? fmt("Zipf(1.2) gets of %d"
        + " objects packed in %d files, one blocking client, exponential pauses of mean %d ms"
        + " (Poisson arrivals), for %.0f s%s", options.kvKeys(),
        Math.min(options.kvPacks(), options.kvKeys()), SignalSession.KV_THINK.toMillis(),
        options.cellTimeMs() / 1000.0, options.signalCases().get(0).dataMiB() == 0 ? ""
        : fmt("; %d MiB stored in all (--data-mib: the packs and files no get reads, all"
        + " moved by the migration baseline)", options.signalCases().get(0).dataMiB()))
        : options.signalRun() ? fmt("uniform random %d KiB reads of a %s MiB data set in"
        + " files of %d MiB, %d blocking clients without pause, for %.0f s per case",
        options.requestKiB(), options.signalCases().stream().map(c -> c.dataMiB())
        .distinct().map(String::valueOf).collect(java.util.stream.Collectors.joining(
        " or ")), options.latencyFileMiB(), options.clients(),
        options.cellTimeMs() / 1000.0)
        : gears() || options.mapReduce() && !options.compareMapReduce()
        || options.continuousIo() ? "not measured"
        : fmt("%d KiB requests, %d files of %d MiB"
        + " per replication factor,"
        + " at most %d reads and %.0f s per cell", options.requestKiB(),
        options.latencyFiles(), options.latencyFileMiB(), options.readOps(),
        options.cellTimeMs() / 1000.0);
  }

  /** What the throughput cells read or write. */
  private String throughput() {
    return options.signalRun() ? "not measured"
        : options.continuousIo() ? "one writer creating 256 KiB files (replication "
        + options.replication() + ") and one reader reading a random acknowledged file and"
        + " checking every byte, each pausing 100 ms between operations"
        : fmt(options.runs(MapReduceSession.WORDCOUNT)
        || options.runs(MapReduceSession.GREP) ? "generated text (Zipf words, vocabulary"
        + " 50,000): %d files of %d MiB, replication %d%s; " + options.rounds()
        + " jobs per level" : options.mapReduce() && !options.compareMapReduce()
        ? "MapReduce jobs: %d maps (TestDFSIO files, TeraGen maps) of %d MB each,"
        + " replication %d%s" : "%d threads, one %d MiB file each, replication %d%s",
        options.ioThreads(), options.ioFileMiB(), options.replication(),
        options.paraidReplication() == options.replication() ? ""
        : " (PARAID " + options.paraidReplication() + ")");
  }

  /** Where the write proxy runs. */
  private String writeProxy() {
    return proxyLayouts().isEmpty() ? "not run (no power-balanced layout)"
        : "bin/blink proxy in a JVM of its own on the clusters of "
        + String.join(" and ", proxyLayouts())
        + " (weak consistency: copies in the targets' natural windows; scan"
        + " every 1 s; moves capped at the per-DataNode bandwidth), the NameNode's own"
        + " layout correction running too";
  }

  /** The order of levels and layouts. */
  private String runOrder() {
    return options.signalRun() ? "layouts " + options
        .layoutOrder().stream().map(i -> options.layouts().get(i).label())
        .collect(java.util.stream.Collectors.joining(", "))
        : "power levels " + options.powers().stream().map(p -> p + "%")
        .collect(java.util.stream.Collectors.joining(", ")) + "; layouts " + options
        .layoutOrder().stream().map(i -> options.layouts().get(i).label())
        .collect(java.util.stream.Collectors.joining(", "));
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
  }}
