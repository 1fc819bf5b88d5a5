package org.blinkhdfs.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.blinkhdfs.model.policy.ActivationPolicy;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerLevel;

/**
 * The migration-based baseline of BlinkFS §2.2 and §6 (Fig 10, the 1000-node example): power
 * decides how many nodes are on, k, exactly as the activation policy does ({@link
 * ActivationPolicy#activeNodes}); the data is spread evenly over the k nodes, and every change of
 * k moves data before the cluster serves again.
 *
 * <h2>Model</h2>
 * <ul>
 *   <li>Stored bytes D = blocks × replication × block size, evenly over the nodes holding data.
 *   <li>k falls from a to b: the a − b nodes turned off hand their D·(a − b)/a bytes to the b
 *       nodes kept on (they stay up until it is done). k rises from a to b: the b − a new nodes
 *       each take their share D/b, D·(b − a)/b in all (BlinkFS: "equally distributes data across
 *       the active nodes"). With k = 0 (below the minimum power) nothing is on, nothing moves and
 *       nothing is served; the data stays on the last nodes that held it.
 *   <li>A move takes {@link MigrationCost#seconds}: the slowest node's bytes at {@code
 *       migrationNodeBytesPerSec} (each node sends or receives at its own bandwidth; unlimited by
 *       default), or all bytes over the shared {@code migrationBytesPerSec} (the paper's example:
 *       one 10 Gbit/s link), whichever is longer. Moves queue: a change that arrives before the
 *       last move ends adds to the backlog. {@code rhoMax} is the largest move time over the
 *       epoch length.
 *   <li>While moving, the cluster serves no read (BlinkFS §6: "the migration-based approach does
 *       not respond to requests while it is migrating data"); a read waits until the move ends.
 *       Otherwise every block is on an active node and the read waits 0.
 *   <li>Read throughput: k of N nodes' bandwidth while serving (the data is even over them), 0
 *       while moving or with k = 0. {@code awakeNodeFraction} is k/N, the nodes the power pays
 *       for; the nodes kept up to hand over their data are not counted.
 * </ul>
 *
 * <p>Worked example (tested): 10 nodes, 1000 MiB stored, 100 MiB/s, epochs of 60 s with k = 10,
 * 8, 10. The first change moves 1000·2/10 = 200 MiB (2 s), the second 1000·2/10 = 200 MiB (2 s):
 * 400 MiB in all, unavailable 4 s of 180 s, mean wait (2² + 2²)/(2·180) s = 22.2 ms, throughput
 * (60 + 58·0.8 + 58)/180 = 0.9133 of the ideal.
 *
 * <p>Pure and deterministic; O(epochs) time, O(distinct levels + moves) memory.
 */
final class MigrationBaseline {
  /** The simulator's name for this baseline ({@code --policy migration}). */
  static final String NAME = "migration";
  /** bytesMigrated is a long; every change moves less than the stored bytes. */
  static final double MAX_STORED_BYTES = 1e17;

  private MigrationBaseline() {}

  static SimResult run(SimSpec spec) {
    double stored = (double) spec.blocks() * spec.replication() * spec.blockBytes();
    if (stored > MAX_STORED_BYTES) {
      throw new IllegalArgumentException("blocks x replication x block size = " + stored
          + " bytes is more than the migration baseline counts (" + MAX_STORED_BYTES
          + "): lower --blocks or --block-mib");
    }
    MigrationCost cost = new MigrationCost(stored, spec.migrationNodeBytesPerSec(),
        spec.migrationBytesPerSec());
    double rhoMax = 0;
    double movedSeconds = 0;
    Map<PowerLevel, Integer> active = new HashMap<>();
    List<Double> spansMs = new ArrayList<>();
    double backlog = 0; // seconds of moves still to run
    double spanMs = 0;
    double moved = 0;
    double unavailableMs = 0;
    double offMs = 0;
    double throughput = 0;
    double awake = 0;
    long below = 0;
    int holding = -1;
    int distinct = 0;
    long epochs = spec.epochs();
    for (long e = 0; e < epochs; e++) {
      PowerLevel level = spec.signal().levelAt(e * spec.epochMs());
      int k = active.computeIfAbsent(level, l -> activeNodes(spec, l));
      distinct = active.size();
      if (k == 0) {
        below++;
      } else if (holding < 0) {
        holding = k; // the data starts laid out on the first epoch's nodes
      } else if (k != holding) {
        moved += cost.bytes(holding, k);
        double seconds = cost.seconds(holding, k);
        backlog += seconds;
        movedSeconds += seconds;
        rhoMax = Math.max(rhoMax, cost.rho(holding, k, spec.epochMs()));
        holding = k;
      }
      double epochMs = spec.epochMs();
      double movingMs = 0;
      if (k > 0 && backlog > 0) {
        double needMs = backlog * 1000;
        if (needMs <= epochMs) {
          movingMs = needMs;
          backlog = 0;
        } else {
          movingMs = epochMs;
          backlog -= epochMs / 1000;
        }
      }
      spanMs += movingMs;
      // A move that fills the epoch runs on into the next one: one wait span. It ends when the
      // move finishes inside the epoch, or when nothing is on.
      if (movingMs < epochMs || k == 0) {
        if (spanMs > 0) {
          spansMs.add(spanMs);
        }
        spanMs = 0;
      }
      unavailableMs += k == 0 ? epochMs : movingMs;
      offMs += k == 0 ? epochMs : 0;
      throughput += (double) k / spec.nodes() * (epochMs - movingMs) / epochMs;
      awake += (double) k / spec.nodes();
    }
    if (spanMs > 0) {
      spansMs.add(spanMs);
    }
    double totalMs = (double) epochs * spec.epochMs();
    double servedMs = totalMs - offMs;
    double waitSum = 0;
    for (double s : spansMs) {
      waitSum += s * s / 2;
    }
    return new SimResult(unavailableMs / totalMs, 0, servedMs == 0 ? 0 : waitSum / servedMs,
        p90WaitMs(spansMs, totalMs, offMs), offMs / totalMs, throughput / epochs, awake / epochs,
        Math.round(moved), movedSeconds, rhoMax, epochs,
        distinct, below, 0, 1);
  }

  /** k for {@code level}: the activation policy's count, 0 below the minimum power. */
  private static int activeNodes(SimSpec spec, PowerLevel level) {
    PowerBudget budget = level.resolve(spec.model());
    return budget.belowMinimum() ? 0 : ActivationPolicy.activeNodes(budget);
  }

  /**
   * The 90th percentile wait over all reads: a read arriving in a move of length L waits a
   * uniform share of L; one arriving with nothing on is never served. P(wait > x) =
   * off/T + Σ max(0, L − x)/T, solved for 0.1 by bisection; empty when more than 10% of reads
   * are never served.
   */
  static OptionalDouble p90WaitMs(List<Double> spansMs, double totalMs, double offMs) {
    if (offMs / totalMs > 0.1) {
      return OptionalDouble.empty();
    }
    double lo = 0;
    double hi = spansMs.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    if (above(spansMs, totalMs, offMs, 0) <= 0.1) {
      return OptionalDouble.of(0);
    }
    for (int i = 0; i < 200; i++) {
      double mid = (lo + hi) / 2;
      if (above(spansMs, totalMs, offMs, mid) > 0.1) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return OptionalDouble.of(hi);
  }

  private static double above(List<Double> spansMs, double totalMs, double offMs, double x) {
    double sum = offMs;
    for (double s : spansMs) {
      sum += Math.max(0, s - x);
    }
    return sum / totalMs;
  }
}
