package org.blinkhdfs.sim;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.blinkhdfs.common.cli.Durations;
import org.blinkhdfs.common.cli.Manual;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.policy.AlignedPolicy;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.blinkhdfs.model.policy.Policies;
import org.blinkhdfs.model.policy.StaggeredPolicy;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.signal.PowerSignal;
import org.blinkhdfs.model.signal.SignalSpec;
import org.blinkhdfs.rabbit.layout.RabbitConfig;

/**
 * {@code bin/blink sim}: the {@link Simulator} from the command line (contract in ARCHITECTURE.md;
 * model and every output defined in docs/simulator.md).
 *
 * <p>Exit codes: 0 done, or {@code --help}/{@code -help} (usage on stdout); 2 a bad flag or value
 * (the message names the flag, the value and the fix; usage on stderr). A progress line goes to
 * stderr at most every 2 s once a run has taken 2 s.
 *
 * <p>The clock ({@code nanoTime}) is read only for the progress line and {@code wallSeconds}.
 */
public final class SimCommand {
  static final String USAGE = String.join("\n",
      "usage: bin/blink sim --nodes N --blocks B --power P% --replication r",
      "         --layout random|power-balanced|equal-work|paraid --policy <name>",
      "         [--signal S] [--duration D] [--seed S] [--format text|json]",
      "   or: bin/blink sim --figure fig2 --out DIR [--nodes N] [--blocks B] [--seed S]",
      "   or: bin/blink sim --figure rabbit-datasets --out DIR",
      "   or: bin/blink sim --figure blinkfs-ratio --out DIR [--rounds R] [--rho LIST]",
      "         [--migration-node-mibps W]",
      "   or: bin/blink sim --figure auto --out DIR [--blocks MAX] [--seed S] [--read-order O]",
      "   or: bin/blink sim --figure ups --out DIR [--seed S]",
      "   or: bin/blink sim --validate results.json --interval D [--nodes N] [--min-window D]",
      "         [--read-order O]",
      "   or: bin/blink sim --resize +K|-K [--at first|middle|last|I] [--scheme S] --nodes N",
      "         --blocks B [--sample S] [--power P%] [--replication r] [--format json]",
      "  --nodes N            ring DataNodes (default 9; 1..100000)",
      "  --blocks B           blocks, never stored: each is computed from its ID (default 1000;"
          + " 1..10^12)",
      "  --power P%|<W>W      a constant level: P% of all DataNodes awake, or whole-cluster watts",
      "                       (default 50%; give --power or --signal, not both)",
      "  --replication r      replicas per block (default 3; 1..N)",
      "  --layout NAME        random (HDFS default: uniform replica sets) | power-balanced |"
          + " equal-work | paraid (default power-balanced)",
      "  --policy NAME        " + String.join("|", Policies.allNames())
          + " (default phase-groups),",
      "                       or migration: BlinkFS's migration-based baseline (k nodes on as",
      "                       activation, the data moved evenly onto them at every change of k;",
      "                       --layout is not used)",
      "  --signal S           a power signal as blink.scheduler.signal: steady:50%,"
          + " oscillating:50[:5m],",
      "                       renewable:P[:hour], trace:FILE.csv[:compression], price:B[:seed]",
      "  --duration D         simulated time with --signal (default one epoch), e.g. 1h",
      "  --epoch D            the policy replans every D from the signal's level (default the"
          + " interval)",
      "  --interval D         blink interval (default "
          + Durations.format(Long.parseLong(CoreConfig.INTERVAL_MS.defaultValue())) + ")",
      "  --min-window D       a replica serves a read only with D of its window left (default 0)",
      "  --seed S             block IDs and random placement (default 0)",
      "  --read-order NAME    longest-window (each read to the replica awake longest, the",
      "                       NameNode's) | balanced (split by block ID over the replicas awake",
      "                       with --min-window left); default -D blink.read.order, else "
          + CoreConfig.READ_ORDER.defaultValue() + "; also for --figure auto (every",
      "                       design, and auto's prediction) and --validate (the cluster's)",
      "  --sample S           visit S of the B blocks (systematic); the JSON gives a 95% interval"
          + " (default all)",
      "  --instants K         read instants per interval for the throughput (default 32; 1..1024)",
      "  --bandwidth MIBPS    one node's read bandwidth for readThroughputMiBps (default 100)",
      "  --block-mib M        block size, for the bytes --policy migration moves (default 128)",
      "  --migration-gbps G   how fast --policy migration moves data, in Gbit/s (default 10,",
      "                       BlinkFS's one 10 gigabit link)",
      "  --migration-node-mibps W  what one node sends or receives per second while --policy",
      "                       migration moves data, MiB/s (default unlimited: only the link);",
      "                       a move lasts its slowest node's bytes / W; rhoMax in the output is",
      "                       the longest move over --epoch (the power step)",
      "  --active-watts W     one DataNode awake (default 25)",
      "  --sleep-watts W      one DataNode in S3 (default 1)",
      "  --io-server-watts W  one DataNode as io-server, compute off (default: --active-watts)",
      "  --transition D       one suspend plus resume, taken from each window (default 1s)",
      "  -D key=value         a layout key, e.g. -D blink.equalwork.primaries=2 (--policy aligned"
          + " sets -D blink.ring.spacing=even unless given,",
      "                       --policy staggered -D blink.ring.spacing=bisection; otherwise"
          + " the default groups)",
      "  --phase-groups G     phase groups of --policy phase-groups and of blink.ring.spacing ="
          + " groups,",
      "                       as -D blink.phase.groups=G (default "
          + CoreConfig.PHASE_GROUPS.defaultValue() + ")",
      "  --format text|json   (default text)",
      "  --figure fig2        BlinkFS Fig 2 instead of one run: inaccessible blocks against",
      "                       inactive nodes (0-100% in 5% steps) for random placement at",
      "                       k = 1, 2, 3, 5, 7, beside the paper's formula; writes report.md,",
      "                       results.csv and plots/fig2.svg|png to --out (--nodes default 100,",
      "                       --blocks default 100000); or rabbit-datasets: Rabbit Figs 8-9,",
      "                       the degree of power-proportionality of live datasets sharing",
      "                       14 to 224 nodes; or blinkfs-ratio: BlinkFS Figs 10, 12(b)",
      "                       and 13 at BlinkFS's scale with the migration baseline's data",
      "                       at BlinkFS's size and at --rho (default 0.5,1,2,4) on each",
      "                       figure's reference step; --rounds seeded rounds (default 10);",
      "                       --migration-node-mibps (default 119.2, 1 Gbit/s) for moves and",
      "                       reads; or auto: issue 39's auto goal, every fixed design",
      "                       and auto simulated over N in 9,10,11,13,64,1000, r in 2,3,6,",
      "                       power 10-100% and transitions 0 and 1367 ms at t = 60 s,",
      "                       min(1000 N, --blocks MAX, default 200000) blocks per case;",
      "                       or ups: issue 44's blackout on a UPS, the ride-through",
      "                       planner replanning phase groups every 60 s over N in",
      "                       9,100,1000, 0.5-20 kWh and targets 30 min-8 h",
      "  --resize +K|-K       instead of one run: add K nodes to the ring of --nodes (or remove",
      "                       K) and measure what moves for the blocks laid out before:",
      "                       blocksOutOfLayoutFraction, replicasMovedFraction (layout",
      "                       corrections plus the new nodes' fair share) against the minimum",
      "                       K/(N+K) or K/N, and the unavailable fraction before and after",
      "  --at WHERE           where --resize adds or removes: first, middle, last (default) or",
      "                       a ring index",
      "  --scheme S           the layout --resize measures: groups (default; phase groups, i mod",
      "                       G), membership (phase groups from a persisted membership: a new",
      "                       node joins the smallest group, a removed one's group keeps the",
      "                       rest), bisection (BlinkFS ring, staggered) or even (aligned)",
      "  --population P       the blocks --resize starts from: targets (default; each layout's",
      "                       targets, as every run) or written (phase groups: what the",
      "                       NameNode writes, an independent random member per group)",
      "  --rounds R           seeded rounds of --figure blinkfs-ratio (1..100)",
      "  --rho LIST           ratios of --figure blinkfs-ratio, e.g. 0.5,1,2,4 (each 0.001..1000)",
      "  --out DIR            where --figure writes",
      "  --validate FILE      instead of one run: every latency cell below 100% of a recorded",
      "                       bench latency or demo report (results.json) beside the simulated",
      "                       mean wait for the same settings; give the run's --interval and",
      "                       --nodes (--min-window default 500ms and --transition default 0s,",
      "                       the local cluster's; --blocks default 1000); and every",
      "                       throughput cell beside the simulated MiB/s of the same readers",
      "                       (--io-threads default 8, --io-file-mib 12, --block-mib 1,",
      "                       --bandwidth 10, --staging 1, -D blink.equalwork.primaries=1",
      "                       and -D blink.paraid.groups=2: the demo's; --machine-mibps",
      "                       the machine's unthrottled read speed, default 373, measured",
      "                       here); with bench throughput's throughput-reads-<layout>.csv",
      "                       beside the file, also each cell's round spread: median round,",
      "                       slow rounds and reads stalled through a sleep, both sides");

