package org.blinkhdfs.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.BalancedReadOrder;
import org.blinkhdfs.model.schedule.ReadOrder;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.rabbit.balance.EqualWorkTargets;
import org.blinkhdfs.rabbit.balance.HitRatioBalancer;
import org.blinkhdfs.rabbit.balance.HitRatioTargets;

/**
 * The read-throughput workload of the local cluster ({@code bin/blink bench throughput}:
 * TestDFSIO-style, T threads each reading its own file of F blocks sequentially) replayed on the
 * simulator's schedule and layout, so {@code sim --validate} can compare MiB/s with the cluster's
 * (issue 16 part 2). The simulator's {@code readThroughputFraction} is a full scan's capacity at
 * an instant; this is what T sequential readers get out of it, stragglers and waits included.
 *
 * <p>Model, step by step as the cluster does it:
 *
 * <ol>
 *   <li><b>Locations.</b> A reader fetches the locations of {@code prefetchBlocks} blocks at a
 *       time (HDFS's {@code dfs.client.read.prefetch.size}, 10 blocks by default): at open, then
 *       when it reaches a block it has no locations for. The NameNode orders each block's
 *       replicas then ({@link ReadOrder#sortInPlace} with HDFS's network weights, as
 *       {@code BlinkNetworkTopology} does): the reader's "local" DataNode, one drawn uniformly
 *       among all DataNodes per request (every DataNode of the local cluster shares the client's
 *       address, and HDFS's {@code Host2NodesMap} picks one of them at random), has weight 0,
 *       every other weight 2, equal weights in a random order. With {@link Ties#HIT_RATIO}
 *       ({@code EqualWorkNetworkTopology}) Rabbit's {@link HitRatioBalancer} puts one of the
 *       replicas tied by the schedule first, with targets from the replicas the layout stores.
 *   <li><b>Gate.</b> On reaching a block, the blink-aware client ({@code BlockGate}) waits until
 *       a replica is usable ({@link ReadOrder}: awake with at least the minimum window left) and
 *       re-sorts the replicas by the schedule, stably (ties keep the NameNode's order); the
 *       first serves the whole block.
 *   <li><b>Read order</b> ({@code blink.read.order}, {@link Spec#readOrder}). Under
 *       {@link ReadOrderMode#LONGEST_WINDOW} the two sorts above are BlinkFS's. Under
 *       {@link ReadOrderMode#BALANCED} the NameNode, after the sort by key and weight, puts first
 *       the usable replica {@link BalancedReadOrder} picks with the number of its sort as the
 *       block ID ({@code BlinkNetworkTopology} is not told the block and numbers its sorts, one
 *       counter per run here), unless the hit-ratio balancer orders ties
 *       ({@link Ties#HIT_RATIO}, which balanced leaves in charge); the gate re-sorts by
 *       {@link BalancedReadOrder} with the block's own ID ({@code BlockGate}), so the reader
 *       goes to replica {@code floorMod(id, k)} of the k usable in canonical order. The block IDs
 *       are sequential, as HDFS allocates them: reader i's file holds IDs
 *       {@code base + i·F .. base + i·F + F − 1}.
 *   <li><b>Service.</b> A DataNode's reads pass HDFS's {@code DataTransferThrottler}
 *       ({@link ReadThrottler}): a quota of {@code perNodeMiBps} × 500 ms per 500 ms period,
 *       sent as fast as the machine lets it, then a wait for the period's end; the cap is an
 *       average, and a node that was idle or asleep starts with a burst. The machine ({@code
 *       machineMiBps}, its two cores serving every DataNode and reader) is shared equally by
 *       the streams of the nodes sending. A node asleep sends nothing, and a block it was
 *       sending resumes when it wakes (a frozen DataNode's connection stays open).
 * </ol>
 *
 * A round starts every reader at the same instant; its throughput is the bytes read over the
 * time until the last reader ends, as the bench measures it. {@link #run} plays the bench's
 * rounds one after the other, the DataNodes' throttlers carrying over: under a blinking schedule
 * round k of R waits for phase (k + ½)·T/R of the interval (the bench draws its phase in
 * [k, k + 1)·T/R), under a steady one it starts when the previous ends. Not modelled:
 * connection set-up per block and per file, thaw latency, the throttler's 64 KiB packets.
 *
 * <p>Worked examples (tested). One node always awake, a cap of 10 MiB/s (5 MiB per period):
 * with a machine of 10 MiB/s, two readers of 2 blocks of 1 MiB read at 5 MiB/s each, 4 MiB in
 * 0.4 s: 10 MiB/s. The same node awake [0, 1 s) of 2 s, a start at phase 950 ms, one reader of
 * one 1 MiB block, minimum window 0: 50 ms of reading until the window closes, 1 s frozen, the
 * other 50 ms: 1.1 s, 0.91 MiB/s. With a machine of 50 MiB/s, one reader of 16 MiB: the reserve
 * (0-100 ms), a second quota as the periods restart (100-200 ms), a wait to 600 ms, a quota to
 * 700 ms, a wait to 1 100 ms, the last 1 MiB by 1 120 ms: 14.3 MiB/s.
 *
 * <p>Deterministic for a seed; the balancer (its counters) lives across the phases of a run, as
 * the NameNode's lives across the bench's rounds. Not thread-safe.
 */
