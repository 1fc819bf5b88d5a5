package org.blinkhdfs.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs {@link ChooseTargetBench} and {@link ReadSortBench} with short iterations (the benchmark
 * machine has 2 cores) and summarises them: ops/s per configuration and node count, the spread
 * across measurement iterations, and the ratio to HDFS's default policy (placement rows) or to
 * the stock {@code DFSNetworkTopology} (read sort rows, {@code SORT_*}); then the placement
 * snapshots' memory at {@code --memory-nodes} DataNodes ({@link SnapshotMemory}).
 *
 * <p>Topologies ({@code --topologies}, nodes x racks): 9 x 1 is the end-to-end benchmark's
 * MiniDFSCluster (one rack), 9 x 3 and 100 x 10 are multi-rack clusters. On one rack HDFS's
 * default policy first tries a remote rack for the second replica, fails with an exception and
 * falls back to the local rack, which makes it markedly slower there.
 *
 * <p>Output: a table on stdout; JMH's own JSON ({@code jmh-choose-target-raw-<topology>.json})
 * and a summary ({@code jmh-choose-target.json}, {@code .csv}) in {@code --out}.
 *
 * <p>Usage: {@code ChooseTargetJmh [--out DIR] [--topologies 9x1,9x3,100x10,1000x20,5000x50]
 * [--configs DEFAULT,PB_ACTIVE,...] [--sorters SORT_STOCK,SORT_BLINK,SORT_EQUAL_WORK]
 * [--memory-nodes 5000] [--prof stack] [--warmup 5] [--warmup-time-s 2] [--iterations 5]
 * [--time-s 1] [--forks 1]}. {@code --configs none} or {@code --sorters none} skips that
 * benchmark; {@code --memory-nodes 0} skips the memory measurement; {@code --prof} adds a JMH
 * profiler by name. Placement configurations: {@link PlacementSetup}; sorters: {@link
 * ReadSortBench.Sorter}.
 *
 * <p>Why 5 warm-up iterations of 2 s: on 2 cores C2 needs about 4 s before HDFS's default
 * policy on 9 nodes reaches steady state (10 k ops/s in the first seconds, then about 250 k); with
 * 3 x 1 s it would be measured half-compiled.
 */
public final class ChooseTargetJmh {
  private ChooseTargetJmh() {
  }

  record Row(int nodes, int racks, String config, double opsPerSec, double error99,
      double iterMin, double iterMax, double ratioVsDefault) {
  }

