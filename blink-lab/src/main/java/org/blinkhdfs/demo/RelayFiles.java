package org.blinkhdfs.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.blinkhdfs.bench.stats.LatencySummary;
import org.blinkhdfs.bench.stats.MeanInterval;
import org.blinkhdfs.common.csv.Csv;
import org.blinkhdfs.workload.OpSample;

/**
 * {@code bench relay}'s own files beside the standard report: {@code relay.md} (the relay's
 * numbers as a reader of issue 12 wants them: throughput with intervals, paired ratios, the
 * goal's verdict, what bounded throughput, the stock client's failures per level) and two CSVs
 * with everything behind it.
 *
 * <pre>
 * relay-phases.csv  power,round,slot,path,workload,wallMs,mibps,okReads,failedReads,
 *                   verifyFailures,relayCpuCores,loadAverage,bytes,energyJ,meanPowerW,
 *                   budgetW,overBudgetS                                 one record per phase
 * relay-reads.csv   power,round,path,target,startMs,durationMs,bytes,outcome,error
 *                                                        one record per request (latency phases)
 * </pre>
 *
 * RFC 4180 records with CRLF ends (blink-common's {@link Csv}); an empty number is "not measured";
 * {@code startMs} is relative to its phase's start; a phase's energy columns are the DataNodes'
 * over that phase (the scheduler's counters at its start and end).
 *
 * <p>Stateless apart from the findings; not thread-safe.
 */
final class RelayFiles {
  static final List<String> PHASES_HEADER = List.of("power", "round", "slot", "path",
      "workload", "wallMs", "mibps", "okReads", "failedReads", "verifyFailures",
      "relayCpuCores", "loadAverage", "bytes", "energyJ", "meanPowerW", "budgetW",
      "overBudgetS");
  static final List<String> READS_HEADER = List.of("power", "round", "path", "target",
      "startMs", "durationMs", "bytes", "outcome", "error");

  private final RelayFindings f;

  RelayFiles(RelayFindings findings) {
    this.f = findings;
  }

  /** Writes relay.md, relay-phases.csv and relay-reads.csv into {@code dir}. */
  List<Path> write(Path dir) throws IOException {
    Files.createDirectories(dir);
    return List.of(put(dir.resolve("relay.md"), markdown()),
        put(dir.resolve("relay-phases.csv"), phasesCsv()),
        put(dir.resolve("relay-reads.csv"), readsCsv()));
  }

