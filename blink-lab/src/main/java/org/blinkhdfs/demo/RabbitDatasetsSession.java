package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.energy.CellEnergy;
import org.blinkhdfs.bench.energy.EnergySnapshot;
import org.blinkhdfs.bench.math.DatasetCombos;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.bench.stats.DataPattern;
import org.blinkhdfs.cluster.LocalCluster;
import org.blinkhdfs.rabbit.dataset.Allocation;
import org.blinkhdfs.rabbit.dataset.ExpansionChain;
import org.blinkhdfs.rabbit.dataset.LeastServed;
import org.blinkhdfs.rabbit.dataset.LiveDatasets;
import org.blinkhdfs.rabbit.dataset.NodeAllocator;
import org.blinkhdfs.rabbit.dataset.PowerProportionality;
import org.blinkhdfs.rabbit.dataset.SharePolicy;

/**
 * {@code bin/blink bench rabbit-datasets}: Rabbit Fig 8 on the local cluster, the cluster side of
 * the simulator's {@code bin/blink sim --figure rabbit-datasets}. Rabbit validated its simulator
 * of the degree of power-proportionality against a 14-node cluster ("within 5%") before scaling
 * it up; this session does the same with the NameNode's own datasets.
 *
 * <p><b>Cluster.</b> {@value #DATASETS} datasets d1..d8 ({@code blink.rabbit.datasets}, roots
 * {@code /demo/rabbit/d<k>}, fair share) on equal work, each its own expansion chain planned by
 * the NameNode after the ring's (eqs. 4-5), every node on. A dataset is {@value #FILES} files of
 * {@value #FILE_MIB} MiB: B = {@value #FILES} x {@value #FILE_MIB} blocks of 1 MiB. The read
 * order ({@code EqualWorkNetworkTopology}) serves a live dataset's blocks from A(d), the nodes
 * the NameNode allocates to it; a dataset is live while it is read ({@code DatasetAuditLogger},
 * {@value #LIVE_MS} ms after its last open).
 *
 * <p><b>Rows.</b> (a) D = 2..8 datasets stored, 2 live, combinations of d1..dD (chains are
 * planned in order, so d1..dD's chains are those of a cluster storing only D); (b) 8 stored,
 * L = 1..8 live. Per row up to {@code --rounds} combinations, a seeded sample
 * ({@link DatasetCombos}); a combination in two rows is measured once.
 *
 * <p><b>One combination.</b> Each live dataset's marker file is opened (the datasets turn live
 * together), the NameNode's A(d) is read from its metrics ({@code BlinkDatasets}, 1 s period),
 * then every live dataset is read at once, {@value #THREADS_PER_DATASET} threads each, every
 * block once: {@code --request-kib} at the block's start (checked against the written pattern),
 * which is enough for the NameNode to choose the block's replica and the DataNode that serves it
 * to be recorded ({@code getCurrentDatanode}); the bytes after it would not change who serves. A
 * sampler checks that the live set stays the combination for the whole read; then the session
 * waits until nothing is live.
 *
 * <p><b>Four degrees per live dataset</b>, n = |A(d)|:
 * <ul>
 *   <li>fluid model: the water-filling of {@link PowerProportionality} on the chain's ideal
 *       counts (B/p, B/l) and the allocation {@link NodeAllocator} computes from the NameNode's
 *       chains: what {@code bin/blink sim --figure rabbit-datasets} reports;
 *   <li>simulated: Rabbit's simulator proper, block by block: B blocks drawn from the same pure
 *       equal-work layout on the dataset's chain, read in order from the allocation the
 *       simulator computes, each block from the holder the NameNode's rule picks ({@link
 *       LeastServed}): (B/n)/(busiest node's blocks);
 *   <li>stored-layout optimum: the least possible busiest-node load on the blocks as the
 *       NameNode stored them, each served by a holder in A(d) ({@link
 *       org.blinkhdfs.bench.math.ReadLoad#balancedMiBps}): what a perfect read order would reach;
 *   <li>measured: (B/n)/(blocks the busiest node served), from the reads
 *       ({@link org.blinkhdfs.bench.math.MeasuredDegree}).
 * </ul>
 * All four are 0 when A(d) cannot serve the dataset by itself: in the fluid model when A(d)
 * stores less than B in all, in a layout when some block has no replica in A(d), on the cluster
 * when the read order had to send a block outside A(d) (their share is {@code outsideShare}; the
 * read still succeeds, from another dataset's nodes). The fluid model checks totals, not blocks,
 * so it can promise a degree the blocks do not allow. The check is Rabbit's: per row, the
 * measured mean within 5% of the simulated one.
 *
 * <p><b>Energy.</b> Each combination's read is measured (the scheduler's counters at its start
 * and end; every node on, so the budget is 100% of all DataNodes' active power); a row's cell
 * pools its combinations' reads, with MiB/J over the bytes they read and ops/kJ over their block
 * reads. The row check compares the cluster with the simulator, not layouts with each other, so
 * an over-budget row is marked ‡ and nothing else changes.
 */
