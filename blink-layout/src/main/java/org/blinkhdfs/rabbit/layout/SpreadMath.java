package org.blinkhdfs.rabbit.layout;

import java.util.OptionalInt;

/**
 * The sums and bounds of Rabbit §3.1.4 and §3.5, as plain functions.
 *
 * <h2>Definitions</h2>
 * <ul>
 *   <li>{@code f(p, s) = Σ_{i=p+1..s} 1/i} (paper eq. 1): the replicas of the dataset that nodes
 *       p+1..s hold when node i holds B/i blocks. The spread s is the length of the expansion
 *       chain, primaries included.
 *   <li>Equal work needs {@code f(p, s) = r − 1}; since {@code ln((s+1)/(p+1)) ≤ f(p, s) ≤
 *       ln(s/p)} (eq. 2), the spread satisfies {@code s ≥ p·e^(r−1)} (eq. 3). That bound is
 *       necessary, not exact: {@link #exactSpread} is the smallest s with f(p, s) ≥ r − 1.
 *   <li>With gear groups of g servers (§3.5), gear group i stores B/(p + g·i) per server and each
 *       recovery group (one server per gear group) holds the secondaries of p/g primaries, i.e.
 *       B/g blocks' worth: {@code Σ_{i=1..G} (B/(p+g·i)) = (r−1)·B/g}, i.e.
 *       {@code harmonicTail(p/g, G) = r − 1}. g = 1 is the plain layout of §3.1.
 * </ul>
 *
 * <h2>Worked numbers</h2>
 * f(2, 7) = 1/3 + 1/4 + 1/5 + 1/6 + 1/7 = 459/420 ≈ 1.0929; 2·e = 5.44; 5·e³ = 100.43;
 * f(5, 100) = H(100) − H(5) ≈ 5.1874 − 2.2833 = 2.9040; exactSpread(5, 4) = 111.
 *
 * <p>Stateless and thread-safe.
 */
public final class SpreadMath {
  /** Largest chain length searched by {@link #exactSpread} and friends (a limit on loops). */
  public static final int MAX_CHAIN_NODES = 10_000_000;

  private SpreadMath() {}

  /** {@code Σ_{i=1..count} 1/(offset + i)}; 0 when count is 0. */
  public static double harmonicTail(double offset, long count) {
    if (count < 0 || offset < 0) {
      throw new IllegalArgumentException("offset and count must be non-negative, got offset="
          + offset + " count=" + count);
    }
    double sum = 0;
    // Smallest terms first: less rounding error.
    for (long i = count; i >= 1; i--) {
      sum += 1.0 / (offset + i);
    }
    return sum;
  }

  /** Rabbit's {@code f(p, s) = Σ_{i=p+1..s} 1/i} (eq. 1); 0 when s ≤ p. */
  public static double equalWorkSum(int primaries, int spread) {
    requirePositive("primaries", primaries);
    return spread <= primaries ? 0 : harmonicTail(primaries, spread - (long) primaries);
  }

  /** Rabbit's spread bound {@code p·e^(r−1)} (eq. 3), in nodes. */
  public static double paperSpreadBound(int primaries, int replication) {
    requirePositive("primaries", primaries);
    requirePositive("replication", replication);
    return primaries * Math.exp(replication - 1.0);
  }

  /**
   * The smallest chain length s with {@code f(p, s) ≥ r − 1}: the spread at which every secondary
   * can hold exactly B/i (eq. 1, with the last node partly filled); empty beyond
   * {@link #MAX_CHAIN_NODES}.
   */
  public static OptionalInt exactSpread(int primaries, int replication) {
    OptionalInt rows = recoveryGroupSize(primaries, 1, replication);
    return rows.isPresent() ? OptionalInt.of(primaries + rows.getAsInt()) : OptionalInt.empty();
  }

  /**
   * Recovery group size G for p primaries, gear groups of g servers and r replicas: the smallest
   * number of gear groups with {@code Σ_{i=1..G} g/(p + g·i) ≥ r − 1}, so each recovery group can
   * hold the r − 1 secondary replicas of its primaries' blocks at B/(p + g·i) per server. Empty
   * when it would exceed {@link #MAX_CHAIN_NODES} nodes.
   *
   * <p>Rabbit Table 1 (p = 100; it matches r = 2) lists 174, 37, 20, 11, 6, 4 for g = 1, 5, 10,
   * 20, 50, 100; this sum gives 173, 36, 19, 10, 5, 3: one less in every row.
   *
   * @throws IllegalArgumentException when g does not divide p
   */
  public static OptionalInt recoveryGroupSize(int primaries, int gearSize, int replication) {
    requirePositive("primaries", primaries);
    requirePositive("gearSize", gearSize);
    requirePositive("replication", replication);
    requireDivides(primaries, gearSize);
    double offset = (double) primaries / gearSize;
    double sum = 0;
    int rows = 0;
    while (sum < replication - 1) {
      if (primaries + (long) gearSize * (rows + 1) > MAX_CHAIN_NODES) {
        return OptionalInt.empty();
      }
      rows++;
      sum += 1.0 / (offset + rows);
    }
    return OptionalInt.of(rows);
  }

  /**
   * The paper's closed form for the recovery group size, read as {@code (p·e^(r−1) − p)/g}: the
   * printed "(e^(p−g) − p)/g" is garbled (e^99 for p = 100, g = 1). It is the continuous
   * version of {@link #recoveryGroupSize}: 171.8 for p = 100, g = 1, r = 2.
   */
  public static double paperRecoveryGroupEstimate(int primaries, int gearSize, int replication) {
    requirePositive("gearSize", gearSize);
    return (paperSpreadBound(primaries, replication) - primaries) / gearSize;
  }

  /**
   * The equal-work scale c: secondaries in gear group i hold c·B/(p + g·i) so that the G gear
   * groups hold exactly r − 1 replicas: {@code c = (r − 1) / harmonicTail(p/g, G)}. c = 1 when
   * the chain is exactly the paper's spread; c &gt; 1 on a shorter chain (more than B/i per
   * node), c &lt; 1 on a longer one. 0 when r = 1.
   *
   * @throws IllegalArgumentException when r ≥ 2 and there is no gear group
   */
  public static double scale(int primaries, int gearSize, int gearGroups, int replication) {
    requirePositive("replication", replication);
    if (replication == 1) {
      return 0;
    }
    if (gearGroups < 1) {
      throw new IllegalArgumentException("replication " + replication
          + " needs secondaries, but the chain has only the " + primaries + " primaries");
    }
    return (replication - 1) / harmonicTail((double) primaries / gearSize, gearGroups);
  }

  static void requireDivides(int primaries, int gearSize) {
    if (primaries % gearSize != 0) {
      StringBuilder divisors = new StringBuilder();
      for (int d = 1; d <= primaries; d++) {
        if (primaries % d == 0) {
          divisors.append(divisors.length() == 0 ? "" : ", ").append(d);
        }
      }
      throw new IllegalArgumentException("gear size " + gearSize + " must divide the " + primaries
          + " primaries (Rabbit §3.5 maps p/g primaries to each of the g recovery groups, so "
          + "every server of a gear group stores the same amount): use one of " + divisors);
    }
  }

  private static void requirePositive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be at least 1, got " + value);
    }
  }
}
