package org.blinkhdfs.rabbit.balance;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Rabbit's hit-ratio load balancer (§3.2): picks, for each block read, the replica that keeps the
 * active nodes' work equal although they store very different amounts.
 *
 * <h2>Why</h2>
 * Under the equal-work layout a primary stores B/p blocks and the i-th node B/i, yet with n nodes
 * on each should serve B/n of a full read. Choosing "the first replica" (or the closest) sends
 * nearly everything to the primaries; random choice sends work in proportion to what is stored.
 * Both waste the nodes that were turned on for throughput.
 *
 * <h2>Algorithm</h2>
 * Each node i has a desired hit-ratio {@code (B/n)/b_i} ({@link HitRatioTargets}) and an actual
 * hit-ratio: reads it served over reads it could have served (it was an active candidate). For a
 * read, among the candidates that are on, choose the node whose actual ratio is farthest below its
 * desired one (largest {@code desired − actual}; a node never offered has actual 0). Ties: the
 * larger desired ratio (the node storing less, so rarer as a candidate), then the smaller node id.
 * Then every active candidate counts one offer, and the chosen one a hit. Off candidates are
 * ignored; with none on, the answer is empty (the caller waits or wakes a node).
 *
 * <h2>Adapting: epochs and a decaying window</h2>
 * <ul>
 *   <li><b>Epoch.</b> When a read arrives with targets for a different active set, all counters
 *       start again from zero: the desired ratios depend on n, and ratios earned under the old
 *       set would mislead the new one (in the 24-node simulation a full read after a switch
 *       to 12 nodes had CV ≈ 0.15 when the counters were kept, ≈ 0.01 with the reset). New
 *       targets for the same active set (refreshed block counts) keep the counters.
 *   <li><b>Window.</b> Within an epoch, a node's two counters halve (so the ratio is kept) each
 *       time its offers reach {@code windowReads}. The estimate weighs roughly the last
 *       windowReads to 2·windowReads offers, so it follows a drifting workload, and memory is two
 *       32-bit counters per active node, never a history. A window counted in offers (not time)
 *       keeps the balancer clock-free and deterministic. Smaller windows adapt faster but round
 *       more: on a 12-node full read the worst CV over five seeds is 0.07 at window 16, 0.03 at
 *       64, 0.01 at 1024 (HitRatioBalancerSimulationTest). Default {@value #DEFAULT_WINDOW_READS}.
 * </ul>
 *
 * <h2>Worked example</h2>
 * B = 6, nodes A, B, C store 6, 3, 2 (a primary, positions 2 and 3), all on: B/n = 2, desired
 * 1/3, 2/3, 1. Reads with candidates AB, AC, AB, ABC, AC, AB choose B (gap 2/3 vs 1/3), C (1 vs
 * 1/3), A (1/3 vs −1/3), B (1/6 vs 0, 0), C (1/2 vs 1/12), A (2/15 vs 0): two reads each, B/n.
 *
 * <h2>Thread-safety and limits</h2>
 * Thread-safe and lock-free: the NameNode calls {@link #choose} from many handler threads. Each
 * node's two counters are one atomic word (updated by compare-and-set), so they never tear, and an
 * epoch change swaps the whole counter map atomically. A decision reads the candidates' counters
 * without a global lock, so two concurrent reads may both pick the same node; the next reads see
 * its raised ratio and correct it, so the balance holds on average. Single-threaded use is fully
 * deterministic. Counters exist only for active nodes of the current epoch, at most
 * {@link HitRatioTargets#MAX_NODES}. One balancer serves one dataset (counts and B are per
 * dataset); keep one per dataset.
 */
public final class HitRatioBalancer {
  /** Default decay window, in offers per node. */
  public static final int DEFAULT_WINDOW_READS = 1024;
  /** A limit on candidates per read (HDFS replication is at most 512). */
  public static final int MAX_CANDIDATES = 1024;

  private final int windowReads;
  private final AtomicReference<Epoch> epoch =
      new AtomicReference<>(new Epoch(Set.of(), new ConcurrentHashMap<>()));

  /** A balancer with the default window. */
  public HitRatioBalancer() {
    this(DEFAULT_WINDOW_READS);
  }

  /** @param windowReads offers after which a node's counters halve, 2..2^30 */
  public HitRatioBalancer(int windowReads) {
    if (windowReads < 2 || windowReads > (1 << 30)) {
      throw new IllegalArgumentException("windowReads must be in 2..2^30, got " + windowReads);
    }
    this.windowReads = windowReads;
  }

  /**
   * Chooses the replica to serve a read and records the choice: {@link #pick} then {@link
   * #record}.
   *
   * @param candidates the nodes holding the block (any order; off nodes and repeats are ignored)
   * @param targets desired ratios and the active set for this dataset now
   * @return the chosen node, empty when no candidate is on
   */
  public Optional<String> choose(List<String> candidates, HitRatioTargets targets) {
    Optional<String> chosen = pick(candidates, targets);
    chosen.ifPresent(node -> record(candidates, node, targets));
    return chosen;
  }

  /**
   * The replica {@link #choose} would choose now, without recording it. For a caller that learns
   * only later whether the read really happens (the NameNode adapter sorts some blocks twice per
   * request; see {@code CallReadLog}); it then calls {@link #record} for the reads that count.
   *
   * @param candidates the nodes holding the block (any order; off nodes and repeats are ignored)
   * @param targets desired ratios and the active set for this dataset now
   * @return the node farthest below its desired ratio, empty when no candidate is on
   */
  public Optional<String> pick(List<String> candidates, HitRatioTargets targets) {
    checkArguments(candidates, targets);
    Epoch current = epochFor(targets);
    String best = null;
    double bestGap = 0;
    double bestDesired = 0;
    for (int i = 0; i < candidates.size(); i++) {
      String node = candidates.get(i);
      if (!isFirstActive(candidates, i, targets)) {
        continue;
      }
      double desired = targets.desired(node);
      double gap = desired - current.ratio(node);
      if (best == null || gap > bestGap || (gap == bestGap
          && (desired > bestDesired || (desired == bestDesired && node.compareTo(best) < 0)))) {
        best = node;
        bestGap = gap;
        bestDesired = desired;
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * Records one read: every active candidate counts an offer, {@code chosen} a hit. A read
   * recorded under targets of another active set than the current epoch's starts a new epoch,
   * as {@link #choose} does.
   *
   * @param candidates the nodes holding the block (off nodes and repeats are ignored)
   * @param chosen the node that serves the read; must be an active candidate
   * @param targets desired ratios and the active set the read was chosen under
   */
  public void record(List<String> candidates, String chosen, HitRatioTargets targets) {
    checkArguments(candidates, targets);
    Objects.requireNonNull(chosen, "chosen must not be null");
    if (!targets.isActive(chosen) || !candidates.contains(chosen)) {
      throw new IllegalArgumentException("chosen node " + chosen + " is not an active candidate"
          + " of " + candidates);
    }
    Epoch current = epochFor(targets);
    for (int i = 0; i < candidates.size(); i++) {
      if (isFirstActive(candidates, i, targets)) {
        String node = candidates.get(i);
        current.counters.computeIfAbsent(node, n -> new HitCounter())
            .record(node.equals(chosen), windowReads);
      }
    }
  }

  /** The node's actual hit-ratio in the current epoch; 0 when never offered. */
  public double actualHitRatio(String node) {
    return epoch.get().ratio(node);
  }

  /** Reads served by {@code node} in the current epoch and window (decayed). */
  public long servedInWindow(String node) {
    HitCounter c = epoch.get().counters.get(node);
    return c == null ? 0 : c.served();
  }

  /** Reads {@code node} could have served in the current epoch and window (decayed). */
  public long offeredInWindow(String node) {
    HitCounter c = epoch.get().counters.get(node);
    return c == null ? 0 : c.offered();
  }

  private static void checkArguments(List<String> candidates, HitRatioTargets targets) {
    Objects.requireNonNull(candidates, "candidates must not be null");
    Objects.requireNonNull(targets, "targets must not be null");
    if (candidates.size() > MAX_CANDIDATES) {
      throw new IllegalArgumentException("at most " + MAX_CANDIDATES + " candidates, got "
          + candidates.size());
    }
  }

  private static boolean isFirstActive(List<String> candidates, int i, HitRatioTargets targets) {
    String node = candidates.get(i);
    return targets.isActive(node) && !candidates.subList(0, i).contains(node);
  }

  /** The epoch of {@code targets}' active set, starting a new one when the set changed. */
  private Epoch epochFor(HitRatioTargets targets) {
    while (true) {
      Epoch current = epoch.get();
      Set<String> active = targets.activeNodes();
      if (current.activeNodes == active) {
        return current; // the common case: the same targets object as the last read
      }
      // New targets: same set (refreshed counts) keeps the counters, under the new set instance
      // so the next reads take the fast path; a different set starts a new epoch.
      Epoch next = new Epoch(active, current.activeNodes.equals(active)
          ? current.counters : new ConcurrentHashMap<>());
      if (epoch.compareAndSet(current, next)) {
        return next;
      }
    }
  }

  /** Counters for one active set; only its nodes get counters. */
  private record Epoch(Set<String> activeNodes, ConcurrentHashMap<String, HitCounter> counters) {
    double ratio(String node) {
      HitCounter c = counters.get(node);
      return c == null ? 0 : c.ratio();
    }
  }
}