final class FileReadSim {
  /** How the NameNode orders replicas the schedule cannot tell apart. */
  enum Ties {
    /** HDFS's network distance, then a random order ({@code BlinkNetworkTopology}). */
    DISTANCE,
    /** Rabbit's hit-ratio balancer ({@code EqualWorkNetworkTopology}). */
    HIT_RATIO
  }

  /**
   * The workload and the cluster's settings.
   *
   * @param readers T, one file each
   * @param blocksPerFile F
   * @param blockMiB the block size
   * @param perNodeMiBps one DataNode's read cap ({@code dfs.datanode.data.read.bandwidthPerSec})
   * @param machineMiBps the machine's unthrottled read speed, all DataNodes together, shared
   *     equally by the streams of the nodes sending
   * @param minWindowMs {@code blink.read.min.window.ms}
   * @param prefetchBlocks blocks per location request
   * @param otherDataNodes DataNodes outside the ring (staging), candidates for "local"
   * @param phases runs, their starts evenly spread over the interval
   * @param seed the random draws (local nodes, tie orders)
   * @param readOrder {@code blink.read.order} of the NameNode and the client
   */
  record Spec(int readers, int blocksPerFile, double blockMiB, double perNodeMiBps,
      double machineMiBps, long minWindowMs, int prefetchBlocks,
      int otherDataNodes, int phases, long seed, ReadOrderMode readOrder) {
    /** The workload under the default read order, the longest window. */
    Spec(int readers, int blocksPerFile, double blockMiB, double perNodeMiBps,
        double machineMiBps, long minWindowMs, int prefetchBlocks, int otherDataNodes,
        int phases, long seed) {
      this(readers, blocksPerFile, blockMiB, perNodeMiBps, machineMiBps, minWindowMs,
          prefetchBlocks, otherDataNodes, phases, seed, ReadOrderMode.LONGEST_WINDOW);
    }

    Spec {
      Objects.requireNonNull(readOrder, "readOrder");
      if (!(machineMiBps > 0)) {
        throw new IllegalArgumentException("the machine's read speed must be positive, got "
            + machineMiBps + " MiB/s");
      }
      if (readers < 1 || blocksPerFile < 1 || !(blockMiB > 0) || !(perNodeMiBps > 0)
          || minWindowMs < 0 || prefetchBlocks < 1 || otherDataNodes < 0 || phases < 1) {
        throw new IllegalArgumentException("readers, blocks per file, block size, bandwidth,"
            + " prefetch and phases must be positive, the minimum window and other DataNodes"
            + " not negative: " + readers + ", " + blocksPerFile + ", " + blockMiB + ", "
            + perNodeMiBps + ", " + prefetchBlocks + ", " + phases + ", " + minWindowMs + ", "
            + otherDataNodes);
      }
    }
  }

  /**
   * @param perPhaseMiBps each run's aggregate MiB/s, in phase order; empty when some block has
   *     no replica that is ever awake (the cluster's readers would fail)
   * @param perPhaseMs each run's length, in phase order (as empty)
   * @param readMs every block read's length, from the moment the reader reached the block (the
   *     gate's wait included) to its last byte: the bench's read calls of one block
   */
  record Result(List<Double> perPhaseMiBps, List<Double> perPhaseMs, List<Double> readMs) {
    static final Result UNSERVED = new Result(List.of(), List.of(), List.of());

    boolean served() {
      return !perPhaseMiBps.isEmpty();
    }

    double meanMiBps() {
      return perPhaseMiBps.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }
  }