  static final Manual MANUAL = new Manual("blink sim",
      "the blink policies, layouts and read order without a cluster, at any scale",
      List.of("bin/blink sim --nodes N --blocks B --power P% --replication r --layout L"
          + " --policy P [flags]",
          "bin/blink sim --figure fig2|rabbit-datasets --out DIR",
          "bin/blink sim --validate results.json --interval D [--nodes N]",
          "bin/blink sim --resize +K|-K --nodes N --blocks B [--at A] [--scheme S]"),
      List.of("Runs the same pure classes the NameNode and the scheduler use (layouts, policies,",
          "power signals, read order) over N nodes and B blocks, each block's replicas computed",
          "from its ID and never stored, and prints availability (the fraction of the interval",
          "with no replica awake), read waits and read throughput against the ideal, as text",
          "or JSON. Deterministic for a seed."),
      Manual.exitCodes(),
      List.of("bin/blink sim --nodes 1000 --blocks 1000000 --power 40% --replication 3"
          + " --layout power-balanced --policy staggered",
          "bin/blink sim --nodes 10000 --blocks 10000000 --power 20% --replication 3"
          + " --layout random --policy staggered --format json",
          "bin/blink sim --nodes 1000 --blocks 1000000 --block-mib 500 --replication 1"
          + " --policy migration --signal trace:steps.csv --duration 2h --epoch 1h",
          "bin/blink sim --resize -1 --at middle --scheme membership --nodes 100 --blocks 100000"
          + " --power 40% --format json"),
      List.of("docs/simulator.md, bin/blink schedule --help"));