  public static void main(String[] argv) throws Exception {
    Path out = Path.of("target", "bench");
    String topologies = "9x1,9x3,100x10";
    String configs = "DEFAULT,PB_ACTIVE,PB_STAGGERED,EW_ACTIVE,EW_GEARS,PARAID_ACTIVE,PARAID_GEARS";
    String sorters = "SORT_STOCK,SORT_BLINK,SORT_EQUAL_WORK";
    String profiler = "";
    int memoryNodes = 5000;
    int warmup = 5;
    int iterations = 5;
    int warmupTimeS = 2;
    int timeS = 1;
    int forks = 1;
    for (int i = 0; i + 1 < argv.length; i += 2) {
      String v = argv[i + 1].equals("none") ? "" : argv[i + 1];
      switch (argv[i]) {
        case "--out" -> out = Path.of(v);
        case "--topologies" -> topologies = v;
        case "--warmup" -> warmup = Integer.parseInt(v);
        case "--iterations" -> iterations = Integer.parseInt(v);
        case "--warmup-time-s" -> warmupTimeS = Integer.parseInt(v);
        case "--time-s" -> timeS = Integer.parseInt(v);
        case "--forks" -> forks = Integer.parseInt(v);
        case "--configs" -> configs = v;
        case "--sorters" -> sorters = v;
        case "--prof" -> profiler = v;
        case "--memory-nodes" -> memoryNodes = Integer.parseInt(v);
        default -> throw new IllegalArgumentException("unknown option " + argv[i]);
      }
    }
    Files.createDirectories(out);
    String loadBefore = Bench.loadAverage();
    List<RunResult> results = new ArrayList<>();
    for (String topo : topologies.split(",")) {
      String[] nr = topo.trim().split("x");
      List<String> runs = new ArrayList<>();
      if (!configs.isBlank()) {
        runs.add("chooseTarget");
      }
      if (!sorters.isBlank()) {
        runs.add("sort");
      }
      for (String run : runs) {
        boolean choose = run.equals("chooseTarget");
        Class<?> bench = choose ? ChooseTargetBench.class : ReadSortBench.class;
        ChainedOptionsBuilder b = new OptionsBuilder()
            .include(bench.getName() + "." + run)
            .param("nodes", nr[0]).param("racks", nr[1])
            .param("config", (choose ? configs : sorters).split(","))
            .warmupIterations(warmup).warmupTime(TimeValue.seconds(warmupTimeS))
            .measurementIterations(iterations).measurementTime(TimeValue.seconds(timeS))
            .forks(forks).threads(1)
            .resultFormat(ResultFormatType.JSON)
            .result(out.resolve("jmh-choose-target-raw-" + topo.trim()
                + (choose ? "" : "-sort") + ".json").toString());
        if (!profiler.isBlank()) { // NAME or NAME:OPTIONS, as JMH's -prof
          int colon = profiler.indexOf(':');
          b.addProfiler(colon < 0 ? profiler : profiler.substring(0, colon),
              colon < 0 ? "" : profiler.substring(colon + 1));
        }
        results.addAll(new Runner(b.build()).run());
      }
    }
    String loadAfter = Bench.loadAverage();

    // Each row's baseline: HDFS's default policy, or for a read sorter the stock topology.
    Map<String, Double> defaults = new LinkedHashMap<>();
    for (RunResult r : results) {
      String config = r.getParams().getParam("config");
      if (config.equals(PlacementSetup.DEFAULT.name())
          || config.equals(ReadSortBench.Sorter.SORT_STOCK.name())) {
        defaults.put(baselineKey(r, config), r.getPrimaryResult().getScore());
      }
    }
    List<Row> rows = new ArrayList<>();
    for (RunResult r : results) {
      double min = Double.MAX_VALUE;
      double max = 0;
      for (BenchmarkResult br : r.getBenchmarkResults()) {
        for (IterationResult ir : br.getIterationResults()) {
          double sc = ir.getPrimaryResult().getScore();
          min = Math.min(min, sc);
          max = Math.max(max, sc);
        }
      }
      double score = r.getPrimaryResult().getScore();
      Double base = defaults.get(baselineKey(r, r.getParams().getParam("config")));
      rows.add(new Row(Integer.parseInt(r.getParams().getParam("nodes")),
          Integer.parseInt(r.getParams().getParam("racks")), r.getParams().getParam("config"),
          score, r.getPrimaryResult().getScoreError(), min, max,
          base == null ? Double.NaN : score / base));
    }

    StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
        "%nchooseTarget (3 replicas, new block) and read sort (3 replicas), %s;"
            + " load average before %s, after %s%n"
            + "%5s %5s  %-26s %12s %10s %12s %12s %7s%n",
        Bench.machine(), loadBefore, loadAfter, "nodes", "racks", "configuration", "ops/s",
        "+-99.9%", "iter min", "iter max", "ratio"));
    StringBuilder csv = new StringBuilder(
        "nodes,racks,config,ops_per_s,error_99_9,iter_min,iter_max,ratio_vs_default\n");
    for (Row row : rows) {
      table.append(String.format(Locale.ROOT,
          "%5d %5d  %-26s %12.0f %10.0f %12.0f %12.0f %7.3f%n", row.nodes(), row.racks(),
          labelOf(row.config()), row.opsPerSec(),
          row.error99(), row.iterMin(), row.iterMax(), row.ratioVsDefault()));
      csv.append(String.format(Locale.ROOT, "%d,%d,%s,%.1f,%.1f,%.1f,%.1f,%.4f%n", row.nodes(),
          row.racks(), row.config(), row.opsPerSec(), row.error99(), row.iterMin(), row.iterMax(),
          row.ratioVsDefault()));
    }
    System.out.print(table);

    List<SnapshotMemory.Result> memory = new ArrayList<>();
    if (memoryNodes > 0) {
      for (PlacementSetup c : List.of(PlacementSetup.PB_STAGGERED, PlacementSetup.EW_GEARS,
          PlacementSetup.PARAID_GEARS)) {
        SnapshotMemory.Result m = SnapshotMemory.measure(c, memoryNodes, 0);
        memory.add(m);
        System.out.printf(Locale.ROOT, "snapshot memory, %d nodes, %-26s index %,d B (%.1f B"
            + " per DataNode), slices %,d B (%.1f B per DataNode), layout %,d B%n", m.nodes(),
            c.label(), m.indexBytes(), m.indexBytesPerDataNode(), m.sliceBytes(),
            m.sliceBytesPerDataNode(), m.layoutBytes());
      }
    }

    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("benchmark", "ChooseTargetBench (JMH 1.37)");
    doc.put("date", Instant.now().toString());
    doc.put("machine", Bench.machineMap());
    doc.put("loadAverageBefore", loadBefore);
    doc.put("loadAverageAfter", loadAfter);
    doc.put("parameters", Map.of("warmupIterations", warmup, "warmupSeconds", warmupTimeS,
        "measurementIterations", iterations, "iterationSeconds", timeS, "forks", forks,
        "threads", 1, "replicas",
        ChooseTargetBench.REPLICAS, "blockSize", ChooseTargetBench.BLOCK));
    doc.put("rows", rows);
    doc.put("snapshotMemory", Map.of("method", "JOL GraphLayout (retained graph, the NameNode's"
        + " descriptors, topology and schedule subtracted)", "rows", memory));
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    Files.writeString(out.resolve("jmh-choose-target.json"), json.writeValueAsString(doc),
        StandardCharsets.UTF_8);
    Files.writeString(out.resolve("jmh-choose-target.csv"), csv, StandardCharsets.UTF_8);
    System.out.println("Wrote " + out.resolve("jmh-choose-target.json") + " and .csv");
  }

  private static String topologyOf(RunResult r) {
    return r.getParams().getParam("nodes") + "x" + r.getParams().getParam("racks");
  }

  /** Rows compare with the baseline of their kind (placement or read sort) and topology. */
  private static String baselineKey(RunResult r, String config) {
    return topologyOf(r) + (config.startsWith("SORT_") ? "/sort" : "/place");
  }

  private static String labelOf(String config) {
    return config.startsWith("SORT_") ? ReadSortBench.Sorter.valueOf(config).label()
        : PlacementSetup.valueOf(config).label();
  }
}
