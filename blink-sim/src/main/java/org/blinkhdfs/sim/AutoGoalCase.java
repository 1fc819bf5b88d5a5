package org.blinkhdfs.sim;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.blinkhdfs.layout.phase.PhaseGroupLayoutModel;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.policy.ActivationPolicy;
import org.blinkhdfs.model.policy.ActiveSet;
import org.blinkhdfs.model.policy.AlignedPolicy;
import org.blinkhdfs.model.policy.AutoDecision;
import org.blinkhdfs.model.policy.AutoEvaluator;
import org.blinkhdfs.model.policy.AutoPolicy;
import org.blinkhdfs.model.policy.AutoSettings;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.policy.PhaseGroups;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.policy.PolicyResult;
import org.blinkhdfs.model.policy.StaggeredPolicy;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * One case of issue 39's {@code auto} goal (N, r, power, transition time), every design
 * simulated: the policy plans its schedule as the scheduler would, the layout gives every
 * sampled block's replicas from its ID, and {@link EpochSweep} (the simulator's own availability
 * and read-order throughput, independent of any policy's prediction) measures it. The draw is
 * the schedule's: every ring node at {@link PowerModel#averageNodeWatts} of its planned window.
 *
 * <p>The designs, each on its own layout:
 * <ul>
 *   <li>{@code phase-groups}: {@link PhaseGroupsPolicy} (G = r) on {@link PhaseGroupLayoutModel};
 *   <li>{@code aligned}: {@link AlignedPolicy} on power-balanced with
 *       {@code blink.ring.spacing=even};
 *   <li>{@code staggered}: the paper's {@link StaggeredPolicy} on power-balanced with the
 *       bisection ring (today's shipped pair);
 *   <li>{@code activation}: {@link ActivationPolicy}, as many nodes ACTIVE as the budget affords,
 *       chosen in whole phase groups ({@link AutoEvaluator#activeOrder}) on the phase-group
 *       layout, so that once one covering set is on every block is;
 *   <li>{@code auto}: a fresh {@link AutoPolicy} (G = r, its default hysteresis and margin, read
 *       window m = the case's, no load sample so demand is unbounded, the case's read order) on
 *       the phase-group layout: its first decision at this level, the windows it actually plans.
 * </ul>
 *
 * <p>Every design is read under the case's read order ({@code blink.read.order}: the NameNode's
 * applies to every layout), and auto predicts under the same order.
 *
 * <p>Power model: 25 W awake, 1 W asleep, transitions at the awake draw, no overhead (the
 * DataNodes' draw is what the policies trade), t = 60 s, read instants K = 32.
 *
 * <p>Pure and deterministic for a seed; no Hadoop import.
 */
final class AutoGoalCase {
  static final long INTERVAL_MS = 60_000;
  static final double ACTIVE_WATTS = 25;
  static final double SLEEP_WATTS = 1;
  static final int INSTANTS = 32;
  static final String PHASE_GROUPS = "phase-groups";
  static final String ALIGNED = "aligned";
  static final String STAGGERED = "staggered";
  static final String ACTIVATION = "activation";
  static final String AUTO = "auto";
  /** The fixed designs in table order; {@link #AUTO} is judged against them. */
  static final List<String> FIXED = List.of(PHASE_GROUPS, ALIGNED, STAGGERED, ACTIVATION);

  /**
   * What one design gave.
   *
   * @param design its name
   * @param plan what its schedule does, e.g. "9 blinking 22500 ms"; for auto its choice first,
   *     "hybrid 3 on + 6 blinking: 3 on + 6 blinking 3750 ms"
   * @param unavailable mean over the sampled blocks of the fraction of the interval with no
   *     replica awake
   * @param unavailableCi95 half-width of the 95% interval of {@code unavailable} over the
   *     layout's blocks ({@code 1.96·s/√B}): the simulated blocks are a sample of the layouts
   * @param unserved fraction of the blocks no replica serves at any time of the interval
   * @param meanWaitMs mean wait of a read of a served block arriving at a uniform phase
   * @param throughputFraction the simulator's full-scan read throughput over N nodes' bandwidth
   * @param watts the DataNodes' average draw under the schedule, transitions included
   * @param nodes N
   * @param predictedNodes auto's own predicted capacity in node-equivalents; NaN for the others
   * @param predictedWatts auto's own predicted draw; NaN for the others
   */
  record Outcome(String design, String plan, double unavailable, double unavailableCi95,
      double unserved, double meanWaitMs,
      double throughputFraction, double watts, int nodes, double predictedNodes,
      double predictedWatts) {
    /** Read throughput in node-equivalents: nodes' worth of bandwidth the full scan gets. */
    double nodeEq() {
      return throughputFraction * nodes;
    }

    /** Node-seconds of reading per joule; times a node's MiB/s it is MiB per joule. */
    double perJoule() {
      return watts <= 0 ? 0 : nodeEq() / watts;
    }
  }

  /**
   * One case.
   *
   * @param nodes N
   * @param replicas r
   * @param percent power, % of all DataNodes awake
   * @param transitionMs one suspend plus resume, taken from every blinking window
   * @param readWindowMs m: a replica serves only with this much of its window left
   * @param readOrder which replica a read goes to, for every design and auto's prediction
   */
  record Spec(int nodes, int replicas, int percent, long transitionMs, long readWindowMs,
      ReadOrderMode readOrder) {
    Spec {
      Objects.requireNonNull(readOrder, "readOrder");
    }

    /** A case under the default read order, the longest window. */
    Spec(int nodes, int replicas, int percent, long transitionMs, long readWindowMs) {
      this(nodes, replicas, percent, transitionMs, readWindowMs, ReadOrderMode.LONGEST_WINDOW);
    }
  }

  private AutoGoalCase() {}

  /** The case's power model. */
  static PowerModel model(Spec c) {
    return PowerModel.builder().nodeCount(c.nodes()).activeWatts(ACTIVE_WATTS)
        .sleepWatts(SLEEP_WATTS).overheadWatts(0).transitionMs(c.transitionMs()).build();
  }

  /** Every design's outcome, fixed ones in {@link #FIXED} order, then auto. */
  static List<Outcome> run(Spec c, BlockSample sample) {
    List<String> ring = Simulator.ring(c.nodes());
    ReplicaSets groups = phaseGroupLayout(c.nodes(), c.replicas());
    List<Outcome> out = new ArrayList<>();
    out.add(simulate(c, PHASE_GROUPS, new PhaseGroupsPolicy(c.replicas()), ActiveSet.PREFIX,
        groups, ring, sample));
    out.add(simulate(c, ALIGNED, new AlignedPolicy(), ActiveSet.PREFIX,
        ringLayout(ring, c.replicas(), sample.seed(), RingSpacing.EVEN), ring, sample));
    out.add(simulate(c, STAGGERED, new StaggeredPolicy(), ActiveSet.PREFIX,
        ringLayout(ring, c.replicas(), sample.seed(), RingSpacing.BISECTION), ring, sample));
    out.add(simulate(c, ACTIVATION, new ActivationPolicy(), groupOrder(c), groups, ring,
        sample));
    AutoPolicy auto = new AutoPolicy(new AutoSettings(c.replicas(),
        AutoSettings.defaults().hysteresisDecisions(), AutoSettings.defaults().marginFraction(),
        AutoSettings.defaults().targetUtilization()), c.readWindowMs(), c.readOrder(),
        Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));
    Outcome a = simulate(c, AUTO, auto, ActiveSet.PREFIX, groups, ring, sample);
    AutoDecision d = auto.lastDecision().orElseThrow();
    out.add(new Outcome(a.design(), d.summary() + ": " + a.plan(), a.unavailable(),
        a.unavailableCi95(),
        a.unserved(), a.meanWaitMs(),
        a.throughputFraction(), a.watts(), a.nodes(), d.chosen().capacityNodes(),
        d.chosen().drawWatts()));
    return out;
  }

  /** Phase groups with G = r as the simulator's replica sets. */
  static ReplicaSets phaseGroupLayout(int nodes, int replicas) {
    PhaseGroupLayoutModel model = new PhaseGroupLayoutModel(nodes, replicas);
    return blockId -> model.targets(blockId, replicas);
  }

  /** The k nodes of activation: whole phase groups, smallest first, as auto orders them. */
  static ActiveSet groupOrder(Spec c) {
    int[] order = AutoEvaluator.activeOrder(new PhaseGroups(c.nodes(),
        Math.min(c.replicas(), c.nodes())));
    return (ring, k) -> {
      Set<String> out = new LinkedHashSet<>();
      for (int j = 0; j < k; j++) {
        out.add(ring.get(order[j]));
      }
      return out;
    };
  }

  private static ReplicaSets ringLayout(List<String> ring, int replicas, long seed,
      RingSpacing spacing) {
    Schedule.Builder awake = Schedule.builder().intervalMs(INTERVAL_MS);
    for (String node : ring) {
      awake.add(NodeSchedule.of(node, NodeMode.ACTIVE));
    }
    Map<String, String> keys = Map.of(RingSpacing.KEY, spacing.value());
    return ReplicaSets.byName("power-balanced", awake.build(), replicas, seed, keys::get);
  }

  private static Outcome simulate(Spec c, String name, BlinkPolicy policy, ActiveSet active,
      ReplicaSets layout, List<String> ring, BlockSample sample) {
    PowerModel model = model(c);
    PolicyResult planned = policy.plan(PolicyRequest.builder().ring(ring).model(model)
        .level(new PowerLevel.Percent(c.percent())).intervalMs(INTERVAL_MS).activeSet(active)
        .build());
    Schedule s = planned.schedule().orElseThrow(() -> new IllegalStateException(name + " at "
        + c.percent() + "% on " + c.nodes() + " nodes planned no schedule: "
        + planned.status()));
    EpochStats st = EpochSweep.run(s, layout, sample, INSTANTS, c.readWindowMs(), c.readOrder(),
        v -> { });
    double n = st.visits();
    double wait = st.servedBlocks() == 0 ? Double.POSITIVE_INFINITY
        : st.waitMsSum() / st.servedBlocks();
    double mean = st.unavailableSum() / n;
    double var = n < 2 ? 0 : Math.max(0, (st.unavailableSquares() - n * mean * mean) / (n - 1));
    return new Outcome(name, describe(s, ring), mean, 1.96 * Math.sqrt(var / n),
        1 - st.servedBlocks() / n, wait,
        st.throughputFraction(), watts(s, ring, model), c.nodes(), Double.NaN, Double.NaN);
  }

  /** The DataNodes' average draw under {@code s}: each node at its window's average. */
  static double watts(Schedule s, List<String> ring, PowerModel model) {
    double sum = 0;
    for (String node : ring) {
      ActiveWindow w = s.window(node);
      sum += model.averageNodeWatts(w.lengthMs(), s.intervalMs());
    }
    return sum;
  }

  /** "3 on + 6 off", "9 blinking 22500 ms", "2 on + 7 blinking 3750 ms". */
  static String describe(Schedule s, List<String> ring) {
    int on = 0;
    int off = 0;
    int blinking = 0;
    long window = 0;
    for (String node : ring) {
      ActiveWindow w = s.window(node);
      if (w.isAlways()) {
        on++;
      } else if (w.isNever()) {
        off++;
      } else {
        blinking++;
        window = w.lengthMs();
      }
    }
    List<String> parts = new ArrayList<>();
    if (on > 0) {
      parts.add(on + " on");
    }
    if (blinking > 0) {
      parts.add(blinking + " blinking " + window + " ms");
    }
    if (off > 0) {
      parts.add(off + " off");
    }
    return String.join(" + ", parts);
  }
}