  private static final CommandLineTool TOOL = CommandLineTool.builder("blink sim").usage(USAGE)
      .manual(MANUAL)
      .flags("nodes", "blocks", "power", "replication", "layout", "policy", "signal", "duration",
          "epoch", "interval", "min-window", "seed", "sample", "instants", "bandwidth",
          "block-mib", "migration-gbps", "migration-node-mibps", "rounds", "rho", "figure",
          "out", "validate", "io-threads",
          "io-file-mib", "staging", "machine-mibps",
          "active-watts", "sleep-watts", "io-server-watts", "transition", "format",
          "phase-groups", "read-order", "resize", "at", "scheme", "population")
      .shortFlag("D", "key=value").repeatable("D")
      .operands(0, ": flags look like --name value").build();

  /** Start phases and layout draws {@code --validate} averages a throughput cell over. */
  static final int VALIDATE_PHASES = 16;
  static final int VALIDATE_SEEDS = 8;
  /**
   * {@code --machine-mibps}'s default: what 8 readers of 48 MiB files got from this machine's
   * local cluster with no read cap, 373 ± 46 MiB/s (docs/results/2026-11-27-throughput-sim/
   * unthrottled).
   */
  static final double MACHINE_MIBPS = 373;

  static final double MIB_BYTES = 1 << 20;
  /** {@code --migration-node-mibps}'s default for the blinkfs-ratio figure: 1 Gbit/s. */
  static final String GIGABIT_MIBPS = "119.2";

