package org.blinkhdfs.rabbit.dataset;

import java.math.BigInteger;

/**
 * An exact non-negative rational, used for the node score s_i of Rabbit §3.4 (a sum of unit
 * fractions 1 and 1/l).
 *
 * <p>Why exact: the greedy chain choice sorts nodes by score and breaks ties by node order. Sums
 * such as 1/2 + 1/12 and 1/3 + 1/4 are both 7/12, but their doubles differ in the last bit, which
 * would make the chosen chain depend on rounding.
 * With exact fractions two nodes tie exactly when the paper's scores tie.
 *
 * <p>Immutable.
 */
final class ChainScore implements Comparable<ChainScore> {
  static final ChainScore ZERO = new ChainScore(BigInteger.ZERO, BigInteger.ONE);

  private final BigInteger numerator;
  private final BigInteger denominator;

  private ChainScore(BigInteger numerator, BigInteger denominator) {
    BigInteger gcd = numerator.gcd(denominator);
    this.numerator = gcd.signum() == 0 ? numerator : numerator.divide(gcd);
    this.denominator = gcd.signum() == 0 ? denominator : denominator.divide(gcd);
  }

  /** The unit fraction 1/k, k ≥ 1. */
  static ChainScore unit(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("unit fraction 1/" + k + " needs k >= 1");
    }
    return new ChainScore(BigInteger.ONE, BigInteger.valueOf(k));
  }

  ChainScore plus(ChainScore other) {
    return new ChainScore(
        numerator.multiply(other.denominator).add(other.numerator.multiply(denominator)),
        denominator.multiply(other.denominator));
  }

  double toDouble() {
    return numerator.doubleValue() / denominator.doubleValue();
  }

  @Override
  public int compareTo(ChainScore other) {
    return numerator.multiply(other.denominator).compareTo(other.numerator.multiply(denominator));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ChainScore s && numerator.equals(s.numerator)
        && denominator.equals(s.denominator);
  }

  @Override
  public int hashCode() {
    return numerator.hashCode() * 31 + denominator.hashCode();
  }

  @Override
  public String toString() {
    return numerator + "/" + denominator;
  }
}