final class RabbitDatasetsSession extends SessionBase {
  static final String EXPERIMENT = "rabbit-datasets";
  /** bench rabbit-datasets (Rabbit Fig 8). */
  static final Experiment DEFINITION = Experiment.of(List.of(EXPERIMENT),
      c -> Map.of("layouts", DemoOptions.RABBIT_LAYOUTS, "nodes", "14",
          "staging", "0", "rounds", "6"),
      o -> "BlinkHDFS bench: rabbit-datasets (Rabbit Fig 8: degree of power-proportionality of"
          + " live datasets on the cluster against the simulator's model)",
      RabbitDatasetsSession::new);
  static final int DATASETS = 8;
  static final int FILES = 32;
  static final int FILE_MIB = 16;
  static final long LIVE_MS = 4_000;
  static final int THREADS_PER_DATASET = 4;
  /** Rabbit §4.3.1: "the experimental values are within 5% of the predicted values". */
  static final double TOLERANCE = 0.05;
  static final String ROOT = "/demo/rabbit";
  static final String MARKER = "_live";
  static final String MEASURED = "degreeMean";
  static final String MODEL = "modelMean";
  static final String WORST = "degreeWorst";
  static final String OPTIMUM = "layoutOptimumMean";
  static final String MODEL_ALL_COMBINATIONS = "modelMeanAllCombinations";
  static final String OUTSIDE = "outsideShare";
  static final String COMBINATIONS = "combinations";
  private static final String BEAN = "BlinkDatasets";

  /** A row of Fig 8: D stored, L live, the combinations measured. */
  record Row(String sweep, int stored, int live, List<List<String>> combos) {
    String experiment() {
      return EXPERIMENT + "-" + sweep + "-" + (sweep.equals("a") ? "d" + stored : "l" + live);
    }
  }

  /** The DataNodes' energy over one combination's read, and the block reads it made. */
  record ComboEnergy(CellEnergy energy, long blockReads) {}

  /** One live dataset in one combination. */
  record Degree(String dataset, int allocated, double model, double simulated, double optimum,
      double measured, long outsideBlocks, long blocks) {}

  private final DataPattern pattern;
  private final Map<String, List<Path>> files = new LinkedHashMap<>();
  private final Map<String, List<List<String>>> blocks = new LinkedHashMap<>();
  private final Map<String, List<List<String>>> simulatedBlocks = new LinkedHashMap<>();
  private final Map<List<String>, List<Degree>> measured = new LinkedHashMap<>();
  /** Each combination's read: its energy and the block reads it made. */
  private final Map<List<String>, ComboEnergy> comboEnergy = new LinkedHashMap<>();
  private final List<String> allocationMismatches = new ArrayList<>();
  private final List<String> liveSetChanges = new ArrayList<>();
  private final List<Row> rows = new ArrayList<>();
  private Map<String, ExpansionChain> chains = Map.of();

  RabbitDatasetsSession(DemoOptions options, LayoutRun run, LocalCluster cluster,
      Consumer<String> progress) {
    super(options, run, cluster, progress);
    this.pattern = new DataPattern(options.seed());
  }

  /** d1..d8. */
  static List<String> names() {
    List<String> n = new ArrayList<>();
    for (int d = 1; d <= DATASETS; d++) {
      n.add("d" + d);
    }
    return n;
  }

