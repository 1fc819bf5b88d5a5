package org.blinkhdfs.layout.popularity;

/**
 * The knobs of popularity-based replication (BlinkFS §4.2), validated once. Keys and defaults
 * are in {@code conf/blink-default.xml} ({@code blink.popularity.*}).
 *
 * @param alpha weight of the newest period in the moving averages, in (0, 1]
 * @param maxReplicas most replicas a popular file gets (BlinkFS: 6)
 * @param writeHotMaxReplicas most replicas of a file written often (BlinkFS: 3), at most
 *     maxReplicas
 * @param writeHot writes per period (moving average) from which a file counts as written often
 * @param minReads reads per period (moving average) below which a file gets no extra replica
 * @param capacityFraction share of the unused capacity the extra replicas may fill, in [0, 1]
 */
public record PopularitySettings(double alpha, int maxReplicas, int writeHotMaxReplicas,
    double writeHot, double minReads, double capacityFraction) {

  /** BlinkFS's numbers: up to 6 replicas, 3 for files written often. */
  public static PopularitySettings defaults() {
    return new PopularitySettings(0.5, 6, 3, 1.0, 1.0, 0.5);
  }

  public PopularitySettings {
    if (!(alpha > 0 && alpha <= 1)) {
      throw new IllegalArgumentException("blink.popularity.alpha = " + alpha
          + " must be in (0, 1]: the weight of the newest period, e.g. 0.5");
    }
    if (maxReplicas < 1 || maxReplicas > 32) {
      throw new IllegalArgumentException("blink.popularity.max.replicas = " + maxReplicas
          + " must be within 1..32 (BlinkFS uses 6)");
    }
    if (writeHotMaxReplicas < 1 || writeHotMaxReplicas > maxReplicas) {
      throw new IllegalArgumentException("blink.popularity.write.max.replicas = "
          + writeHotMaxReplicas + " must be within 1..blink.popularity.max.replicas ("
          + maxReplicas + "); BlinkFS uses 3");
    }
    if (!(writeHot > 0) || Double.isInfinite(writeHot)) {
      throw new IllegalArgumentException("blink.popularity.write.hot = " + writeHot
          + " must be a positive number of writes per period, e.g. 1");
    }
    if (!(minReads > 0) || Double.isInfinite(minReads)) {
      throw new IllegalArgumentException("blink.popularity.min.reads = " + minReads
          + " must be a positive number of reads per period, e.g. 1");
    }
    if (!(capacityFraction >= 0 && capacityFraction <= 1)) {
      throw new IllegalArgumentException("blink.popularity.capacity.fraction = "
          + capacityFraction + " must be within 0..1: the share of unused capacity extra"
          + " replicas may fill, e.g. 0.5");
    }
  }
}
