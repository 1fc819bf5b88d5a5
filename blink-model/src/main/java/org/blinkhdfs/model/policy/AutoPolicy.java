package org.blinkhdfs.model.policy;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.blinkhdfs.model.config.CoreConfig;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.ReadOrderMode;

/**
 * {@code auto}: on the phase-group layout, chooses per decision among blinking, activation and
 * hybrids ({@link AutoCandidate}) from predicted availability, read throughput and energy and the
 * live load ({@link AutoChooser}), and plans the chosen candidate's windows: ACTIVE nodes in whole
 * groups ({@link AutoEvaluator#activeGroups}), blinking nodes in their group's phase
 * ({@link PhaseGroups#phaseMs}, as {@link PhaseGroupsPolicy}), the rest OFF.
 *
 * <p>It assumes the blocks are laid out in phase groups with G = {@code groups} (the placement's
 * phase-group layout): that is what makes one group a covering set and every switch free of data
 * movement. On another layout its availability predictions do not hold; use
 * {@link ActivationPolicy} or {@link CoveringPolicy} there.
 *
 * <p>Load: the scheduler feeds one utilization sample per interval of the ACTIVE nodes
 * ({@link #observeUtilization}). The demand is the largest work (u·n) of the last D samples
 * ({@link AutoSettings#demandWindow}), so a reader that pauses between bursts for less than D
 * intervals finds the awake set it had, while a demand that falls for good shrinks the set after D
 * intervals (and the chooser's H decisions). Worked example (D = 3): samples u = 0.9 on 6, then 0
 * on 6 twice give demand 0.9·6/T from the first until the fourth sample replaces it. The samples
 * are forgotten when a decision keeps no node ACTIVE (then nothing measures the load and demand
 * counts as unbounded). A sample changes the next plan, not the one in force: it returns false,
 * and the interval's own replan uses it.
 * The backlog ({@link #observeBacklog}: reads held at the proxies, YARN containers pending) is
 * kept apart from the sample and replaced at every call, so a decision that keeps no node ACTIVE
 * forgets the utilization but still sees readers waiting.
 *
 * <p>Worked example (9 nodes, G = 3, t = 6 s, T_tr = 137 ms, m = 500 ms, 25 W / 0 W, 40%, no
 * sample): the first decision plans activation 3 on + 6 off: ring positions 2, 5, 8 (group 2)
 * ACTIVE, 75 W of 90 W, every block fully available; blinking would leave every block unreadable
 * 11.85% of the interval.
 *
 * <p>Read order: the predicted throughput of each plan is what the NameNode's {@code
 * blink.read.order} delivers ({@link ReadOrderCapacity}), so give the policy the NameNode's
 * value. With 60 s intervals, no transitions, m = 0, 25 W / 1 W and 40% (90 W) the longest
 * window makes activation 3 the best (3 node-eq for 81 W; blinking delivers 3 for 90 W), while
 * balanced lets the blinking nodes of hybrid 3 (3 750 ms windows) serve too: 3.375 node-eq for
 * 90 W, 1.25% more per watt.
 *
 * <p>Thread-safe: the chooser and the sample are guarded by this object's lock.
 */
public final class AutoPolicy implements BlinkPolicy {
  public static final String NAME = "auto";

  private final AutoChooser chooser;
  private final long readWindowMs;
  private final ReadOrderMode readOrder;
  /** The last D utilization samples, oldest first. */
  private final Deque<LoadSignals> samples = new ArrayDeque<>();
  private long readsHeld = -1;
  private long pendingContainers = -1;

  /** Defaults ({@link AutoSettings#defaults()}, {@code blink.read.min.window.ms}'s default). */
  public AutoPolicy() {
    this(AutoSettings.defaults(), Long.parseLong(CoreConfig.READ_MIN_WINDOW_MS.defaultValue()),
        Clock.systemUTC());
  }

  /**
   * Under the default read order, {@link ReadOrderMode#LONGEST_WINDOW}.
   *
   * @param settings G, hysteresis, margin, target utilization
   * @param readWindowMs m, {@code blink.read.min.window.ms}
   * @param clock stamps decisions
   */
  public AutoPolicy(AutoSettings settings, long readWindowMs, Clock clock) {
    this(settings, readWindowMs, ReadOrderMode.LONGEST_WINDOW, clock);
  }

