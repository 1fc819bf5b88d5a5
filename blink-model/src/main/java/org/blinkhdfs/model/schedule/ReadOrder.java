package org.blinkhdfs.model.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * Orders a block's replicas for reading by who is awake and for how long (BlinkFS §4.1: "the
 * proxy issues the request to the node with the longest remaining active interval, assuming the
 * remaining active time exceeds a minimum threshold necessary to read and transmit the block").
 *
 * <ol>
 *   <li>Replicas awake now with at least {@code minWindowMs} left, longest remaining window
 *       first (always-on nodes count as infinitely long).
 *   <li>Then the rest (asleep, or awake but about to sleep), soonest usable wake first: for an
 *       asleep node its next wake, for a node about to sleep the wake after that sleep.
 *   <li>Equal keys keep their incoming order: the sort is stable, so a caller that sorted by
 *       network distance first keeps distance as the tie-breaker.
 * </ol>
 *
 * <p>Worked example (interval 60 s, now = phase 10 s, minimum 2 s): A awake [0, 20 s) has 10 s
 * left; B awake [5, 11 s) has 1 s left, too little; C asleep until 30 s; D ACTIVE. Order: D, A,
 * then C (wakes in 20 s) before B (its next window opens in 55 s).
 *
 * <p>With no schedule in force, or an expired one, every node is awake forever and the order is
 * unchanged. Stateless and thread-safe.
 *
 * <p>While phases overlap this rule sends every block to the phase that woke last;
 * {@link BalancedReadOrder} ({@code blink.read.order = balanced}) spreads them over the usable
 * replicas instead.
 */
public final class ReadOrder {
  private ReadOrder() {}

  /** The sort key of one replica; smaller sorts first. */
  public record Key(boolean usableNow, long remainingMs, long untilUsableMs) {
    static final Comparator<Key> ORDER = Key::compare;

    /** Usable now first, longest remaining window first; then soonest usable first. */
    static int compare(Key a, Key b) {
      if (a.usableNow != b.usableNow) {
        return a.usableNow ? -1 : 1;
      }
      return a.usableNow ? Long.compare(b.remainingMs, a.remainingMs)
          : Long.compare(a.untilUsableMs, b.untilUsableMs);
    }
  }

  /** The key of {@code node} at {@code nowMs}. */
  public static Key key(Schedule schedule, String node, long nowMs, long minWindowMs) {
    long rank = schedule.isExpired(nowMs) ? -Schedule.FOREVER
        : rank(schedule.window(node), nowMs, schedule.phaseMs(nowMs), leaseEndMs(schedule),
            minWindowMs);
    return rank < 0 ? new Key(true, -rank, 0) : new Key(false, 0, rank);
  }

  /**
   * The key as one number that sorts the same way: {@code -remainingMs} for a replica usable now
   * (its remaining time is at least 1 ms, so the rank is negative; always-on is {@code
   * -Long.MAX_VALUE}), else {@code untilUsableMs} (0 or more). Equal ranks are equal keys.
   *
   * <p>The same answer as {@link Schedule#remainingActiveMs} and {@link Schedule#nextWakeMs}
   * give (ReadOrderTest checks it over random schedules), computed from {@code phaseMs}, the
   * phase of {@code nowMs} that the caller computed once for all replicas, with no division:
   * the NameNode runs this for every replica of every block it returns to a reader. The
   * schedule must not be expired at {@code nowMs}.
   *
   * @param leaseEndMs the schedule's {@code validUntilMs}, {@code Long.MAX_VALUE} without one
   */
  private static long rank(ActiveWindow window, long nowMs, long phaseMs, long leaseEndMs,
      long minWindowMs) {
    long length = window.lengthMs();
    long interval = window.intervalMs();
    if (length == interval) {
      return -Schedule.FOREVER; // always awake
    }
    long sinceOpen = phaseMs - window.offsetMs();
    if (sinceOpen < 0) {
      sinceOpen += interval;
    }
    long wakeMs;
    if (sinceOpen < length) {
      long left = length - sinceOpen;
      if (nowMs + left >= leaseEndMs) {
        return -Schedule.FOREVER; // awake until the lease ends, and everyone is awake after it
      }
      if (left >= minWindowMs) {
        return -left;
      }
      // Too little left: usable again when the window next opens, a sleep after it closes.
      wakeMs = nowMs + left + (interval - length);
    } else if (length == 0) {
      wakeMs = Long.MAX_VALUE; // never awake under this schedule
    } else {
      wakeMs = nowMs + (interval - sinceOpen);
    }
    wakeMs = Math.min(wakeMs, leaseEndMs);
    return wakeMs == Long.MAX_VALUE ? Long.MAX_VALUE : wakeMs - nowMs;
  }

