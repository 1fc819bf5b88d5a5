package org.blinkhdfs.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.blinkhdfs.model.schedule.BalancedReadOrder;
import org.blinkhdfs.model.schedule.ReadOrder;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * Which replica a reader picks at a few instants of the interval, as ranks the simulator can
 * compare per block in O(r): the ring's nodes sorted by {@link ReadOrder} (the order the
 * NameNode's {@code BlinkNetworkTopology} gives a client), equal sort keys sharing a rank.
 *
 * <p>A block read at instant k goes to its replica of smallest rank; replicas that tie (two
 * always-on nodes, two windows closing together) share the read equally, as HDFS shuffles equally
 * near replicas. A node that is not usable at k (asleep, or awake for less than the minimum
 * window) has rank {@link #UNUSABLE}.
 *
 * <p>Under {@link ReadOrderMode#BALANCED} it also keeps each usable node's place in the whole
 * ring's canonical order at k ({@link BalancedReadOrder#canonicalSort}: longest window first,
 * equal windows by address), from which {@link BalancedReadOrder#choose} picks a block's replica
 * by its ID in O(r²), the choice {@link BalancedReadOrder#sortInPlace} makes on the block's own
 * replicas.
 *
 * <p>Instants: k = 0..K−1 at phase {@code floor((2k + 1)·T / 2K)}, the midpoints of K equal
 * slices of the interval.
 *
 * <p>Example (3 nodes, T = 60 s, windows [0, 20), [20, 40), [40, 60) s, K = 3, instants 10, 30,
 * 50 s): at 10 s node 0 has rank 0 and the others are unusable.
 *
 * <p>Immutable after construction.
 */
final class ReadRanks {
  static final int UNUSABLE = Integer.MAX_VALUE;

  private final int[][] ranks;
  /** Canonical places or {@link BalancedReadOrder#NOT_ELIGIBLE}; null unless balanced. */
  private final int[][] places;

  ReadRanks(Schedule schedule, int instants, long minWindowMs) {
    this(schedule, instants, minWindowMs, ReadOrderMode.LONGEST_WINDOW);
  }

  ReadRanks(Schedule schedule, int instants, long minWindowMs, ReadOrderMode mode) {
    List<String> ring = schedule.ring();
    long t = schedule.intervalMs();
    this.ranks = new int[instants][ring.size()];
    this.places = mode == ReadOrderMode.BALANCED ? new int[instants][ring.size()] : null;
    List<Integer> positions = new ArrayList<>(ring.size());
    for (int p = 0; p < ring.size(); p++) {
      positions.add(p);
    }
    for (int k = 0; k < instants; k++) {
      long now = schedule.intervalStartMs() + Math.floorDiv((2L * k + 1) * t, 2L * instants);
      List<Integer> sorted = ReadOrder.sort(positions, ring::get, schedule, now, minWindowMs);
      ReadOrder.Key previous = null;
      int rank = -1;
      for (int i = 0; i < sorted.size(); i++) {
        int p = sorted.get(i);
        ReadOrder.Key key = ReadOrder.key(schedule, ring.get(p), now, minWindowMs);
        if (!key.equals(previous)) {
          rank = i;
          previous = key;
        }
        ranks[k][p] = key.usableNow() ? rank : UNUSABLE;
      }
      if (places != null) {
        Integer[] canonical = positions.toArray(new Integer[0]);
        int eligible = BalancedReadOrder.canonicalSort(canonical, canonical.length, ring::get,
            schedule, now, minWindowMs);
        Arrays.fill(places[k], BalancedReadOrder.NOT_ELIGIBLE);
        for (int i = 0; i < eligible; i++) {
          places[k][canonical[i]] = i;
        }
      }
    }
  }

  /** True when {@link #place} is kept (the balanced read order). */
  boolean balanced() {
    return places != null;
  }

  /**
   * The node's place in the canonical order at the instant, or {@link
   * BalancedReadOrder#NOT_ELIGIBLE}; only when {@link #balanced()}.
   */
  int place(int instant, int position) {
    return places[instant][position];
  }

  int instants() {
    return ranks.length;
  }

  int rank(int instant, int position) {
    return ranks[instant][position];
  }
}
