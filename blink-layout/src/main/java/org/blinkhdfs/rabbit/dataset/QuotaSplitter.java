package org.blinkhdfs.rabbit.dataset;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How many of the n active nodes each live dataset gets: |A(d)|.
 *
 * <h2>Rule</h2>
 * With weights w_d (all 1 for fair share) and W = Σ w_d, dataset d first gets ⌊n·w_d/W⌋; the
 * nodes left over go one each to the largest remainders n·w_d mod W (Hamilton's largest-remainder
 * method; ties: heavier, then name). All arithmetic is on integers, so it is exact. Then every
 * dataset left with 0 takes one node from the dataset with the largest quota (ties: lighter, then
 * later name), so all live datasets get a node when n ≥ k. With n &lt; k, the n heaviest datasets
 * (ties by name) get one node each. With a {@code minimum} m (p, the primaries: fewer nodes leave
 * part of an equal-work dataset with no replica on) and n ≥ m·k, every dataset below m takes
 * nodes the same way, one at a time from the dataset with the largest quota above m.
 *
 * <p>Order is kept: w_a &gt; w_b implies quota_a ≥ quota_b (equal floors mean a larger
 * remainder; zero-fixing takes from the largest, lightest first).
 *
 * <p>Example: n = 24, weights {job1: 1, job2: 3}: ⌊24/4⌋ = 6 and ⌊72/4⌋ = 18, no remainder:
 * 6 and 18, the 1:3 split of the paper's Table 3. n = 10: 2 r 2 and 7 r 2, the tie goes to the
 * heavier: 2 and 8. n = 3, weights {a: 1, b: 1, c: 10}: floors 0, 0, 2 (remainders 3, 3, 6),
 * the left-over node to c: 0, 0, 3; then a and b each take one from c: 1, 1, 1.
 *
 * <p>Stateless and thread-safe.
 */
final class QuotaSplitter {
  private QuotaSplitter() {}

  /**
   * @param weights live datasets and weights (1 for fair share)
   * @param nodes n ≥ 0
   * @return quota per dataset, summing to n (empty when nothing is live)
   */
  static Map<String, Integer> split(Map<String, Integer> weights, int nodes) {
    return split(weights, nodes, 1);
  }

  /**
   * As {@link #split(Map, int)}, every dataset then raised to {@code minimum} nodes when there
   * are at least {@code minimum} per dataset.
   */
  static Map<String, Integer> split(Map<String, Integer> weights, int nodes, int minimum) {
    Comparator<String> heavierThenName = Comparator.<String>comparingInt(weights::get).reversed()
        .thenComparing(Comparator.naturalOrder());
    List<String> rank = new ArrayList<>(weights.keySet());
    rank.sort(heavierThenName);
    Map<String, Integer> quota = new TreeMap<>();
    if (rank.isEmpty()) {
      return quota; // nothing live: every node may stay off
    }
    if (nodes < rank.size()) {
      for (int i = 0; i < rank.size(); i++) {
        quota.put(rank.get(i), i < nodes ? 1 : 0);
      }
      return quota;
    }
    long total = 0;
    for (int w : weights.values()) {
      total += w;
    }
    Map<String, Long> remainder = new HashMap<>();
    int given = 0;
    for (String d : rank) {
      long share = (long) nodes * weights.get(d);
      quota.put(d, (int) (share / total));
      remainder.put(d, share % total);
      given += quota.get(d);
    }
    List<String> byRemainder = new ArrayList<>(rank);
    byRemainder.sort(Comparator.<String>comparingLong(remainder::get).reversed()
        .thenComparing(heavierThenName));
    for (int i = 0; i < nodes - given; i++) {
      quota.merge(byRemainder.get(i), 1, Integer::sum);
    }
    raiseTo(nodes >= (long) minimum * rank.size() ? Math.max(1, minimum) : 1, quota, weights,
        rank);
    return quota;
  }

  private static void raiseTo(int floor, Map<String, Integer> quota, Map<String, Integer> weights,
      List<String> rank) {
    Comparator<String> donorFirst = Comparator.<String>comparingInt(quota::get).reversed()
        .thenComparingInt(weights::get)
        .thenComparing(Comparator.<String>naturalOrder().reversed());
    for (String d : rank) {
      while (quota.get(d) < floor) {
        String donor = rank.stream().filter(x -> quota.get(x) > floor).min(donorFirst)
            .orElseThrow();
        quota.put(donor, quota.get(donor) - 1);
        quota.put(d, quota.get(d) + 1);
      }
    }
  }
}
