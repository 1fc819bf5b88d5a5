package org.blinkhdfs.core.schedule;

import java.util.ArrayList;
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
    static final Comparator<Key> ORDER = Comparator.comparing((Key k) -> !k.usableNow())
        .thenComparing(k -> k.usableNow() ? -k.remainingMs() : k.untilUsableMs());
  }

  /** The key of {@code node} at {@code nowMs}. */
  public static Key key(Schedule schedule, String node, long nowMs, long minWindowMs) {
    long remaining = schedule.remainingActiveMs(node, nowMs);
    if (remaining == Schedule.FOREVER || (remaining > 0 && remaining >= minWindowMs)) {
      return new Key(true, remaining, 0);
    }
    long from = nowMs + remaining; // now if asleep, the end of the window if about to sleep
    long wake = schedule.nextWakeMs(node, from);
    if (wake == from && remaining > 0) {
      // A window that closes and reopens at once (wrap at the interval end): usable after all.
      return new Key(true, remaining, 0);
    }
    long until = wake == Long.MAX_VALUE ? Long.MAX_VALUE : wake - nowMs;
    return new Key(false, 0, until);
  }

  /**
   * Returns {@code items} stably sorted by the key of {@code addressOf(item)}; the input is not
   * modified.
   */
  public static <T> List<T> sort(List<T> items, Function<T, String> addressOf, Schedule schedule,
      long nowMs, long minWindowMs) {
    List<Keyed<T>> keyed = new ArrayList<>(items.size());
    for (T item : items) {
      keyed.add(new Keyed<>(item, key(schedule, addressOf.apply(item), nowMs, minWindowMs)));
    }
    keyed.sort(Comparator.comparing(Keyed::key, Key.ORDER));
    List<T> out = new ArrayList<>(items.size());
    for (Keyed<T> k : keyed) {
      out.add(k.item());
    }
    return out;
  }

  private record Keyed<T>(T item, Key key) {}
}
