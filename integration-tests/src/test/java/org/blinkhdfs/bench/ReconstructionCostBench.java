package org.blinkhdfs.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.log4j.Level;
import org.apache.log4j.LogManager;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.policy.PolicyResult;
import org.blinkhdfs.model.policy.StaggeredPolicy;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleFileSource;

/**
 * What layout correction through the NameNode's own reconstruction costs at low power: how long
 * mis-placed blocks wait in the NameNode's queue, how long that queue is, and how much NameNode
 * CPU the retries take, against HDFS's default policy on the same workload.
 *
 * <p>Setup: two in-process MiniDFSClusters side by side, each with {@code --datanodes} ring
 * DataNodes plus {@code --staging} staging DataNodes. One runs {@code
 * PowerBalancedBlockPlacementPolicy} under a staggered schedule planned by {@link StaggeredPolicy}
 * at {@code --power} (the Mac-mini power model) with a shortened interval ({@code
 * --interval-ms}); the schedule starts now, so windows advance in real time. The other runs
 * {@code BlockPlacementPolicyDefault} with no schedule (every node awake). Nodes are not really
 * suspended: the schedule only steers the policy, which is what the NameNode's cost depends on.
 *
 * <p>Workload: {@code --files} one-block files of {@code --file-bytes}, replication 3, written to
 * both clusters alternately (each waits for its replicas). Under the schedule most ring nodes
 * sleep, so most blocks get stand-ins on staging nodes and enter the NameNode's queue as badly
 * distributed. Then every second for {@code --sample-s} seconds: the queue counts of each
 * BlockManager (badly distributed, which is the plugin's {@code BlocksAwaitingLayout}; the whole
 * low-redundancy queue, which includes them; pending reconstruction; excess replicas; postponed
 * mis-replicated) and the CPU time of each
 * NameNode's threads and of its {@code RedundancyMonitor} thread ({@link NameNodeThreads}).
 *
 * <p>Reported: time until the queue empties for good (convergence), peak and mean queue length,
 * NameNode CPU seconds per minute over the sampling window and while blocks were queued, and
 * their ratio to the default. Output in {@code --out}: {@code reconstruction-cost.csv} (one row
 * per cluster per second) and {@code reconstruction-cost.md} (the summary).
 *
 * <p>The redundancy monitor and heartbeat keep HDFS's defaults (3 s); the monitor handles up to
 * {@code 2 × live DataNodes} queued blocks per pass ({@code
 * dfs.namenode.replication.work.multiplier.per.iteration}).
 *
 * <p>Usage: {@code ReconstructionCostBench [--out DIR] [--datanodes 9] [--staging 2] [--files 150]
 * [--file-bytes 4096] [--power 20%] [--interval-ms 60000] [--sample-s 360]}
 */
public final class ReconstructionCostBench {
  private ReconstructionCostBench() {
  }

  /** One cluster's state at one second of the sampling phase. */
  record Sample(String config, double tS, long badlyDistributed, long lowRedundancy,
      long pendingReconstruction, long excess, long postponedMisreplicated, double nameNodeCpuS,
      double monitorCpuS, long corrections, int awakeRingNodes) {
    /** Low redundancy (which includes the badly distributed), pending copies, excess. */
    long queued() {
      return lowRedundancy + pendingReconstruction + excess;
    }
  }

  public static void main(String[] argv) throws Exception {
    Args a = Args.parse(argv);
    Bench.quietLogs();
    LogManager.getLogger(ScheduleFileSource.class).setLevel(Level.ERROR);
    Files.createDirectories(a.out);
    Path work = a.out.resolve("reconstruction-work");
    NameNodeOverheadBench.deleteTree(work);
    String loadBefore = Bench.loadAverage();
    try (Bed pb = Bed.startNameNode(PlacementSetup.PB_STAGGERED, a, work);
        Bed def = Bed.startNameNode(PlacementSetup.DEFAULT, a, work)) {
      pb.startDataNodes(a);
      def.startDataNodes(a);
      Schedule schedule = pb.installStaggered(a);
      System.out.printf(Locale.ROOT, "Reconstruction cost: %d ring + %d staging DataNodes per "
          + "cluster, %s power, interval %d ms, window %d ms; %d files; %s%n", a.dataNodes,
          a.staging, a.power, a.intervalMs, windowMs(schedule), a.files, Bench.machine());
      System.out.printf(Locale.ROOT, "  NameNode threads attributed: PowerBalanced %d, "
          + "default %d%n", pb.threads.threadCount(), def.threads.threadCount());
      List<Bed> beds = List.of(pb, def);
      Phase writes = Phase.start(beds);
      for (int i = 0; i < a.files; i++) {
        for (Bed b : beds) {
          b.write("/recon/d" + (i / 100) + "/f" + i, a);
        }
      }
      Phase.End written = writes.end();
      Layouts atWriteEnd = Layouts.count(pb, schedule, a);
      System.out.printf(Locale.ROOT, "  written in %.1f s; %d of %d blocks with stand-ins, %d "
          + "layout positions missing%n", written.seconds(), atWriteEnd.withStandIns,
          a.files, atWriteEnd.missingPositions);
      List<Sample> samples = sample(a, beds, schedule);
      Layouts atEnd = Layouts.count(pb, schedule, a);
      new ReconstructionReport(a, schedule, samples, written, atWriteEnd, atEnd, loadBefore,
          Bench.loadAverage()).write();
    } finally {
      NameNodeOverheadBench.deleteTree(work);
    }
  }

