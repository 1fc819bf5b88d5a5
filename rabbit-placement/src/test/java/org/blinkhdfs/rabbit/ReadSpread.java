package org.blinkhdfs.rabbit;

import java.util.List;
import java.util.Locale;

/**
 * Blocks served per active node in one full read, with Rabbit's summary (mean, standard
 * deviation, coefficient of variation) and the best spread any read selection could reach.
 *
 * <p>Std is the population std over the active nodes (the paper's 1.79 on a mean of 70.83 is
 * over its 24 active nodes). The best spread ({@link #idealCv}) is water-filling: node i can serve
 * at most the c_i blocks it stores, so the most even split of B reads gives each node
 * min(c_i, L) with L such that the shares add up to B. Every selection has a CV at least that
 * of the water-filled split (it minimises the variance under the caps; the caps ignore which
 * blocks share replicas, so the true optimum may be slightly worse), so a measured CV is judged
 * against it.
 *
 * <p>Example: B = 10, stored {10, 10, 2}: L = 4, ideal {4, 4, 2}, mean 3.33, std 0.943, CV
 * 0.283.
 */
record ReadSpread(List<Long> served) {
  ReadSpread {
    served = List.copyOf(served);
    if (served.isEmpty()) {
      throw new IllegalArgumentException("no active node");
    }
  }

  double mean() {
    return served.stream().mapToLong(Long::longValue).sum() / (double) served.size();
  }

  double std() {
    double m = mean();
    double sum = 0;
    for (long s : served) {
      sum += (s - m) * (s - m);
    }
    return Math.sqrt(sum / served.size());
  }

  double cv() {
    return std() / mean();
  }

  /**
   * The CV of the most even split of {@code blocks} reads when node i can serve at most
   * {@code stored.get(i)} of them.
   */
  static double idealCv(List<Long> stored, long blocks) {
    long total = stored.stream().mapToLong(Long::longValue).sum();
    if (total < blocks) {
      throw new IllegalArgumentException("the nodes store " + total + " < " + blocks + " blocks");
    }
    double lo = 0;
    double hi = blocks;
    for (int i = 0; i < 100; i++) { // bisection on the level L
      double level = (lo + hi) / 2;
      if (filled(stored, level) < blocks) {
        lo = level;
      } else {
        hi = level;
      }
    }
    double mean = (double) blocks / stored.size();
    double sum = 0;
    for (long c : stored) {
      double share = Math.min(c, hi);
      sum += (share - mean) * (share - mean);
    }
    return Math.sqrt(sum / stored.size()) / mean;
  }

  private static double filled(List<Long> stored, double level) {
    double sum = 0;
    for (long c : stored) {
      sum += Math.min(c, level);
    }
    return sum;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%s mean %.2f std %.2f CV %.4f", served, mean(), std(),
        cv());
  }
}
