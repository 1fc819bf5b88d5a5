package org.blinkhdfs.layout.sim;

import java.util.List;
import org.blinkhdfs.core.schedule.ActiveWindow;
import org.blinkhdfs.core.schedule.Segment;

/**
 * The part of a blink interval during which at least one of a block's replicas is awake (or
 * usable), and the gaps between: the union of the replicas' windows on the interval's circle.
 *
 * <p>Each node's window is one {@link ActiveWindow} of the schedule, as one or two {@link
 * Segment}s ({@link ActiveWindow#segments()}); the union of a block's segments is merged after
 * sorting by start, and the gaps are the spaces between merged segments, the one across the
 * interval's end counted once (the pattern repeats every interval, so a gap that wraps is one
 * gap). O(r log r) per block with r replicas, no allocation: the scratch arrays are reused.
 *
 * <p>Worked example (interval 60 s, replicas awake [0, 20 s) and [30 s, 40 s)): covered 30 s,
 * gaps 10 s (20-30 s) and 20 s (40-60 s).
 *
 * <p>Not thread-safe: one per sweep thread.
 */
final class Coverage {
  private final long intervalMs;
  private final long[][] segmentsByNode;
  private long[] starts = new long[8];
  private long[] ends = new long[8];
  private long[] gaps = new long[8];
  private int gapCount;
  private long coveredMs;

  /** Coverage by {@code windows}, one per ring position. */
  Coverage(List<ActiveWindow> windows, long intervalMs) {
    this.intervalMs = intervalMs;
    this.segmentsByNode = new long[windows.size()][];
    for (int p = 0; p < windows.size(); p++) {
      List<Segment> segs = windows.get(p).segments();
      long[] flat = new long[segs.size() * 2];
      for (int i = 0; i < segs.size(); i++) {
        flat[2 * i] = segs.get(i).startMs();
        flat[2 * i + 1] = segs.get(i).endMs();
      }
      segmentsByNode[p] = flat;
    }
  }

  /** Computes the union for the replicas at {@code positions}; read the result with the getters. */
  void compute(List<Integer> positions) {
    int n = 0;
    for (int p : positions) {
      long[] flat = segmentsByNode[p];
      for (int i = 0; i < flat.length; i += 2) {
        if (n == starts.length) {
          starts = java.util.Arrays.copyOf(starts, 2 * n);
          ends = java.util.Arrays.copyOf(ends, 2 * n);
          gaps = java.util.Arrays.copyOf(gaps, 2 * n + 1);
        }
        insert(n++, flat[i], flat[i + 1]);
      }
    }
    gapCount = 0;
    coveredMs = 0;
    if (n == 0) {
      return;
    }
    long curStart = starts[0];
    long curEnd = ends[0];
    long firstStart = curStart;
    for (int i = 1; i < n; i++) {
      if (starts[i] > curEnd) {
        coveredMs += curEnd - curStart;
        gaps[gapCount++] = starts[i] - curEnd;
        curStart = starts[i];
        curEnd = ends[i];
      } else {
        curEnd = Math.max(curEnd, ends[i]);
      }
    }
    coveredMs += curEnd - curStart;
    long wrap = intervalMs - curEnd + firstStart;
    if (wrap > 0) {
      gaps[gapCount++] = wrap;
    }
  }

  /** Insertion into the sorted prefix of length {@code n}, by start. */
  private void insert(int n, long start, long end) {
    int i = n;
    while (i > 0 && starts[i - 1] > start) {
      starts[i] = starts[i - 1];
      ends[i] = ends[i - 1];
      i--;
    }
    starts[i] = start;
    ends[i] = end;
  }

  /** Milliseconds of the interval with some replica in its window. */
  long coveredMs() {
    return coveredMs;
  }

  /** True when no replica is ever in its window (then there are no gaps, only the never case). */
  boolean never() {
    return coveredMs == 0;
  }

  int gapCount() {
    return gapCount;
  }

  long gapMs(int i) {
    return gaps[i];
  }
}
