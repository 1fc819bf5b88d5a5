package org.blinkhdfs.bench.stats;

import java.util.Arrays;
import java.util.Random;

/**
 * Zipf-distributed ranks {@code 1..n} with exponent {@code s}: {@code P(k) = k^−s / H(n, s)},
 * {@code H(n, s) = Σ_{i=1..n} i^−s}. BlinkFS drives MemcacheDB with Zipf key popularity (§6.2)
 * and motivates load-proportional blinking with it (§5); the default exponent is 1.2.
 *
 * <p>Algorithm: inverse-CDF sampling. The constructor tabulates the cumulative probabilities
 * {@code C(k) = Σ_{i≤k} P(i)} once ({@code O(n)} time and memory, {@code n ≤} {@link #MAX_N});
 * {@link #sample(Random)} draws {@code u} uniform in {@code [0, 1)} and returns the smallest
 * {@code k} with {@code u < C(k)}, found by binary search ({@code O(log n)}). {@code C(n)} is set
 * to exactly 1 so rounding can never let {@code u} fall past the last rank. Exact for any {@code
 * s ≥ 0} ({@code s = 0} is uniform), unlike rejection samplers that approximate {@code H}.
 *
 * <p>Worked example: {@code n = 3, s = 1}: {@code H = 1 + 1/2 + 1/3 = 11/6}, so {@code P = 6/11,
 * 3/11, 2/11} and {@code C = 6/11, 9/11, 1}; a draw {@code u = 0.6} is past {@code 6/11 ≈ 0.545}
 * and below {@code 9/11 ≈ 0.818}: rank 2.
 *
 * <p>Randomness is injected per call: the sampler itself is immutable and thread-safe, and each
 * thread that wants a reproducible sequence passes its own seeded {@link Random}.
 */
public final class ZipfSampler {
  /** The exponent BlinkFS-style key-value workloads use unless told otherwise. */
  public static final double DEFAULT_EXPONENT = 1.2;
  /** Largest supported {@code n}: the table costs 8 bytes per rank (80 MB at the maximum). */
  public static final int MAX_N = 10_000_000;

  private final int n;
  private final double exponent;
  private final double norm;
  private final double[] cdf;

  private ZipfSampler(int n, double exponent) {
    this.n = n;
    this.exponent = exponent;
    this.cdf = new double[n];
    double sum = 0;
    for (int k = 1; k <= n; k++) {
      sum += Math.pow(k, -exponent);
      cdf[k - 1] = sum;
    }
    this.norm = sum;
    for (int k = 0; k < n; k++) {
      cdf[k] /= sum;
    }
    cdf[n - 1] = 1.0;
  }

  /**
   * @param n number of ranks, in {@code 1..MAX_N}
   * @param exponent {@code s}, finite, in {@code [0, 20]}
   */
  public static ZipfSampler of(int n, double exponent) {
    if (n < 1 || n > MAX_N) {
      throw new IllegalArgumentException("n must be in 1.." + MAX_N + ", got " + n
          + ": give the number of distinct keys (ranks)");
    }
    if (!(exponent >= 0 && exponent <= 20)) {
      throw new IllegalArgumentException("exponent must be in [0, 20], got " + exponent
          + ": use 1.2 (BlinkFS-style skew), 0 for uniform");
    }
    return new ZipfSampler(n, exponent);
  }

  /** Zipf over {@code 1..n} with the default exponent 1.2. */
  public static ZipfSampler of(int n) {
    return of(n, DEFAULT_EXPONENT);
  }

  public int n() {
    return n;
  }

  public double exponent() {
    return exponent;
  }

  /** {@code P(rank) = rank^−s / H(n, s)}. */
  public double probability(int rank) {
    checkRank(rank);
    return Math.pow(rank, -exponent) / norm;
  }

  /** {@code P(X ≤ rank)} as tabulated (exactly 1 at {@code n}). */
  public double cumulative(int rank) {
    checkRank(rank);
    return cdf[rank - 1];
  }

  /** A rank in {@code 1..n}, using one {@link Random#nextDouble()} of {@code random}. */
  public int sample(Random random) {
    return rankFor(random.nextDouble());
  }

  /**
   * The rank the inverse CDF maps {@code u ∈ [0, 1)} to: the least {@code k} with {@code u < C(k)}.
   */
  public int rankFor(double u) {
    if (!(u >= 0 && u < 1)) {
      throw new IllegalArgumentException(
          "u must be in [0, 1), got " + u + ": pass Random.nextDouble()");
    }
    int i = Arrays.binarySearch(cdf, u);
    // Found exactly: C(i+1) == u, so the answer is the next rank with C > u (skip equal steps).
    if (i >= 0) {
      while (i < n - 1 && cdf[i] <= u) {
        i++;
      }
      return i + 1;
    }
    int insertionPoint = -i - 1; // the first index with cdf > u
    return insertionPoint + 1;
  }

  private void checkRank(int rank) {
    if (rank < 1 || rank > n) {
      throw new IllegalArgumentException(
          "rank must be in 1.." + n + ", got " + rank + ": ranks start at 1 (most popular)");
    }
  }
}