  private SimCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err, System::nanoTime));
  }

  /** Runs the command; returns the exit code. */
  public static int run(String[] args, PrintStream out, PrintStream err, LongSupplier nanoTime) {
    return TOOL.run(args, out, err, a -> {
      for (String flag : List.of("io-threads", "io-file-mib", "staging", "machine-mibps")) {
        if (a.has(flag) && !a.has("validate")) {
          throw CommandLineTool.usage("--" + flag + " " + a.get(flag) + " applies to --validate"
              + " only (the recorded throughput workload); drop it");
        }
      }
      if (a.has("resize")) {
        return resize(a, out);
      }
      for (String flag : List.of("at", "scheme", "population")) {
        if (a.has(flag)) {
          throw CommandLineTool.usage("--" + flag + " " + a.get(flag) + " applies to --resize"
              + " only; add --resize +1 or drop it");
        }
      }
      if (a.has("figure")) {
        return SimFigures.figure(a, out, String.join(" ", args));
      }
      if (a.has("validate")) {
        return validate(a, out);
      }
      if (a.has("out")) {
        throw CommandLineTool.usage("--out " + a.get("out") + " is where --figure writes; one"
            + " run prints to stdout: drop --out or add --figure fig2");
      }
      SimSpec spec;
      String format = a.get("format", "text");
      if (!format.equals("text") && !format.equals("json")) {
        throw CommandLineTool.usage("--format '" + format + "' must be text or json");
      }
      double bandwidth = a.doubleIn("bandwidth", "100", 0.001, 1e9);
      try {
        spec = spec(a);
      } catch (CommandLineTool.UsageException e) {
        throw e;
      } catch (IllegalArgumentException e) {
        throw CommandLineTool.usage(e.getMessage());
      }
      long start = nanoTime.getAsLong();
      ProgressLine progress = new ProgressLine(err, nanoTime, start);
      SimResult result;
      try {
        result = Simulator.run(spec, progress);
      } catch (IllegalArgumentException e) {
        throw CommandLineTool.usage(e.getMessage());
      }
      progress.sampleHeap();
      SimReport.Cost cost = new SimReport.Cost((nanoTime.getAsLong() - start) / 1e9,
          progress.peakHeapMiB(), Runtime.getRuntime().maxMemory() / 1048576.0);
      String power = a.has("signal") ? a.get("signal") : a.get("power", "50%");
      Map<String, Object> fields = SimReport.fields(spec, power, bandwidth, result, cost);
      out.print(format.equals("json") ? SimReport.json(fields) : SimReport.text(fields));
      return CommandLineTool.EXIT_OK;
    });
  }

  /** {@code --resize +K|-K}: what a membership change moves ({@link ResizeMeasure}). */
  private static int resize(CommandLineTool.Args a, PrintStream out) {
    for (String flag : List.of("figure", "validate", "out", "signal", "duration", "epoch",
        "policy", "layout", "rounds", "rho", "migration-gbps", "migration-node-mibps",
        "block-mib", "bandwidth")) {
      if (a.has(flag)) {
        throw CommandLineTool.usage("--" + flag + " " + a.get(flag) + " does not apply to"
            + " --resize (--scheme chooses the layout and its policy, --power the level);"
            + " drop it");
      }
    }
    String format = a.get("format", "text");
    if (!format.equals("text") && !format.equals("json")) {
      throw CommandLineTool.usage("--format '" + format + "' must be text or json");
    }
    Map<String, Object> fields;
    try {
      SimSpec spec = spec(a);
      ResizeMeasure.Resize resize = ResizeMeasure.parse(a.get("resize"), a.get("at", "last"),
          spec.nodes());
      fields = ResizeMeasure.run(spec, a.get("scheme", "groups"), resize,
          a.get("population", "targets"));
    } catch (CommandLineTool.UsageException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw CommandLineTool.usage(e.getMessage());
    }
    out.print(format.equals("json") ? SimReport.json(fields) : SimReport.text(fields));
    return CommandLineTool.EXIT_OK;
  }

  /**
   * {@code --validate FILE}: the simulator beside a recorded report's latency cells and
   * throughput cells.
   */
  private static int validate(CommandLineTool.Args a, PrintStream out) {
    for (String flag : List.of("power", "signal", "policy", "layout", "replication", "figure",
        "out", "format", "active-watts", "sleep-watts", "io-server-watts", "sample", "instants",
        "duration", "epoch", "migration-gbps")) {
      if (a.has(flag)) {
        throw CommandLineTool.usage("--" + flag + " " + a.get(flag) + " does not apply to"
            + " --validate (each cell gives its own layout, policy, power and replication; the"
            + " power model is the local cluster's, 25 W awake, 1 W asleep, 40 W overhead)");
      }
    }
    if (!a.has("interval")) {
      throw CommandLineTool.usage("--validate needs the recorded run's --interval (its report"
          + " says it under \"blink interval\"), e.g. --interval 6s");
    }
    java.nio.file.Path file = java.nio.file.Path.of(a.get("validate"));
    org.blinkhdfs.bench.report.Report report;
    try {
      report = org.blinkhdfs.bench.report.ReportJson.read(java.nio.file.Files.readString(file));
    } catch (java.io.IOException | RuntimeException e) {
      throw CommandLineTool.usage("--validate " + file + " cannot be read as a report's"
          + " results.json (" + e + "); give the results.json a bench or demo run"
          + " wrote");
    }
    long interval = a.durationMsIn("interval", "60s", 100, 86_400_000);
    ClusterValidation.Settings settings = new ClusterValidation.Settings(
        a.intIn("nodes", "9", 1, 100_000), interval,
        a.durationMsIn("min-window", "500ms", 0, interval - 1),
        a.durationMsIn("transition", "0s", 0, 3_600_000), a.longIn("blocks", "1000", 1,
            100_000_000), a.longIn("seed", "0", Long.MIN_VALUE, Long.MAX_VALUE),
        readOrder(a));
    Function<String, String> keys = layoutKeys(a);
    ThroughputValidation.Workload reads = new ThroughputValidation.Workload(
        a.intIn("io-threads", "8", 1, 256), a.intIn("io-file-mib", "12", 1, 65_536),
        a.intIn("block-mib", "1", 1, 2_048), a.doubleIn("bandwidth", "10", 0.001, 1e9),
        a.doubleIn("machine-mibps", Double.toString(MACHINE_MIBPS), 1, 1e9),
        a.intIn("staging", "1", 0, 64),
        primaries(keys),
        Objects.requireNonNullElse(keys.apply(RabbitConfig.PARAID_GROUPS.name()), "2"),
        VALIDATE_PHASES, VALIDATE_SEEDS);
    List<ClusterValidation.Row> waits = ClusterValidation.rows(report, settings);
    List<ThroughputValidation.Row> throughput = ThroughputValidation.rows(report, settings, reads);
    if (waits.isEmpty() && throughput.isEmpty()) {
      throw CommandLineTool.usage("--validate " + file + " has no latency cell below 100% power"
          + " and no throughput cell: give the results.json of bin/blink demo, bench latency or"
          + " bench throughput");
    }
    if (!waits.isEmpty()) {
      out.println("## Read waits (latency cells below 100% power)");
      out.println();
      out.print(ClusterValidation.table(waits));
    }
    if (!throughput.isEmpty()) {
      out.println();
      out.printf(Locale.ROOT, "## Read throughput (%d threads, one %d MiB file each, %d MiB"
          + " blocks, %s MiB/s per DataNode; simulated: %d rounds at phases spread over the"
          + " interval x %d layout draws%s)%n%n", reads.threads(), reads.fileMiB(),
          (int) reads.blockMiB(),
          Double.toString(reads.bandwidthMiBps()).replaceAll("\\.0$", ""), reads.phases(),
          reads.seeds(), settings.readOrder() == ReadOrderMode.LONGEST_WINDOW ? ""
              : "; read order " + settings.readOrder().configName());
      out.print(ThroughputValidation.table(throughput));
      List<RoundSpread.Row> spread = RoundSpread.rows(throughput,
          file.toAbsolutePath().getParent(), interval);
      if (!spread.isEmpty()) {
        out.printf(Locale.ROOT, "%n## Round spread (the cluster's throughput-reads CSVs; T = %d"
            + " ms)%n%n", interval);
        out.print(RoundSpread.table(spread));
      }
    }
    return CommandLineTool.EXIT_OK;
  }

  /** {@code -D blink.equalwork.primaries} for {@code --validate}: the demo's 1 by default. */
  private static int primaries(Function<String, String> keys) {
    String key = RabbitConfig.PRIMARIES.name();
    String v = Objects.requireNonNullElse(keys.apply(key), "1");
    try {
      int p = Integer.parseInt(v.trim());
      if (p >= 1) {
        return p;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw CommandLineTool.usage("-D " + key + "=" + v + " must be a whole number of nodes >= 1:"
        + " give the recorded run's equal-work primaries, e.g. -D " + key + "=1");
  }

  /** {@code --rho}: a comma-separated list of ratios, each within 0.001..1000. */
  static List<Double> rhos(String list) {
    List<Double> out = new java.util.ArrayList<>();
    for (String part : list.split(",", -1)) {
      double v;
      try {
        v = Double.parseDouble(part.trim());
      } catch (NumberFormatException e) {
        v = Double.NaN;
      }
      if (!(v >= 0.001 && v <= 1000)) {
        throw CommandLineTool.usage("--rho '" + list + "': '" + part + "' is not a ratio within"
            + " 0.001..1000; give a comma-separated list such as 0.5,1,2,4");
      }
      out.add(v);
    }
    return out;
  }

  private static SimSpec spec(CommandLineTool.Args a) {
    int nodes = a.intIn("nodes", "9", 1, 100_000);
    double active = a.doubleIn("active-watts", "25", 0.001, 1e6);
    PowerModel model = PowerModel.builder().nodeCount(nodes).activeWatts(active)
        .sleepWatts(a.doubleIn("sleep-watts", "1", 0, 1e6)).overheadWatts(40)
        .ioServerWatts(a.doubleIn("io-server-watts", Double.toString(active), 0, 1e6))
        .transitionMs(a.durationMsIn("transition", "1s", 0, 3_600_000)).build();
    long blocks = a.longIn("blocks", "1000", 1, 1_000_000_000_000L);
    long interval = a.durationMsIn("interval",
        CoreConfig.INTERVAL_MS.defaultValue() + "ms", 100, 86_400_000);
    SimSpec.Builder b = SimSpec.builder().nodes(nodes).blocks(blocks).model(model)
        .replication(a.intIn("replication", "3", 1, nodes))
        .layout(layout(a.get("layout", "power-balanced")))
        .policy(a.get("policy", PhaseGroupsPolicy.NAME)).intervalMs(interval)
        .seed(a.longIn("seed", "0", Long.MIN_VALUE, Long.MAX_VALUE))
        .minWindowMs(a.durationMsIn("min-window", "0ms", 0, interval - 1))
        .instants(a.intIn("instants", "32", 1, 1024))
        .sampleBlocks(a.longIn("sample", Long.toString(blocks), 1, blocks))
        .layoutKeys(layoutKeys(a))
        .readOrder(readOrder(a))
        .blockBytes(a.longIn("block-mib", "128", 1, 1L << 20) << 20)
        .migrationBytesPerSec(a.doubleIn("migration-gbps", "10", 1e-6, 1e6) * 1e9 / 8)
        .migrationNodeBytesPerSec(a.has("migration-node-mibps")
            ? a.doubleIn("migration-node-mibps", "100", 1e-6, 1e9) * MIB_BYTES
            : Double.POSITIVE_INFINITY);
    String policy = a.get("policy", PhaseGroupsPolicy.NAME);
    if (!policy.equals(MigrationBaseline.NAME)) {
      try {
        Policies.byName("--policy", policy);
      } catch (IllegalArgumentException e) {
        throw CommandLineTool.usage(e.getMessage() + ", or " + MigrationBaseline.NAME
            + " (the migration-based baseline)");
      }
    }
    if (a.has("signal")) {
      if (a.has("power")) {
        throw CommandLineTool.usage("give --power or --signal, not both");
      }
      b.signal(signal(a.get("signal"), model));
      b.epochMs(a.durationMsIn("epoch", interval + "ms", 1, 365L * 86_400_000));
      b.durationMs(a.durationMsIn("duration", a.get("epoch", interval + "ms"), 1,
          3650L * 86_400_000));
    } else {
      if (a.has("duration") || a.has("epoch")) {
        throw CommandLineTool.usage("--duration and --epoch need --signal (a constant --power"
            + " is one steady epoch): add --signal, e.g. --signal oscillating:50:5m");
      }
      b.power(PowerLevel.parse("--power", a.get("power", "50%")));
    }
    return b.build();
  }

  /**
   * {@code --read-order}, else {@code -D blink.read.order}, else its default; both given must
   * agree.
   */
  static ReadOrderMode readOrder(CommandLineTool.Args a) {
    String key = CoreConfig.READ_ORDER.name();
    ReadOrderMode fromKey;
    ReadOrderMode flag;
    try {
      fromKey = new CoreConfig(layoutKeys(a)).readOrder();
      if (!a.has("read-order")) {
        return fromKey;
      }
      flag = ReadOrderMode.parse("--read-order", a.get("read-order"));
    } catch (CommandLineTool.UsageException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw CommandLineTool.usage(e.getMessage()); // a bad name: exit 2 naming the flag or key
    }
    if (layoutKeys(a).apply(key) != null && flag != fromKey) {
      throw CommandLineTool.usage("--read-order " + a.get("read-order") + " and -D " + key + "="
          + layoutKeys(a).apply(key) + " disagree: give one of them");
    }
    return flag;
  }

  private static String layout(String name) {
    if (!ReplicaSets.names().contains(name)) {
      throw CommandLineTool.usage("--layout '" + name + "' is not a layout: use one of "
          + String.join("|", ReplicaSets.names()));
    }
    return name;
  }

  private static PowerSignal signal(String spec, PowerModel model) {
    return SignalSpec.parse("--signal", spec, model, command -> {
      throw new IllegalArgumentException("--signal sensor:" + command + " is not supported in the"
          + " simulator (it runs no commands): record the sensor's watts as a trace CSV and use"
          + " trace:FILE");
    });
  }

  private static Function<String, String> layoutKeys(CommandLineTool.Args a) {
    Map<String, String> keys = new HashMap<>();
    for (String kv : a.values("D")) {
      int eq = kv.indexOf('=');
      if (eq <= 0) {
        throw CommandLineTool.usage("-D '" + kv + "' must be key=value, e.g."
            + " -D blink.equalwork.primaries=2");
      }
      keys.put(kv.substring(0, eq), kv.substring(eq + 1));
    }
    if (a.get("policy", "").equals(AlignedPolicy.NAME)) {
      // The co-designed pair: the aligned stagger is meant for the evenly spaced ring.
      keys.putIfAbsent(RingSpacing.KEY, RingSpacing.EVEN.value());
    }
    if (a.get("policy", "").equals(StaggeredPolicy.NAME)) {
      // BlinkFS as printed: the paper's offsets with its bisection ring, kept for comparison
      keys.putIfAbsent(RingSpacing.KEY, RingSpacing.BISECTION.value());
    }
    if (a.has("phase-groups")) {
      String d = keys.get(CoreConfig.PHASE_GROUPS.name());
      String g = Integer.toString(a.intIn("phase-groups", CoreConfig.PHASE_GROUPS.defaultValue(),
          1, Integer.MAX_VALUE));
      if (d != null && !d.trim().equals(g)) {
        throw CommandLineTool.usage("--phase-groups " + g + " and -D "
            + CoreConfig.PHASE_GROUPS.name() + "=" + d + " disagree: give one of them");
      }
      keys.put(CoreConfig.PHASE_GROUPS.name(), g);
    }
    return keys::get;
  }

  /** The progress line on stderr and the peak heap seen. */
  private static final class ProgressLine implements Simulator.Progress {
    private static final long EVERY_NANOS = 2_000_000_000L;
    private final PrintStream err;
    private final LongSupplier nanoTime;
    private final long start;
    private long last;
    private double peakHeapMiB;

    ProgressLine(PrintStream err, LongSupplier nanoTime, long start) {
      this.err = err;
      this.nanoTime = nanoTime;
      this.start = start;
      this.last = start;
    }

    @Override
    public void at(int level, int levels, long visits, long visitsPerLevel) {
      sampleHeap();
      long now = nanoTime.getAsLong();
      if (now - last < EVERY_NANOS) {
        return;
      }
      last = now;
      err.printf(Locale.ROOT, "blink sim: level %d/%d, block %d/%d (%.0f%%), %.0f s, heap %.0f"
          + " MiB%n", level + 1, levels, visits, visitsPerLevel, 100.0 * visits / visitsPerLevel,
          (now - start) / 1e9, peakHeapMiB);
    }

    void sampleHeap() {
      Runtime rt = Runtime.getRuntime();
      peakHeapMiB = Math.max(peakHeapMiB, (rt.totalMemory() - rt.freeMemory()) / 1048576.0);
    }

    double peakHeapMiB() {
      return peakHeapMiB;
    }
  }
}