  private static long leaseEndMs(Schedule schedule) {
    return schedule.validUntilMs().orElse(Long.MAX_VALUE);
  }

  /**
   * Returns {@code items} stably sorted by the key of {@code addressOf(item)}; the input is not
   * modified.
   */
  @SuppressWarnings("unchecked")
  public static <T> List<T> sort(List<T> items, Function<T, String> addressOf, Schedule schedule,
      long nowMs, long minWindowMs) {
    T[] array = (T[]) items.toArray();
    sortInPlace(array, array.length, addressOf, schedule, nowMs, minWindowMs);
    return new ArrayList<>(Arrays.asList(array));
  }

  /**
   * Sorts {@code items[0 .. length)} in place, stably, by the key of {@code addressOf(item)}
   * (each key computed once, as a rank: an insertion sort, for the few replicas of a block, with
   * nothing allocated but the ranks), and returns how many items at the front are usable now
   * with the same key as the first (0 when the first is not usable): the replicas the schedule
   * cannot tell apart.
   */
  public static <T> int sortInPlace(T[] items, int length, Function<T, String> addressOf,
      Schedule schedule, long nowMs, long minWindowMs) {
    return sortInPlace(items, length, addressOf, schedule, nowMs, minWindowMs, null, null);
  }

  /**
   * As {@link #sortInPlace(Object[], int, Function, Schedule, long, long)}, with equal keys
   * ordered by {@code weights} (ascending; the same indices as {@code items}, permuted with
   * them), then, if {@code random} is given, in a random order: one pass giving what a sort by
   * weight with equal weights shuffled, followed by the stable sort by key, would give. HDFS
   * orders replicas by network distance that way ({@code NetworkTopology#sortByDistance}), so a
   * read sorter can do both at the cost of one small sort. Equal weights are ordered by a random
   * 32-bit number each: a uniformly random order unless two draws collide (probability about
   * {@code length^2 / 2^33}), when those two keep their incoming order.
   *
   * @param weights null to keep equal keys in their incoming order (then {@code random} is
   *     ignored)
   */
  public static <T> int sortInPlace(T[] items, int length, Function<T, String> addressOf,
      Schedule schedule, long nowMs, long minWindowMs, int[] weights, Random random) {
    if (length < 1) {
      return 0;
    }
    boolean expired = schedule.isExpired(nowMs);
    if (expired && weights == null) {
      return length; // everyone is awake for good: equal keys, the order stays
    }
    long phaseMs = schedule.phaseMs(nowMs);
    long leaseEndMs = leaseEndMs(schedule);
    // ranks[i], then ties[i] = weight << 32 | an unsigned random draw (0 without random).
    long[] keys = new long[weights == null ? length : 2 * length];
    for (int i = 0; i < length; i++) {
      keys[i] = expired ? -Schedule.FOREVER : rank(schedule.window(addressOf.apply(items[i])),
          nowMs, phaseMs, leaseEndMs, minWindowMs);
      if (weights != null) {
        long draw = random == null ? 0 : random.nextInt() & 0xFFFF_FFFFL;
        keys[length + i] = ((long) weights[i] << 32) | draw;
      }
    }
    for (int i = 1; i < length; i++) {
      long r = keys[i];
      long tie = weights == null ? 0 : keys[length + i];
      int weight = weights == null ? 0 : weights[i];
      T item = items[i];
      int j = i - 1;
      while (j >= 0 && (keys[j] > r || keys[j] == r && weights != null && keys[length + j] > tie)) {
        keys[j + 1] = keys[j];
        if (weights != null) {
          keys[length + j + 1] = keys[length + j];
          weights[j + 1] = weights[j];
        }
        items[j + 1] = items[j];
        j--;
      }
      keys[j + 1] = r;
      if (weights != null) {
        keys[length + j + 1] = tie;
        weights[j + 1] = weight;
      }
      items[j + 1] = item;
    }
    if (keys[0] >= 0) {
      return 0;
    }
    int tied = 1;
    while (tied < length && keys[tied] == keys[0]) {
      tied++;
    }
    return tied;
  }
}
