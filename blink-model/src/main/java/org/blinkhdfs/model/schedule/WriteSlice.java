package org.blinkhdfs.model.schedule;

import java.util.List;

/**
 * Which of a list of nodes can take a write at an instant of a schedule, and until when that
 * answer holds for all of them: one time slice of the interval, computed once (O(N)) and then
 * shared by every placement decision that falls in it, instead of asking the schedule for every
 * node on every decision.
 *
 * <p>Writable ({@link #writableAt}): awake now and staying awake at least {@code guardMs} (long
 * enough to write a block), or not going to sleep under this schedule at all ({@link
 * Schedule#remainingWindowMs} is {@link Schedule#FOREVER}: always-on, or the lease over). A
 * window that runs past the lease end still closes where its pattern says: the renewed schedule
 * normally repeats the pattern, so a block placed on it near the lease end would otherwise see
 * its node sleep mid-write.
 *
 * <p>Why the answer is piecewise constant: for a window {@code [o, o + len)} of an interval T
 * and a guard g, a node becomes writable when its window opens and stops being writable g − 1 ms
 * before it closes; a lease end L makes everyone writable from L on. So {@link #untilMs} is the
 * earliest of, over the nodes: for a writable blinking node, the instant its remaining time
 * drops below g (or L, if earlier); for any other blinking node, its next window opening; and
 * L. (The answer may
 * also be unchanged at that instant; the slice then simply ends early.)
 *
 * <p>Example (interval 100 ms starting at 0, guard 10): A awake [0, 50), B awake [50, 100). At
 * t = 20, A is writable until 41 (at 41 only 9 ms are left), B is not writable until it wakes at
 * 50: the slice is [20, 41) with A writable and B not.
 *
 * <p>Immutable.
 */
public final class WriteSlice {
  private final long fromMs;
  private final long untilMs;
  private final boolean[] writable;

  private WriteSlice(long fromMs, long untilMs, boolean[] writable) {
    this.fromMs = fromMs;
    this.untilMs = untilMs;
    this.writable = writable;
  }

  /** The slice of {@code schedule} containing {@code nowMs} for {@code nodes} and a guard. */
  public static WriteSlice at(Schedule schedule, List<String> nodes, long guardMs, long nowMs) {
    boolean[] writable = new boolean[nodes.size()];
    long until = Long.MAX_VALUE;
    for (int i = 0; i < writable.length; i++) {
      String node = nodes.get(i);
      writable[i] = writableAt(schedule, node, guardMs, nowMs);
      until = Math.min(until, stableUntilMs(schedule, node, guardMs, nowMs));
    }
    return new WriteSlice(nowMs, until, writable);
  }

  /** True when {@code node} can take a write at {@code timeMs} (class comment). */
  public static boolean writableAt(Schedule schedule, String node, long guardMs, long timeMs) {
    long left = schedule.remainingWindowMs(node, timeMs);
    return left == Schedule.FOREVER || left >= guardMs;
  }

  /**
   * An instant after {@code timeMs} up to which (exclusive) {@link #writableAt} of {@code node}
   * does not change; {@link Long#MAX_VALUE} when it never does.
   */
  static long stableUntilMs(Schedule schedule, String node, long guardMs, long timeMs) {
    if (schedule.isExpired(timeMs) || guardMs <= 0) {
      return Long.MAX_VALUE; // writable from now on, whatever the windows
    }
    long lease = schedule.validUntilMs().orElse(Long.MAX_VALUE);
    ActiveWindow w = schedule.window(node);
    if (w.isAlways()) {
      return Long.MAX_VALUE;
    }
    if (w.isNever()) {
      return lease;
    }
    long interval = schedule.intervalMs();
    long rel = Math.floorMod(schedule.phaseMs(timeMs) - w.offsetMs(), interval);
    long nextOpen = saturatedAdd(timeMs, interval - rel);
    if (rel < w.lengthMs()) {
      long left = w.lengthMs() - rel;
      if (left >= guardMs) {
        return Math.min(timeMs + (left - guardMs) + 1, lease);
      }
    }
    return Math.min(nextOpen, lease);
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
  }

  /** The instant the slice was computed for. */
  public long fromMs() {
    return fromMs;
  }

  /** The end of the slice (exclusive): the answers hold for every instant before it. */
  public long untilMs() {
    return untilMs;
  }

  /** True when {@code timeMs} lies in the slice. */
  public boolean covers(long timeMs) {
    return timeMs >= fromMs && timeMs < untilMs;
  }

  /** Whether the {@code i}-th node of the list is writable throughout the slice. */
  public boolean writable(int i) {
    return writable[i];
  }

  /** Number of nodes. */
  public int size() {
    return writable.length;
  }
}
