package org.blinkhdfs.sim;

/**
 * The distribution of a read's wait, built in O(1) per gap with fixed memory, for the p90.
 *
 * <p>Model: a read arrives at a uniformly random instant of the interval. Inside a block's gap of
 * length g (no usable replica), a read arriving x before the gap ends waits x, so the gap adds a
 * uniform density on (0, g]; outside every gap the wait is 0 (an atom). Readers of a block no
 * replica ever serves wait forever (an atom at infinity).
 *
 * <p>Storage: bins of {@code binMs} (the interval divided into at most {@value #MAX_BINS});
 * a gap adds its density to a difference array (+w at bin 0, −w where it ends, the partial last
 * bin kept apart), so adding is O(1) and the histogram is O(bins) only when queried. Quantiles
 * interpolate linearly inside a bin; since the density is constant inside a bin wherever no gap
 * ends in it, the error is below one bin ({@link #binMs()}: 1 ms for intervals up to 10^6 ms).
 *
 * <p>Example: interval 3 ms, gaps of 2 ms with weight 1: mass 1 at 0 (1 ms covered), density 1
 * on (0, 2]: the median is 0.5 ms, the p90 1.7 ms.
 *
 * <p>Not thread-safe; one per sweep, merged with {@link #add(WaitHistogram, double)}.
 */
public final class WaitHistogram {
  /** A limit on the bins: 8 MB per histogram at most. */
  static final int MAX_BINS = 1_000_000;

  private final long binMs;
  private final double[] startDensity;
  private final double[] partial;
  private double zeroMass;
  private double neverMass;

  /** A histogram of waits up to {@code intervalMs}. */
  public WaitHistogram(long intervalMs) {
    this.binMs = Math.max(1, (intervalMs + MAX_BINS - 1) / MAX_BINS);
    int bins = (int) (intervalMs / binMs) + 2;
    this.startDensity = new double[bins];
    this.partial = new double[bins];
  }

  public long binMs() {
    return binMs;
  }

  /** Reads that wait 0: {@code coveredMs} of an interval, weighted by {@code weight}. */
  public void addZero(double coveredMs, double weight) {
    zeroMass += coveredMs * weight;
  }

  /** Reads that wait forever: {@code ms} of an interval, weighted. */
  public void addNever(double ms, double weight) {
    neverMass += ms * weight;
  }

  /** A gap of {@code gapMs}: density {@code weight} per ms of wait on (0, gapMs]. */
  public void addGap(long gapMs, double weight) {
    int full = (int) (gapMs / binMs);
    startDensity[0] += weight;
    startDensity[full] -= weight;
    partial[full] += weight * (gapMs - (long) full * binMs);
  }

  /** Adds {@code other} scaled by {@code scale} (same interval). */
  public void add(WaitHistogram other, double scale) {
    if (other.binMs != binMs || other.startDensity.length != startDensity.length) {
      throw new IllegalArgumentException("histograms of different intervals cannot be merged");
    }
    for (int i = 0; i < startDensity.length; i++) {
      startDensity[i] += other.startDensity[i] * scale;
      partial[i] += other.partial[i] * scale;
    }
    zeroMass += other.zeroMass * scale;
    neverMass += other.neverMass * scale;
  }

  /** Total mass (weighted ms of arrivals). */
  public double totalMass() {
    double m = zeroMass + neverMass;
    double density = 0;
    for (int i = 0; i < startDensity.length; i++) {
      density += startDensity[i];
      m += density * binMs + partial[i];
    }
    return m;
  }

  /** Fraction of the mass that waits forever. */
  public double neverFraction() {
    double t = totalMass();
    return t == 0 ? 0 : neverMass / t;
  }

  /**
   * The q-quantile of the wait in ms, or {@link Double#POSITIVE_INFINITY} when it falls among
   * the reads that wait forever; 0 for an empty histogram.
   */
  public double quantileMs(double q) {
    double total = totalMass();
    if (total == 0) {
      return 0;
    }
    double target = q * total;
    double acc = zeroMass;
    if (acc >= target) {
      return 0;
    }
    double density = 0;
    for (int i = 0; i < startDensity.length; i++) {
      density += startDensity[i];
      double inBin = density * binMs + partial[i];
      if (acc + inBin >= target && inBin > 0) {
        return i * binMs + binMs * (target - acc) / inBin;
      }
      acc += inBin;
    }
    return Double.POSITIVE_INFINITY;
  }
}