  /**
   * @param settings G, hysteresis, margin, target utilization
   * @param readWindowMs m, {@code blink.read.min.window.ms}
   * @param readOrder {@code blink.read.order}, the NameNode's: the throughput each plan is
   *     predicted to deliver follows it ({@link ReadOrderCapacity})
   * @param clock stamps decisions
   */
  public AutoPolicy(AutoSettings settings, long readWindowMs, ReadOrderMode readOrder,
      Clock clock) {
    if (readWindowMs < 0) {
      throw new IllegalArgumentException("blink.read.min.window.ms must be >= 0, got "
          + readWindowMs);
    }
    this.chooser = new AutoChooser(settings, clock);
    this.readWindowMs = readWindowMs;
    this.readOrder = Objects.requireNonNull(readOrder, "readOrder");
  }

  @Override
  public String name() {
    return NAME;
  }

  public AutoSettings settings() {
    return chooser.settings();
  }

  /** The read order the predictions assume ({@code blink.read.order}). */
  public ReadOrderMode readOrder() {
    return readOrder;
  }

  /** The last decision, for {@code GET /v1/power} and the status page; empty before a plan. */
  public Optional<AutoDecision> lastDecision() {
    return chooser.last();
  }

  @Override
  public synchronized PolicyResult plan(PolicyRequest req) {
    PowerBudget budget = req.level().resolve(req.model());
    if (budget.belowMinimum()) {
      return PolicyResult.belowMinimum(budget);
    }
    int n = req.ring().size();
    int groups = Math.min(settings().groups(), n);
    AutoInputs in = new AutoInputs(req.model(), groups, groups, req.level(), req.intervalMs(),
        readWindowMs, load(), settings().targetUtilization(), readOrder);
    AutoDecision d = chooser.decide(in);
    AutoPrediction p = d.chosen();
    PhaseGroups layout = new PhaseGroups(n, groups);
    Set<Integer> active = new HashSet<>(AutoEvaluator.activePositions(layout,
        p.candidate().activeNodes()));
    long t = req.intervalMs();
    boolean blinkRest = p.candidate().kind() != AutoCandidate.Kind.ACTIVATION;
    List<NodeSchedule> entries = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String node = req.ring().get(i);
      if (active.contains(i)) {
        entries.add(NodeSchedule.of(node, NodeMode.ACTIVE));
      } else if (blinkRest) {
        long offset = p.windowMs() >= t ? 0 : layout.phaseMs(i, t);
        entries.add(BlinkMath.entry(node, offset, p.windowMs(), t));
      } else {
        entries.add(NodeSchedule.of(node, NodeMode.OFF));
      }
    }
    if (p.candidate().activeNodes() == 0) {
      samples.clear();
    }
    return PolicyResult.planned(BlinkMath.schedule(req, entries), budget);
  }

  @Override
  public boolean observesUtilization() {
    return true;
  }

  /** Keeps the sample for the next decision; false: the interval's replan uses it. */
  @Override
  public synchronized boolean observeUtilization(double utilization, int measuredOnNodes) {
    if (measuredOnNodes > 0) {
      samples.addLast(LoadSignals.utilization(Math.max(0, Math.min(1, utilization)),
          measuredOnNodes));
      while (samples.size() > settings().demandWindow()) {
        samples.removeFirst();
      }
    }
    return false;
  }

  /** Keeps the backlog for the next decision (negative: not measured). */
  @Override
  public synchronized void observeBacklog(long held, long pending) {
    this.readsHeld = Math.max(-1, held);
    this.pendingContainers = Math.max(-1, pending);
  }

  /**
   * The live load the next decision takes: of the last D utilization samples the one with the
   * most work (u·n; the latest among equals), with the last backlog; for {@code GET /v1/power}.
   */
  public synchronized LoadSignals load() {
    LoadSignals most = LoadSignals.UNKNOWN;
    for (LoadSignals s : samples) {
      if (most == LoadSignals.UNKNOWN || s.work() >= most.work()) {
        most = s;
      }
    }
    return most.withBacklog(readsHeld, pendingContainers);
  }

  /** The candidate in force, e.g. "hybrid 3 on + 6 blinking"; empty before the first plan. */
  @Override
  public String loadState() {
    return chooser.last().map(AutoDecision::summary).orElse("");
  }

  @Override
  public String toString() {
    return NAME + "(" + settings() + ")";
  }
}
