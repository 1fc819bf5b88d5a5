package org.blinkhdfs.rabbit.layout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * Picks exactly m distinct items out of k with prescribed inclusion probabilities π_1..π_k
 * (each ≤ 1, summing to m), from one uniform draw u: Madow's systematic sampling.
 *
 * <h2>Algorithm</h2>
 * Lay the items end to end on [0, m) in order, item i covering an interval of length π_i, and
 * pick the items under the points u, u + 1, ..., u + m − 1. A point falls in item i with
 * probability exactly π_i, and since no interval is longer than 1 no item is hit twice. All
 * arithmetic is in integer units of 2^-40 ({@link BlockHash#UNIT}); the π_i are rounded by largest
 * remainder so the intervals tile [0, m) exactly, so distinctness holds without rounding doubt.
 *
 * <h2>Bands</h2>
 * The t-th pick always lies in [t, t + 1): the items covering that stretch form band t. With
 * chain-ordered items (equal work), band 0 is the stretch of nodes right after the primaries,
 * band 1 the next, and so on, as in Rabbit Fig 2: each block has exactly one secondary per band.
 * So waking band 0 (the first {@link #bandEnd}(1) items) restores one replica of every block.
 *
 * <h2>Worked example</h2>
 * π = (1/2, 1/3, 1/4) · 12/13 = (6/13, 4/13, 3/13), m = 1: intervals [0, 6/13), [6/13, 10/13),
 * [10/13, 1). u = 0.5 picks item 1 (0-based); u = 0.8 picks item 2.
 *
 * <p>Immutable and thread-safe.
 */
final class SystematicSampler {
  private static final long UNIT = BlockHash.UNIT;
  /** Tolerated drift of Σπ from m (a caller bug beyond this). */
  private static final double SUM_TOLERANCE = 1e-9;

  private final int picks;
  /** cumulative[i] = units before item i; cumulative[k] = picks · UNIT. */
  private final long[] cumulative;

  /**
   * @param probabilities π_i in [0, 1], summing to {@code picks}
   * @param picks m, 0..k
   */
  SystematicSampler(double[] probabilities, int picks) {
    int k = probabilities.length;
    if (picks < 0 || picks > k) {
      throw new IllegalArgumentException("picks must be within 0.." + k + ", got " + picks);
    }
    double sum = 0;
    for (double pi : probabilities) {
      if (!(pi >= 0 && pi <= 1 + SUM_TOLERANCE)) {
        throw new IllegalArgumentException("inclusion probability must be within [0, 1], got "
            + pi + " in " + Arrays.toString(probabilities));
      }
      sum += pi;
    }
    if (Math.abs(sum - picks) > SUM_TOLERANCE * Math.max(1, picks)) {
      throw new IllegalArgumentException("inclusion probabilities sum to " + sum
          + ", expected " + picks);
    }
    this.picks = picks;
    this.cumulative = cumulate(toUnits(probabilities, picks * UNIT));
  }

  /** m. */
  int picks() {
    return picks;
  }

  /** k. */
  int items() {
    return cumulative.length - 1;
  }

  /** Items (0-based, ascending) picked by the fraction {@code u} in 0..UNIT-1. */
  int[] select(long u) {
    if (u < 0 || u >= UNIT) {
      throw new IllegalArgumentException("u must be within 0.." + (UNIT - 1) + ", got " + u);
    }
    int[] out = new int[picks];
    for (int t = 0; t < picks; t++) {
      out[t] = itemAt(u + t * UNIT);
    }
    return out;
  }

  /**
   * Every distinct selection, by increasing u: the selection changes only where u + t crosses an
   * interval boundary, so at most k + 1 of them, each different (the t-th pick only moves
   * forward as u grows).
   */
  List<int[]> selections() {
    TreeSet<Long> starts = new TreeSet<>();
    for (long c : cumulative) {
      starts.add(c % UNIT);
    }
    List<int[]> out = new ArrayList<>(starts.size());
    for (long u : starts) {
      out.add(select(u));
    }
    return out;
  }

  /** The number of leading items whose intervals cover [0, band): e.g. band 1 = every pick 0. */
  int bandEnd(int band) {
    if (band < 0 || band > picks) {
      throw new IllegalArgumentException("band must be within 0.." + picks + ", got " + band);
    }
    long target = band * UNIT;
    int count = 0;
    while (cumulative[count] < target) {
      count++;
    }
    return count;
  }

  private int itemAt(long x) {
    // Largest i in 0..k-1 with cumulative[i] <= x; x < cumulative[k], so i's interval holds x.
    int lo = 0;
    int hi = cumulative.length - 2;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (cumulative[mid] <= x) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** Largest-remainder rounding of π_i · UNIT to integers summing to {@code total}, each ≤ UNIT. */
  private static long[] toUnits(double[] probabilities, long total) {
    int k = probabilities.length;
    long[] units = new long[k];
    double[] remainder = new double[k];
    long sum = 0;
    for (int i = 0; i < k; i++) {
      double exact = probabilities[i] * UNIT;
      units[i] = Math.min(UNIT, (long) Math.floor(exact));
      remainder[i] = exact - units[i];
      sum += units[i];
    }
    Integer[] order = new Integer[k];
    for (int i = 0; i < k; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.<Integer>comparingDouble(i -> -remainder[i])
        .thenComparingInt(i -> i));
    long deficit = total - sum;
    // |deficit| <= k + SUM_TOLERANCE·UNIT·m, so a few passes suffice; bounded anyway.
    for (int pass = 0; deficit != 0 && pass < 1 + 4096; pass++) {
      boolean moved = false;
      for (int j = 0; j < k && deficit != 0; j++) {
        int i = deficit > 0 ? order[j] : order[k - 1 - j];
        if (deficit > 0 && units[i] < UNIT) {
          units[i]++;
          deficit--;
          moved = true;
        } else if (deficit < 0 && units[i] > 0) {
          units[i]--;
          deficit++;
          moved = true;
        }
      }
      if (!moved) {
        break;
      }
    }
    if (deficit != 0) {
      throw new IllegalStateException("cannot round " + Arrays.toString(probabilities)
          + " to whole units: " + deficit + " left");
    }
    return units;
  }

  private static long[] cumulate(long[] units) {
    long[] c = new long[units.length + 1];
    for (int i = 0; i < units.length; i++) {
      c[i + 1] = c[i] + units[i];
    }
    return c;
  }
}
