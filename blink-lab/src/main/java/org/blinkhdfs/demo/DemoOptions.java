package org.blinkhdfs.demo;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.blinkhdfs.cluster.Layout;
import org.blinkhdfs.cluster.LayoutKeys;
import org.blinkhdfs.common.cli.CommandLineTool;
import org.blinkhdfs.model.schedule.ReadOrderMode;

/**
 * Everything {@code bin/blink demo} and {@code bin/blink bench <experiment>} can be told, with the
 * demo's defaults (sized to finish within 10 minutes on 2 cores) and the bench's larger ones.
 *
 * <p>Latency is measured for every {@code --latency-replication} on the first layout and for
 * {@code --replication} on the others (BlinkFS Table 2 is about the power-balanced layout; the
 * others are compared at the common replication factor). The Rabbit layouts (equal-work, PARAID)
 * run under the activation policy, which never blinks: in the demo they run the throughput
 * experiment only ({@link #runsOn}), which is what keeps five layouts inside 10 minutes; {@code
 * bench latency} measures their latency when asked.
 *
 * <p>{@code bench gears} is Le et al.'s Fig 3: on 7 ring nodes and no staging node, each Rabbit
 * layout writes its data with all nodes on, then reads it with 2, 4 and 7 nodes ACTIVE and the
 * rest OFF. Equal work holds r = 2 with p = 2 on 7 nodes (Le et al. Table 2; r = 3 would need
 * 10 nodes); PARAID keeps its skew only with r = 3 ({@code --paraid-replication}; at r = 2 HDFS's
 * fixed replication leaves original and group-1 copy only, docs/equal-work.md). PARAID groups
 * 2,2 make 2, 4 and 7 gears of both layouts (the default group 1 of 2 gives gears 2 and 7 only).
 *
 * <p>{@code bench relay} measures the proxy's WebHDFS read relay (docs/relay.md) on one
 * power-balanced cluster whose proxy runs the relay: at 100% power {@code --rounds} rounds read
 * the same files through the relay, the NameNode's own WebHDFS and the native client, in an
 * order that rotates each round; at each lower level {@code --low-power-rounds} rounds read
 * through the relay and with a stock native client ({@link RelaySession}). Its defaults are
 * smaller (6 ring nodes, 4 MiB/s per DataNode, 12 × 12 MiB: two readers per node, so a node
 * rarely idles while two readers queue on another) so that the DataNodes' caps, not the two
 * cores, bound throughput, and a run takes under 10 minutes. {@code --native-timeout} sets the
 * stock native client's {@code dfs.client.socket-timeout} (default: the cluster's, one interval
 * plus 4 s, longer than any sleep, so its reads wait instead of failing).
 *
 * <p>Layout keys are checked here against the same pure layouts the NameNode builds
 * ({@link LayoutKeys#chainLayout}), so a replication a layout cannot hold fails as a usage error
 * instead of being silently placed by HDFS's default policy.
 *
 * <p>Grouped into what every run has ({@link Common}), the cluster's {@link Shape}, and one
 * record per experiment's own settings ({@link LatencyCells}, {@link IoLoad}, {@link KvLoad},
 * {@link RelayRounds}, {@link Groups}, {@link GearList}, the signal cases); the flat accessors
 * ({@link #nodes()}, {@link #readOps()}, ...) read through them.
 *
 * <p>Immutable; built by {@link #parse}.
 */
