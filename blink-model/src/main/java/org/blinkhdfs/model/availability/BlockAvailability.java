package org.blinkhdfs.model.availability;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.Segment;

/**
 * Exact availability of one block from the {@link ActiveWindow}s of the nodes holding its
 * replicas: the block is readable whenever at least one replica's node is awake.
 *
 * <p>Design note. The paper's closed forms ({@code BlinkFsReplicaFormula} in blink-bench) describe
 * idealised schedules; this class measures the schedule actually in force. It takes the union of
 * the replicas' awake segments, the complement of that union (the {@link Gap}s, merged across the
 * interval boundary because the schedule repeats) and two latency figures for a read arriving at
 * a uniformly random phase of the interval:
 *
 * <ul>
 *   <li>expected wait {@code Σ g² / (2·T)} over gaps {@code g}, interval {@code T}: a request
 *       landing in a gap of length {@code g} waits on average {@code g/2}, and lands there with
 *       probability {@code g/T};
 *   <li>maximum wait: the longest gap.
 * </ul>
 *
 * A block none of whose replicas is ever awake has no finite wait: both figures are then empty
 * ({@link OptionalDouble#empty()}, {@link OptionalLong#empty()}) rather than a sentinel number. A
 * block always covered has no gaps and waits 0. Time is continuous: windows are half-open, so
 * {@code [0, 10)} and {@code [10, 20)} touch and leave no gap.
 *
 * <p>Provable bounds (tested): with unavailable fraction {@code u = Σg/T}, {@code Σg² ≤
 * maxGap·Σg} gives {@code wait ≤ maxGap·u/2}, and {@code Σg² ≤ (Σg)²} gives {@code wait ≤
 * u²·T/2 ≤ u·T/2}; Cauchy-Schwarz over {@code n} gaps gives {@code wait ≥ u²·T/(2n)}.
 *
 * <p>Worked example (BlinkFS Mac-mini cluster, 9 nodes, 40% power, 1 W sleep, {@code T = 60 s},
 * the paper's staggered offsets {@code 4.6875·i s}, 22.5 s awake): replicas on nodes 0, 3, 6 are
 * awake from 0, 14.0625 and 28.125 s; the union is {@code [0, 50.625 s)}, so one gap of 9.375 s,
 * 15.625% unavailable, expected wait {@code 9.375²/2/60 = 0.732421875 s}, maximum wait 9.375 s.
 *
 * <p>Immutable and thread-safe: all lists are copied on construction and returned unmodifiable.
 */
public final class BlockAvailability {
  private final long intervalMs;
  private final List<ActiveWindow> windows;
  private final List<Segment> covered;
  private final List<Gap> gaps;
  private final long coveredMs;

  private BlockAvailability(long intervalMs, List<ActiveWindow> windows) {
    this.intervalMs = intervalMs;
    this.windows = windows;
    this.covered = union(windows);
    long sum = 0;
    for (Segment s : covered) {
      sum += s.lengthMs();
    }
    this.coveredMs = sum;
    this.gaps = complement(covered, intervalMs);
  }

  /**
   * Availability of a block whose replicas sit on nodes awake during {@code replicaWindows}.
   *
   * @throws IllegalArgumentException if the list is empty, holds a null, or mixes intervals
   */
  public static BlockAvailability of(List<ActiveWindow> replicaWindows) {
    long intervalMs = commonIntervalMs("replicaWindows", replicaWindows);
    return new BlockAvailability(intervalMs, List.copyOf(replicaWindows));
  }

  /**
   * The one {@code intervalMs} every window in {@code windows} shares.
   *
   * @param argName the caller's argument name, used in error messages
   * @throws IllegalArgumentException if the list is empty, holds a null, or mixes intervals
   */
  public static long commonIntervalMs(String argName, List<ActiveWindow> windows) {
    Objects.requireNonNull(windows, argName);
    if (windows.isEmpty()) {
      throw new IllegalArgumentException(argName + " is empty: give the ActiveWindow of at"
          + " least one node (a block with no replica has no schedule)");
    }
    long intervalMs = -1;
    for (int i = 0; i < windows.size(); i++) {
      ActiveWindow w = windows.get(i);
      if (w == null) {
        throw new IllegalArgumentException(
            argName + "[" + i + "] is null: give every node's ActiveWindow");
      }
      if (i == 0) {
        intervalMs = w.intervalMs();
      } else if (w.intervalMs() != intervalMs) {
        throw new IllegalArgumentException(argName + "[" + i + "].intervalMs = "
            + w.intervalMs() + " differs from " + argName + "[0].intervalMs = " + intervalMs
            + ": all windows must come from one schedule with one blink interval");
      }
    }
    return intervalMs;
  }