  private static Path put(Path p, String text) throws IOException {
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  String phasesCsv() {
    StringBuilder sb = new StringBuilder(Csv.record(PHASES_HEADER));
    for (RelayRun r : f.runs()) {
      sb.append(Csv.record(List.of(Integer.toString(r.power()), Integer.toString(r.round()),
          Integer.toString(r.slot()), r.path().label(), r.workload(), num(r.wallMs()),
          num(r.mibps()), Integer.toString(r.okReads()), Integer.toString(r.failedReads()),
          Integer.toString(r.verifyFailures()), num(r.relayCpuCores()),
          num(r.loadAverage()), Long.toString(r.bytes()), num(r.energy().joules()),
          num(r.energy().meanWatts()), num(r.energy().budgetWatts()),
          num(r.energy().overBudgetSeconds()))));
    }
    return sb.toString();
  }

  String readsCsv() {
    StringBuilder sb = new StringBuilder(Csv.record(READS_HEADER));
    for (RelayRun r : f.runs()) {
      for (OpSample s : r.samples()) {
        sb.append(Csv.record(List.of(Integer.toString(r.power()), Integer.toString(r.round()),
            r.path().label(), s.target(), num(s.startMs()), num(s.durationMs()),
            Long.toString(s.bytes()), s.outcome().name(), s.error())));
      }
    }
    return sb.toString();
  }

  private static String num(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "";
  }

  String markdown() {
    DemoOptions o = f.options();
    List<String> md = new ArrayList<>();
    md.add("# Read relay benchmark (`bin/blink bench relay`, issue 12)");
    md.add("");
    md.add(String.format(Locale.ROOT, "Setup: %d ring DataNode JVMs + %d staging, power-balanced"
        + " ring with staggered windows, blink interval %.1f s (shortened from the 60 s"
        + " production interval, %.0fx), DataNodes frozen with SIGSTOP outside their windows;"
        + " reads capped at %d MiB/s per DataNode (dfs.datanode.data.read.bandwidthPerSec);"
        + " 1 MiB blocks, r = %d; the proxy (drain + relay) in its own JVM.", o.nodes(),
        o.staging(), o.intervalMs() / 1000.0, 60_000.0 / o.intervalMs(), o.bandwidthMBps(),
        o.replication()));
    md.add("");
    md.add(String.format(Locale.ROOT, "Clients (all stock Hadoop 3.5.0): relay = %s; direct-webhdfs"
        + " = %s; native = %s. WebHDFS read timeout %d ms, native dfs.client.socket-timeout %d"
        + " ms.", ReadPath.RELAY.description(), ReadPath.DIRECT.description(),
        ReadPath.NATIVE.description(), f.webHdfsReadTimeoutMs(), f.socketTimeoutMs()));
    double[] load = f.loadRange();
    md.add("");
    md.add(String.format(Locale.ROOT, "Machine load average (1 min) at phase ends: %.1f .. %.1f"
        + " (%d cores).", load[0], load[1], Runtime.getRuntime().availableProcessors()));
    if (f.measuredOverhead()) {
      overhead(md, o);
    }
    for (int power : f.lowLevels()) {
      stock(md, power, o);
    }
    md.add("");
    md.add("Files: `relay-phases.csv` (every phase: MiB/s, reads, relay JVM CPU, load, energy),"
        + " `relay-reads.csv` (every request with its outcome and exception class), and the"
        + " standard `report.md`, `results.json`, `results.csv`.");
    md.add("");
    return String.join("\n", md);
  }

  private void overhead(List<String> md, DemoOptions o) {
    md.add("");
    md.add("## Relay overhead at 100% power");
    md.add("");
    md.add(String.format(Locale.ROOT, "%d rounds; in each, every path reads %d files of %d MiB in"
        + " parallel (dfsio, every byte verified), then makes %d back-to-back random reads of"
        + " %d KiB (open, positioned read, close; verified). The order of the paths rotates"
        + " every round.", o.rounds(), o.ioThreads(), o.ioFileMiB(), o.readOps(),
        o.requestKiB()));
    md.add("");
    md.add("| path | MiB/s, mean (95% CI) over rounds | p50 ms | p90 ms | p99 ms | mean ms"
        + " | reads | failed |");
    md.add("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (ReadPath p : ReadPath.values()) {
      List<OpSample> s = f.samples(100, p);
      LatencySummary l = RelayFindings.okDurations(s);
      md.add(String.format(Locale.ROOT, "| %s | %s | %.1f | %.1f | %.1f | %.1f | %d | %d |",
          p.label(), f.throughput(p).format("%.2f"), l.p50Ms(), l.p90Ms(), l.p99Ms(),
          l.meanMs(), s.size(), RelayFindings.failures(s).total()));
    }
    md.add("");
    md.add("Paired ratios (per round, then mean and 95% Student-t interval over rounds):");
    md.add("");
    md.add("| ratio | mean (95% CI) |");
    md.add("|---|---:|");
    ratioRow(md, "throughput relay / direct-webhdfs", ReadPath.RELAY, ReadPath.DIRECT, false);
    ratioRow(md, "throughput relay / native", ReadPath.RELAY, ReadPath.NATIVE, false);
    ratioRow(md, "throughput direct-webhdfs / native", ReadPath.DIRECT, ReadPath.NATIVE, false);
    ratioRow(md, "median request latency relay / direct-webhdfs", ReadPath.RELAY,
        ReadPath.DIRECT, true);
    ratioRow(md, "median request latency relay / native", ReadPath.RELAY, ReadPath.NATIVE,
        true);
    MeanInterval r = f.throughputRatio(ReadPath.RELAY, ReadPath.DIRECT);
    md.add("");
    md.add(String.format(Locale.ROOT, "Goal (issue 12): relay throughput within 10%% of direct"
        + " WebHDFS, i.e. ratio >= %.2f: **%s**%s.", RelayFindings.GOAL_RATIO, f.goalVerdict(),
        f.comparable(100, ReadPath.RELAY, ReadPath.DIRECT) ? " (ratio " + r.format("%.3f") + ")"
            : ""));
    energy(md, 100, List.of(ReadPath.values()));
    md.add("");
    md.add(String.format(Locale.ROOT, "What bounded throughput: the I/O ceiling is min(%d"
        + " threads, %d nodes) x %d MiB/s = %.0f MiB/s (one block at a time per reader, one"
        + " DataNode per block); the relay JVM used %.2f cores on average during its dfsio phases"
        + " and %.2f during its request phases.", o.ioThreads(), o.nodes(), o.bandwidthMBps(),
        f.ioCeilingMBps(), f.relayCores(RelayRun.DFSIO), f.relayCores(RelayRun.LATENCY)));
  }

  private void stock(List<String> md, int power, DemoOptions o) {
    md.add("");
    md.add("## Stock clients at " + power + "% power");
    md.add("");
    md.add(String.format(Locale.ROOT, "%d rounds; in each the relay and the stock native client"
        + " make the same random %d KiB reads (same files and offsets), at most %d per round,"
        + " arriving as a Poisson process over %.0f s, in alternating order.",
        o.lowPowerRounds(), o.requestKiB(), o.readOps(), o.cellTimeMs() / 1000.0));
    md.add("");
    md.add("| path | reads | ok | failed | BlockMissing | timeout | other | p50 ms | p90 ms"
        + " | p99 ms | max ms | failed reads' mean ms |");
    md.add("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (ReadPath p : List.of(ReadPath.RELAY, ReadPath.NATIVE)) {
      List<OpSample> s = f.samples(power, p);
      LatencySummary l = RelayFindings.okDurations(s);
      RelayFindings.Failures failed = RelayFindings.failures(s);
      md.add(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %d | %.1f | %.1f | %.1f"
          + " | %.1f | %s |", p.label(), s.size(), l.count(), failed.total(),
          failed.blockMissing(), failed.timeout(), failed.other(), l.p50Ms(), l.p90Ms(),
          l.p99Ms(), l.maxMs(), failed.total() == 0 ? "-"
              : String.format(Locale.ROOT, "%.0f", failed.meanMs())));
    }
    long[] h = f.held(power);
    md.add("");
    md.add(String.format(Locale.ROOT, "The relay held %d reads for a replica's window at this"
        + " level%s (its BlinkProxyRelay metrics ReadsHeld and ReadHeldMsTotal).", h[0],
        h[0] > 0 ? String.format(Locale.ROOT, ", %.0f ms each on"
            + " average", h[1] / (double) h[0]) : ""));
    energy(md, power, List.of(ReadPath.RELAY, ReadPath.NATIVE));
  }