  /** Samples every cluster once a second for {@code a.sampleS} seconds. */
  private static List<Sample> sample(Args a, List<Bed> beds, Schedule schedule)
      throws InterruptedException {
    List<Sample> out = new ArrayList<>();
    long t0 = System.currentTimeMillis();
    for (int s = 0; s <= a.sampleS; s++) {
      long next = t0 + s * 1000L;
      Thread.sleep(Math.max(0, next - System.currentTimeMillis()));
      long now = System.currentTimeMillis();
      for (Bed b : beds) {
        out.add(b.sample(Math.round((now - t0) / 100.0) / 10.0, schedule, now));
      }
      if (s % 30 == 0) {
        Sample p = out.get(out.size() - beds.size());
        System.out.printf(Locale.ROOT, "  t=%3d s  PB queue %4d (badly distributed %4d)  "
            + "awake ring %d  NN CPU %.2f s  monitor %.3f s%n", s, p.queued(),
            p.badlyDistributed(), p.awakeRingNodes(), p.nameNodeCpuS(), p.monitorCpuS());
      }
    }
    return out;
  }

  private static long windowMs(Schedule s) {
    for (NodeSchedule n : s.nodes()) {
      if (n.mode() == org.blinkhdfs.model.schedule.NodeMode.BLINK) {
        return n.activeMs();
      }
    }
    return s.intervalMs();
  }

  /** Wall time and NameNode CPU of every cluster across one phase. */
  record Phase(long startMs, List<Bed> beds, double[] cpuS) {
    static Phase start(List<Bed> beds) {
      double[] cpu = new double[beds.size()];
      for (int i = 0; i < cpu.length; i++) {
        cpu[i] = beds.get(i).threads.cpuNs() / 1e9;
      }
      return new Phase(System.currentTimeMillis(), beds, cpu);
    }

    End end() {
      double[] used = new double[beds.size()];
      for (int i = 0; i < used.length; i++) {
        used[i] = beds.get(i).threads.cpuNs() / 1e9 - cpuS[i];
      }
      return new End((System.currentTimeMillis() - startMs) / 1000.0, used);
    }

    /** Seconds the phase took and the CPU seconds each cluster's NameNode used in it. */
    record End(double seconds, double[] cpuS) {
    }
  }

  /** How the power-balanced cluster's blocks compare with their layouts. */
  record Layouts(int withStandIns, int missingPositions, int onLayout) {
    static Layouts count(Bed pb, Schedule schedule, Args a) throws IOException {
      List<String> ring = schedule.ring();
      RingLayout layout = new RingLayout(ring.size());
      int standIns = 0;
      int missing = 0;
      int perfect = 0;
      for (int i = 0; i < a.files; i++) {
        BlockLocation[] locs = pb.fs.getFileBlockLocations(
            new org.apache.hadoop.fs.Path("/recon/d" + (i / 100) + "/f" + i), 0, 1);
        List<Integer> held = new ArrayList<>();
        for (String name : locs[0].getNames()) {
          if (ring.contains(name)) {
            held.add(ring.indexOf(name));
          }
        }
        boolean offRing = held.size() < locs[0].getNames().length;
        int gaps = layout.check(held, Math.min(3, ring.size())).missing().size();
        standIns += offRing || gaps > 0 ? 1 : 0;
        missing += gaps;
        perfect += !offRing && gaps == 0 && held.size() == 3 ? 1 : 0;
      }
      return new Layouts(standIns, missing, perfect);
    }
  }

  /** One configuration's cluster: its NameNode started alone first, so its threads are known. */
  static final class Bed implements AutoCloseable {
    final PlacementSetup setup;
    final Configuration conf;
    final Path scheduleFile;
    final MiniDFSCluster cluster;
    final NameNodeThreads threads;
    DistributedFileSystem fs;
    final List<String> addresses = new ArrayList<>();

    private Bed(PlacementSetup setup, Configuration conf, Path scheduleFile,
        MiniDFSCluster cluster, NameNodeThreads threads) {
      this.setup = setup;
      this.conf = conf;
      this.scheduleFile = scheduleFile;
      this.cluster = cluster;
      this.threads = threads;
    }