  /**
   * Availability of a block whose replicas sit on the nodes {@code replicaNodes}, indexes into
   * {@code nodeWindows} (one window per node of a schedule). A node listed twice counts once.
   *
   * @throws IllegalArgumentException if an index is outside {@code nodeWindows}, or as {@link
   *     #of(List)}
   */
  public static BlockAvailability forReplicas(List<ActiveWindow> nodeWindows,
      List<Integer> replicaNodes) {
    Objects.requireNonNull(nodeWindows, "nodeWindows");
    Objects.requireNonNull(replicaNodes, "replicaNodes");
    List<ActiveWindow> picked = new ArrayList<>(replicaNodes.size());
    for (Integer node : replicaNodes) {
      if (node == null || node < 0 || node >= nodeWindows.size()) {
        throw new IllegalArgumentException("replicaNodes holds node " + node
            + ", outside 0.." + (nodeWindows.size() - 1)
            + ": give indexes into nodeWindows (one window per node)");
      }
      picked.add(nodeWindows.get(node));
    }
    return of(picked);
  }

  public long intervalMs() {
    return intervalMs;
  }

  /** The replica windows this was computed from, in the order given. */
  public List<ActiveWindow> windows() {
    return windows;
  }

  /** Merged awake segments, disjoint, non-touching, sorted, inside {@code [0, intervalMs)}. */
  public List<Segment> coveredSegments() {
    return covered;
  }

  /** Outages, sorted by start; a gap crossing the interval boundary is one gap (and last). */
  public List<Gap> gaps() {
    return gaps;
  }

  public long coveredMs() {
    return coveredMs;
  }

  public long uncoveredMs() {
    return intervalMs - coveredMs;
  }

  /** Fraction of the interval at least one replica is awake, in {@code [0, 1]}. */
  public double availableFraction() {
    return (double) coveredMs / intervalMs;
  }

  /** {@code 1 - availableFraction()}, computed from whole milliseconds so it is exact. */
  public double unavailableFraction() {
    return (double) uncoveredMs() / intervalMs;
  }

  /** True when some replica is awake at every phase. */
  public boolean alwaysAvailable() {
    return coveredMs == intervalMs;
  }

  /** True when no replica is ever awake. */
  public boolean neverAvailable() {
    return coveredMs == 0;
  }

  /**
   * Mean wait, in ms, of a read arriving at a uniformly random phase until some replica is
   * awake: {@code Σ g²/(2·intervalMs)}. Empty when no replica is ever awake (the wait is
   * unbounded); 0 when always covered.
   */
  public OptionalDouble expectedWaitMs() {
    if (neverAvailable()) {
      return OptionalDouble.empty();
    }
    double sumSquares = 0;
    for (Gap g : gaps) {
      sumSquares += (double) g.lengthMs() * g.lengthMs();
    }
    return OptionalDouble.of(sumSquares / (2.0 * intervalMs));
  }

  /** Worst-case wait in ms: the longest gap. Empty when never available, 0 when always. */
  public OptionalLong maxWaitMs() {
    if (neverAvailable()) {
      return OptionalLong.empty();
    }
    long max = 0;
    for (Gap g : gaps) {
      max = Math.max(max, g.lengthMs());
    }
    return OptionalLong.of(max);
  }

  /**
   * Wait in ms of a read arriving at {@code phaseMs} (any value; taken modulo the interval)
   * until some replica is awake; empty when no replica is ever awake.
   */
  public OptionalLong waitMs(long phaseMs) {
    long best = Long.MAX_VALUE;
    long phase = Math.floorMod(phaseMs, intervalMs);
    for (ActiveWindow w : windows) {
      best = Math.min(best, w.untilOpenMs(phase));
    }
    return best == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(best);
  }

  @Override
  public String toString() {
    return "BlockAvailability{intervalMs=" + intervalMs + ", coveredMs=" + coveredMs
        + ", gaps=" + gaps + "}";
  }

  private static List<Segment> union(List<ActiveWindow> windows) {
    List<Segment> all = new ArrayList<>();
    for (ActiveWindow w : windows) {
      all.addAll(w.segments());
    }
    all.sort((a, b) -> Long.compare(a.startMs(), b.startMs()));
    List<Segment> out = new ArrayList<>();
    long start = -1;
    long end = -1;
    for (Segment s : all) {
      if (s.lengthMs() == 0) {
        continue;
      }
      if (start >= 0 && s.startMs() <= end) {
        end = Math.max(end, s.endMs());
      } else {
        if (start >= 0) {
          out.add(new Segment(start, end));
        }
        start = s.startMs();
        end = s.endMs();
      }
    }
    if (start >= 0) {
      out.add(new Segment(start, end));
    }
    return Collections.unmodifiableList(out);
  }

  private static List<Gap> complement(List<Segment> covered, long intervalMs) {
    List<Gap> out = new ArrayList<>();
    if (covered.isEmpty()) {
      out.add(new Gap(0, intervalMs));
      return Collections.unmodifiableList(out);
    }
    long cursor = 0;
    for (Segment s : covered) {
      if (s.startMs() > cursor) {
        out.add(new Gap(cursor, s.startMs() - cursor));
      }
      cursor = s.endMs();
    }
    long tailMs = intervalMs - cursor;
    if (tailMs > 0) {
      if (!out.isEmpty() && out.get(0).startMs() == 0) {
        // The head gap continues the tail gap in the next interval: one outage.
        Gap head = out.remove(0);
        out.add(new Gap(cursor, tailMs + head.lengthMs()));
      } else {
        out.add(new Gap(cursor, tailMs));
      }
    }
    return Collections.unmodifiableList(out);
  }
}