  static final double EPS = 1e-6;
  /** A bound on events per run, far above any real run's (a guard against a model bug). */
  private static final long MAX_STEPS = 100_000_000L;

  private final Schedule schedule;
  private final List<String> ring;
  private final List<ActiveWindow> windows;
  private final Spec spec;
  private final Ties ties;
  private final Random random;
  private final List<List<Integer>> stored; // per reader-block: replicas in write order
  private final long firstBlockId;
  private long sorts; // the NameNode's sort counter under the balanced order
  private final Map<String, Long> storedCounts = new HashMap<>();
  private final HitRatioBalancer balancer = new HitRatioBalancer();
  private final ReadThrottler[] throttlers; // live across rounds, as the DataNodes' do
  private final List<String> primaries;
  private final List<Double> readMs = new ArrayList<>();

  private FileReadSim(Schedule schedule, List<String> dataNodes, ReplicaSets layout, Spec spec,
      Ties ties, List<String> primaries) {
    this.schedule = schedule;
    this.ring = dataNodes;
    this.windows = new ArrayList<>(ring.size());
    for (String node : ring) {
      windows.add(schedule.window(node));
    }
    this.spec = spec;
    this.ties = ties;
    this.primaries = primaries;
    this.random = new Random(spec.seed());
    this.throttlers = new ReadThrottler[ring.size()];
    for (int j = 0; j < ring.size(); j++) {
      throttlers[j] = new ReadThrottler(spec.perNodeMiBps()); // idle long before
    }
    // Block IDs far from other runs' for another seed; the layout port maps an ID to replicas.
    long base = (spec.seed() & 0xFFFFL) << 32;
    this.firstBlockId = base;
    this.stored = new ArrayList<>(spec.readers() * spec.blocksPerFile());
    for (int i = 0; i < spec.readers() * spec.blocksPerFile(); i++) {
      List<Integer> replicas = layout.targets(base + i);
      stored.add(replicas);
      for (int p : replicas) {
        storedCounts.merge(ring.get(p), 1L, Long::sum);
      }
    }
  }

  /**
   * Plays the bench's rounds with replicas on the schedule's ring.
   *
   * @param primaries equal work's first p chain nodes (for {@link Ties#HIT_RATIO}; else unused)
   */
  static Result run(Schedule schedule, ReplicaSets layout, Spec spec, Ties ties,
      List<String> primaries) {
    return run(schedule, schedule.ring(), layout, spec, ties, primaries);
  }

  /**
   * Plays the bench's rounds with replicas on {@code dataNodes}, the layout's positions: the
   * ring, or the ring and the staging nodes for HDFS's default placement, which stores on every
   * DataNode (nodes the schedule does not name are always awake).
   */
  static Result run(Schedule schedule, List<String> dataNodes, ReplicaSets layout, Spec spec,
      Ties ties, List<String> primaries) {
    FileReadSim sim = new FileReadSim(schedule, dataNodes, layout, spec, ties, primaries);
    List<Double> out = new ArrayList<>(spec.phases());
    List<Double> lengths = new ArrayList<>(spec.phases());
    long t = schedule.intervalMs();
    boolean blinking = dataNodes.stream().map(schedule::window)
        .anyMatch(w -> !w.isAlways() && !w.isNever());
    double end = schedule.intervalStartMs();
    for (int k = 0; k < spec.phases(); k++) {
      double start = end;
      if (blinking) { // the bench waits for round k's phase, (k + u)·T/R
        double target = schedule.intervalStartMs() + (k + 0.5) * t / spec.phases();
        start = target + Math.ceil((end - target) / t - EPS) * t;
      }
      double ms = sim.once(start);
      if (Double.isNaN(ms)) {
        return Result.UNSERVED;
      }
      end = start + ms;
      out.add(spec.readers() * spec.blocksPerFile() * spec.blockMiB() / (ms / 1000.0));
      lengths.add(ms);
    }
    return new Result(List.copyOf(out), List.copyOf(lengths), List.copyOf(sim.readMs));
  }

  /** One reader's progress. */
  private static final class Reader {
    final int index;
    int block = -1;
    List<Integer> located = List.of(); // current batch, NameNode order per block
    List<List<Integer>> batch = new ArrayList<>();
    int batchStart;
    int node = -1; // reading from, or -1
    double remainingMiB;
    double waitUntil = Double.NaN;
    double reachedAt; // when the reader reached its current block
    boolean done;

