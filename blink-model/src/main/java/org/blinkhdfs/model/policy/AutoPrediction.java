package org.blinkhdfs.model.policy;

import java.util.Comparator;
import java.util.Locale;

/**
 * What the {@code auto} policy predicts for one {@link AutoCandidate} at one power level and load.
 *
 * <p>Availability is the exact phase-group condition ({@link PhaseGroups#alwaysReadable}) for
 * blinking, and "fully available" for a candidate that keeps a covering set ACTIVE. Throughput is
 * in node-equivalents: the full-scan read throughput the NameNode's read order delivers (each
 * read to one replica, ACTIVE first, else the longest window left; the busiest node bounds the
 * scan), over one node's bandwidth ({@link ReadOrderCapacity}); times the per-node read bandwidth
 * it is the read throughput, which is the same factor for every candidate and so does not change
 * the choice.
 * Energy is the average draw of the DataNodes with every transition at
 * {@code blink.power.transition.watts}
 * ({@link org.blinkhdfs.model.power.PowerModel#averageNodeWatts}).
 *
 * @param candidate the plan
 * @param windowMs the blinking nodes' window after transitions; 0 when none blink
 * @param fullyAvailable every block readable at every phase
 * @param unavailableFraction fraction of the interval a block cannot be read (averaged over the
 *     layout's blocks); 0 when fully available, 1 when no replica ever serves
 * @param meanWaitMs expected wait of a read at a uniform phase; infinite when none serves
 * @param capacityNodes the read throughput the read order delivers, in node-equivalents
 * @param demandNodes the demand in node-equivalents; infinite when unbounded ({@link LoadSignals})
 * @param deliveredNodes {@code min(capacity, demand)}: what the load can use
 * @param drawWatts average DataNode draw, transitions included
 * @param budgetWatts the DataNodes' budget
 */
public record AutoPrediction(AutoCandidate candidate, long windowMs, boolean fullyAvailable,
    double unavailableFraction, double meanWaitMs, double capacityNodes, double demandNodes,
    double deliveredNodes, double drawWatts, double budgetWatts) {
  /** Rounding guard for comparisons of doubles that are equal by construction. */
  static final double EPS = 1e-9;

  /**
   * Best first: within the budget; then availability (fully available, then less unavailable
   * time, then shorter mean wait); then carrying a bounded demand (the max-perf set sized by
   * demand: a plan too small for the measured load loses to one that carries it, however cheap);
   * then delivered throughput per watt; then the lower draw; then the family order and fewer
   * ACTIVE nodes, so the order is total and deterministic.
   */
  public static final Comparator<AutoPrediction> BEST_FIRST = Comparator
      .comparing((AutoPrediction p) -> !p.feasible())
      .thenComparing(AutoPrediction::compareAvailability)
      .thenComparing((AutoPrediction p) -> Double.isFinite(p.demandNodes()) && !p.meetsDemand())
      .thenComparing((a, b) -> -compareWithin(a.perWatt(), b.perWatt()))
      .thenComparing((a, b) -> compareWithin(a.drawWatts(), b.drawWatts()))
      .thenComparing(p -> p.candidate().kind())
      .thenComparingInt(p -> p.candidate().activeNodes());

  /** Whether the draw fits the budget. */
  public boolean feasible() {
    return drawWatts <= budgetWatts + EPS;
  }

  /** Whether the capacity carries a bounded demand; false when demand is unbounded. */
  public boolean meetsDemand() {
    return Double.isFinite(demandNodes) && capacityNodes >= demandNodes * (1 - EPS);
  }

  /** Delivered node-equivalents per watt: node-seconds served per joule. */
  public double perWatt() {
    return drawWatts <= 0 ? 0 : deliveredNodes / drawWatts;
  }

  /** Energy of one interval of {@code intervalMs}, joules. */
  public double joules(long intervalMs) {
    return drawWatts * intervalMs / 1000.0;
  }

  /** Negative when this is more available than {@code o}, 0 when as available. */
  public int availabilityVersus(AutoPrediction o) {
    return compareAvailability(this, o);
  }

  private static int compareAvailability(AutoPrediction a, AutoPrediction b) {
    if (a.fullyAvailable != b.fullyAvailable) {
      return a.fullyAvailable ? -1 : 1;
    }
    int c = compareWithin(a.unavailableFraction, b.unavailableFraction);
    return c != 0 ? c : compareWithin(a.meanWaitMs, b.meanWaitMs);
  }

  private static int compareWithin(double a, double b) {
    if (a == b || Math.abs(a - b) <= EPS * Math.max(1, Math.max(Math.abs(a), Math.abs(b)))) {
      return 0;
    }
    return a < b ? -1 : 1;
  }

  /** One phrase: "fully available, 3.00 node-eq for 75.00 W (0.0400/W)". */
  public String describe() {
    String avail = fullyAvailable ? "fully available"
        : Double.isInfinite(meanWaitMs) ? "never readable"
        : String.format(Locale.ROOT, "unavailable %.2f%%, mean wait %.1f ms",
            100 * unavailableFraction, meanWaitMs);
    return String.format(Locale.ROOT, "%s, %.2f node-eq for %.2f W (%.4f/W)%s", avail,
        capacityNodes, drawWatts, perWatt(), feasible() ? "" : ", over budget");
  }
}
