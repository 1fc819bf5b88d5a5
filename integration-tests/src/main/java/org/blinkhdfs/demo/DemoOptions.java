package org.blinkhdfs.demo;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.blinkhdfs.core.cli.CliArgs;

/**
 * Everything {@code bin/blink demo} and {@code bin/blink bench <experiment>} can be told, with the
 * demo's defaults (sized to finish within 10 minutes on 2 cores) and the bench's larger ones.
 *
 * <p>Latency is measured for every {@code --latency-replication} on the first layout and for
 * {@code --replication} on the others (BlinkFS Table 2 is about the power-balanced layout; the
 * others are compared at the common replication factor).
 *
 * <p>Immutable; built by {@link #parse}.
 */
public record DemoOptions(String command, Path clusterDir, Path outDir, int nodes, int staging,
    long intervalMs, int bandwidthMBps, List<LayoutRun> layouts, List<Integer> powers,
    int replication, List<Integer> latencyReplications, Set<String> experiments,
    long cellTimeMs, int readOps, int writeOps, int requestKiB, int latencyFiles,
    int latencyFileMiB, int ioThreads, int ioFileMiB, int kvKeys, int kvGets, long seed) {

  static final List<String> EXPERIMENTS = List.of("latency", "throughput", "kv");

  static final String FLAGS_HELP = String.join("\n",
      "  --nodes N                 ring DataNodes (default 9)",
      "  --staging S               always-on staging DataNodes (default 1)",
      "  --interval D              blink interval, shortened from 60 s (default 6s)",
      "  --bandwidth MB            per-DataNode read and write cap in MiB/s (default 10)",
      "  --layouts L+P,...         layouts with schedule policies (default",
      "                            power-balanced+staggered,power-balanced+staggered-circular,",
      "                            default+staggered)",
      "  --power P,...             power levels in % of all DataNodes active (default 100,60,40,20)",
      "  --replication R           replication of throughput data and of latency data on all but",
      "                            the first layout (default 3)",
      "  --latency-replication R,. replication factors for latency on the first layout (1,3,6)",
      "  --cell-time D             longest one latency cell runs (demo 8s, bench 30s)",
      "  --read-ops N              reads per latency cell at most (demo 40, bench 300)",
      "  --write-ops N             writes per latency cell at most (demo 8, bench 50)",
      "  --request-kib K           latency request size (default 64)",
      "  --io-threads T            parallel readers/writers for throughput (default 8)",
      "  --io-file-mib S           file per throughput thread (demo 12, bench 48)",
      "  --kv-keys K --kv-gets G   key-value objects and gets (bench kv: 2000, 400)",
      "  --seed S                  seed of every random choice (default 1)",
      "  --cluster-dir DIR         daemon directories and logs (default target/blink-cluster)",
      "  --out DIR                 report directory (default target/blink-report)");

  private static final Set<String> FLAGS = new LinkedHashSet<>(List.of("nodes", "staging",
      "interval", "bandwidth", "layouts", "power", "replication", "latency-replication",
      "cell-time", "read-ops", "write-ops", "request-kib", "io-threads", "io-file-mib", "kv-keys",
      "kv-gets", "seed", "cluster-dir", "out"));

  /**
   * Parses flags for {@code command} ("demo", or an experiment name for bench, which selects
   * that experiment and the larger defaults).
   */
  public static DemoOptions parse(String command, String[] args) {
    boolean bench = !command.equals("demo");
    CliArgs a = CliArgs.parse(args, FLAGS);
    Set<String> experiments = new LinkedHashSet<>();
    if (bench) {
      if (!EXPERIMENTS.contains(command)) {
        throw new CliArgs.UsageException("unknown experiment '" + command + "'; use one of "
            + EXPERIMENTS);
      }
      experiments.add(command);
    } else {
      experiments.addAll(List.of("latency", "throughput"));
    }
    List<LayoutRun> layouts;
    try {
      layouts = LayoutRun.parseList("--layouts", a.get("layouts",
          "power-balanced+staggered,power-balanced+staggered-circular,default+staggered"));
    } catch (IllegalArgumentException e) {
      throw new CliArgs.UsageException(e.getMessage());
    }
    int nodes = a.intIn("nodes", "9", 1, 64);
    int replication = a.intIn("replication", "3", 1, nodes);
    List<Integer> latencyR = ints(a, "latency-replication", "1,3,6", 1, nodes);
    return new DemoOptions(command,
        Path.of(a.get("cluster-dir", "target/blink-cluster")),
        Path.of(a.get("out", "target/blink-report")), nodes, a.intIn("staging", "1", 0, 8),
        a.durationMsIn("interval", "6s", 2_000, 600_000), a.intIn("bandwidth", "10", 1, 10_000),
        layouts, ints(a, "power", "100,60,40,20", 0, 100), replication, latencyR,
        Set.copyOf(experiments),
        a.durationMsIn("cell-time", bench ? "30s" : "8s", 1_000, 3_600_000),
        a.intIn("read-ops", bench ? "300" : "40", 1, 200_000),
        a.intIn("write-ops", bench ? "50" : "8", 0, 200_000),
        a.intIn("request-kib", "64", 1, 65_536), 4, bench ? 16 : 4,
        a.intIn("io-threads", "8", 1, 256), a.intIn("io-file-mib", bench ? "48" : "12", 1, 65_536),
        a.intIn("kv-keys", "2000", 1, 1_000_000), a.intIn("kv-gets", "400", 1, 200_000),
        Long.parseLong(a.get("seed", "1")));
  }

  private static List<Integer> ints(CliArgs a, String flag, String def, int min, int max) {
    List<Integer> out = new ArrayList<>();
    for (String s : a.get(flag, def).split(",")) {
      int v;
      try {
        v = Integer.parseInt(s.trim());
      } catch (NumberFormatException e) {
        throw new CliArgs.UsageException("--" + flag + " '" + s + "' is not a whole number;"
            + " give a comma-separated list such as " + def);
      }
      if (v < min || v > max) {
        throw new CliArgs.UsageException("--" + flag + " " + v + " is outside " + min + ".."
            + max);
      }
      out.add(v);
    }
    return List.copyOf(out);
  }

  /** Replication factors measured for latency on layout number {@code index}. */
  public List<Integer> latencyReplicationsFor(int index) {
    return index == 0 ? latencyReplications : List.of(replication);
  }

  public boolean runs(String experiment) {
    return experiments.contains(experiment);
  }
}