  /**
   * A ratio row of the 100% table, or "not comparable" when either path ran over budget there.
   */
  private void ratioRow(List<String> md, String name, ReadPath a, ReadPath b, boolean p50) {
    String value = !f.comparable(100, a, b) ? f.notComparable(100, a, b)
        : (p50 ? f.p50Ratio(a, b) : f.throughputRatio(a, b)).format("%.3f");
    md.add("| " + name + " | " + value + " |");
  }

  /** The level's energy, one line per path, and what an over-budget path means for the level. */
  private void energy(List<String> md, int power, List<ReadPath> paths) {
    md.add("");
    md.add("DataNode energy over each path's phases (budget: " + power + "% of all DataNodes'"
        + " active power; work per joule over the DataNodes' energy):");
    md.add("");
    for (ReadPath p : paths) {
      md.add("- " + p.label() + ": " + f.energyLine(power, p));
    }
    List<ReadPath> over = f.overBudget(power, paths);
    if (!over.isEmpty()) {
      md.add("");
      md.add(String.format(Locale.ROOT, "%s %s more than %.0f%% over budget: left out of this"
          + " level's ratios and comparisons (not comparable).", EnergyText.OVER_MARK,
          over.stream().map(ReadPath::label).toList(),
          100 * org.blinkhdfs.bench.energy.CellEnergy.DEFAULT_TOLERANCE));
    }
  }
}
