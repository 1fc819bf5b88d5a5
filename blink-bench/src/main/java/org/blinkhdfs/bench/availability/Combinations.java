package org.blinkhdfs.bench.availability;

import java.util.function.Consumer;

/**
 * Enumerates the {@code r}-element subsets of {@code {0, …, n−1}} in lexicographic order, with a
 * limit on how many there may be. Each subset is handed to the consumer as an ascending index
 * array that is reused between calls (copy it to keep it).
 *
 * <p>Worked example: {@code n = 4, r = 2} gives {0,1} {0,2} {0,3} {1,2} {1,3} {2,3}; {@link
 * #count(int, int)} is 6.
 *
 * <p>Used by the expected read waits here and by the simulator's Rabbit figure (every combination
 * of live datasets).
 */
public final class Combinations {
  private Combinations() {}

  /** {@code C(n, r)}, exact; {@link Long#MAX_VALUE} if it does not fit a long. */
  public static long count(int n, int r) {
    if (r < 0 || r > n) {
      return 0;
    }
    int k = Math.min(r, n - r);
    long c = 1;
    for (int i = 0; i < k; i++) {
      // C(n, i+1) = c·(n−i)/(i+1). With g = gcd(n−i, i+1), (i+1)/g is coprime to (n−i)/g and
      // divides c·(n−i)/g, so it divides c: dividing first keeps the product within range.
      long num = n - i;
      long den = i + 1;
      long g = gcd(num, den);
      long factor = c / (den / g);
      if (factor > Long.MAX_VALUE / (num / g)) {
        return Long.MAX_VALUE;
      }
      c = factor * (num / g);
    }
    return c;
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  /**
   * Calls {@code each} once per subset.
   *
   * @throws IllegalArgumentException when {@code C(n, r) > limit}
   */
  public static void forEach(int n, int r, long limit, Consumer<int[]> each) {
    long total = count(n, r);
    if (total > limit) {
      throw new IllegalArgumentException("C(" + n + ", " + r + ") = "
          + (total == Long.MAX_VALUE ? "more than 2^63" : total) + " replica sets exceed the"
          + " limit of " + limit + ": pass the replica sets the cluster actually holds instead");
    }
    int[] idx = new int[r];
    for (int i = 0; i < r; i++) {
      idx[i] = i;
    }
    for (long done = 0; done < total; done++) {
      each.accept(idx);
      int i = r - 1;
      while (i >= 0 && idx[i] == n - r + i) {
        i--;
      }
      if (i < 0) {
        break;
      }
      idx[i]++;
      for (int j = i + 1; j < r; j++) {
        idx[j] = idx[j - 1] + 1;
      }
    }
  }
}