  /** The NameNode keys of the run: the datasets, fair share, liveness from reads. */
  static Map<String, String> nameNodeKeys() {
    Map<String, String> k = new LinkedHashMap<>();
    List<String> entries = new ArrayList<>();
    for (String d : names()) {
      entries.add(d + "=" + ROOT + "/" + d);
    }
    k.put("blink.rabbit.datasets", String.join(",", entries));
    k.put("blink.rabbit.datasets.share", "fair");
    k.put("blink.rabbit.datasets.live.ms", Long.toString(LIVE_MS));
    k.put("dfs.namenode.plugins", "org.blinkhdfs.placement.BlinkNameNodePlugin,"
        + "org.blinkhdfs.rabbit.DatasetNameNodePlugin");
    k.put("dfs.namenode.audit.loggers", "default,org.blinkhdfs.rabbit.DatasetAuditLogger");
    return k;
  }





  @Override
  public void run(FileSystem fs) throws IOException, InterruptedException {
    cluster.setPowerPercent(100);
    int r = options.replication();
    write(fs, r);
    awaitNothingLive(); // the writes made every dataset live
    chains = readChains();
    for (String d : names()) {
      blocks.put(d, locations(fs, d));
      simulatedBlocks.put(d, simulatedLayout(d, blocks.get(d).size(), r));
    }
    awaitNothingLive(); // so did listing the blocks
    planRows();
    Set<List<String>> combos = new LinkedHashSet<>();
    rows.forEach(row -> combos.addAll(row.combos()));
    int i = 0;
    for (List<String> combo : combos) {
      i++;
      measured.put(combo, measure(fs, combo));
      progress.accept(String.format(Locale.ROOT, "  combination %d/%d %s: %s", i,
          combos.size(), combo, describe(measured.get(combo))));
      awaitNothingLive();
    }
    for (Row row : rows) {
      cells.add(cell(row, r));
    }
    addChecks();
    notes.add(run.label() + ": " + DATASETS + " datasets of " + FILES + " files x " + FILE_MIB
        + " MiB (B = " + FILES * FILE_MIB + " blocks), replication " + r + ", p = "
        + options.layoutKeys().equalWorkPrimaries() + ", fair share, all " + options.nodes()
        + " nodes on; every block read once per combination (" + options.requestKiB()
        + " KiB at its start), " + THREADS_PER_DATASET + " threads per live dataset");
  }

