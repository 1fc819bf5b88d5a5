package org.blinkhdfs.model.policy;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The live load the {@code auto} policy sizes its awake set by (Amur &amp; Schwan's max-perf set
 * sized by demand): the mean utilization of the nodes that were ACTIVE over the last interval,
 * how many there were, the reads the proxy held for a window, and the containers YARN has
 * pending. A negative value means "not measured".
 *
 * <p>Demand, in node-equivalents (one node awake the whole interval): when work is waiting (reads
 * held, containers pending) or nothing was measured, demand is unbounded, so every awake
 * node-second counts; otherwise it is the measured work at the target utilization,
 * {@code u·n/T}. Worked example: u = 0.25 on 3 ACTIVE nodes with T = 0.8 is a demand of 0.9375
 * node-equivalents; a fourth awake node would add nothing the load uses.
 *
 * @param utilization mean utilization in [0, 1] of {@code measuredNodes} ACTIVE nodes; &lt; 0
 *     when no sample
 * @param measuredNodes how many ACTIVE nodes the utilization is over; 0 when no sample
 * @param readsHeld reads the proxy held for a window in the last interval; &lt; 0 unknown
 * @param pendingContainers containers YARN has pending; &lt; 0 unknown
 */
public record LoadSignals(double utilization, int measuredNodes, long readsHeld,
    long pendingContainers) {

  /** Nothing measured: demand unbounded. */
  public static final LoadSignals UNKNOWN = new LoadSignals(-1, 0, -1, -1);

  public LoadSignals {
    if (Double.isNaN(utilization) || utilization > 1) {
      throw new IllegalArgumentException("utilization must be within 0..1 (or negative for no"
          + " sample), got " + utilization + ": give the mean busy fraction of the ACTIVE nodes");
    }
    if (measuredNodes < 0 || (utilization >= 0) != (measuredNodes > 0)) {
      throw new IllegalArgumentException("measuredNodes must be > 0 exactly when a utilization"
          + " is given, got " + measuredNodes + " with utilization " + utilization
          + ": give how many ACTIVE nodes the sample averages over");
    }
  }

  /** Only a utilization sample: {@code u} over {@code nodes} ACTIVE nodes. */
  public static LoadSignals utilization(double u, int nodes) {
    return new LoadSignals(u, nodes, -1, -1);
  }

  /** These signals with {@code held} reads held and {@code pending} containers pending. */
  public LoadSignals withBacklog(long held, long pending) {
    return new LoadSignals(utilization, measuredNodes, held, pending);
  }

  /** The measured work u·n in node-equivalents at full utilization; 0 when no sample. */
  public double work() {
    return utilization < 0 ? 0 : utilization * measuredNodes;
  }

  /** Whether work is waiting: reads held or containers pending. */
  public boolean workWaiting() {
    return readsHeld > 0 || pendingContainers > 0;
  }

  /**
   * Demand in node-equivalents at target utilization {@code target}; empty means unbounded
   * (work waiting, or no sample).
   */
  public OptionalDouble demandNodes(double target) {
    if (!(target > 0 && target <= 1)) {
      throw new IllegalArgumentException("target utilization must be in (0, 1], got " + target);
    }
    if (workWaiting() || utilization < 0) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(utilization * measuredNodes / target);
  }

  /** One phrase for the decision's reason. */
  public String describe(double target) {
    if (readsHeld > 0) {
      return readsHeld + " reads held: demand unbounded";
    }
    if (pendingContainers > 0) {
      return pendingContainers + " YARN containers pending: demand unbounded";
    }
    if (utilization < 0) {
      return "no utilization sample: demand unbounded";
    }
    return String.format(Locale.ROOT, "demand %.2f node-eq (u=%.2f on %d ACTIVE, target %.2f)",
        demandNodes(target).getAsDouble(), utilization, measuredNodes, target);
  }
}
