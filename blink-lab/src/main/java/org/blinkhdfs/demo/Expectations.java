package org.blinkhdfs.demo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.blinkhdfs.bench.availability.AwakeCount;
import org.blinkhdfs.bench.availability.ClosedLoopReadWait;
import org.blinkhdfs.bench.availability.ExpectedReadWait;
import org.blinkhdfs.bench.availability.ReadWaitExpectation;
import org.blinkhdfs.bench.availability.ReplicaSet;
import org.blinkhdfs.bench.availability.ThroughputModel;
import org.blinkhdfs.bench.math.ReadLoad;
import org.blinkhdfs.bench.math.SteadyNodes;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * The analytic expectations printed beside the measured cells, computed by blink-bench from the
 * schedule in force and the replica sets the NameNode actually reports for the data read:
 *
 * <ul>
 *   <li>expected read wait of the latency workload's blocking client: the time until one
 *       replica is awake with at least the client's minimum read window left ({@code
 *       blink.read.min.window.ms}), so each replica's window is shortened by that minimum
 *       (interval 6 s, a node awake 2.4 s of it, minimum 0.5 s → usable 1.9 s). A blocking
 *       client that just waited reads inside the window it waited for, so the expectation is
 *       simulated for that client ({@link ClosedLoopReadWait}); the random-phase value ({@link
 *       ExpectedReadWait}) is printed in the progress line beside it;</li>
 *   <li>expected read throughput: per-DataNode bandwidth × the mean number of ring nodes awake
 *       over the interval (blink-bench's {@link ThroughputModel}). Under activation or a gear
 *       (ACTIVE and OFF nodes only) that is bandwidth × the ACTIVE ring nodes, and the read
 *       wait is 0: every block has a replica on an ACTIVE node (the minimum gear is kept on,
 *       {@link PowerSteps});</li>
 *   <li>for such steady schedules also the throughput the layout itself allows over the ACTIVE
 *       nodes ({@link #layoutLimits}): below bandwidth × n when the blocks do not give every
 *       ACTIVE node an equal share, which is what separates equal work from PARAID (Le et al.
 *       Figs 4, 5).</li>
 * </ul>
 *
 * <p>Using the reported replica sets, not the layout's formula, makes the expectation valid for
 * every layout, including HDFS's random placement. Stateless.
 */
final class Expectations {
  static final int SIMULATED_READS = 50_000;
  static final long SIMULATION_SEED = 42;
  /** Expected read MiB/s the layout allows when each block picks an awake replica at random. */
  static final String RANDOM_CHOICE_MBPS = "randomChoiceMBps";
  /** Expected read MiB/s the layout allows under the best possible read selection. */
  static final String BALANCED_MBPS = "balancedMBps";

  private Expectations() {}

  /** Expected wait for reads arriving at uniformly random phases over the blocks of files. */
  static ReadWaitExpectation readWait(Schedule schedule, long minReadWindowMs,
      List<ReplicaSet> sets) {
    return ExpectedReadWait.of(usableWindows(schedule, minReadWindowMs), sets);
  }

  /**
   * Expected wait of the latency workload's blocking client ({@link ClosedLoopReadWait}):
   * exponential think time of mean {@code thinkMs}, {@code serviceMs} per read once a replica
   * is awake. Simulated with a fixed seed, so the same inputs give the same expectation.
   */
  static double blockingClientWaitMs(Schedule schedule, long minReadWindowMs,
      List<ReplicaSet> sets, double thinkMs, double serviceMs) {
    return ClosedLoopReadWait.meanWaitMs(usableWindows(schedule, minReadWindowMs), sets, thinkMs,
        serviceMs, SIMULATED_READS, new java.util.Random(SIMULATION_SEED));
  }

  /**
   * Expected aggregate read MiB/s with {@code perNodeMiBps} per awake ring DataNode, counting
   * only the part of each window in which a node can serve: a reader starts a block only on a
   * replica with at least {@code minReadWindowMs} left, and a block started then is finished
   * {@code t = blockBytes / perNodeMiBps} later, so a node serves from its window's start until
   * {@code minReadWindowMs − t} before its end. Example (20% power on 9 nodes, Mac-mini model):
   * windows of 1 000 ms every 6 s, 500 ms minimum, 1 MiB blocks at 10 MiB/s (t = 100 ms): each
   * window serves 600 ms, so 1.5 nodes awake on average give 9 MiB/s, not 15. ACTIVE nodes are
   * not trimmed.
   */
  static double readMiBps(Schedule schedule, double perNodeMiBps, long minReadWindowMs,
      long blockBytes) {
    long blockMs = Math.round(1000.0 * blockBytes / (perNodeMiBps * (1 << 20)));
    Map<String, ActiveWindow> usable = usableWindows(schedule,
        Math.max(0, minReadWindowMs - blockMs));
    List<ActiveWindow> ring = new ArrayList<>();
    for (var n : schedule.nodes()) {
      if (!n.isStaging()) {
        ring.add(usable.get(n.node()));
      }
    }
    return ThroughputModel.perNode(perNodeMiBps).readMBps(AwakeCount.of(ring));
  }

  /**
   * The ceiling of aggregate client write MiB/s ({@link ThroughputModel#writeMBps}): every node
   * awake at a phase, staging nodes included (they take writes aimed at sleeping nodes), writes
   * at most {@code perNodeMiBps}, and each byte is stored {@code replication} times. Example:
   * two ring nodes awake 1 000 ms of every 6 000 ms and one staging node, 10 MiB/s each, r = 3:
   * {@code (1 + 2·1/6) · 10 / 3 = 4.44 MiB/s}.
   */
  static double writeMiBps(Schedule schedule, double perNodeMiBps, int replication) {
    return ThroughputModel.perNode(perNodeMiBps).writeMBps(
        AwakeCount.of(new ArrayList<>(usableWindows(schedule, 0).values())), replication);
  }

  /** Expected metric: the least random-phase wait any equal-window schedule reaches. */
  static final String BOUND_WAIT_MS = "boundWaitMs";
  /** Expected metric: the random-phase wait of the schedule and replica sets in force. */
  static final String RANDOM_PHASE_WAIT_MS = "randomPhaseWaitMs";

  /**
   * The least wait of a read at a uniform phase that any schedule giving the ring nodes this
   * schedule's (equal) window could reach with {@code r} replicas ({@code
   * AlignedStagger.lowerBoundWaitMs}), for comparison with {@link #RANDOM_PHASE_WAIT_MS}; empty
   * when the ring's windows differ (activation, load-proportional) or none serves a read.
   */
  static OptionalDouble leastRandomPhaseWaitMs(Schedule schedule, int r, long minReadWindowMs) {
    java.util.Set<Long> lengths = new java.util.HashSet<>();
    for (String node : schedule.ring()) {
      lengths.add(schedule.window(node).lengthMs());
    }
    if (lengths.size() != 1 || schedule.ring().isEmpty()) {
      return OptionalDouble.empty();
    }
    return org.blinkhdfs.model.policy.AlignedStagger.lowerBoundWaitMs(r, schedule.intervalMs(),
        lengths.iterator().next(), minReadWindowMs);
  }

  static Map<String, ActiveWindow> usableWindows(Schedule schedule, long minReadWindowMs) {
    Map<String, ActiveWindow> out = new LinkedHashMap<>();
    for (String node : schedule.nodes().stream().map(n -> n.node()).toList()) {
      out.put(node, schedule.window(node).readable(minReadWindowMs));
    }
    return out;
  }


  static List<ReplicaSet> replicaSets(FileSystem plainFs, List<Path> files) throws IOException {
    List<ReplicaSet> sets = new ArrayList<>();
    for (List<String> holders : holders(plainFs, files)) {
      sets.add(ReplicaSet.of(holders));
    }
    return sets;
  }

  /** Every block's holders ({@code host:port} transfer addresses), file by file. */
  static List<List<String>> holders(FileSystem plainFs, List<Path> files) throws IOException {
    List<List<String>> out = new ArrayList<>();
    for (Path f : files) {
      FileStatus st = plainFs.getFileStatus(f);
      for (BlockLocation b : plainFs.getFileBlockLocations(st, 0, st.getLen())) {
        out.add(List.of(b.getNames()));
      }
    }
    return out;
  }

  /**
   * For a schedule that never blinks ({@link SteadyNodes}), the read throughput the layout
   * allows over the serving nodes ({@link ReadLoad}): {@code randomChoiceMBps} under HDFS's
   * uniform choice among awake replicas, {@code balancedMBps} under the best read selection.
   * Empty for a blinking schedule, or when a block has no serving replica.
   */
  static Map<String, Double> layoutLimits(Schedule schedule, double perNodeMiBps,
      List<List<String>> holders) {
    Map<String, Double> out = new LinkedHashMap<>();
    java.util.Optional<java.util.Set<String>> serving = SteadyNodes.serving(schedule);
    if (serving.isEmpty() || holders.isEmpty()
        || ReadLoad.uncovered(holders, serving.get()) > 0) {
      return out;
    }
    out.put(RANDOM_CHOICE_MBPS, ReadLoad.randomChoiceMiBps(perNodeMiBps, holders,
        serving.get()));
    if (serving.get().size() <= ReadLoad.MAX_BALANCED_NODES) {
      out.put(BALANCED_MBPS, ReadLoad.balancedMiBps(perNodeMiBps, holders, serving.get()));
    }
    return out;
  }
}