public record DemoOptions(Common common, Shape shape, LatencyCells latencyCells, IoLoad io,
    KvLoad kv, RelayRounds relay, Groups groups, GearList gearList,
    List<SignalCase> signalCases, CompareTrace compareTrace) {

  /** What every run has: the command, where it writes, its layouts, levels and seed. */
  public record Common(String command, Path clusterDir, Path outDir, Set<String> experiments,
      long seed, List<LayoutRun> layouts, List<Integer> layoutOrder, List<Integer> powers,
      long cellTimeMs) {}

  /** The local cluster's shape: nodes, interval, caps, replication and layout keys. */
  public record Shape(int nodes, int staging, long intervalMs, int bandwidthMBps,
      int replication, int paraidReplication, LayoutKeys layoutKeys, int hostCpuMillicores) {
    Shape withLayoutKeys(LayoutKeys keys) {
      return new Shape(nodes, staging, intervalMs, bandwidthMBps, replication, paraidReplication,
          keys, hostCpuMillicores);
    }
  }

  /** The latency experiment's cells: replication factors, request sizes and counts, readers. */
  public record LatencyCells(List<Integer> latencyReplications, boolean latencyOnEveryLayout,
      int readOps, int writeOps, int requestKiB, int latencyFiles, int latencyFileMiB,
      int clients) {}

  /**
   * The throughput-style load: parallel readers/writers, file size, rounds per level, and for
   * bench compare the whole data set stored in MiB ({@code --data-mib}: the latency and
   * throughput files plus files nobody reads, which the migration baseline must move all the
   * same); 0 elsewhere.
   */
  public record IoLoad(int ioThreads, int ioFileMiB, int rounds, int dataMiB) {}

  /** bench kv: objects, gets and pack files. */
  public record KvLoad(int kvKeys, int kvGets, int kvPacks) {}

  /** bench relay: rounds below 100% and the stock native client's timeout (0: the cluster's). */
  public record RelayRounds(int lowPowerRounds, long nativeTimeoutMs) {}

  /** bench groups: the groups' extra replicas' budget, in groups' data. */
  public record Groups(int groupBudget) {}

  /** bench gears (and dfsio --gears): active nodes per cell; empty elsewhere. */
  public record GearList(List<Integer> gears) {}

  public String command() {
    return common.command();
  }

  public Path clusterDir() {
    return common.clusterDir();
  }

  public Path outDir() {
    return common.outDir();
  }

  public Set<String> experiments() {
    return common.experiments();
  }

  public long seed() {
    return common.seed();
  }

  public List<LayoutRun> layouts() {
    return common.layouts();
  }

  public List<Integer> layoutOrder() {
    return common.layoutOrder();
  }

  public List<Integer> powers() {
    return common.powers();
  }

  public long cellTimeMs() {
    return common.cellTimeMs();
  }

  public int nodes() {
    return shape.nodes();
  }

  public int staging() {
    return shape.staging();
  }

  public long intervalMs() {
    return shape.intervalMs();
  }

  public int bandwidthMBps() {
    return shape.bandwidthMBps();
  }

  public int replication() {
    return shape.replication();
  }

  public int paraidReplication() {
    return shape.paraidReplication();
  }

  public LayoutKeys layoutKeys() {
    return shape.layoutKeys();
  }

  public int hostCpuMillicores() {
    return shape.hostCpuMillicores();
  }

  public List<Integer> latencyReplications() {
    return latencyCells.latencyReplications();
  }

  public boolean latencyOnEveryLayout() {
    return latencyCells.latencyOnEveryLayout();
  }

  public int readOps() {
    return latencyCells.readOps();
  }

  public int writeOps() {
    return latencyCells.writeOps();
  }

  public int requestKiB() {
    return latencyCells.requestKiB();
  }

  public int latencyFiles() {
    return latencyCells.latencyFiles();
  }

  public int latencyFileMiB() {
    return latencyCells.latencyFileMiB();
  }

  public int clients() {
    return latencyCells.clients();
  }

  public int ioThreads() {
    return io.ioThreads();
  }

  public int ioFileMiB() {
    return io.ioFileMiB();
  }

  public int rounds() {
    return io.rounds();
  }

  /** bench compare: the whole data set stored (MiB); 0 for the other commands. */
  public int dataMiB() {
    return io.dataMiB();
  }

  /** bench compare: the latency and throughput files, what the cells read (MiB). */
  public int readDataMiB() {
    return latencyFiles() * latencyFileMiB() + ioThreads() * ioFileMiB()
        * (compareMapReduce() ? 2 : 1);
  }

  /**
   * bench compare {@code --mapreduce on}: a TestDFSIO read per layout and level ({@link
   * CompareDfsIo}), YARN on every cluster but the stock covering set's.
   */
  public boolean compareMapReduce() {
    return command().equals(LayoutSession.COMPARE) && runs(MapReduceSession.DFSIO);
  }

  /** bench compare: the power step, the time each level's latency cell runs from the change. */
  public long powerStepMs() {
    return cellTimeMs();
  }

  public int kvKeys() {
    return kv.kvKeys();
  }

  public int kvGets() {
    return kv.kvGets();
  }

  public int kvPacks() {
    return kv.kvPacks();
  }

  public int lowPowerRounds() {
    return relay.lowPowerRounds();
  }

  public long nativeTimeoutMs() {
    return relay.nativeTimeoutMs();
  }

  public int groupBudget() {
    return groups.groupBudget();
  }

  public List<Integer> gears() {
    return gearList.gears();
  }

  static final List<String> EXPERIMENTS = List.of("latency", "throughput", "kv", "gears",
      RelaySession.EXPERIMENT, MapReduceSession.DFSIO, MapReduceSession.TERASORT,
      MapReduceSession.WORDCOUNT, MapReduceSession.GREP, FaultsSession.EXPERIMENT,
      SoakSession.EXPERIMENT, GroupsSession.EXPERIMENT, GroupsIoSession.EXPERIMENT,
      SignalSession.KV, SignalSession.SEARCH, SignalSession.OSCILLATION,
      RabbitDatasetsSession.EXPERIMENT, LayoutSession.COMPARE);

  static final String DEMO_LAYOUTS = "power-balanced+staggered,aligned+aligned,"
      + "default+staggered,covering-set+covering,equal-work+activation,paraid+activation";
  /**
   * bench compare: every layout an operator could run on the same cluster and budget, ours (the
   * ring with the paper's and the aligned stagger) against HDFS's default placement under the
   * same schedule, the stock covering set, Rabbit's equal work, PARAID and load-proportional
   * blinking, and BlinkFS's migration-based baseline.
   */
  static final String COMPARE_LAYOUTS = DEMO_LAYOUTS + ",default+load-proportional,"
      + "default+activation+" + LayoutRun.MIGRATION;
  static final String ACTIVATION = "activation";
  /** {@code bin/blink bench throughput}, the only command that reads its throughput in rounds. */
  static final String THROUGHPUT = "throughput";
  static final String GEARS_LAYOUTS = "equal-work+activation,paraid+activation";
  static final String RELAY_LAYOUTS = "power-balanced+staggered";
  /** bench groups: the ring without and with replication for the groups' targets. */
  static final String GROUPS_LAYOUTS = "power-balanced+staggered,power-balanced+staggered+groups";
  /** bench groups-io: equal work without and with the groups as its datasets. */
  static final String GROUPS_IO_LAYOUTS = "equal-work+activation,equal-work+activation+groups";
  /** bench rabbit-datasets (Rabbit Fig 8): equal work with eight datasets, every node on. */
  static final String RABBIT_LAYOUTS = "equal-work+activation";
  /**
   * The MapReduce benches' layouts: the blinking ones. Under the activation policy an OFF host's
   * containers would run only during its check-ins until YARN is told to place nothing there.
   */
  static final String MAPREDUCE_LAYOUTS = "power-balanced+staggered,default+staggered";
  /**
   * BlinkFS Fig 11's three approaches: the power-balanced ring, Rabbit's equal work with
   * activation (YARN is told that OFF hosts offer nothing), and load-proportional blinking.
   */
  static final String WORDCOUNT_LAYOUTS = "power-balanced+staggered,equal-work+activation,"
      + "default+load-proportional";
  /**
   * bench kv-signal and search (BlinkFS Figs 12-13): BlinkFS's ring, Rabbit's equal work and
   * load-proportional blinking fed by the NameNode's per-node read counts.
   */
  static final String SIGNAL_LAYOUTS = WORDCOUNT_LAYOUTS;
  /** bench search (Fig 13): the ring, load-proportional and the migration-based baseline. */
  static final String SEARCH_LAYOUTS = "power-balanced+staggered,default+load-proportional,"
      + "default+activation+" + LayoutRun.MIGRATION;
  /** bench oscillation (Fig 10): the ring against the migration-based baseline. */
  static final String OSCILLATION_LAYOUTS = "power-balanced+staggered,default+activation+"
      + LayoutRun.MIGRATION;
  /** Amur &amp; Schwan Table 2: all DataNodes on, k max-perf hosts and the rest io-server. */
  static final String GREP_LAYOUTS = "default+io-server";
  /**
   * Power levels of bench grep: with the paper's watts (max-perf 252 W, io-server 77 W, 4
   * nodes; {@link MapReduceSession#AMUR_SCHWAN_KEYS}) 48, 66, 83 and 100% of 4 x 252 W afford
   * 1, 2, 3 and 4 max-perf nodes (IoServerPolicy: k = floor((P - 4 x 77) / 175)).
   */
  static final String GREP_POWERS = "48,66,83,100";

  static final String FLAGS_HELP = String.join("\n",
      "  --nodes N                 ring DataNodes (default 9; bench gears 7, bench relay,",
      "                            faults and soak 6, bench wordcount and grep 4)",
      "  --staging S               always-on staging DataNodes (default 1; bench gears and",
      "                            grep 0; bench wordcount and grep run no NodeManager there)",
      "  --interval D              blink interval, shortened from 60 s (default 6s)",
      "  --bandwidth MB            per-DataNode read and write cap in MiB/s (default 10; bench",
      "                            relay 4, so the caps and not the CPU bound throughput)",
      "  --layouts L+P,...         layouts with schedule policies (default",
      "                            power-balanced+staggered,aligned+aligned,",
      "                            default+staggered,equal-work+activation,paraid+activation;",
      "                            bench gears: equal-work+activation,paraid+activation;",
      "                            bench relay, faults and soak: power-balanced+staggered,",
      "                            one proxy layout;",
      "                            bench groups: power-balanced+staggered and the same",
      "                            +groups (replicas for the groups' p90 targets);",
      "                            bench dfsio and terasort: power-balanced+staggered,",
      "                            default+staggered; bench compare: the demo's six,",
      "                            default+load-proportional and the migration baseline",
      "                            default+activation+migration); covering-set+covering is the",
      "                            stock-HDFS covering set (upgrade domains + maintenance,",
      "                            no staging node, replication = domains)",
      "  --power P,...             power levels in % of all DataNodes active (default",
      "                            100,60,40,20; bench faults 40 and bench soak 20, one level;",
      "                            bench groups 100,40,30;",
      "                            bench relay 100,40,20: 100 compares relay,",
      "                            direct WebHDFS and native reads, lower levels the relay",
      "                            with a stock native client; bench gears uses --gears)",
      "  --replication R           replication of throughput data and of latency data on all but",
      "                            the first layout (default 3; bench gears 2)",
      "  --latency-replication R,. replication factors for latency on the first layout (1,3,6)",
      "  --latency-on L            first (default) or every: bench latency measures every",
      "                            --latency-replication on every layout, side by side (each",
      "                            layout must hold each factor)",
      "  --primaries P             equal-work primaries (default: the largest p <= 2 the ring",
      "                            holds at the replication, e.g. 1 for 9 nodes and r = 3)",
      "  --read-order O            longest-window (default, BlinkFS: each read to the replica",
      "                            awake longest) or balanced (split by block over the replicas",
      "                            with room): blink.read.order of the NameNode and the clients",
      "  --paraid-groups G,...     PARAID group sizes, group 1 first; the rest of the ring is the",
      "                            last group (default 2; bench gears 2,2: gears 2, 4, 7)",
      "  --paraid-replication R    replication of PARAID's data (default --replication; bench",
      "                            gears 3, which keeps PARAID's skew)",
      "  --gears N,...             bench gears, and bench dfsio with this flag (Le et al. Fig 3",
      "                            with real TestDFSIO: write with all nodes on, then --rounds",
      "                            reads per gear; 64 MB files): active nodes per cell (default",
      "                            2,4,7); each must",
      "                            be a gear of every layout",
      "  --cell-time D             longest one latency cell runs (demo 8s, bench 30s; bench",
      "                            relay 20s per client and round below 100%; bench soak: how",
      "                            long the soak runs, 15m; MapReduce benches: longest one",
      "                            program runs, 60m, then its YARN applications are killed",
      "                            and its level's check fails)",
      "  --read-ops N              reads per latency cell at most (demo 40, bench 300; bench",
      "                            relay 30 per client and round)",
      "  --power-order O           given (default) or shuffled: the levels after a leading 100",
      "                            (the baseline every expectation builds on) in an order drawn",
      "                            from --seed, so drift over a run does not line up with power",
      "  --layout-order O          given (default) or shuffled: the order the layouts' clusters",
      "                            run in, drawn from --seed (the report keeps the given order;",
      "                            the first given layout still measures every",
      "                            --latency-replication)",
      "  --clients K               latency: independent blocking readers sharing --read-ops,",
      "                            each with its own think time (default 1; 1..256), so a cell",
      "                            can hold 400 reads and more",
      "  --rounds R                bench relay: rounds at 100% power, each reading through",
      "                            the relay, direct WebHDFS and natively (default 8); bench",
      "                            wordcount and grep: jobs per power level (default 3);",
      "                            bench rabbit-datasets: combinations of live datasets",
      "                            measured per row, a seeded sample (default 6); bench",
      "                            throughput: read phases per power level (default 3; the",
      "                            report gives their mean and 95% interval; under a",
      "                            blinking schedule round k starts at a seeded phase in",
      "                            [k, k+1)/R of the interval; the demo reads once);",
      "                            bench oscillation: times every case runs, the cases in",
      "                            turn each round (default 1; with 2 or more each cell has",
      "                            the rounds' mean MB/s and its 95% interval); bench",
      "                            compare: rounds per latency and throughput cell (default",
      "                            4; every metric gets its 95% interval over them, ±)",
      "  --host-cpu M              MapReduce benches: CPU cap of every host (DataNode,",
      "                            NodeManager, containers) in millicores, 0 for none (default",
      "                            1800 / hosts: the hosts share 1.8 of the 2 cores, and a job's",
      "                            compute scales with the hosts that may run it; wordcount and",
      "                            grep: 1800 / ring hosts, staging hosts run no tasks)",
      "  --group-budget G          bench groups: the groups' extra replicas may take G groups'",
      "                            data in all (blink.groups.budget.bytes; default 1)",
      "  --low-power-rounds R      bench relay: rounds per lower power level, each reading",
      "                            through the relay and with a stock native client (default 2)",
      "  --native-timeout D        bench relay: dfs.client.socket-timeout of the stock native",
      "                            client (default: the cluster's, one interval plus 4 s, longer",
      "                            than any sleep; HDFS's own default is 60s)",
      "  --write-ops N             writes per latency cell at most (demo 8, bench 50)",
      "  --request-kib K           latency request size (default 64)",
      "  --io-threads T            parallel readers/writers for throughput (default 8; bench",
      "                            relay 12, two per node, so no node idles while others queue;",
      "                            bench dfsio: TestDFSIO's -nrFiles; bench terasort: TeraGen's",
      "                            maps; bench wordcount and grep: text files, one map each)",
      "  --io-file-mib S           file per throughput thread (demo 12, bench 48, bench compare",
      "                            24, bench gears 32,",
      "                            bench relay 12, bench dfsio 16: TestDFSIO's -size in MB;",
      "                            bench terasort 16: TeraGen writes threads x S MB; bench",
      "                            wordcount and grep 8: MB of generated text per file)",
      "  --kv-keys K --kv-gets G   key-value objects and gets (bench kv: 2000, 400)",
      "  --kv-packs P              pack files holding the objects (default 4); with many, a",
      "                            few packs carry most gets and popularity replication",
      "                            chooses among them",
      "  --signal SPEC             bench kv-signal and search: the power signal replayed, in",
      "                            blink.scheduler.signal's grammar (kv-signal renewable:50,",
      "                            the solar+wind trace; search price:0.007, a budget per hour",
      "                            over the synthetic price trace)",
      "  --signal-span D           signal time the run covers (default 3h); --cell-time is the",
      "                            run's wall-clock length (default 12m)",
      "  --signal-step D           signal time per power step and tally (default 5m)",
      "  --signal-floor P          lowest level replayed, % of p_total (default 20; the trace's",
      "                            nights leave the DataNodes nothing; bench oscillation 5)",
      "  --oscillation N,...       bench oscillation: BlinkFS's N%, power alternating between",
      "                            (45 + 0.45N)% and (45 - 0.45N)% (default 0,30,60)",
      "  --oscillation-period D    bench oscillation: time at each of the two levels (default",
      "                            45s; BlinkFS 5 minutes); --cell-time per case (default 3m)",
      "  --data-mib S,...          bench search and oscillation: read set sizes in MiB, files",
      "                            of 16 MiB (search 64; oscillation 64,192, one case each);",
      "                            bench compare: the whole data set stored (default 640: the",
      "                            cells read 64 + io-threads x io-file-mib, the rest is read",
      "                            by none but moved by the migration baseline; the report",
      "                            states rho, its move time over the --cell-time power step);",
      "                            bench kv-signal: the whole data set stored (default 0: the",
      "                            objects only; more is written in files no get reads, which",
      "                            the migration baseline moves with the objects)",
      "  --trace-span D            bench compare: after the fixed levels, every layout reads",
      "                            while its power follows one day of the solar+wind trace",
      "                            (renewable:50 as bench kv-signal, 1 January, 8 steps of",
      "                            3 trace hours, levels 20-100%), the day lasting D on the",
      "                            clock (default 2m: 15 s steps, the trace 720x faster than",
      "                            real time); each step at least one --interval; 0 skips it",
      "  --mapreduce on|off        bench compare: also a MapReduce job, a TestDFSIO read of",
      "                            --io-threads x --io-file-mib MB (written once at 100%) per",
      "                            layout and level on YARN, with MiB per joule (default off:",
      "                            YARN adds a ResourceManager and a NodeManager JVM per host",
      "                            to every cluster, about 5 more minutes per layout; hosts",
      "                            not CPU-capped; the stock covering set, without a staging",
      "                            host for the job's master, gets a \"not supported\" cell)",
      "  --seed S                  seed of every random choice (default 1)",
      "  --cluster-dir DIR         daemon directories and logs (default target/blink-cluster)",
      "  --out DIR                 report directory (default target/blink-report)");

  private static final String[] FLAGS = {"nodes", "staging", "interval", "bandwidth", "layouts",
      "power", "replication", "latency-replication", "primaries", "paraid-groups",
      "paraid-replication", "gears", "cell-time", "read-ops", "clients", "power-order",
      "read-order",
      "layout-order", "latency-on", "write-ops",
      "request-kib",
      "io-threads", "io-file-mib", "kv-keys", "kv-gets", "kv-packs", "seed", "cluster-dir", "out",
      "rounds",
      "low-power-rounds", "native-timeout", "host-cpu", "group-budget", "signal", "signal-span",
      "signal-step", "signal-floor", "oscillation", "oscillation-period", "data-mib", "trace-span",
      "mapreduce"};

  /**
   * The command line of {@code bin/blink demo} ({@code bench == false}: flags only) or {@code
   * bin/blink bench} (one operand, the experiment), with {@code usage} for help and errors.
   */
  /** The manual pages of {@code bin/blink demo} and {@code bin/blink bench}. */
  static org.blinkhdfs.common.cli.Manual manual(boolean bench) {
    List<String> exit = org.blinkhdfs.common.cli.Manual.exitCodes(
        "1    a correctness check failed (the report says which)",
        "3    the run itself failed (a daemon did not start, an I/O error); the stack trace",
        "     follows the message");
    if (!bench) {
      return new org.blinkhdfs.common.cli.Manual("blink demo",
          "a local blinking HDFS cluster: latency and throughput against power",
          List.of("bin/blink demo [flags]"),
          List.of("Builds the jars on first use, then for each layout starts a real local cluster",
              "(a NameNode JVM, DataNode JVMs capped at --bandwidth, the power scheduler, one",
              "emulate agent per DataNode that freezes it outside its window), writes the data",
              "at 100% power, and at each --power level measures random-read latency, write",
              "latency and TestDFSIO-style read throughput beside blink-bench's analytic",
              "expectation; then checks every byte, no failed read, no lost block, no dead",
              "DataNode and no re-replication because of sleep. The blink interval is shortened",
              "(--interval, 6 s) and every report says so. About 10 minutes on 2 cores; leaves",
              "no process behind. Writes report.md, results.json, results.csv and plots to",
              "--out. Needs a source checkout (not in the binary tarball)."),
          exit,
          List.of("bin/blink demo",
              "bin/blink demo --layouts power-balanced+staggered --power 100,40"),
          List.of("bin/blink bench --help, README.md, docs/benchmarks.md"));
    }
    return new org.blinkhdfs.common.cli.Manual("blink bench",
        "one experiment on the local blinking cluster, with full parameters",
        List.of("bin/blink bench <experiment> [flags]", "experiments: " + EXPERIMENTS),
        List.of("The demo's cluster and report for one experiment at larger sizes: latency,",
            "throughput and kv (Zipf key-value) against power; gears (Le et al. Fig 3); relay",
            "(the proxy's WebHDFS relay against stock clients); dfsio, terasort, wordcount and",
            "grep as real MapReduce jobs on YARN in the cluster; faults (kill -9 of each daemon",
            "under load) and soak (15 minutes at 20%); groups (two application groups, hi and",
            "lo, with p90 targets of a tenth of the interval, with and without the NameNode's",
            "replicas for their targets: docs/groups.md); groups-io (Rabbit Tables 2-3: fair",
            "isolation of one application from 1-3 others and priority speed-ups, equal work with",
            "and without the groups as its datasets); kv-signal and search (BlinkFS Figs 12-13:",
            "Zipf gets under the solar+wind trace, random 64 KB reads under a budget over a",
            "price trace, per layout and step); oscillation (BlinkFS Fig 10: the ring against",
            "the migration-based baseline under N% oscillation, per data set size);",
            "rabbit-datasets (Rabbit Fig 8: the degree of power-proportionality of live",
            "datasets measured on 14 nodes against the simulator's model); compare (every",
            "layout, the stock covering set and the migration baseline on one cluster and",
            "budget, each level's cells in rounds with 95% intervals, the baseline's moves",
            "timed and their ratio to the power step stated, then one day of the solar+wind",
            "trace replayed in --trace-span, and with --mapreduce on a TestDFSIO read job per",
            "layout and level: about an hour and a half). Needs a source checkout."),
        exit,
        List.of("bin/blink bench latency --layouts power-balanced+staggered --power 100,40,20",
            "bin/blink bench dfsio --gears 2,4,7 --host-cpu 0 --bandwidth 1 --io-file-mib 16",
            "bin/blink bench compare --layouts aligned+aligned,default+activation+migration"
                + " --power 100,20 --rounds 2 --cell-time 10s --io-file-mib 12"
                + " --data-mib 256 --trace-span 48s --mapreduce on"),
        List.of("docs/benchmarks.md, docs/yarn.md, docs/operations.md (fault matrix, soak)"));
  }

  static CommandLineTool tool(boolean bench, String usage) {
    return CommandLineTool.builder(bench ? "bin/blink bench" : "bin/blink demo").usage(usage)
        .manual(manual(bench))
        .flags(FLAGS)
        .operands(bench ? 1 : 0, bench ? ": name one experiment, " + EXPERIMENTS
            : ": flags look like --name value; experiments run with bin/blink bench")
        .build();
  }

  /**
   * Parses flags for {@code command} ("demo", or an experiment name for bench, which selects
   * that experiment and the larger defaults).
   */
  public static DemoOptions parse(String command, String[] args) {
    return from(command, tool(false, "").parse(args));
  }

  /** The options for {@code command} from parsed flags; a bad value is a usage error. */
  static DemoOptions from(String command, CommandLineTool.Args a) {
    boolean bench = !command.equals("demo");
    boolean dfsioGears = command.equals(MapReduceSession.DFSIO) && a.has("gears");
    boolean gears = command.equals("gears") || dfsioGears;
    boolean relay = command.equals(RelaySession.EXPERIMENT);
    boolean faults = command.equals(FaultsSession.EXPERIMENT);
    boolean soak = command.equals(SoakSession.EXPERIMENT);
    boolean text = command.equals(MapReduceSession.WORDCOUNT)
        || command.equals(MapReduceSession.GREP);
    boolean grep = command.equals(MapReduceSession.GREP);
    boolean mapReduce = text || command.equals(MapReduceSession.DFSIO)
        || command.equals(MapReduceSession.TERASORT);
    boolean groups = command.equals(GroupsSession.EXPERIMENT);
    boolean groupsIo = command.equals(GroupsIoSession.EXPERIMENT);
    boolean rabbit = command.equals(RabbitDatasetsSession.EXPERIMENT);
    boolean throughput = command.equals(THROUGHPUT);
    boolean oscillation = command.equals(SignalSession.OSCILLATION);
    boolean signal = command.equals(SignalSession.KV) || command.equals(SignalSession.SEARCH)
        || oscillation;
    Set<String> experiments = new LinkedHashSet<>();
    if (bench) {
      if (!EXPERIMENTS.contains(command)) {
        throw new CommandLineTool.UsageException("unknown experiment '" + command + "'; use one of "
            + EXPERIMENTS);
      }
      experiments.add(command);
      if (command.equals(LayoutSession.COMPARE)) {
        experiments.addAll(List.of("latency", "throughput"));
      }
    } else {
      experiments.addAll(List.of("latency", "throughput"));
    }
    if (compareMapReduce(a, command)) {
      experiments.add(MapReduceSession.DFSIO);
    }
    Map<String, String> d = FlagDefaults.of(command, dfsioGears);
    List<LayoutRun> layouts;
    try {
      layouts = LayoutRun.parseList("--layouts", a.get("layouts", d.get("layouts")));
    } catch (IllegalArgumentException e) {
      throw new CommandLineTool.UsageException(e.getMessage());
    }
    int nodes = a.intIn("nodes", d.get("nodes"), 1, 64);
    int replication = a.intIn("replication", d.get("replication"), 1, nodes);
    int paraidReplication = a.intIn("paraid-replication", d.getOrDefault("paraid-replication",
        Integer.toString(replication)), 1, nodes);
    // bench relay measures latency at --replication only (its data set is written once); the
    // MapReduce benches measure no latency and write at --replication.
    String latencyDefault = d.get("latency-replication");
    List<Integer> latencyR = ints(a, "latency-replication",
        latencyDefault.equals(FlagDefaults.AT_REPLICATION) ? Integer.toString(replication)
            : latencyDefault, 1, nodes);
    if (!gears && a.has("gears")) {
      throw new CommandLineTool.UsageException("--gears " + a.get("gears", "")
          + " applies to bin/blink"
          + " bench gears and bench dfsio only; the demo sets power levels with --power");
    }
    List<Integer> gearList = gears ? ints(a, "gears", d.get("gears"), 1, nodes) : List.of();
    if (!mapReduce && a.has("host-cpu")) {
      throw new CommandLineTool.UsageException("--host-cpu " + a.get("host-cpu", "")
          + " applies to the MapReduce benches only (dfsio, terasort, wordcount, grep)");
    }
    for (String flag : List.of("rounds", "low-power-rounds", "native-timeout")) {
      if (!relay && !((text || dfsioGears || groupsIo || rabbit || throughput || oscillation
          || command.equals(LayoutSession.COMPARE)) && flag.equals("rounds"))
          && a.has(flag)) {
        throw new CommandLineTool.UsageException("--" + flag + " " + a.get(flag, "")
            + " applies to bin/blink bench relay" + (flag.equals("rounds")
                ? ", throughput, compare, wordcount, grep, groups-io, rabbit-datasets,"
                    + " oscillation and dfsio --gears"
                : "")
            + " only; drop it or run bench"
                + " relay");
      }
    }
    if ((signal || rabbit) && a.has("power")) {
      throw new CommandLineTool.UsageException("--power " + a.get("power", "") + ": bench "
          + command + (rabbit ? " keeps every node on (Rabbit Fig 8); drop --power"
          : " follows --signal; give the levels as a signal, e.g. --signal steady:40%"));
    }
    if (rabbit && layouts.stream().anyMatch(l -> l.layout() != Layout.EQUAL_WORK)) {
      throw new CommandLineTool.UsageException("--layouts " + a.get("layouts", "") + ": bench "
          + command + " measures equal work's datasets; give equal-work layouts only, e.g. "
          + RABBIT_LAYOUTS);
    }
    int staging = a.intIn("staging", d.get("staging"), 0, 8);
    boolean storageOnlyStaging = text || dfsioGears;
    // Read in a fixed order, so of two bad values the same one is named every time.
    Path clusterDir = Path.of(a.get("cluster-dir", "target/blink-cluster"));
    Path outDir = Path.of(a.get("out", "target/blink-report"));
    long intervalMs = a.durationMsIn("interval", "6s", 2_000, 600_000);
    int bandwidth = a.intIn("bandwidth", d.get("bandwidth"), 1, 10_000);
    List<Integer> powers = signal || rabbit ? List.of(100)
        : ordered(a, ints(a, "power", d.get("power"), 0, 100));
    long cellTimeMs = a.durationMsIn("cell-time", d.get("cell-time"), 1_000, 86_400_000);
    int readOps = a.intIn("read-ops", d.get("read-ops"), 1, 200_000);
    int writeOps = a.intIn("write-ops", d.get("write-ops"), 0, 200_000);
    int requestKiB = a.intIn("request-kib", "64", 1, 65_536);
    int ioThreads = a.intIn("io-threads", d.get("io-threads"), 1, 256);
    int ioFileMiB = a.intIn("io-file-mib", d.get("io-file-mib"), 1, 65_536);
    KvLoad kv = new KvLoad(a.intIn("kv-keys", "2000", 1, 1_000_000),
        a.intIn("kv-gets", "400", 1, 200_000), a.intIn("kv-packs", "4", 1, 10_000));
    long seed = a.longIn("seed", "1", Long.MIN_VALUE, Long.MAX_VALUE);
    int rounds = a.intIn("rounds", d.get("rounds"), 1, 100);
    RelayRounds relayRounds = new RelayRounds(a.intIn("low-power-rounds", "2", 1, 100),
        a.has("native-timeout") ? a.durationMsIn("native-timeout", "10s", 100, 600_000) : 0);
    int hostCpu = mapReduce ? hostCpu(a, storageOnlyStaging ? nodes : nodes + staging) : 0;
    int clients = a.intIn("clients", d.get("clients"), 1, 256);
    List<Integer> layoutOrder = layoutOrder(a, layouts.size());
    boolean latencyOnEvery = latencyOnEveryLayout(a, command);
    Groups groupBudget = new Groups(a.intIn("group-budget", "1", 1, 16));
    DemoOptions o = new DemoOptions(
        new Common(command, clusterDir, outDir, Set.copyOf(experiments), seed, layouts,
            layoutOrder, powers, cellTimeMs),
        new Shape(nodes, staging, intervalMs, bandwidth, replication, paraidReplication,
            LayoutKeys.defaults(), hostCpu),
        new LatencyCells(latencyR, latencyOnEvery, readOps, writeOps, requestKiB, 4,
            bench && !relay ? 16 : 4, clients),
        new IoLoad(ioThreads, ioFileMiB, rounds, command.equals(LayoutSession.COMPARE)
            ? a.intIn("data-mib", d.get("data-mib"), 1, 1_000_000) : 0), kv, relayRounds,
        groupBudget,
        new GearList(gearList), List.of(), compareTrace(a, command, intervalMs));
    if (!groups && a.has("group-budget")) {
      throw new CommandLineTool.UsageException("--group-budget " + a.get("group-budget", "")
          + " applies to bin/blink bench groups only; drop it or run bench groups");
    }
    LayoutKeys keys = layoutKeys(a, o, d.get("paraid-groups"));
    o = o.withLayoutKeys(keys).withSignalCases(signalCases(a, command, signal, o));
    o.checkLayouts();
    if (command.equals(LayoutSession.COMPARE) && o.dataMiB() < o.readDataMiB()) {
      throw new CommandLineTool.UsageException("--data-mib " + o.dataMiB() + " is less than"
          + " the data the cells read, " + o.readDataMiB() + " MiB (" + o.latencyFiles() + " x "
          + o.latencyFileMiB() + " MiB latency files + --io-threads " + o.ioThreads() + " x"
          + " --io-file-mib " + o.ioFileMiB() + (o.compareMapReduce() ? ", twice: --mapreduce"
          + " on writes TestDFSIO's files as many again" : "") + "); raise it or shrink those");
    }
    for (SignalCase c : o.signalCases()) {
      if (o.cellTimeMs() / c.signal().steps() < o.intervalMs()) {
        throw new CommandLineTool.UsageException("--cell-time " + o.cellTimeMs() + " ms over "
            + c.signal().steps() + " signal steps gives each step less than one blink interval ("
            + o.intervalMs() + " ms); lengthen --cell-time or --signal-step");
      }
    }
    if (oscillation && o.rounds() > 1 && o.signalCases().size() == 1) {
      throw new CommandLineTool.UsageException("--rounds " + o.rounds() + ": bench oscillation"
          + " repeats cases, and one case (one --oscillation, one --data-mib) is reported per"
          + " power level instead; give two cases or more, or drop --rounds");
    }
    if ((faults || soak) && o.powers().size() != 1) {
      throw new CommandLineTool.UsageException("--power " + a.get("power", "") + ": bench "
          + command + " runs at one power level; give one, e.g. --power " + (faults ? "40" : "20"));
    }
    return o;
  }

  private DemoOptions withLayoutKeys(LayoutKeys keys) {
    return new DemoOptions(common, shape.withLayoutKeys(keys), latencyCells, io, kv, relay,
        groups, gearList, signalCases, compareTrace);
  }

  private DemoOptions withSignalCases(List<SignalCase> cases) {
    return new DemoOptions(common, shape, latencyCells, io, kv, relay, groups, gearList,
        List.copyOf(cases), compareTrace);
  }

  /**
   * The cases of bench kv-signal and search (one: --signal over the data set) and of bench
   * oscillation (one per --data-mib and --oscillation, each an oscillating signal of
   * --oscillation-period steps over --cell-time); elsewhere the flags are usage errors.
   */
  private static List<SignalCase> signalCases(CommandLineTool.Args a, String command,
      boolean signal, DemoOptions o) {
    boolean oscillation = command.equals(SignalSession.OSCILLATION);
    List<String> own = new ArrayList<>(!signal ? List.of() : oscillation
        ? List.of("oscillation", "oscillation-period", "data-mib", "signal-floor")
        : List.of("signal", "signal-span", "signal-step", "signal-floor", "data-mib"));
    if (command.equals(LayoutSession.COMPARE)) {
      own.add("data-mib");
    }
    for (String flag : List.of("signal", "signal-span", "signal-step", "signal-floor",
        "oscillation", "oscillation-period", "data-mib")) {
      if (a.has(flag) && !own.contains(flag)) {
        throw new CommandLineTool.UsageException("--" + flag + " " + a.get(flag, "")
            + " applies to bin/blink bench " + (flag.startsWith("oscillation")
                ? SignalSession.OSCILLATION : flag.equals("data-mib") ? SignalSession.KV
                + ", " + SignalSession.SEARCH + ", " + SignalSession.OSCILLATION + " and "
                + LayoutSession.COMPARE
                : SignalSession.KV + " and " + SignalSession.SEARCH) + " only; drop it here");
      }
    }
    if (!signal) {
      return List.of();
    }
    org.blinkhdfs.model.power.PowerModel model =
        org.blinkhdfs.model.power.PowerModel.macMini(o.nodes());
    int floor = a.intIn("signal-floor", oscillation ? "5" : "20", 0, 100);
    boolean kv = command.equals(SignalSession.KV);
    List<Integer> sizes = ints(a, "data-mib", oscillation ? "64,192" : kv ? "0"
        : Integer.toString(o.latencyFiles() * o.latencyFileMiB()), kv ? 0 : 1, 1_000_000);
    List<SignalCase> out = new ArrayList<>();
    try {
      SignalOptions.checkFloor(model, floor);
      if (oscillation) {
        long period = a.durationMsIn("oscillation-period", "45s", 1_000, 3_600_000);
        for (int size : sizes) {
          for (int n : ints(a, "oscillation", "0,30,60", 0, 100)) {
            SignalOptions so = new SignalOptions("oscillating:" + n + ":" + period + "ms",
                o.cellTimeMs(), period, floor);
            so.signal(model);
            out.add(new SignalCase(so, size, java.util.OptionalInt.of(n)));
          }
        }
        return out;
      }
      if (sizes.size() != 1) {
        throw new CommandLineTool.UsageException("--data-mib " + a.get("data-mib", "")
            + ": bench " + command + " reads one data set; give one size");
      }
      SignalOptions so = new SignalOptions(a.get("signal", command.equals(SignalSession.KV)
              ? SignalOptions.KV_SIGNAL : SignalOptions.SEARCH_SIGNAL),
          a.durationMsIn("signal-span", "3h", 1_000, 365L * 24 * 3_600_000),
          a.durationMsIn("signal-step", "5m", 1_000, 24L * 3_600_000), floor);
      so.signal(model);
      out.add(new SignalCase(so, sizes.get(0), java.util.OptionalInt.empty()));
      return out;
    } catch (IllegalArgumentException e) {
      if (e instanceof CommandLineTool.UsageException) {
        throw e;
      }
      throw new CommandLineTool.UsageException(e.getMessage());
    }
  }

  /**
   * bench compare's {@code --mapreduce on|off} (default off: YARN adds a ResourceManager and a
   * NodeManager per host to every cluster). Elsewhere the flag is a usage error.
   */
  static boolean compareMapReduce(CommandLineTool.Args a, String command) {
    if (!a.has("mapreduce")) {
      return false;
    }
    String v = a.get("mapreduce", "off");
    if (!command.equals(LayoutSession.COMPARE)) {
      throw new CommandLineTool.UsageException("--mapreduce " + v + " applies to bin/blink"
          + " bench compare only; the MapReduce benches are bin/blink bench dfsio, terasort,"
          + " wordcount and grep");
    }
    if (!v.equals("on") && !v.equals("off")) {
      throw new CommandLineTool.UsageException("--mapreduce '" + v + "' must be on or off");
    }
    return v.equals("on");
  }

  /**
   * bench compare's {@code --trace-span} (default {@value CompareTrace#DEFAULT_SPAN}; {@code 0}
   * skips the step): the trace day's length on the clock, each of its {@value
   * CompareTrace#STEPS} steps at least one blink interval. Elsewhere the flag is a usage error.
   */
  static CompareTrace compareTrace(CommandLineTool.Args a, String command, long intervalMs) {
    if (!command.equals(LayoutSession.COMPARE)) {
      if (a.has("trace-span")) {
        throw new CommandLineTool.UsageException("--trace-span " + a.get("trace-span", "")
            + " applies to bin/blink bench compare only; bench kv-signal replays the trace with"
            + " --signal-span");
      }
      return CompareTrace.NONE;
    }
    String v = a.get("trace-span", CompareTrace.DEFAULT_SPAN);
    long ms = v.trim().equals("0") ? 0 : a.durationMsIn("trace-span", CompareTrace.DEFAULT_SPAN,
        0, 86_400_000);
    CompareTrace t = new CompareTrace(ms);
    if (t.runs() && t.stepWallMs() < intervalMs) {
      throw new CommandLineTool.UsageException("--trace-span " + v + " gives each of the trace"
          + " day's " + CompareTrace.STEPS + " steps " + t.stepWallMs() + " ms, less than one"
          + " blink interval (" + intervalMs + " ms); give at least "
          + org.blinkhdfs.common.cli.Durations.format(CompareTrace.STEPS * intervalMs)
          + ", or 0 to skip the trace step");
    }
    return t;
  }

  /** Whether this run replays a power signal (bench kv-signal, search, oscillation). */
  public boolean signalRun() {
    return !signalCases.isEmpty();
  }

  /** {@code --latency-on first|every}; every is for bench latency only. */
  private static boolean latencyOnEveryLayout(CommandLineTool.Args a, String command) {
    String on = a.get("latency-on", "first");
    if (!on.equals("first") && !on.equals("every")) {
      throw new CommandLineTool.UsageException("--latency-on '" + on + "' must be first or every");
    }
    if (on.equals("every") && !command.equals("latency")) {
      throw new CommandLineTool.UsageException("--latency-on every applies to bin/blink bench"
          + " latency only; the demo and the other benches measure latency on the first layout");
    }
    return on.equals("every");
  }

  /** --host-cpu, by default 1800 millicores shared by the hosts (rounded down to 10). */
  private static int hostCpu(CommandLineTool.Args a, int hosts) {
    int def = Math.max(50, 1800 / hosts / 10 * 10);
    int v = a.intIn("host-cpu", Integer.toString(def), 0, 64_000);
    if (v > 0 && v < 50) {
      throw new CommandLineTool.UsageException("--host-cpu " + v + " is below 50 millicores, too"
          + " little to start a JVM; use 0 (no cap) or at least 50");
    }
    return v;
  }

  /** p from --primaries, or the largest p <= 2 that holds every replication equal work writes. */
  private static LayoutKeys layoutKeys(CommandLineTool.Args a, DemoOptions o,
      String paraidGroups) {
    List<Integer> groups = ints(a, "paraid-groups", paraidGroups, 1, o.nodes());
    LayoutKeys keys;
    try {
      keys = LayoutKeys.defaults().withParaidGroups(groups);
    } catch (IllegalArgumentException e) {
      throw new CommandLineTool.UsageException("--paraid-groups: " + e.getMessage());
    }
    try {
      keys = keys.withReadOrder(ReadOrderMode.parse("--read-order",
          a.get("read-order", ReadOrderMode.LONGEST_WINDOW.configName())));
    } catch (IllegalArgumentException e) {
      throw new CommandLineTool.UsageException(e.getMessage());
    }
    if (a.has("primaries")) {
      return keys.withPrimaries(a.intIn("primaries", "2", 1, o.nodes()));
    }
    int p = LayoutKeys.defaults().equalWorkPrimaries();
    for (int i = 0; i < o.layouts().size(); i++) {
      if (o.layouts().get(i).layout() == Layout.EQUAL_WORK) {
        for (int r : o.replicationsWritten(i)) {
          try {
            p = Math.min(p, LayoutKeys.fittingPrimaries(o.nodes(), r, p));
          } catch (IllegalArgumentException e) {
            throw new CommandLineTool.UsageException("--replication/--latency-replication " + r
                + " on --nodes " + o.nodes() + ": " + e.getMessage()
                + "; lower the replication or add nodes");
          }
        }
      }
    }
    return keys.withPrimaries(p);
  }

  /** Every Rabbit layout must hold what it will write; bench gears needs common gears. */
  private void checkLayouts() {
    for (int i = 0; i < layouts().size(); i++) {
      Layout l = layouts().get(i).layout();
      for (int r : replicationsWritten(i)) {
        try {
          layoutKeys().chainLayout(l, nodes(), r);
        } catch (IllegalArgumentException e) {
          throw new CommandLineTool.UsageException("--primaries/--paraid-groups/--replication: "
              + e.getMessage());
        }
      }
      if (l == Layout.COVERING) {
        checkCovering(i);
      }
      if (layouts().get(i).schedulePolicy().equals(org.blinkhdfs.model.policy.AutoPolicy.NAME)) {
        checkAuto(i);
      }
      if (runs(RelaySession.EXPERIMENT) && !layouts().get(i).proxy().configured()) {
        throw new CommandLineTool.UsageException("--layouts " + layouts().get(i).label()
            + ": bench relay reads through the proxy's relay, and the proxy runs with the"
            + " ring layouts only; use power-balanced+staggered,"
            + " power-balanced+staggered-circular or aligned+aligned");
      }
      if (!gears().isEmpty()) {
        if (!l.hasGears()) {
          throw new CommandLineTool.UsageException("--layouts " + layouts().get(i).label()
              + ": bench gears"
              + " compares layouts with gears; use equal-work+activation,paraid+activation");
        }
        List<Integer> have = layoutKeys().gears(l, nodes(), replicationFor(l));
        for (int g : gears()) {
          if (!have.contains(g)) {
            throw new CommandLineTool.UsageException("--gears " + gears() + ": " + g
                + " nodes is not a"
                + " gear of " + l.flag() + " (gears " + have + " with "
                + layoutKeys().nameNodeKeys() + " on " + nodes() + " nodes); pick gears from"
                + " that list or change --paraid-groups, e.g. 2,2 for gears 2, 4, 7 on 7 nodes");
          }
        }
      }
    }
  }

  /**
   * The stock covering set: the {@code covering} policy, one upgrade domain per replica of
   * everything it writes (a block of fewer replicas would miss the always-on domain), at most
   * one domain per ring node, and no MapReduce (its hosts run without a staging node).
   */
  private void checkCovering(int i) {
    LayoutRun run = layouts().get(i);
    String policy = org.blinkhdfs.model.policy.CoveringPolicy.NAME;
    if (!run.schedulePolicy().equals(policy)) {
      throw new CommandLineTool.UsageException("--layouts " + run.label() + ": the stock"
          + " covering set switches whole upgrade domains; use " + Layout.COVERING.flag() + "+"
          + policy);
    }
    int r = replicationFor(Layout.COVERING);
    for (int w : replicationsWritten(i)) {
      if (w != r) {
        throw new CommandLineTool.UsageException("--layouts " + run.label() + " writes data"
            + " with replication " + w + " but has " + r + " upgrade domains (--replication):"
            + " a block needs one replica per domain; give --latency-replication " + r
            + " or put the layout after the first");
      }
    }
    if (r > nodes()) {
      throw new CommandLineTool.UsageException("--replication " + r + " upgrade domains on"
          + " --nodes " + nodes() + ": every domain needs a node; lower the replication");
    }
    if (mapReduce() && !compareMapReduce()) {
      throw new CommandLineTool.UsageException("--layouts " + run.label() + ": the MapReduce"
          + " benches are not supported on the stock covering set (no staging host, and YARN"
          + " would be told nothing of the domains in maintenance)");
    }
  }

  /**
   * {@code phase-groups+auto}: G is the run's replication ({@link Layout#groupKeys}) and auto's
   * activation keeps whole groups ACTIVE, which covers a block only if it has a replica in every
   * group: data of a lower replication would have blocks with no replica awake for a whole
   * level. Higher replications put a replica in every group and are accepted.
   */
  private void checkAuto(int i) {
    LayoutRun run = layouts().get(i);
    int g = replicationFor(run.layout());
    for (int w : replicationsWritten(i)) {
      if (w < g) {
        throw new CommandLineTool.UsageException("--layouts " + run.label() + " writes data"
            + " with replication " + w + " but has " + g + " phase groups (--replication):"
            + " auto's activation keeps whole groups ACTIVE, and a block of " + w
            + " replicas misses a group; give --latency-replication " + g + " (or higher) or"
            + " put the layout after the first");
      }
    }
    if (g > nodes()) {
      throw new CommandLineTool.UsageException("--replication " + g + " phase groups on"
          + " --nodes " + nodes() + ": every group needs a node; lower the replication");
    }
  }

  /**
   * The power levels in the order {@code --power-order} asks: as given, or with the levels after
   * a leading 100 shuffled by {@code Random(--seed)}. Example: 100,60,40,20 with seed 1 keeps
   * 100 first and runs the other three in a seeded order.
   */
  static List<Integer> ordered(CommandLineTool.Args a, List<Integer> powers) {
    int keep = !powers.isEmpty() && powers.get(0) == 100 ? 1 : 0;
    return order(a, "power-order", powers, keep, 0);
  }

  /**
   * The indices of the layouts in the order their clusters run, as {@code --layout-order} asks:
   * 0, 1, 2, ... or a permutation drawn from {@code --seed} (a stream apart from the power
   * levels', so the two orders are not the same shuffle).
   */
  static List<Integer> layoutOrder(CommandLineTool.Args a, int layouts) {
    List<Integer> given = java.util.stream.IntStream.range(0, layouts).boxed().toList();
    return order(a, "layout-order", given, 0, 1);
  }

  /** {@code items} as given, or shuffled after the first {@code keep}, as {@code --flag} asks. */
  private static List<Integer> order(CommandLineTool.Args a, String flag, List<Integer> items,
      int keep, long stream) {
    String order = a.get(flag, "given");
    if (order.equals("given")) {
      return items;
    }
    if (!order.equals("shuffled")) {
      throw new CommandLineTool.UsageException("--" + flag + " '" + order + "' must be given or"
          + " shuffled");
    }
    List<Integer> rest = new ArrayList<>(items.subList(keep, items.size()));
    java.util.Collections.shuffle(rest, new java.util.Random(
        a.longIn("seed", "1", Long.MIN_VALUE, Long.MAX_VALUE) + stream));
    List<Integer> out = new ArrayList<>(items.subList(0, keep));
    out.addAll(rest);
    return List.copyOf(out);
  }

  private static List<Integer> ints(CommandLineTool.Args a, String flag, String def, int min,
      int max) {
    List<Integer> out = new ArrayList<>();
    for (String s : a.get(flag, def).split(",")) {
      int v;
      try {
        v = Integer.parseInt(s.trim());
      } catch (NumberFormatException e) {
        throw new CommandLineTool.UsageException("--" + flag + " '" + s + "' is not a whole number;"
            + " give a comma-separated list such as " + def);
      }
      if (v < min || v > max) {
        throw new CommandLineTool.UsageException("--" + flag + " " + v + " is outside " + min + ".."
            + max);
      }
      out.add(v);
    }
    return List.copyOf(out);
  }

  /** Replication factors measured for latency on layout number {@code index}. */
  public List<Integer> latencyReplicationsFor(int index) {
    return index == 0 || latencyOnEveryLayout() ? latencyReplications()
        : List.of(replicationFor(layouts().get(index).layout()));
  }

  /** Replication of the throughput (and gears) data of {@code layout}. */
  public int replicationFor(Layout layout) {
    return layout == Layout.PARAID ? paraidReplication() : replication();
  }

  /** Every replication factor layout number {@code index} writes data with. */
  List<Integer> replicationsWritten(int index) {
    Set<Integer> out = new LinkedHashSet<>();
    if (runsOn("latency", index)) {
      out.addAll(latencyReplicationsFor(index));
    }
    if (runs("throughput") || runs("kv") || runs("gears") || runs(RelaySession.EXPERIMENT)
        || runs(SignalSession.KV) || runs(SignalSession.SEARCH)
        || runs(SignalSession.OSCILLATION)
        || runs(MapReduceSession.DFSIO) || runs(MapReduceSession.TERASORT)
        || runs(MapReduceSession.WORDCOUNT) || runs(MapReduceSession.GREP)) {
      out.add(replicationFor(layouts().get(index).layout()));
    }
    return List.copyOf(out);
  }

  public boolean runs(String experiment) {
    return experiments().contains(experiment);
  }

  /**
   * Whether layout number {@code index} runs {@code experiment}. In the demo, layouts under the
   * activation policy skip latency: they never blink, so their reads wait for no window
   * (expected wait 0, as {@code bin/blink bench latency --layouts equal-work+activation} shows),
   * and the 10-minute budget of five layouts has no room for cells that only measure service
   * time.
   */
  public boolean runsOn(String experiment, int index) {
    if (command().equals("demo") && experiment.equals("latency")
        && layouts().get(index).schedulePolicy().equals(ACTIVATION)) {
      return false;
    }
    return runs(experiment);
  }

  /**
   * Read phases per power level of the throughput experiment: {@code --rounds} for bench
   * throughput and bench compare, else 1.
   */
  public int throughputRounds() {
    return command().equals(THROUGHPUT) || command().equals(LayoutSession.COMPARE) ? rounds()
        : 1;
  }
  /** bench wordcount or grep: compute follows power, so staging hosts are storage-only. */
  public boolean textJobs() {
    return runs(MapReduceSession.WORDCOUNT) || runs(MapReduceSession.GREP);
  }

  /** bench faults and soak: {@link org.blinkhdfs.workload.ContinuousIo}'s workload. */
  public boolean continuousIo() {
    return runs(FaultsSession.EXPERIMENT) || runs(SoakSession.EXPERIMENT);
  }

  /** Whether the experiment runs MapReduce jobs (and so needs YARN on the hosts). */
  public boolean mapReduce() {
    return runs(MapReduceSession.DFSIO) || runs(MapReduceSession.TERASORT)
        || runs(MapReduceSession.WORDCOUNT) || runs(MapReduceSession.GREP);
  }
}
