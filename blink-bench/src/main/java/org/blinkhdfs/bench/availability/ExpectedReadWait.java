package org.blinkhdfs.bench.availability;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.blinkhdfs.model.availability.BlockAvailability;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * The analytic expectation of read waits for a population of blocks under a blink schedule: the
 * number the benchmark report prints beside each measured latency.
 *
 * <p>Question answered: a read arrives at a uniformly random phase of the blink interval for a
 * block drawn with probability proportional to its {@link ReplicaSet#weight()}. How long, on
 * average, until some holder of the block is awake, and how likely is it to have to wait at all?
 *
 * <p>Algorithm. Per block, {@link BlockAvailability} gives the exact expected wait {@code Σ g² /
 * (2T)} over its gaps and its unavailable fraction {@code Σ g / T}. Then, by the law of total
 * expectation, the population figures are weighted means over blocks: {@code E[wait] = Σ w_b ·
 * wait_b / Σ w_b} and {@code P(wait > 0) = Σ w_b · u_b / Σ w_b}. A block with no holder ever awake
 * has no finite wait; it is reported apart ({@link ReadWaitExpectation#neverAvailableCount()})
 * and the mean is taken over the others (it still counts, with {@code u = 1}, in the wait
 * probability).
 *
 * <p>HDFS default placement ({@link #randomPlacement}): on a single rack with an off-cluster
 * client, HDFS puts the first replica on a random node and the others on further random distinct
 * nodes, i.e. every {@code r}-subset of the {@code N} nodes is equally likely. The expectation is
 * then the exact, unweighted mean over all {@code C(N, r)} subsets, enumerated (a limit of {@value
 * #MAX_SUBSETS} subsets keeps it fast: {@code C(20, 10) = 184 756} fits). This differs from the
 * paper's {@link RandomPlacement} form, which treats nodes as on or off for good; with blinking,
 * two replicas on nodes with overlapping windows are worth less than two on disjoint ones.
 *
 * <p>Assumptions. The schedule repeats unchanged (steady state; lease and epoch changes are
 * ignored); the reader waits for the earliest holder to wake (what {@code
 * BlinkDistributedFileSystem} does) and nothing else, so measured latency is this wait plus the
 * service time of an awake read; window edges are exact (no wake-up lag). Node names not in the
 * schedule are an error here, not "always awake" as the schedule's readers assume: an analytic
 * figure built on a typo would be silently wrong.
 *
 * <p>Worked example, {@code T = 6 s}, A awake {@code [0, 1)}, B {@code [2, 4)}, C {@code [3, 5)}
 * seconds. One replica: A waits {@code 5²/12 = 2.0833 s}, B and C (one 4 s gap each, wrapping)
 * {@code 4²/12 = 1.3333 s}; uniform random placement expects {@code (2.0833 + 2·1.3333)/3 =
 * 1.5833 s} and must wait with probability {@code (5 + 4 + 4)/18 = 13/18}. Two replicas: {A,B}
 * gaps 1 s and 2 s → {@code 5/12 s}, {A,C} the same, {B,C} one 3 s gap → {@code 9/12 s}; mean
 * {@code 19/36 s = 527.8 ms}, wait probability 1/2.
 *
 * <p>Stateless and thread-safe.
 */
public final class ExpectedReadWait {
  /** Most replica subsets {@link #randomPlacement} enumerates. */
  public static final long MAX_SUBSETS = 500_000;

  private ExpectedReadWait() {}

  /**
   * Expectation over {@code sets} under {@code schedule}; nodes are looked up by name among all
   * the schedule's entries (ring and staging; an ACTIVE or IO_SERVER entry is always awake, an OFF
   * one never).
   */
  public static ReadWaitExpectation of(Schedule schedule, List<ReplicaSet> sets) {
    return of(windows(schedule), sets);
  }

  /**
   * Expectation over {@code sets}, each node's awake window given by name.
   *
   * @throws IllegalArgumentException if {@code sets} is empty, a set names a node without a
   *     window, or the windows mix intervals
   */
  public static ReadWaitExpectation of(Map<String, ActiveWindow> windows, List<ReplicaSet> sets) {
    Objects.requireNonNull(windows, "windows");
    Objects.requireNonNull(sets, "sets");
    ReadWaitExpectation.Accumulator acc = new ReadWaitExpectation.Accumulator();
    for (int i = 0; i < sets.size(); i++) {
      ReplicaSet set = Objects.requireNonNull(sets.get(i), "sets[" + i + "]");
      acc.add(BlockAvailability.of(lookup(windows, set.nodes(), "sets[" + i + "]")),
          set.weight());
    }
    return acc.result();
  }

  /**
   * HDFS default placement over the schedule's ring nodes (staging nodes excluded): see {@link
   * #randomPlacement(Map, List, int)}.
   */
  public static ReadWaitExpectation randomPlacement(Schedule schedule, int replication) {
    return randomPlacement(windows(schedule), schedule.ring(), replication);
  }

  /**
   * Exact mean over all {@code C(N, r)} subsets of {@code nodes} (each equally likely), the
   * expectation for HDFS's default random placement on one rack.
   *
   * @throws IllegalArgumentException if {@code replication} is not in {@code [1, N]}, a node has
   *     no window, or there are more than {@link #MAX_SUBSETS} subsets
   */
  public static ReadWaitExpectation randomPlacement(Map<String, ActiveWindow> windows,
      List<String> nodes, int replication) {
    Objects.requireNonNull(nodes, "nodes");
    if (replication < 1 || replication > nodes.size()) {
      throw new IllegalArgumentException("replication must be in [1, " + nodes.size()
          + "] (the number of nodes), got " + replication
          + ": HDFS places each replica on a distinct node");
    }
    List<ActiveWindow> nodeWindows = lookup(windows, nodes, "nodes");
    ReadWaitExpectation.Accumulator acc = new ReadWaitExpectation.Accumulator();
    List<ActiveWindow> picked = new ArrayList<>(replication);
    Combinations.forEach(nodes.size(), replication, MAX_SUBSETS, subset -> {
      picked.clear();
      for (int i : subset) {
        picked.add(nodeWindows.get(i));
      }
      acc.add(BlockAvailability.of(picked), 1);
    });
    return acc.result();
  }

  /** Every entry's window by node name, in document order. */
  static Map<String, ActiveWindow> windows(Schedule schedule) {
    Map<String, ActiveWindow> out = new LinkedHashMap<>();
    for (NodeSchedule n : schedule.nodes()) {
      out.put(n.node(), n.window(schedule.intervalMs()));
    }
    return out;
  }

  static List<ActiveWindow> lookup(Map<String, ActiveWindow> windows, List<String> nodes,
      String where) {
    List<ActiveWindow> out = new ArrayList<>(nodes.size());
    for (String node : nodes) {
      ActiveWindow w = windows.get(node);
      if (w == null) {
        throw new IllegalArgumentException(where + " names node '" + node
            + "', which has no window; known nodes: " + windows.keySet()
            + ". Use the names of the schedule's entries (host:port)");
      }
      out.add(w);
    }
    return out;
  }
}