    Reader(int index) {
      this.index = index;
    }
  }

  /** Milliseconds from {@code start} until the last reader ends; NaN if a block is never served. */
  private double once(double start) {
    List<Reader> readers = new ArrayList<>();
    for (int i = 0; i < spec.readers(); i++) {
      Reader r = new Reader(i);
      readers.add(r);
      if (!nextBlock(r, start)) {
        return Double.NaN;
      }
    }
    double now = start;
    int n = ring.size();
    double machine = spec.machineMiBps() / 1000.0; // MiB per ms, all DataNodes together
    for (long step = 0; readers.stream().anyMatch(r -> !r.done); step++) {
      if (step > MAX_STEPS) {
        throw new IllegalStateException("no end after " + MAX_STEPS + " events at " + now
            + " ms: a bug in the reader model");
      }
      int[] streams = new int[n];
      for (Reader r : readers) {
        if (!r.done && r.node >= 0) {
          streams[r.node]++;
        }
      }
      int sendingStreams = 0;
      for (int j = 0; j < n; j++) {
        ReadThrottler t = throttlers[j];
        if (awake(j, now) && (t.blocked() ? now >= t.blockedUntil() - EPS
            : streams[j] > 0 && t.spent())) {
          t.refill(now);
        }
        sendingStreams += streams[j] > 0 && awake(j, now) && !t.blocked() ? streams[j] : 0;
      }
      // The two cores serve every sending stream alike; a blocked or frozen node sends nothing.
      double[] nodeRate = new double[n];
      double next = Double.POSITIVE_INFINITY;
      for (int j = 0; j < n; j++) {
        ReadThrottler t = throttlers[j];
        if (streams[j] == 0) {
          continue;
        }
        next = Math.min(next, boundary(j, now));
        if (!awake(j, now)) {
          continue;
        }
        if (t.blocked()) {
          next = Math.min(next, t.blockedUntil());
        } else {
          nodeRate[j] = machine * streams[j] / sendingStreams;
          next = Math.min(next, now + t.reserveMiB() / nodeRate[j]);
        }
      }
      for (Reader r : readers) {
        if (r.done) {
          continue;
        }
        if (r.node < 0) {
          next = Math.min(next, r.waitUntil);
        } else if (nodeRate[r.node] > 0) {
          next = Math.min(next, now + r.remainingMiB / (nodeRate[r.node] / streams[r.node]));
        }
      }
      if (Double.isInfinite(next)) {
        return Double.NaN; // every stream is on a node that never wakes
      }
      double dt = next - now;
      for (Reader r : readers) {
        if (!r.done && r.node >= 0 && nodeRate[r.node] > 0) {
          r.remainingMiB -= dt * nodeRate[r.node] / streams[r.node];
        }
      }
      for (int j = 0; j < n; j++) {
        throttlers[j].send(dt * nodeRate[j]);
      }
      now = next;
      for (Reader r : readers) {
        if (r.done) {
          continue;
        }
        boolean finished = r.node >= 0 && r.remainingMiB <= EPS;
        boolean waited = r.node < 0 && r.waitUntil <= now + EPS;
        if ((finished && !nextBlock(r, now)) || (waited && !gate(r, now))) {
          return Double.NaN;
        }
      }
    }
    return now - start;
  }

  /** Moves {@code r} to its next block (or ends it); false if that block is never served. */
  private boolean nextBlock(Reader r, double now) {
    if (r.block >= 0) {
      readMs.add(now - r.reachedAt);
    }
    r.reachedAt = now;
    r.node = -1;
    r.block++;
    if (r.block == spec.blocksPerFile()) {
      r.done = true;
      return true;
    }
    if (r.block - r.batchStart >= r.batch.size() || r.batch.isEmpty()) {
      fetch(r, now);
    }
    r.located = r.batch.get(r.block - r.batchStart);
    return gate(r, now);
  }

