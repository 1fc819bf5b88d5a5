package org.blinkhdfs.rabbit.layout;

import java.util.Locale;
import java.util.OptionalInt;

/**
 * Which chains an {@link EqualWorkLayout} accepts, and the error that says how to fix the rest.
 *
 * <h2>Rule</h2>
 * Hard: p ≤ N, and the N − p secondaries fill whole gear groups ((N − p) divisible by g). Shape:
 * secondaries in gear group i hold c·B/(p + g·i) with c = (r − 1)/harmonicTail(p/g, G) (see
 * {@link SpreadMath#scale}); the chain is too short when gear group 1 would then hold more than a
 * primary, {@code c·B/(p + g) > B/p}, i.e. {@code c > (p + g)/p}. That keeps the paper's shape
 * (primaries flat at B/p, secondaries decreasing from there, Fig 2) and implies r ≤ N and a
 * distinct secondary per replica.
 *
 * <h2>Why not reject every chain below p·e^(r−1)?</h2>
 * The paper's eq. 3 is a necessary condition for holding exactly B/i per node, derived through an
 * integral bound, and its own Fig 2 (N = 100, p = 5, r = 4) violates it: 5·e³ = 100.43 &gt; 100
 * (the exact sum, f(5, 100) = 2.904 &lt; 3, wants 111 nodes). A chain a little shorter than the
 * spread is harmless: each secondary holds a little more than B/i (c = 1.033 there), which still
 * meets equal work's condition b_i ≥ B/n for every gear n. So the check rejects only chains on
 * which the layout loses its shape, and the message quotes eq. 3 as the sizing rule.
 *
 * <h2>Worked example</h2>
 * N = 4, p = 2, r = 3: f(2, 4) = 1/3 + 1/4 = 7/12, c = 2/(7/12) = 24/7 ≈ 3.43 &gt; 3/2: node 3
 * would need (24/7)·B/3 ≈ 1.14·B blocks. The fixes: a chain of 10 (f(2, 10) = 1.429 ≥ 4/3, while
 * f(2, 9) = 1.329 is not), or r = 1, or p = 1 (f(1, 4) = 13/12, c = 1.85 ≤ 2).
 */
final class ChainLengthCheck {
  /** Rounding slack on the shape test (c is exactly at its limit for p = 1, r = 2, N = 2). */
  private static final double SLACK = 1e-12;

  private ChainLengthCheck() {}

  /**
   * Throws when the layout of {@code spec} does not fit a chain of {@code chainLength} nodes.
   *
   * @throws IllegalArgumentException naming the numbers and the fix
   */
  static void validate(int chainLength, EqualWorkSpec spec) {
    int p = spec.primaries();
    int g = spec.gearSize();
    int r = spec.replication();
    if (p > chainLength) {
      throw new IllegalArgumentException("p=" + p + " primaries need a chain of at least " + p
          + " nodes, got " + chainLength + ": lower p or add nodes to the chain");
    }
    int spare = (chainLength - p) % g;
    if (spare != 0) {
      throw new IllegalArgumentException("chain of " + chainLength + " nodes with p=" + p
          + " leaves " + spare + " secondaries outside a full gear group of g=" + g
          + ": use a chain of " + (chainLength - spare) + " or " + (chainLength - spare + g)
          + " nodes, or a gear size dividing both " + p + " and " + (chainLength - p));
    }
    if (!accepts(chainLength, p, g, r)) {
      throw new IllegalArgumentException(tooShort(chainLength, p, g, r));
    }
  }

  /** True when a chain of n nodes fits p, g, r (no exception, for searching fixes). */
  static boolean accepts(int n, int p, int g, int r) {
    if (p > n || p % g != 0 || (n - p) % g != 0) {
      return false;
    }
    if (r == 1) {
      return true;
    }
    if (n == p) {
      return false;
    }
    return SpreadMath.scale(p, g, (n - p) / g, r) <= (double) (p + g) / p * (1 + SLACK);
  }

  private static String tooShort(int n, int p, int g, int r) {
    String gear = g == 1 ? "" : ", gear size g=" + g;
    StringBuilder m = new StringBuilder();
    m.append("chain of ").append(n).append(" nodes with p=").append(p).append(", r=").append(r)
        .append(gear).append(" needs s ≥ ").append(oneDecimal(SpreadMath.paperSpreadBound(p, r)))
        .append(" (Rabbit's spread bound s ≥ p·e^(r−1), eq. 3");
    OptionalInt exact = SpreadMath.recoveryGroupSize(p, g, r);
    if (exact.isPresent()) {
      m.append("; ").append(p + g * exact.getAsInt()).append(" for exactly B/")
          .append(g == 1 ? "i per node, eq. 1" : "(p+g·i) per server of gear group i, §3.5");
    }
    m.append("). ");
    if (n == p) {
      m.append("It has no secondary for the other r−1=").append(r - 1).append(" replicas. ");
    } else {
      double c = SpreadMath.scale(p, g, (n - p) / g, r);
      String first = g == 1 ? "node " + (p + 1) : "each server of gear group 1";
      m.append("This layout accepts shorter chains as long as no secondary holds more than a ")
          .append("primary, but here ").append(first).append(" would need ")
          .append(threeDecimals(c / (p + g))).append("·B blocks, more than a primary's B/p = ")
          .append(threeDecimals(1.0 / p)).append("·B. ");
    }
    m.append("Fix: ").append(fixes(n, p, g, r)).append('.');
    return m.toString();
  }

  private static String fixes(int n, int p, int g, int r) {
    StringBuilder f = new StringBuilder();
    OptionalInt longer = shortestChain(p, g, r);
    f.append(longer.isPresent()
        ? "a chain of at least " + longer.getAsInt() + " nodes"
        : "a chain of more than " + SpreadMath.MAX_CHAIN_NODES + " nodes");
    f.append(", or r=").append(largestReplication(n, p, g));
    for (int lower = p - g; lower >= g; lower -= g) {
      if (accepts(n, lower, g, r)) {
        f.append(", or p=").append(lower);
        break;
      }
    }
    return f.toString();
  }

  /** Smallest accepted chain for p, g, r (searched upwards in whole gear groups). */
  static OptionalInt shortestChain(int p, int g, int r) {
    if (r == 1) {
      return OptionalInt.of(p);
    }
    double offset = (double) p / g;
    double limit = (double) (p + g) / p * (1 + SLACK);
    double sum = 0;
    for (long rows = 1; p + g * rows <= SpreadMath.MAX_CHAIN_NODES; rows++) {
      sum += 1.0 / (offset + rows);
      if ((r - 1) / sum <= limit) {
        return OptionalInt.of((int) (p + g * rows));
      }
    }
    return OptionalInt.empty();
  }

  /** Largest r accepted on a chain of n (at least 1: r = 1 fits any chain). */
  private static int largestReplication(int n, int p, int g) {
    int r = 1;
    while (r < n && accepts(n, p, g, r + 1)) {
      r++;
    }
    return r;
  }

  private static String oneDecimal(double value) {
    return String.format(Locale.ROOT, "%.1f", value);
  }

  private static String threeDecimals(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }
}