  private void write(FileSystem fs, int r) throws IOException, InterruptedException {
    progress.accept(run.label() + ": writing " + DATASETS + " datasets (" + FILES + " files of "
        + FILE_MIB + " MiB each, r=" + r + ")");
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Path>> written = new ArrayList<>();
      List<String> owner = new ArrayList<>();
      for (String d : names()) {
        written.add(pool.submit(() -> writeFile(fs, marker(d), 1024, r)));
        owner.add(null);
        for (int f = 0; f < FILES; f++) {
          Path p = new Path(ROOT + "/" + d + "/f" + f);
          written.add(pool.submit(() -> writeFile(fs, p, (long) FILE_MIB << 20, r)));
          owner.add(d);
        }
      }
      for (int k = 0; k < written.size(); k++) {
        Path p;
        try {
          p = written.get(k).get();
        } catch (java.util.concurrent.ExecutionException e) {
          throw new IOException("writing the datasets failed: " + e.getCause(), e.getCause());
        }
        if (owner.get(k) != null) {
          files.computeIfAbsent(owner.get(k), x -> new ArrayList<>()).add(p);
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static Path marker(String dataset) {
    return new Path(ROOT + "/" + dataset + "/" + MARKER);
  }

  private Path writeFile(FileSystem fs, Path p, long bytes, int r) throws IOException {
    byte[] buf = new byte[1 << 20];
    long streamId = DataPattern.streamIdOf(p.toString());
    try (FSDataOutputStream out = fs.create(p, true, 1 << 16, (short) r,
        cluster.spec().blockSizeBytes())) {
      for (long off = 0; off < bytes; off += buf.length) {
        int len = (int) Math.min(buf.length, bytes - off);
        pattern.fill(streamId, off, buf, 0, len);
        out.write(buf, 0, len);
      }
    }
    synchronized (tally) {
      tally.writeOps++;
    }
    return p;
  }

  /** Every dataset's chain as the NameNode planned it (its metrics' {@code <d>.Chain}). */
  private Map<String, ExpansionChain> readChains() throws IOException {
    Map<String, ExpansionChain> c = new LinkedHashMap<>();
    for (String d : names()) {
      String listed = cluster.nameNode().metricText(BEAN, "tag." + d + ".Chain");
      if (listed == null || listed.isBlank() || listed.contains("...")) {
        throw new IOException("the NameNode reports no full chain for dataset " + d + " ('"
            + listed + "'); is DatasetNameNodePlugin among dfs.namenode.plugins?");
      }
      c.put(d, new ExpansionChain(List.of(listed.split(",")),
          options.layoutKeys().equalWorkPrimaries()));
    }
    progress.accept("  chains: " + c);
    return c;
  }

  /** Each block of {@code dataset}'s files (in file and block order) as its replicas' names. */
  private List<List<String>> locations(FileSystem fs, String dataset) throws IOException {
    List<List<String>> out = new ArrayList<>();
    for (Path p : files.get(dataset)) {
      FileStatus st = fs.getFileStatus(p);
      for (BlockLocation b : fs.getFileBlockLocations(st, 0, st.getLen())) {
        out.add(List.of(b.getNames()));
      }
    }
    return out;
  }

  private void planRows() {
    List<String> all = names();
    for (int d = 2; d <= DATASETS; d++) {
      rows.add(new Row("a", d, 2, DatasetCombos.sample(all.subList(0, d), 2, options.rounds(),
          seed(d, 2))));
    }
    for (int l = 1; l <= DATASETS; l++) {
      rows.add(new Row("b", DATASETS, l, DatasetCombos.sample(all, l, options.rounds(),
          seed(DATASETS, l))));
    }
  }

  /** The same (D, L) samples the same combinations in both sweeps. */
  private long seed(int stored, int live) {
    return options.seed() * 1_000 + stored * 10L + live;
  }

  private List<Degree> measure(FileSystem fs, List<String> combo) throws IOException,
      InterruptedException {
    for (String d : combo) {
      try (var in = fs.open(marker(d))) {
        in.read();
      }
    }
    awaitLive(new TreeSet<>(combo));
    Map<String, List<String>> active = new LinkedHashMap<>();
    for (String d : combo) {
      String listed = cluster.nameNode().metricText(BEAN, "tag." + d + ".ActiveSet");
      active.put(d, listed == null || listed.isBlank() ? List.of() : List.of(listed.split(",")));
    }
    Allocation sim = NodeAllocator.allocate(chains, LiveDatasets.of(new TreeSet<>(combo)),
        options.nodes(), SharePolicy.FAIR_SHARE, options.layoutKeys().equalWorkPrimaries());
    for (String d : combo) {
      if (!new HashSet<>(sim.nodesOf(d)).equals(new HashSet<>(active.get(d)))) {
        allocationMismatches.add(combo + " " + d + ": NameNode " + active.get(d)
            + ", simulator " + sim.nodesOf(d));
      }
    }
    EnergySnapshot e0 = energy().begin();
    Map<String, Map<String, Long>> served = read(fs, combo);
    comboEnergy.put(combo, new ComboEnergy(energy().end(e0), served.values().stream()
        .flatMap(c -> c.values().stream()).mapToLong(Long::longValue).sum()));
    List<Degree> out = new ArrayList<>();
    for (String d : combo) {
      List<String> a = active.get(d);
      long b = blocks.get(d).size();
      long outside = served.get(d).entrySet().stream().filter(e -> !a.contains(e.getKey()))
          .mapToLong(Map.Entry::getValue).sum();
      out.add(new Degree(d, a.size(), PowerProportionality.degree(chains.get(d), sim.nodesOf(d)),
          simulatedRead(simulatedBlocks.get(d), sim.nodesOf(d)), optimum(blocks.get(d), a),
          a.isEmpty() ? 0
              : org.blinkhdfs.bench.math.MeasuredDegree.of(b, a, served.get(d)),
          outside, b));
    }
    return out;
  }

  /**
   * The simulator's layout of {@code dataset}: {@code count} blocks drawn from the same pure
   * equal-work layout on its chain that the NameNode draws from ({@code
   * ChainLayout#targets(Random)}: HDFS names a block only after its targets are chosen), seeded per
   * dataset.
   */
  private List<List<String>> simulatedLayout(String dataset, int count, int r) {
    org.blinkhdfs.rabbit.layout.ChainLayout layout = org.blinkhdfs.rabbit.layout.EqualWorkLayout
        .of(org.blinkhdfs.rabbit.layout.Chain.of(chains.get(dataset).nodes()),
            org.blinkhdfs.rabbit.layout.EqualWorkSpec.of(
                options.layoutKeys().equalWorkPrimaries(), r));
    java.util.Random random = new java.util.Random(options.seed() * 31 + dataset.hashCode());
    List<List<String>> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(layout.targets(random));
    }
    return out;
  }

  /**
   * The simulator's full read: the blocks in order, each from the holder in A(d) the NameNode's
   * rule picks ({@link LeastServed}); 0 when a block has no holder in A(d).
   */
  static double simulatedRead(List<List<String>> replicaSets, List<String> active) {
    if (active.isEmpty()) {
      return 0;
    }
    LeastServed rule = new LeastServed();
    for (List<String> set : replicaSets) {
      int i = rule.pick(set, active);
      if (i < 0) {
        return 0;
      }
      rule.serve(set.get(i));
    }
    return org.blinkhdfs.bench.math.MeasuredDegree.of(replicaSets.size(), active,
        rule.snapshot());
  }

  /**
   * (B/n)/(least busiest-node load) over the blocks as stored, each served by one of its holders
   * in A(d); 0 when a block has none there (A(d) cannot serve the dataset by itself).
   */
  private static double optimum(List<List<String>> replicaSets, List<String> active) {
    Set<String> nodes = new LinkedHashSet<>(active);
    if (nodes.isEmpty()
        || org.blinkhdfs.bench.math.ReadLoad.uncovered(replicaSets, nodes) > 0) {
      return 0;
    }
    double perNodeBlocks = org.blinkhdfs.bench.math.ReadLoad.balancedMiBps(1.0, replicaSets,
        nodes);
    return Math.min(1.0, perNodeBlocks / nodes.size());
  }

  /** Reads every block of every live dataset at once; blocks served per node, per dataset. */
  private Map<String, Map<String, Long>> read(FileSystem fs, List<String> combo)
      throws IOException, InterruptedException {
    Map<String, Map<String, Long>> served = new LinkedHashMap<>();
    List<Future<?>> tasks = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(THREADS_PER_DATASET * combo.size());
    Set<String> want = new TreeSet<>(combo);
    java.util.concurrent.atomic.AtomicBoolean reading =
        new java.util.concurrent.atomic.AtomicBoolean(true);
    Thread sampler = new Thread(() -> sampleLive(want, reading), "live-sampler");
    sampler.setDaemon(true);
    sampler.start();
    try {
      for (String d : combo) {
        Map<String, Long> counts = new ConcurrentHashMap<>();
        served.put(d, counts);
        java.util.concurrent.ConcurrentLinkedQueue<Path> queue =
            new java.util.concurrent.ConcurrentLinkedQueue<>(files.get(d));
        for (int t = 0; t < THREADS_PER_DATASET; t++) {
          tasks.add(pool.submit(() -> {
            for (Path p = queue.poll(); p != null; p = queue.poll()) {
              readBlocks(fs, p, counts);
            }
            return null;
          }));
        }
      }
      for (Future<?> f : tasks) {
        try {
          f.get();
        } catch (java.util.concurrent.ExecutionException e) {
          throw new IOException("reading " + combo + " failed: " + e.getCause(), e.getCause());
        }
      }
    } finally {
      pool.shutdownNow();
      reading.set(false);
      sampler.join(5_000);
    }
    return served;
  }

  private void readBlocks(FileSystem fs, Path p, Map<String, Long> counts) throws IOException {
    long blockSize = cluster.spec().blockSizeBytes();
    long len = (long) FILE_MIB << 20;
    int request = requestBytes();
    byte[] buf = new byte[request];
    long streamId = DataPattern.streamIdOf(p.toString());
    try (org.apache.hadoop.fs.FSDataInputStream in = fs.open(p)) {
      org.apache.hadoop.hdfs.client.HdfsDataInputStream hdfs = hdfsStream(in);
      for (long off = 0; off < len; off += blockSize) {
        in.seek(off);
        in.readFully(buf, 0, request);
        String node = hdfs.getCurrentDatanode().getXferAddr();
        counts.merge(node, 1L, Long::sum);
        boolean ok = pattern.matches(streamId, off, buf, 0, request);
        synchronized (tally) {
          tally.readOps++;
          tally.verifyFailures += ok ? 0 : 1;
        }
      }
    } catch (IOException | RuntimeException e) {
      synchronized (tally) {
        tally.readErrors++;
      }
      throw e;
    }
  }

  /** The HDFS stream under {@code in}: the blink client wraps it in a gate. */
  private static org.apache.hadoop.hdfs.client.HdfsDataInputStream hdfsStream(
      org.apache.hadoop.fs.FSDataInputStream in) throws IOException {
    if (in instanceof org.apache.hadoop.hdfs.client.HdfsDataInputStream h) {
      return h;
    }
    if (in.getWrappedStream() instanceof org.blinkhdfs.client.BlinkInputStream b
        && b.wrapped() instanceof org.apache.hadoop.hdfs.client.HdfsDataInputStream h) {
      return h;
    }
    throw new IOException("cannot tell which DataNode serves a " + in.getWrappedStream()
        .getClass().getName() + "; bench " + EXPERIMENT + " needs an hdfs:// client");
  }

  private void sampleLive(Set<String> want, java.util.concurrent.atomic.AtomicBoolean reading) {
    while (reading.get()) {
      try {
        Set<String> now = liveNow();
        if (!now.equals(want)) {
          synchronized (liveSetChanges) {
            liveSetChanges.add(want + " read while " + now + " were live");
          }
          return;
        }
        Thread.sleep(500);
      } catch (IOException e) {
        // the NameNode's page is busy; the next sample decides
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private Set<String> liveNow() throws IOException {
    String listed = cluster.nameNode().metricText(BEAN, "tag.LiveDatasetNames");
    return listed == null || listed.isBlank() ? Set.of() : new TreeSet<>(List.of(
        listed.split(",")));
  }

  private void awaitLive(Set<String> want) throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + 15_000;
    Set<String> now = liveNow();
    while (!now.equals(want)) {
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("the NameNode reports live datasets " + now + ", expected " + want
            + " 15 s after opening their files (blink.rabbit.datasets.live.ms = " + LIVE_MS
            + ", DatasetAuditLogger among dfs.namenode.audit.loggers?)");
      }
      Thread.sleep(250);
      now = liveNow();
    }
  }

  private void awaitNothingLive() throws IOException, InterruptedException {
    Thread.sleep(LIVE_MS);
    awaitLive(Set.of());
  }

  private static String describe(List<Degree> ds) {
    StringBuilder s = new StringBuilder();
    for (Degree d : ds) {
      s.append(String.format(Locale.ROOT, "%s n=%d model %.3f simulated %.3f optimum %.3f"
          + " measured %.3f%s; ", d.dataset(), d.allocated(), d.model(), d.simulated(),
          d.optimum(), d.measured(),
          d.outsideBlocks() > 0 ? " (" + d.outsideBlocks() + " blocks outside A)" : ""));
    }
    return s.toString().trim();
  }

  private ReportCell cell(Row row, int r) {
    List<Degree> ds = new ArrayList<>();
    row.combos().forEach(c -> ds.addAll(measured.get(c)));
    Map<String, Double> m = new LinkedHashMap<>();
    Map<String, Double> e = new LinkedHashMap<>();
    m.put(MEASURED, mean(ds, Degree::measured));
    m.put(WORST, ds.stream().mapToDouble(Degree::measured).min().orElse(0));
    m.put(OPTIMUM, mean(ds, Degree::optimum));
    m.put(OUTSIDE, ds.stream().mapToDouble(d -> d.outsideBlocks() / (double) d.blocks())
        .average().orElse(0));
    m.put(COMBINATIONS, (double) row.combos().size());
    e.put(MEASURED, mean(ds, Degree::simulated));
    e.put(WORST, ds.stream().mapToDouble(Degree::simulated).min().orElse(0));
    e.put(MODEL, mean(ds, Degree::model));
    e.put(MODEL_ALL_COMBINATIONS, modelOverAll(row));
    rowEnergy(row).ifPresent(x -> m.putAll(x.energy().metricsWith(x.blockReads()
        * requestBytes(), x.blockReads())));
    return new ReportCell(row.experiment(), run.label(), r, 100, m, e);
  }

  /** The row's combinations' reads pooled; empty when none was measured. */
  private java.util.Optional<ComboEnergy> rowEnergy(Row row) {
    return row.combos().stream().map(comboEnergy::get).filter(java.util.Objects::nonNull)
        .reduce((a, b) -> new ComboEnergy(a.energy().plus(b.energy()),
            a.blockReads() + b.blockReads()));
  }

  /** What each block read asks for: {@code --request-kib} at the block's start. */
  private int requestBytes() {
    return (int) Math.min((long) options.requestKiB() << 10, cluster.spec().blockSizeBytes());
  }

  /** The model's mean over every combination of the row, as the simulator's figure gives it. */
  private double modelOverAll(Row row) {
    List<String> stored = names().subList(0, row.stored());
    double sum = 0;
    int n = 0;
    for (List<String> combo : DatasetCombos.sample(stored, row.live(), Integer.MAX_VALUE, 0)) {
      Allocation a = NodeAllocator.allocate(chains, LiveDatasets.of(new TreeSet<>(combo)),
          options.nodes(), SharePolicy.FAIR_SHARE, options.layoutKeys().equalWorkPrimaries());
      for (String d : combo) {
        sum += PowerProportionality.degree(chains.get(d), a.nodesOf(d));
        n++;
      }
    }
    return n == 0 ? 0 : sum / n;
  }

  private static double mean(List<Degree> ds, java.util.function.ToDoubleFunction<Degree> f) {
    return ds.stream().mapToDouble(f).average().orElse(0);
  }

  private void addChecks() {
    checks.add(allocationMismatches.isEmpty()
        ? Check.pass("rabbit-datasets: A(d) as the simulator allocates", "the NameNode's"
            + " BlinkDatasets <d>.ActiveSet equals NodeAllocator's on its chains in all "
            + measured.size() + " combinations")
        : Check.fail("rabbit-datasets: A(d) as the simulator allocates",
            allocationMismatches.size() + " differ, first: " + allocationMismatches.get(0)));
    checks.add(liveSetChanges.isEmpty()
        ? Check.pass("rabbit-datasets: live set held during each read", "sampled every 500 ms"
            + " in all " + measured.size() + " combinations")
        : Check.fail("rabbit-datasets: live set held during each read",
            liveSetChanges.size() + " reads saw another live set, first: "
                + liveSetChanges.get(0)));
    List<String> off = new ArrayList<>();
    for (ReportCell c : cells) {
      double sim = c.expected(MEASURED).orElse(0);
      double meas = c.measured(MEASURED).orElse(0);
      if (Math.abs(meas - sim) > TOLERANCE * Math.max(sim, meas)) {
        off.add(String.format(Locale.ROOT, "%s measured %.3f, simulated %.3f", c.experiment(),
            meas, sim));
      }
    }
    String name = "rabbit-datasets: cluster within 5% of the simulator";
    String detail = "mean degree per row, measured on the cluster against the simulator's"
        + " block-level layout (Rabbit's validation: within 5%)";
    checks.add(off.isEmpty() ? Check.pass(name, detail + ": all " + cells.size() + " rows")
        : Check.fail(name, detail + "; not in " + off.size() + " of " + cells.size() + ": "
            + String.join("; ", off)));
  }

  @Override
  public List<java.nio.file.Path> writeFiles(java.nio.file.Path outDir) throws IOException {
    java.nio.file.Files.createDirectories(outDir);
    StringBuilder csv = new StringBuilder("combination,dataset,allocated,model,simulated,"
        + "layout_optimum,measured,outside_blocks,blocks\n");
    measured.forEach((combo, ds) -> {
      for (Degree d : ds) {
        csv.append(String.format(Locale.ROOT, "%s,%s,%d,%.4f,%.4f,%.4f,%.4f,%d,%d%n",
            String.join("+", combo), d.dataset(), d.allocated(), d.model(), d.simulated(),
            d.optimum(), d.measured(), d.outsideBlocks(), d.blocks()));
      }
    });
    List<java.nio.file.Path> out = new ArrayList<>();
    out.add(java.nio.file.Files.writeString(outDir.resolve("rabbit-datasets.csv"), csv));
    StringBuilder md = new StringBuilder("# Rabbit Fig 8 on the local cluster\n\nMean degree of"
        + " power-proportionality over the live datasets of the measured combinations (see the"
        + " class comment of RabbitDatasetsSession and docs/datasets.md).\n\n| row | stored |"
        + " live | combinations | fluid model | fluid, all combinations | simulated | stored"
        + " optimum | measured | measured worst | outside A(d) | DataNode energy of the reads |"
        + "\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for (int i = 0; i < rows.size() && i < cells.size(); i++) {
      Row row = rows.get(i);
      ReportCell c = cells.get(i);
      md.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %.3f | %.3f | %.3f | %.3f |"
          + " %.3f | %.3f | %.1f%% | %s |%n", row.sweep(), row.stored(), row.live(),
          row.combos().size(), c.expected(MODEL).orElse(0),
          c.expected(MODEL_ALL_COMBINATIONS).orElse(0), c.expected(MEASURED).orElse(0),
          c.measured(OPTIMUM).orElse(0), c.measured(MEASURED).orElse(0),
          c.measured(WORST).orElse(0), 100 * c.measured(OUTSIDE).orElse(0),
          rowEnergy(row).map(x -> EnergyText.line(x.energy(), x.blockReads() * requestBytes(),
              x.blockReads())).orElse("not measured")));
    }
    md.append("\nEnergy: the DataNodes' over the row's combinations' reads, pooled, against a"
        + " budget of 100% of all DataNodes' active power (every node on); ‡ = more than 3% over"
        + " budget. The check compares the cluster with the simulator, not layouts, so a ‡ row"
        + " is marked only.\n");
    out.add(java.nio.file.Files.writeString(outDir.resolve("rabbit-datasets.md"), md));
    out.add(plot(outDir, "a", "Rabbit Fig 8(a) on the cluster: 2 live", "datasets stored"));
    out.add(plot(outDir, "b", "Rabbit Fig 8(b) on the cluster: 8 stored", "live datasets"));
    return out;
  }

  private java.nio.file.Path plot(java.nio.file.Path outDir, String sweep, String title,
      String xLabel) throws IOException {
    List<ReportCell> row = new ArrayList<>();
    List<Row> meta = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      if (rows.get(i).sweep().equals(sweep) && i < cells.size()) {
        row.add(cells.get(i));
        meta.add(rows.get(i));
      }
    }
    double[] x = new double[row.size()];
    double[] model = new double[row.size()];
    double[] simulated = new double[row.size()];
    double[] meas = new double[row.size()];
    double[] opt = new double[row.size()];
    for (int i = 0; i < row.size(); i++) {
      x[i] = sweep.equals("a") ? meta.get(i).stored() : meta.get(i).live();
      model[i] = row.get(i).expected(MODEL).orElse(0);
      simulated[i] = row.get(i).expected(MEASURED).orElse(0);
      meas[i] = row.get(i).measured(MEASURED).orElse(0);
      opt[i] = row.get(i).measured(OPTIMUM).orElse(0);
    }
    org.blinkhdfs.common.chart.LineChart chart = org.blinkhdfs.common.chart.LineChart.lines(
        title, xLabel, "mean degree of power-proportionality")
        .add(org.blinkhdfs.common.chart.LineChart.line("fluid model", x, model, "#1f77b4"))
        .add(org.blinkhdfs.common.chart.LineChart.line("simulated layout", x, simulated,
            "#9467bd"))
        .add(org.blinkhdfs.common.chart.LineChart.line("stored layout optimum", x, opt,
            "#2ca02c"))
        .add(org.blinkhdfs.common.chart.LineChart.line("measured", x, meas, "#d62728")).build();
    return java.nio.file.Files.writeString(outDir.resolve("rabbit-fig8" + sweep + ".svg"),
        org.blinkhdfs.common.chart.ChartRenderer.svg(chart));
  }
}
