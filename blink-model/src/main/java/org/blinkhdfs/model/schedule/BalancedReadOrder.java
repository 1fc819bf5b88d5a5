package org.blinkhdfs.model.schedule;

import java.util.function.Function;

/**
 * A read order that spreads a full scan over every awake replica ({@code blink.read.order =
 * balanced}, issue 46), where {@link ReadOrder} sends every block to the replica awake longest.
 *
 * <h2>Why</h2>
 * Under BlinkFS's rule an awake node serves only the blocks for which it is awake longest. While
 * the phases overlap (phase groups at 80% power: two or three groups awake at once) every block
 * goes to the group that opened last and the others idle, so a scan uses a third of the awake
 * bandwidth; more replicas make it worse. Here every replica with room for the read takes its
 * share.
 *
 * <h2>The rule</h2>
 * <ol>
 *   <li><b>Eligible</b>: the replicas {@link ReadOrder} calls usable now, awake with at least the
 *       minimum read window ({@code blink.read.min.window.ms}) left, the room a read needs to
 *       finish inside the window before the node's transition to sleep.
 *   <li><b>Canonical order</b> of the k eligible replicas: longest remaining window first, equal
 *       windows by transfer address ({@code ip:port}, {@link String#compareTo}). It depends on
 *       the schedule and the time only, not on the order a caller lists them in.
 *   <li><b>Choice</b>: the replica at position {@code floorMod(blockId, k)} of that order goes
 *       first; the others follow in {@link ReadOrder}'s order (the fallbacks of a failed read).
 *   <li>No replica eligible: {@link ReadOrder}'s order unchanged (soonest usable first).
 * </ol>
 * A split by block ID needs no shared state: the NameNode, the client's gate, the relay and the
 * simulator can each reach the same choice from the block ID, the schedule and the time (only
 * the simulator applies it so far, {@code blink.read.order}). HDFS allocates
 * block IDs in sequence, so the blocks of a file take the eligible replicas in turn; over any B
 * consecutive IDs each of k eligible replicas gets {@code floor(B/k)} or {@code ceil(B/k)} of
 * them, and the layouts place blocks by a hash of the ID, independent of the ID's residue.
 *
 * <h2>Worked example</h2>
 * Interval 60 s, three phase groups opening at 0, 20 and 40 s with 48 s windows (80%), minimum
 * read window 1 s, a block on dn1 (group 0), dn2 (group 1) and dn3 (group 2). At 45 s dn1 has
 * 3 s left, dn2 23 s and dn3 43 s: canonical order dn3, dn2, dn1. Block 1073741825
 * (HDFS's first ID; mod 3 = 2) goes to dn1, 1073741826 (mod 3 = 0) to dn3, 1073741827 to dn2.
 * {@link ReadOrder} sends all three to dn3. With a 5 s minimum dn1 is not eligible: order dn3,
 * dn2, and 1073741825 (odd) goes to dn2.
 *
 * <p>Stateless and thread-safe; no Hadoop import.
 */
public final class BalancedReadOrder {
  /** A position of a replica that is not eligible, in {@link #choose}. */
  public static final int NOT_ELIGIBLE = -1;

  private BalancedReadOrder() {}

  /**
   * Which of {@code eligible} replicas in canonical order a block goes to: {@code
   * floorMod(blockId, eligible)}.
   *
   * @param eligible at least 1
   */
  public static int pick(long blockId, int eligible) {
    if (eligible < 1) {
      throw new IllegalArgumentException("eligible = " + eligible + ": a choice needs at least"
          + " one eligible replica");
    }
    return Math.floorMod(blockId, eligible);
  }

  /**
   * Sorts {@code items[0 .. length)} by {@link ReadOrder}, stably, then the eligible front
   * (usable now) into the canonical order: longest window first, equal windows by address.
   *
   * @return k, how many items at the front are eligible (0 when none is)
   */
  public static <T> int canonicalSort(T[] items, int length, Function<T, String> addressOf,
      Schedule schedule, long nowMs, long minWindowMs) {
    ReadOrder.sortInPlace(items, length, addressOf, schedule, nowMs, minWindowMs);
    long[] remaining = new long[length];
    int eligible = 0;
    while (eligible < length) {
      ReadOrder.Key key = ReadOrder.key(schedule, addressOf.apply(items[eligible]), nowMs,
          minWindowMs);
      if (!key.usableNow()) {
        break; // usable replicas sort first: the rest are not
      }
      remaining[eligible++] = key.remainingMs();
    }
    for (int i = 1; i < eligible; i++) {
      T item = items[i];
      long r = remaining[i];
      String address = addressOf.apply(item);
      int j = i - 1;
      while (j >= 0 && (remaining[j] < r
          || remaining[j] == r && addressOf.apply(items[j]).compareTo(address) > 0)) {
        items[j + 1] = items[j];
        remaining[j + 1] = remaining[j];
        j--;
      }
      items[j + 1] = item;
      remaining[j + 1] = r;
    }
    return eligible;
  }

  /**
   * Orders a block's replicas for reading (class comment): the chosen eligible replica first,
   * then the rest in {@link ReadOrder}'s order; no eligible replica leaves {@link ReadOrder}'s
   * order.
   *
   * @return 1 when the first item is eligible (the one replica chosen), else 0
   */
  public static <T> int sortInPlace(T[] items, int length, Function<T, String> addressOf,
      Schedule schedule, long nowMs, long minWindowMs, long blockId) {
    int eligible = canonicalSort(items, length, addressOf, schedule, nowMs, minWindowMs);
    if (eligible == 0) {
      return 0;
    }
    int chosen = pick(blockId, eligible);
    T item = items[chosen];
    System.arraycopy(items, 0, items, 1, chosen);
    items[0] = item;
    return 1;
  }

  /**
   * The same choice from precomputed canonical positions, for a caller that orders many blocks
   * at one instant (the simulator ranks the ring once per instant with {@link #canonicalSort}):
   * the index {@code i < length} whose position is the {@code pick(blockId, k)}-th smallest of
   * the k eligible ones.
   *
   * @param positions each replica's place in the canonical order of the whole ring at the
   *     instant, or {@link #NOT_ELIGIBLE}; equal positions (a replica listed twice) count in
   *     index order
   * @return the chosen index, or -1 when no replica is eligible
   */
  public static int choose(long blockId, int[] positions, int length) {
    int eligible = 0;
    for (int i = 0; i < length; i++) {
      eligible += positions[i] == NOT_ELIGIBLE ? 0 : 1;
    }
    if (eligible == 0) {
      return -1;
    }
    int want = pick(blockId, eligible);
    for (int i = 0; i < length; i++) {
      int p = positions[i];
      if (p == NOT_ELIGIBLE) {
        continue;
      }
      int before = 0;
      for (int j = 0; j < length; j++) {
        int q = positions[j];
        if (q != NOT_ELIGIBLE && (q < p || q == p && j < i)) {
          before++;
        }
      }
      if (before == want) {
        return i;
      }
    }
    throw new AssertionError("no eligible replica at place " + want);
  }
}
