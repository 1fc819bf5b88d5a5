package org.blinkhdfs.model.policy;

import java.util.OptionalDouble;
import org.blinkhdfs.model.schedule.ActiveWindow;

/**
 * The co-designed stagger and layout ({@code aligned}, issue "latency at low power"): where ring
 * node i's window opens, where a block's replicas sit on the ring, and the exact condition under
 * which such a block can be read at every moment of the interval.
 *
 * <h2>Design</h2>
 * <ul>
 *   <li>Phases: ring position i opens at {@code φ_i = ⌊t·i/N⌋} (the circular stagger), whatever
 *       the power: a power change only changes the window length {@code w}, never a phase, and
 *       never a replica position, so it moves no data.
 *   <li>Positions: the replicas of a block whose first replica is at f sit at {@code f + ⌊j·N/r⌋}
 *       (j = 0..r−1), evenly round the ring, so consecutive replicas are {@code ⌊N/r⌋} or
 *       {@code ⌈N/r⌉} positions apart. Every f is equally likely (a hash of the block, or the
 *       NameNode's seeded choice among equals), so each node holds r/N of the blocks: the design is
 *       rotation invariant and the per-node share has no spread beyond the draw's.
 * </ul>
 *
 * <h2>Condition</h2>
 * A read needs {@code m} (the read window) inside a replica's window, so replica j serves reads
 * that start in {@code [φ_j, φ_j + L)} with {@code L = w − m}, and the block is readable at every
 * phase exactly when every gap between the opening times of consecutive replicas is at most L:
 * {@code max_f,j Δ ≤ w − m}. With the phases above the largest gap is {@code ⌊t·(i+G)/N⌋ −
 * ⌊t·i/N⌋} maximised over i, with {@code G = ⌈N/r⌉}, that is {@code G·t/N} rounded up to the
 * millisecond at most. In fractions of the interval, with active fraction a and transition time
 * {@code T_tr} ({@code w = a·t − T_tr}):
 * <pre>  a ≥ ⌈N/r⌉/N + (T_tr + m)/t</pre>
 * No schedule that gives every node the same window can do better than
 * {@code a ≥ 1/r + (T_tr + m)/t} (r arcs of length L cover the circle only if {@code r·L ≥ t}), so
 * the design reaches the bound whenever r divides N, and otherwise loses
 * {@code ⌈N/r⌉/N − 1/r} of the interval.
 *
 * <h2>Below the condition</h2>
 * The uncovered part of each gap is {@code max(0, Δ − L)}; a read at a uniform phase waits
 * {@code Σ (Δ − L)₊² / (2t)} on average ({@link #meanWaitMs}). The least any equal-window
 * schedule can reach is {@code (t − r·L)₊² / (2·t·r)} (the uncovered time split into r equal
 * gaps, {@link #lowerBoundWaitMs}); again reached when r divides N.
 *
 * <p>Worked example (N = 9, t = 60 s, r = 3, 40% power, 25 W / 1 W, no transition, m = 500 ms):
 * a = 0.375, w = 22 500 ms, L = 22 000 ms; replicas at f, f+3, f+6 open 20 000 ms apart, so every
 * block is readable at every phase (a ≥ 3/9 + 0.5/60 = 0.3417). At t = 6 s the same power gives
 * w = 2 250 ms and L = 1 750 ms &lt; 2 000 ms: each block is unreadable 3 × 250 ms of every
 * interval and a read waits {@code 3·250²/(2·6000) = 15.625 ms} on average, which is also the
 * bound.
 *
 * <p>Pure and stateless; no Hadoop import.
 */
public final class AlignedStagger {
  private AlignedStagger() {}

  /**
   * The opening time of ring position {@code index} of {@code nodeCount}: {@code ⌊t·i/N⌋}.
   *
   * @throws IllegalArgumentException when nodeCount &lt; 1, index outside 0..N-1 or t &lt; 1
   */
  public static long phaseMs(int index, int nodeCount, long intervalMs) {
    requireRing(index, nodeCount);
    requireInterval(intervalMs);
    return Math.floorDiv(intervalMs * index, (long) nodeCount);
  }

  /**
   * Offsets from the first replica of a block of {@code replicas} replicas on a ring of
   * {@code nodeCount}: {@code ⌊j·N/r⌋}, j = 0..r−1, ascending and distinct. Example: N = 9,
   * r = 6 gives [0, 1, 3, 4, 6, 7]; r = 3 gives [0, 3, 6], a subset, as for every r and 2r.
   *
   * @throws IllegalArgumentException when nodeCount &lt; 1 or replicas outside 1..N
   */
  public static int[] replicaOffsets(int nodeCount, int replicas) {
    requireReplicas(nodeCount, replicas);
    int[] offsets = new int[replicas];
    for (int j = 0; j < replicas; j++) {
      offsets[j] = (int) ((long) j * nodeCount / replicas);
    }
    return offsets;
  }

  /**
   * The gaps between the opening times of consecutive replicas of the block whose first replica
   * is at {@code first}, in ring order starting there; they sum to t (one replica: [t]).
   */
  public static long[] gapsMs(int first, int nodeCount, int replicas, long intervalMs) {
    requireRing(first, nodeCount);
    requireInterval(intervalMs);
    int[] offsets = replicaOffsets(nodeCount, replicas);
    // Unwrapped positions first + offset (the last one first + N, one lap on): φ is ⌊t·u/N⌋
    // also past N, so the differences are the forward gaps and sum to exactly t.
    long[] gaps = new long[replicas];
    for (int j = 0; j < replicas; j++) {
      long from = (long) first + offsets[j];
      long to = (long) first + (j + 1 < replicas ? offsets[j + 1] : nodeCount);
      gaps[j] = Math.floorDiv(intervalMs * to, nodeCount)
          - Math.floorDiv(intervalMs * from, nodeCount);
    }
    return gaps;
  }

