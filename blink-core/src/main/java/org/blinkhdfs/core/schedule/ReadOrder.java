package org.blinkhdfs.core.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
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
    long rank = rank(schedule, schedule.window(node), nowMs, minWindowMs);
    return rank < 0 ? new Key(true, -rank, 0) : new Key(false, 0, rank);
  }

  /**
   * The key as one number that sorts the same way: {@code -remainingMs} for a replica usable now
   * (its remaining time is at least 1 ms, so the rank is negative; always-on is {@code
   * -Long.MAX_VALUE}), else {@code untilUsableMs} (0 or more). Equal ranks are equal keys.
   */
  private static long rank(Schedule schedule, ActiveWindow window, long nowMs,
      long minWindowMs) {
    long remaining = schedule.remainingActiveMs(window, nowMs);
    if (remaining == Schedule.FOREVER || (remaining > 0 && remaining >= minWindowMs)) {
      return -remaining;
    }
    long from = nowMs + remaining; // now if asleep, the end of the window if about to sleep
    long wake = schedule.nextWakeMs(window, from);
    if (wake == from && remaining > 0) {
      // A window that closes and reopens at once (wrap at the interval end): usable after all.
      return -remaining;
    }
    return wake == Long.MAX_VALUE ? Long.MAX_VALUE : wake - nowMs;
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
   * nothing allocated but the ranks), and returns how
   * many items at the front are usable now with the same key as the first (0 when the first is
   * not usable): the replicas the schedule cannot tell apart.
   */
  public static <T> int sortInPlace(T[] items, int length, Function<T, String> addressOf,
      Schedule schedule, long nowMs, long minWindowMs) {
    if (length < 1) {
      return 0;
    }
    long[] ranks = new long[length];
    for (int i = 0; i < length; i++) {
      ranks[i] = rank(schedule, schedule.window(addressOf.apply(items[i])), nowMs, minWindowMs);
    }
    for (int i = 1; i < length; i++) {
      long r = ranks[i];
      T item = items[i];
      int j = i - 1;
      while (j >= 0 && ranks[j] > r) {
        ranks[j + 1] = ranks[j];
        items[j + 1] = items[j];
        j--;
      }
      ranks[j + 1] = r;
      items[j + 1] = item;
    }
    if (ranks[0] >= 0) {
      return 0;
    }
    int tied = 1;
    while (tied < length && ranks[tied] == ranks[0]) {
      tied++;
    }
    return tied;
  }

}