    static Bed startNameNode(PlacementSetup setup, Args a, Path work) throws IOException {
      Path dir = work.resolve(setup.name());
      Files.createDirectories(dir);
      Path scheduleFile = dir.resolve("schedule.json");
      Configuration conf = new HdfsConfiguration();
      setup.configure(conf, scheduleFile);
      conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, 1L << 20);
      conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, 3);
      conf.setInt(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY, 3);
      conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 3);
      java.util.Set<Long> before = NameNodeThreads.liveIds();
      MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir.resolve("dfs").toFile())
          .numDataNodes(0).build();
      cluster.waitActive();
      return new Bed(setup, conf, scheduleFile, cluster, NameNodeThreads.startedSince(before));
    }

    void startDataNodes(Args a) throws IOException {
      cluster.startDataNodes(conf, a.dataNodes + a.staging, true, null, null);
      cluster.waitActive();
      fs = cluster.getFileSystem();
      for (DataNode dn : cluster.getDataNodes()) {
        addresses.add(dn.getDatanodeId().getXferAddr());
      }
    }

    /** Plans the staggered schedule for this cluster's DataNodes and puts it in force. */
    Schedule installStaggered(Args a) throws IOException, InterruptedException {
      List<String> ring = addresses.subList(0, a.dataNodes);
      PolicyRequest req = PolicyRequest.builder().ring(ring)
          .stagingNodes(addresses.subList(a.dataNodes, addresses.size()))
          .model(PowerModel.macMini(ring.size())).level(PowerLevel.parse("--power", a.power))
          .intervalMs(a.intervalMs).intervalStartMs(System.currentTimeMillis()).epoch(1).build();
      PolicyResult planned = new StaggeredPolicy().plan(req);
      Schedule s = planned.schedule().orElseThrow(
          () -> new IllegalArgumentException("--power " + a.power + ": " + planned.message()));
      return PlacementSetup.install(conf, scheduleFile, s);
    }

    void write(String path, Args a) throws Exception {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
      DFSTestUtil.createFile(fs, p, a.fileBytes, (short) 3, path.hashCode());
      DFSTestUtil.waitReplication(fs, p, (short) 3);
    }

    Sample sample(double tS, Schedule schedule, long nowMs) {
      BlockManager bm = cluster.getNamesystem().getBlockManager();
      boolean pb = setup.powerBalanced();
      long corrections = pb ? BlinkRuntime.forConf(conf).layoutCorrections().get() : 0;
      int awake = pb ? (int) schedule.ring().stream().filter(n -> schedule.isAwake(n, nowMs))
          .count() : schedule.ring().size();
      return new Sample(setup.name(), tS, bm.getBadlyDistributedBlocks(),
          bm.getLowRedundancyBlocks(), bm.getPendingReconstructionBlocksCount(),
          bm.getExcessBlocksCount(), bm.getPostponedMisreplicatedBlocksCount(),
          threads.cpuNs() / 1e9, threads.redundancyMonitorCpuNs() / 1e9, corrections, awake);
    }

    @Override
    public void close() {
      cluster.shutdown(true);
    }
  }

  /** Command-line options. */
  static final class Args {
    Path out = Path.of("target", "bench");
    int dataNodes = 9;
    int staging = 2;
    int files = 150;
    int fileBytes = 4096;
    String power = "20%";
    long intervalMs = 60_000;
    int sampleS = 360;

    static Args parse(String[] argv) {
      Args a = new Args();
      Bench.options(argv, (k, v) -> {
        if (!a.set(k, v)) {
          switch (k) {
            case "--power" -> a.power = v;
            case "--sample-s" -> a.sampleS = Integer.parseInt(v);
            default -> throw new IllegalArgumentException("unknown option " + k);
          }
        }
      });
      if (a.sampleS < 10) {
        throw new IllegalArgumentException("need --sample-s >= 10; got " + Arrays.toString(argv));
      }
      return a.check(argv);
    }

    /**
     * Sets one of the options every two-cluster bench shares ({@code --out}, {@code
     * --datanodes}, {@code --staging}, {@code --files}, {@code --file-bytes}, {@code
     * --interval-ms}); false for any other flag.
     */
    boolean set(String k, String v) {
      switch (k) {
        case "--out" -> out = Path.of(v);
        case "--datanodes" -> dataNodes = Integer.parseInt(v);
        case "--staging" -> staging = Integer.parseInt(v);
        case "--files" -> files = Integer.parseInt(v);
        case "--file-bytes" -> fileBytes = Integer.parseInt(v);
        case "--interval-ms" -> intervalMs = Long.parseLong(v);
        default -> {
          return false;
        }
      }
      return true;
    }

    /** This, when the shared options are in range; an error naming them otherwise. */
    Args check(String[] argv) {
      if (dataNodes < 3 || staging < 0 || files < 1 || fileBytes < 1 || intervalMs < 1000) {
        throw new IllegalArgumentException("need --datanodes >= 3, --staging >= 0, --files >= 1,"
            + " --file-bytes >= 1, --interval-ms >= 1000; got " + Arrays.toString(argv));
      }
      return this;
    }
  }

  static void writeFile(Path file, CharSequence text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
    System.out.println("Wrote " + file);
  }

  static String now() {
    return Instant.now().toString();
  }
}