  /** The largest gap of any block: the left side of the condition (class comment). */
  public static long maxGapMs(int nodeCount, int replicas, long intervalMs) {
    long max = 0;
    for (int f = 0; f < nodeCount; f++) {
      for (long gap : gapsMs(f, nodeCount, replicas, intervalMs)) {
        max = Math.max(max, gap);
      }
    }
    return max;
  }

  /**
   * How long after its opening a replica still starts a read: {@code w − m}, 0 when the window
   * is not longer than the read window, t when the node is awake the whole interval (an ACTIVE
   * node's window is not trimmed).
   */
  public static long usableMs(long intervalMs, long windowMs, long readWindowMs) {
    requireInterval(intervalMs);
    if (windowMs < 0 || windowMs > intervalMs) {
      throw new IllegalArgumentException("windowMs must be within 0.." + intervalMs + ", got "
          + windowMs + ": give the window of one interval in milliseconds");
    }
    return new ActiveWindow(0, windowMs, intervalMs).readable(readWindowMs).lengthMs();
  }


  /** The condition: every block of the design is readable at every phase. */
  public static boolean alwaysReadable(int nodeCount, int replicas, long intervalMs,
      long windowMs, long readWindowMs) {
    long usable = usableMs(intervalMs, windowMs, readWindowMs);
    return usable > 0 && maxGapMs(nodeCount, replicas, intervalMs) <= usable;
  }

  /**
   * Fraction of the interval a block of the design cannot be read, averaged over first
   * positions: {@code Σ (Δ − L)₊ / t}; 1 when no replica ever serves.
   */
  public static double unavailableFraction(int nodeCount, int replicas, long intervalMs,
      long windowMs, long readWindowMs) {
    long usable = usableMs(intervalMs, windowMs, readWindowMs);
    if (usable == 0) {
      return 1;
    }
    long uncovered = 0;
    for (int f = 0; f < nodeCount; f++) {
      for (long gap : gapsMs(f, nodeCount, replicas, intervalMs)) {
        uncovered += Math.max(0, gap - usable);
      }
    }
    return uncovered / ((double) intervalMs * nodeCount);
  }

  /**
   * Expected wait of a read at a uniform phase of a block of the design, averaged over first
   * positions: {@code Σ (Δ − L)₊² / (2t)}; empty when no replica ever serves (no finite wait).
   */
  public static OptionalDouble meanWaitMs(int nodeCount, int replicas, long intervalMs,
      long windowMs, long readWindowMs) {
    long usable = usableMs(intervalMs, windowMs, readWindowMs);
    if (usable == 0) {
      return OptionalDouble.empty();
    }
    double sum = 0;
    for (int f = 0; f < nodeCount; f++) {
      for (long gap : gapsMs(f, nodeCount, replicas, intervalMs)) {
        double uncovered = Math.max(0, gap - usable);
        sum += uncovered * uncovered / (2.0 * intervalMs);
      }
    }
    return OptionalDouble.of(sum / nodeCount);
  }

  /**
   * The least expected wait any schedule reaches when each of r replicas serves reads for
   * {@code L} of every interval: {@code (t − r·L)₊² / (2·t·r)}; empty when L = 0.
   */
  public static OptionalDouble lowerBoundWaitMs(int replicas, long intervalMs, long windowMs,
      long readWindowMs) {
    if (replicas < 1) {
      throw new IllegalArgumentException("replicas must be at least 1, got " + replicas
          + ": give the block's replication");
    }
    long usable = usableMs(intervalMs, windowMs, readWindowMs);
    if (usable == 0) {
      return OptionalDouble.empty();
    }
    double uncovered = Math.max(0, intervalMs - (double) replicas * usable);
    return OptionalDouble.of(uncovered * uncovered / (2.0 * intervalMs * replicas));
  }

  private static void requireRing(int index, int nodeCount) {
    if (nodeCount < 1) {
      throw new IllegalArgumentException("nodeCount must be at least 1, got " + nodeCount
          + ": give the number of ring DataNodes");
    }
    if (index < 0 || index >= nodeCount) {
      throw new IllegalArgumentException("ring position must be within 0.." + (nodeCount - 1)
          + ", got " + index + ": the ring has " + nodeCount + " nodes");
    }
  }

  private static void requireReplicas(int nodeCount, int replicas) {
    if (nodeCount < 1) {
      throw new IllegalArgumentException("nodeCount must be at least 1, got " + nodeCount
          + ": give the number of ring DataNodes");
    }
    if (replicas < 1 || replicas > nodeCount) {
      throw new IllegalArgumentException("replicas must be within 1.." + nodeCount + ", got "
          + replicas + ": a ring of " + nodeCount + " nodes holds at most one replica per node");
    }
  }

  private static void requireInterval(long intervalMs) {
    if (intervalMs < 1) {
      throw new IllegalArgumentException("intervalMs must be at least 1, got " + intervalMs
          + ": give the blink interval in milliseconds");
    }
  }
}
