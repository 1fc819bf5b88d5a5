package org.blinkhdfs.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.policy.Policies;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.policy.PolicyResult;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * {@code bin/blink sim}'s engine: the cluster's own pure classes at any scale. Each epoch the
 * blink policy ({@link Policies}, as the scheduler) plans a schedule from the power signal's
 * level at the epoch's start; the layout port ({@link ReplicaSets}) gives every block's replicas
 * from its ID; {@link EpochSweep} measures availability, waits and read throughput under the
 * schedule; the epochs' results are averaged, weighted by time.
 *
 * <p>Model, stated once: every epoch is judged in steady state (its schedule repeating, as the
 * scheduler's does until the next epoch); a read waits within its epoch only (a block no replica
 * serves in the epoch is "unserved", not carried to the next). Epochs with the same level plan
 * the same schedule, so each distinct level is swept once and weighted by its epochs (a steady
 * signal costs one sweep for any duration). Below the policy's minimum power (the scheduler then
 * raises an alarm) every node is taken as asleep.
 *
 * <p>Determinism: no clock, no unseeded randomness; the same spec gives the same result.
 *
 * <p>Memory: O(N·K) for the read instants plus one wait histogram per sweep and the merged one
 * (8 bytes × 2 × interval/bin each); O(distinct levels) for the level counts, at most {@value
 * #MAX_LEVELS}.
 *
 * <p>Worked example (3 nodes, r = 1, 1/3 of the power, no sleep draw or transitions, interval
 * 60 s): staggered windows [0, 20 s), [20, 40 s), [40, 60 s); every block's one replica sleeps
 * 40 s of each minute, so {@code unavailableFraction} is 2/3, the mean wait 40²/(2·60) s =
 * 13.3 s and the p90 wait (0.9 − 1/3)/(2/3)·40 s = 34 s. With r = 3 the windows tile the interval
 * and every block is always available.
 */
public final class Simulator {
  /** A limit on the distinct power levels of one run (each costs a sweep). */
  public static final int MAX_LEVELS = 10_000;

  /** Progress of a run, for a progress line on long runs. */
  @FunctionalInterface
  public interface Progress {
    void at(int level, int levels, long visits, long visitsPerLevel);
  }

  private Simulator() {}

  /** The ring node names {@code dn1:9866 .. dnN:9866}. */
  public static List<String> ring(int nodes) {
    List<String> ring = new ArrayList<>(nodes);
    for (int i = 1; i <= nodes; i++) {
      ring.add("dn" + i + ":9866");
    }
    return ring;
  }

  /**
   * Runs {@code spec}.
   *
   * @throws IllegalArgumentException for an unknown policy or layout, a refused replication, or
   *     more than {@link #MAX_LEVELS} distinct levels
   */
  public static SimResult run(SimSpec spec, Progress progress) {
    if (spec.policy().equals(MigrationBaseline.NAME)) {
      return MigrationBaseline.run(spec);
    }
    List<String> ring = ring(spec.nodes());
    // The layout keys configure the policy as the scheduler's keys would (blink.phase.groups).
    BlinkPolicy policy = new CoreConfig(spec.layoutKeys()).policy("--policy", spec.policy());
    ReplicaSets layout = ReplicaSets.byName(spec.layout(), allAwake(spec, ring),
        spec.replication(), spec.seed(), spec.layoutKeys());
    Map<PowerLevel, Long> levels = levels(spec);
    BlockSample sample = new BlockSample(spec.blocks(), spec.sampleBlocks(), spec.seed());
    WaitHistogram waits = new WaitHistogram(spec.intervalMs());
    double epochs = spec.epochs();
    double unavailable = 0;
    double ci = 0;
    double waitWeighted = 0;
    double servedWeighted = 0;
    double throughput = 0;
    double awake = 0;
    long below = 0;
    int index = 0;
    int count = levels.size();
    for (Map.Entry<PowerLevel, Long> e : levels.entrySet()) {
      double w = e.getValue() / epochs;
      Optional<Schedule> planned = plan(policy, spec, ring, e.getKey());
      if (planned.isEmpty()) {
        below += e.getValue();
      }
      Schedule schedule = planned.orElseGet(() -> allOff(spec, ring));
      int level = index++;
      EpochStats s = EpochSweep.run(schedule, layout, sample, spec.instants(),
          spec.minWindowMs(), spec.readOrder(), v -> progress.at(level, count, v, sample.visits()));
      double n = s.visits();
      double mean = s.unavailableSum() / n;
      unavailable += w * mean;
      ci += w * ci95(s, mean, sample);
      waitWeighted += w * s.waitMsSum() / n;
      servedWeighted += w * s.servedBlocks() / n;
      throughput += w * s.throughputFraction();
      awake += w * s.awakeFraction();
      waits.add(s.waits(), w / n);
    }
    double p90 = waits.quantileMs(0.9);
    return new SimResult(unavailable, ci, servedWeighted == 0 ? 0 : waitWeighted / servedWeighted,
        Double.isInfinite(p90) ? OptionalDouble.empty() : OptionalDouble.of(p90),
        waits.neverFraction(), throughput, awake, 0, 0, 0, spec.epochs(), levels.size(), below,
        sample.visits(), waits.binMs());
  }

  /**
   * Half-width of the 95% interval of a sampled mean: 1.96·s/√n with the finite-population
   * correction √(1 − n/B); 0 when every block is visited.
   */
  private static double ci95(EpochStats s, double mean, BlockSample sample) {
    if (!sample.sampled() || s.visits() < 2) {
      return 0;
    }
    double n = s.visits();
    double var = Math.max(0, (s.unavailableSquares() - n * mean * mean) / (n - 1));
    return 1.96 * Math.sqrt(var / n) * Math.sqrt(1 - n / sample.blocks());
  }

  /** Level at each epoch's start, counted per distinct level, in first-seen order. */
  private static Map<PowerLevel, Long> levels(SimSpec spec) {
    Map<PowerLevel, Long> out = new LinkedHashMap<>();
    for (long e = 0; e < spec.epochs(); e++) {
      out.merge(spec.signal().levelAt(e * spec.epochMs()), 1L, Long::sum);
      if (out.size() > MAX_LEVELS) {
        throw new IllegalArgumentException("the signal takes more than " + MAX_LEVELS
            + " distinct levels over " + spec.epochs() + " epochs: lengthen --epoch or shorten"
            + " --duration");
      }
    }
    return out;
  }

  /**
   * The schedule {@code policy} plans on {@code ring} at {@code level} with the spec's model and
   * interval, as the scheduler would; empty below the policy's minimum power.
   */
  static Optional<Schedule> plan(BlinkPolicy policy, SimSpec spec, List<String> ring,
      PowerLevel level) {
    PolicyResult planned = policy.plan(request(spec, ring, level));
    return planned.status() == PolicyResult.Status.BELOW_MINIMUM ? Optional.empty()
        : Optional.of(planned.schedule().orElseThrow());
  }

  private static PolicyRequest request(SimSpec spec, List<String> ring, PowerLevel level) {
    return PolicyRequest.builder().ring(ring).model(spec.model()).level(level)
        .intervalMs(spec.intervalMs()).intervalStartMs(0).epoch(0).build();
  }

  static Schedule allAwake(SimSpec spec, List<String> ring) {
    return uniform(spec, ring, NodeMode.ACTIVE);
  }

  private static Schedule allOff(SimSpec spec, List<String> ring) {
    return uniform(spec, ring, NodeMode.OFF);
  }

  private static Schedule uniform(SimSpec spec, List<String> ring, NodeMode mode) {
    Schedule.Builder b = Schedule.builder().intervalMs(spec.intervalMs());
    for (String node : ring) {
      b.add(NodeSchedule.of(node, mode));
    }
    return b.build();
  }
}