  /** One {@code getBlockLocations}: the NameNode's order of the next blocks at {@code now}. */
  private void fetch(Reader r, double now) {
    long ms = (long) Math.floor(now);
    int local = random.nextInt(ring.size() + spec.otherDataNodes()); // >= ring size: staging
    r.batchStart = r.block;
    r.batch = new ArrayList<>();
    int end = Math.min(spec.blocksPerFile(), r.block + spec.prefetchBlocks());
    for (int b = r.block; b < end; b++) {
      Integer[] replicas = stored.get(r.index * spec.blocksPerFile() + b).toArray(Integer[]::new);
      int[] weights = new int[replicas.length];
      for (int i = 0; i < replicas.length; i++) {
        weights[i] = replicas[i] == local ? 0 : 2;
      }
      int tied = ReadOrder.sortInPlace(replicas, replicas.length, ring::get, schedule, ms,
          spec.minWindowMs(), weights, random);
      if (spec.readOrder() == ReadOrderMode.BALANCED && ties != Ties.HIT_RATIO) {
        BalancedReadOrder.sortInPlace(replicas, replicas.length, ring::get, schedule, ms,
            spec.minWindowMs(), sorts++);
      } else if (ties == Ties.HIT_RATIO && tied > 0) {
        balance(replicas, tied, ms);
      }
      r.batch.add(List.of(replicas));
    }
  }

  /** {@code EqualWorkNetworkTopology#orderTies}: the balancer's pick among the tied goes first. */
  private void balance(Integer[] replicas, int tied, long ms) {
    Set<String> active = new HashSet<>();
    for (String node : ring) {
      if (ReadOrder.key(schedule, node, ms, spec.minWindowMs()).usableNow()) {
        active.add(node);
      }
    }
    Optional<HitRatioTargets> targets = EqualWorkTargets.of(storedCounts, primaries, active);
    if (targets.isEmpty()) {
      return;
    }
    List<String> candidates = new ArrayList<>(tied);
    for (int i = 0; i < tied; i++) {
      candidates.add(ring.get(replicas[i]));
    }
    Optional<String> chosen = balancer.pick(candidates, targets.get());
    if (chosen.isEmpty()) {
      return;
    }
    int at = candidates.indexOf(chosen.get());
    Integer first = replicas[at];
    System.arraycopy(replicas, 0, replicas, 1, at);
    replicas[0] = first;
    balancer.record(candidates, chosen.get(), targets.get());
  }

  /**
   * {@code BlockGate}: wait for a usable replica, then read from the first by the schedule: the
   * longest window, or under the balanced order the replica the block's ID picks.
   */
  private boolean gate(Reader r, double now) {
    long ms = (long) Math.floor(now);
    long wait = Long.MAX_VALUE;
    for (int p : r.located) {
      ReadOrder.Key key = ReadOrder.key(schedule, ring.get(p), ms, spec.minWindowMs());
      if (key.usableNow()) {
        wait = 0;
        break;
      }
      wait = Math.min(wait, key.untilUsableMs());
    }
    if (wait == Long.MAX_VALUE) {
      return false;
    }
    if (wait > 0) {
      r.node = -1;
      r.waitUntil = ms + wait;
      return true;
    }
    if (spec.readOrder() == ReadOrderMode.BALANCED) {
      Integer[] order = r.located.toArray(Integer[]::new);
      BalancedReadOrder.sortInPlace(order, order.length, ring::get, schedule, ms,
          spec.minWindowMs(), firstBlockId + (long) r.index * spec.blocksPerFile() + r.block);
      r.node = order[0];
    } else {
      r.node = ReadOrder.sort(r.located, ring::get, schedule, ms, spec.minWindowMs()).get(0);
    }
    r.remainingMiB = spec.blockMiB();
    r.waitUntil = Double.NaN;
    return true;
  }

  private double sinceOpen(int j, double now) {
    ActiveWindow w = windows.get(j);
    double t = w.intervalMs();
    double x = (now - schedule.intervalStartMs() - w.offsetMs()) % t;
    x = x < 0 ? x + t : x;
    return x > t - EPS ? 0 : x; // a hair before the next opening is the opening
  }

  private boolean awake(int j, double now) {
    ActiveWindow w = windows.get(j);
    if (w.isAlways()) {
      return true;
    }
    return w.lengthMs() > 0 && sinceOpen(j, now) < w.lengthMs() - EPS;
  }

  /** The next time node j wakes or sleeps after {@code now}; infinite if it never changes. */
  private double boundary(int j, double now) {
    ActiveWindow w = windows.get(j);
    if (w.isAlways() || w.lengthMs() == 0) {
      return Double.POSITIVE_INFINITY;
    }
    double since = sinceOpen(j, now);
    return since < w.lengthMs() - EPS ? now + (w.lengthMs() - since)
        : now + (w.intervalMs() - since);
  }
}
