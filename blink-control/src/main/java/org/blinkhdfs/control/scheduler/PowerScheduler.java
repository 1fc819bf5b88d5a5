package org.blinkhdfs.control.scheduler;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.blinkhdfs.model.policy.ActiveSet;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.policy.GearShiftingPolicy;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.policy.PolicyResult;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.power.SchedulePower;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeRole;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.RecoveryWake;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.signal.PowerSignal;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.WakeDecision;
import org.blinkhdfs.model.wire.WakeHold;
import org.blinkhdfs.model.wire.WakeRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The power manager of BlinkFS §4: turns the available power into schedule epochs, and keeps the
 * agents' status heartbeats to tell which DataNodes have gone silent.
 *
 * <p><b>Inputs.</b> A power source (a {@link PowerSignal} replayed from its start time, or an admin
 * {@link PowerLevel} override that replaces it until cleared), the active {@link BlinkPolicy}
 * (changeable at run time), an optional admin active-nodes override (n ring nodes ACTIVE, the rest
 * OFF: Rabbit/activation gears by hand), and the agents' {@link NodeStatus} messages.
 *
 * <p><b>Epochs</b> ({@link #tick}). A new epoch is published when (a) none exists yet, (b) an
 * interval boundary was crossed since the last one, (c) the available power moved by more than
 * {@code changeThresholdFraction·p_total} from what the last epoch was planned for, or (d) the
 * policy, the power source or an override changed. Epoch numbers grow by one per publication.
 * {@code intervalStartMs = floor(now / intervalMs)·intervalMs}: every epoch sits on the same phase
 * grid, so a mid-interval replan does not shift anybody's windows. {@code validUntilMs =
 * intervalStartMs + leaseMs}; boundary epochs renew the lease, so while the scheduler ticks no
 * lease runs out, and when it stops every agent is awake within one lease.
 *
 * <p><b>Below the minimum</b> (the policy answers BELOW_MINIMUM: the power cannot keep even every
 * DataNode asleep, or for io-server every node io-server). Hard constraint: the scheduler never
 * publishes a plan it cannot power, and never clamps silently. It publishes nothing new; the last
 * epoch runs out its lease (a dip shorter than the lease rides through on the last plan, like
 * BlinkFS's battery buffer), then every DataNode is awake by the lease rule: the same, documented
 * fail-safe state as a crashed scheduler, with data available. {@link #status()} says
 * BELOW_MINIMUM with the shortfall and what happens next; it is logged once on entry and once on
 * recovery. Each tick retries, so the first tick with enough power publishes at once. An operator
 * who prefers to shed the cluster sets an active-nodes override of 0 (everything OFF).
 *
 * <p><b>Node registry.</b> {@link #recordStatus} (unknown nodes are rejected) keeps each node's
 * last status and when it arrived by this scheduler's clock; a node is <em>failed</em> by {@link
 * FailureRule}: silent for more than {@code failureTimeoutMs} (never-heard nodes count from the
 * scheduler's start), or, for ring nodes, for more than the shorter {@code awakeFailureTimeoutMs}
 * while the schedule in force has it awake and its agent last said it was up. Staging nodes keep
 * the long rule only, and only once their agent has reported: the short rule exists to start
 * recovery of ring nodes, and a staging host need not run an agent (the local cluster's does
 * not), so one never heard from is not failed (it used to be logged as failed after 5 minutes
 * in every local-cluster run). Agents post on every transition and
 * heartbeat while awake, and sleep at most one lease, so {@link SchedulerSettings} insists on
 * {@code failureTimeoutMs > leaseMs}.
 *
 * <p><b>Recovery</b> (Rabbit §3.5). With a {@link RecoveryWake} other than {@link
 * RecoveryWake#NONE}, a change in the set of failed ring nodes is a reason to publish ({@link
 * PublishReason#NODE_FAILURE}), and every plan (policy or admin override) goes through {@link
 * RecoveryPlanner}: each failed node the plan keeps awake gets the nodes the layout names made
 * ACTIVE, nothing else. When they make the epoch plan more than the available power the epoch is
 * still published (availability first) and the status is RECOVERY_OVER_BUDGET with the shortfall.
 * The failed node reporting again is the next change: the following epoch drops the extra nodes.
 * The nodes woken for recovery are not part of the gear, so gear shifting's samples leave them
 * out.
 *
 * <p><b>Wake requests</b> ({@link #requestWake}; the write proxy's {@code strong} consistency).
 * A granted request is a {@link WakeHold}: every plan published until it ends goes through
 * {@link WakePlanner} after recovery, which makes the node ACTIVE unless the plan already keeps it
 * awake for the whole interval. A hold that changes the schedule in force is a reason to publish
 * ({@link PublishReason#WAKE_REQUEST}) on the next tick (the daemon ticks at once), and so is the
 * end of a hold that woke a node. Power: availability first, like recovery, bounded by {@link
 * WakeLimits} (at most {@code maxNodes} holds, each at most {@code maxMs} per request); the extra
 * watts are {@link SchedulerStatus#wakeWatts()}, and an epoch they push over the budget is
 * {@link SchedulerStatus.State#WAKE_OVER_BUDGET}. Below the minimum nothing is published, holds
 * included: they take effect with the next epoch the power allows (or, after the lease, every
 * node is awake anyway). The nodes woken on request are not part of the gear either.
 *
 * <p>Wake worked example (ring n1..n4, staggered, 25 W / 1 W, 28 W for the DataNodes, t = 60 s,
 * staging node st, limits 60 s and 1 node; checked by {@code PowerSchedulerWakeTest}): the first
 * tick at {@code B} (a boundary) publishes epoch 1, every node BLINK for 15 000 ms of each minute
 * (7 W each; n3 from 30 000). {@code requestWake(n3, 20 000, "proxy drain")} at {@code B + 1 000}
 * is GRANTED until {@code B + 21 000}, reachable by {@code B + 30 000} (n3's window in epoch 1);
 * the tick at {@code B + 1 000} publishes epoch 2 (WAKE_REQUEST) with n3 ACTIVE: 3 × 7 W + 25 W =
 * 46 W, 18 W over the 28 W, status WAKE_OVER_BUDGET with wakeWatts 18. A request for n4 is
 * refused by {@code blink.scheduler.wake.max.nodes}; one for st is ALREADY_AWAKE. The tick at
 * {@code B + 21 000} drops the hold and publishes epoch 3, equal to epoch 1 but for its number.
 *
 * <p><b>Wake on demand.</b> A host suspended to S3 cannot fetch an epoch that needs it sooner
 * than the alarm it armed. {@link #nodesToWake} names the nodes the epoch in force has awake while
 * their agent said ASLEEP and its alarm (worked out from the epoch it followed when the ASLEEP
 * arrived) is not yet due ({@link WakeNeed}); the daemon's {@link WakeDriver} wakes them through a
 * backend and reports a wake nobody answered with {@link #wakeFailed}, which makes the node
 * failed ({@link FailureRule}) and so goes through recovery like any failure.
 *
 * <p><b>Energy.</b> Every tick closes the {@link EnergyLedger}'s books to now with the budget
 * and the schedule in force, and every status's {@code EnergyCounters} are booked on receipt;
 * {@link #energy} reports joules, budget and seconds over budget (docs/scheduler-api.md, {@code
 * GET /v1/energy}). Energy drawn above budget in judged intervals (wake holds, recovery, slow
 * thaws) is repaid: the policy plans the next epochs below the budget ({@link EnergyPayback},
 * {@link SchedulerSettings#energyPaybackIntervals}); an admin override is never reduced.
 *
 * <p><b>Gear shifting.</b> With a {@link GearShiftingPolicy}, on the first tick of each interval
 * the scheduler feeds it one sample: the mean utilization last reported (within the past interval)
 * by the ACTIVE ring nodes of the last epoch, and how many nodes were ACTIVE.
 *
 * <p><b>Worked example</b> (9 Mac-minis, t = 60 s, lease 180 s, threshold 5% of 225 W = 11.25 W,
 * 50%): a first tick at {@code 1 790 000 030 000} publishes epoch 1 with {@code intervalStartMs =
 * 1 789 999 980 000} (the grid) and {@code validUntilMs = 1 790 000 160 000}. A tick at {@code
 * 1 790 000 035 000} with the power at 53% (+6.75 W) publishes nothing; at 56% (+13.5 W) it
 * publishes epoch 2 on the same grid. The first tick at or after {@code 1 790 000 040 000}
 * publishes epoch 3 with {@code intervalStartMs = 1 790 000 040 000}, lease to {@code
 * 1 790 000 220 000}.
 *
 * <p>Thread-safe: every public method is synchronized (the daemon's HTTP threads and its ticker
 * share one instance).
 */
public final class PowerScheduler {
  /**
   * Clock skew between an agent and the scheduler above which the scheduler warns: well above a
   * status post's latency (the utilization probe takes up to 1 s), well below a window.
   */
  public static final long MAX_CLOCK_SKEW_MS = 2_000;
  private static final Logger LOG = LoggerFactory.getLogger(PowerScheduler.class);
  /** Longest node list quoted in an error message. */
  private static final int MAX_NODES_IN_MESSAGE = 20;

  /** Why an epoch was published. */
  public enum PublishReason {
    /** No epoch existed yet. */
    FIRST,
    /** An interval boundary was crossed: lease renewal and replan. */
    INTERVAL,
    /** The available power moved by more than the threshold. */
    POWER_CHANGE,
    /** Policy, power source or an override changed, or the gear shifted. */
    CONTROL_CHANGE,
    /** With recovery configured: a ring node failed or came back. */
    NODE_FAILURE,
    /** A wake request put a node to ACTIVE, or the end of one lets it sleep again. */
    WAKE_REQUEST
  }

  private final SchedulerSettings settings;
  private final Set<String> ringNodes;
  private final PowerModel model;
  private final Clock clock;
  private final long startMs;
  private final Map<String, NodeEntry> nodes = new LinkedHashMap<>();
  private final PowerHistory history;
  private final Set<String> failedLogged = new HashSet<>();
  private final RecoveryWake recovery;
  private final WakeBook wakes;
  private final EnergyLedger energy;
  private final EnergyPayback payback;
  /** How far below the budget the epoch in force was planned to repay a debt, W. */
  private double paybackWatts;

  private PowerSignal signal;
  private long signalStartMs;
  private PowerLevel powerOverride;
  private BlinkPolicy policy;
  private OptionalInt activeOverride = OptionalInt.empty();
  private Map<String, Double> popularity = Map.of();
  private ActiveSet activeSet = ActiveSet.PREFIX;
  private boolean controlChanged;

  private Schedule published;
  private long nextEpoch = 1;
  private double plannedForWatts;
  private PublishReason lastReason;
  /** The policy's note on the last plan (e.g. nodes OFF: window not worth a sleep); "" none. */
  private String policyNote = "";
  private long lastSampledBoundaryMs = Long.MIN_VALUE;
  private SchedulerStatus status;
  private Set<String> failedAtPlan = Set.of();
  private long firstPublishedMs = Long.MIN_VALUE;
  private RecoveryPlanner.Result recoveryInForce;
  private WakePlanner.Result wakeInForce;
  private boolean wakeChanged;

  /** A scheduler without recovery ({@link RecoveryWake#NONE}). */
  public PowerScheduler(SchedulerSettings settings, BlinkPolicy policy, Clock clock) {
    this(settings, policy, RecoveryWake.NONE, clock);
  }

  /**
   * @param settings the cluster and timing
   * @param policy the initial policy
   * @param recovery which nodes to wake for a failed node ({@link RecoveryWake#NONE}: none)
   * @param clock stamps received statuses; its time at construction is the scheduler's start
   */
  public PowerScheduler(SchedulerSettings settings, BlinkPolicy policy, RecoveryWake recovery,
      Clock clock) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.ringNodes = Set.copyOf(settings.ring());
    this.recovery = Objects.requireNonNull(recovery, "recovery");
    this.model = settings.model();
    this.policy = Objects.requireNonNull(policy, "policy");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.startMs = clock.millis();
    this.history = new PowerHistory(settings.historyCapacity(), settings.historySpacingMs());
    this.wakes = new WakeBook(settings.wakeLimits());
    this.energy = new EnergyLedger(model, settings.ring(), settings.intervalMs(),
        settings.energyTolerance());
    this.payback = new EnergyPayback(settings.energyPaybackIntervals(), settings.intervalMs(),
        settings.energyTolerance(), model.nodeCount() * Math.max(model.activeWatts(),
            model.transitionWatts()));
    for (String n : settings.ring()) {
      nodes.put(n, new NodeEntry(NodeRole.RING));
    }
    for (String n : settings.stagingNodes()) {
      nodes.put(n, new NodeEntry(NodeRole.STAGING));
    }
    this.status = new SchedulerStatus(SchedulerStatus.State.STARTING, startMs, -1,
        OptionalLong.empty(), 0, 0, 0, 0, "not ticked yet: every DataNode stays awake");
  }

  // ---------------------------------------------------------------- inputs

  /** Replays {@code newSignal} from {@code startMs}; an admin power override still wins. */
  public synchronized void setSignal(PowerSignal newSignal, long newStartMs) {
    this.signal = Objects.requireNonNull(newSignal, "signal");
    this.signalStartMs = newStartMs;
    controlChanged = true;
  }

  /** Admin override: {@code level} replaces the signal until {@link #clearPowerOverride()}. */
  public synchronized void setPowerOverride(PowerLevel level) {
    this.powerOverride = Objects.requireNonNull(level, "level");
    controlChanged = true;
  }

  public synchronized void clearPowerOverride() {
    if (powerOverride != null) {
      powerOverride = null;
      controlChanged = true;
    }
  }

  public synchronized void setPolicy(BlinkPolicy newPolicy) {
    this.policy = Objects.requireNonNull(newPolicy, "policy");
    controlChanged = true;
  }

  /**
   * Admin override: {@code activeNodes} ring nodes ACTIVE (the first ones, or those the
   * active-set chooser picks), the rest OFF, whatever the power (a plan above the available
   * power is published and reported OVERRIDE_OVER_BUDGET).
   */
  public synchronized void setActiveNodesOverride(int activeNodes) {
    if (activeNodes < 0 || activeNodes > settings.ring().size()) {
      throw new IllegalArgumentException("active nodes override " + activeNodes
          + " is outside 0.." + settings.ring().size() + ": give how many ring nodes stay ACTIVE");
    }
    activeOverride = OptionalInt.of(activeNodes);
    controlChanged = true;
  }

  public synchronized void clearActiveNodesOverride() {
    if (activeOverride.isPresent()) {
      activeOverride = OptionalInt.empty();
      controlChanged = true;
    }
  }

  /**
   * Which k nodes policies that switch whole nodes keep ACTIVE (say, each live application
   * group's A(g)); the first k ring nodes by default. Used from the next plan.
   */
  public synchronized void setActiveSet(ActiveSet newActiveSet) {
    this.activeSet = Objects.requireNonNull(newActiveSet, "activeSet");
    controlChanged = true;
  }

  /**
   * What the active-set chooser would pick has changed (say, another application group became
   * live): the next tick plans a new epoch rather than waiting for the interval's end.
   */
  public synchronized void activeSetChanged() {
    controlChanged = true;
  }

  /**
   * Block popularity per ring node for load-proportional blinking; used from the next plan.
   *
   * @throws IllegalArgumentException naming a node that is not a ring node, or a weight that is
   *     not finite and {@code >= 0}; the popularity in force is then unchanged
   */
  public synchronized void setPopularity(Map<String, Double> newPopularity) {
    for (Map.Entry<String, Double> e : newPopularity.entrySet()) {
      if (!ringNodes.contains(e.getKey())) {
        List<String> ring = settings.ring();
        throw new IllegalArgumentException("popularity node '" + e.getKey() + "' is not one of"
            + " the scheduler's " + ring.size() + " ring nodes (" + String.join(", ",
                ring.subList(0, Math.min(4, ring.size()))) + (ring.size() > 4 ? ", ..." : "")
            + "): give ring nodes' DataNode transfer addresses only (staging nodes do not"
            + " blink)");
      }
      double w = e.getValue();
      if (!Double.isFinite(w) || w < 0) {
        throw new IllegalArgumentException("popularity of '" + e.getKey() + "' is " + w
            + ": give a finite relative read load >= 0");
      }
    }
    this.popularity = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(newPopularity));
  }

  /** The popularity in force (empty: every ring node weighs the same). */
  public synchronized Map<String, Double> popularity() {
    return popularity;
  }

  /**
   * Records an agent's status, stamped with this scheduler's clock.
   *
   * @throws IllegalArgumentException when the node is neither a ring nor a staging node
   */
  public synchronized void recordStatus(NodeStatus s) {
    NodeEntry e = nodes.get(s.node());
    if (e == null) {
      throw unknownNode("node", s.node(), "start the agent with the DataNode transfer address"
          + " exactly as listed");
    }
    e.lastStatus = s;
    e.lastHeardMs = clock.millis();
    e.wakeUnanswered = false;
    if (s.state() != NodeStatus.State.ASLEEP) {
      e.lastUpMs = e.lastHeardMs;
    }
    e.plannedWakeMs = s.state() == NodeStatus.State.ASLEEP
        ? plannedWake(s, e.lastHeardMs) : OptionalLong.empty();
    logSkew(s.node(), e, e.lastHeardMs - s.atMs());
    if (s.state() == NodeStatus.State.AWAKE && s.measuredSleepMs() > 0) {
      e.lastMeasuredSleepMs = s.measuredSleepMs();
    }
    energy.record(s, e.lastHeardMs);
  }

  /**
   * When the alarm of an agent that just posted ASLEEP is due: its node's next window (or the
   * lease end) in the published epoch, if that is the epoch the agent follows; else unknown.
   */
  private OptionalLong plannedWake(NodeStatus s, long receivedMs) {
    if (published == null || published.epoch() != s.epoch() || published.isExpired(receivedMs)
        || published.entry(s.node()) == null) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(published.nextWakeMs(s.node(), receivedMs));
  }

  /**
   * The nodes that must be woken physically now ({@link WakeNeed}): the schedule in force has
   * them awake, their agent said ASLEEP and its alarm is not yet due. A node whose last wake went
   * unanswered ({@link #wakeFailed}) is left out until its agent reports again: it is failed,
   * and recovery, not another wake, covers it. Ring nodes then staging nodes.
   */
  public synchronized List<String> nodesToWake(long nowMs) {
    boolean inForce = published != null && !published.isExpired(nowMs);
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, NodeEntry> me : nodes.entrySet()) {
      NodeEntry e = me.getValue();
      boolean awake = inForce && published.entry(me.getKey()) != null
          && published.isAwake(me.getKey(), nowMs);
      if (!e.wakeUnanswered && WakeNeed.needsWake(awake, Optional.ofNullable(e.lastStatus),
          e.plannedWakeMs, nowMs)) {
        out.add(me.getKey());
      }
    }
    return out;
  }

  /**
   * When the scheduler last received a status from {@code node}'s agent saying it is up (any
   * state but ASLEEP); empty if never. Kept apart from the last status so that an agent that
   * woke, posted AWAKE and went back to sleep before anyone looked still counts as having
   * answered a wake ({@link WakeAttempt}).
   *
   * @throws IllegalArgumentException when the node is neither a ring nor a staging node
   */
  public synchronized OptionalLong lastUpMs(String node) {
    NodeEntry e = nodes.get(node);
    if (e == null) {
      throw unknownNode("node", node, "ask about the scheduler's own nodes only");
    }
    return e.lastUpMs == Long.MIN_VALUE ? OptionalLong.empty() : OptionalLong.of(e.lastUpMs);
  }

  /**
   * A physical wake of {@code node} got no answer ({@link WakeAttempt}): the node counts as failed
   * ({@link FailureRule}) until its agent posts any status, so the next tick publishes for it as
   * for any failed node (with recovery configured, its recovery group is woken).
   *
   * @throws IllegalArgumentException when the node is neither a ring nor a staging node
   */
  public synchronized void wakeFailed(String node) {
    NodeEntry e = nodes.get(node);
    if (e == null) {
      throw unknownNode("node", node, "report wakes of the scheduler's own nodes only");
    }
    e.wakeUnanswered = true;
  }

  /** Warns once when an agent's clock is more than {@link #MAX_CLOCK_SKEW_MS} off, and once
   * when it is back. */
  private static void logSkew(String node, NodeEntry e, long skewMs) {
    boolean off = Math.abs(skewMs) > MAX_CLOCK_SKEW_MS;
    if (off && !e.skewWarned) {
      LOG.warn("agent of {} stamps its statuses {} ms {} this scheduler's clock (more than {}"
          + " ms): it sleeps and wakes at the wrong moments; run NTP on every host", node,
          Math.abs(skewMs), skewMs > 0 ? "behind" : "ahead of", MAX_CLOCK_SKEW_MS);
    } else if (!off && e.skewWarned) {
      LOG.info("agent of {} is back within {} ms of this scheduler's clock ({} ms)", node,
          MAX_CLOCK_SKEW_MS, skewMs);
    }
    e.skewWarned = off;
  }

  /**
   * Asks for {@code request.node()} to be awake from now (this scheduler's clock) for {@code
   * request.durationMs()}; see {@link WakeBook} for the rules and {@link WakeDecision} for the
   * answer. A granted request that changes the schedule in force is published by the next {@link
   * #tick}; call it at once (the daemon does), then {@link #awakeEpoch} names the epoch.
   *
   * @throws IllegalArgumentException when the node is neither a ring nor a staging node
   */
  public synchronized WakeDecision requestWake(WakeRequest request) {
    long nowMs = clock.millis();
    NodeEntry e = nodes.get(request.node());
    if (e == null) {
      throw unknownNode("node", request.node(), "give the DataNode transfer address exactly as"
          + " the schedule lists it");
    }
    expireWakes(nowMs);
    boolean inForce = published != null && !published.isExpired(nowMs);
    long reachableByMs = inForce ? published.nextWakeMs(request.node(), nowMs) : nowMs;
    WakeDecision d = wakes.decide(request, nowMs, e.role == NodeRole.STAGING, reachableByMs);
    if (d.outcome() == WakeDecision.Outcome.GRANTED
        && !(inForce && published.window(request.node()).isAlways())) {
      wakeChanged = true;
    }
    if (d.isRefused()) {
      LOG.info(d.message());
    } else {
      LOG.info("wake request for {} ({} ms, '{}'): {}", request.node(), request.durationMs(),
          request.reason(), d.message());
    }
    return d;
  }

  private IllegalArgumentException unknownNode(String field, String node, String fix) {
    return new IllegalArgumentException(field + " '" + node
        + "' is not one of the scheduler's DataNodes " + knownNodes() + ": " + fix
        + ", or add the node to the scheduler's ring or staging list");
  }

  /** Drops ended holds; one that woke a node in the schedule in force makes a reason to publish. */
  private void expireWakes(long nowMs) {
    for (WakeHold ended : wakes.expire(nowMs)) {
      if (wakeInForce != null && wakeInForce.woken().containsKey(ended.node())) {
        wakeChanged = true;
      }
    }
  }

  private String knownNodes() {
    List<String> all = new ArrayList<>(nodes.keySet());
    if (all.size() <= MAX_NODES_IN_MESSAGE) {
      return all.toString();
    }
    return all.subList(0, MAX_NODES_IN_MESSAGE) + " and " + (all.size() - MAX_NODES_IN_MESSAGE)
        + " more";
  }

  // ---------------------------------------------------------------- the tick

  /**
   * Advances the scheduler to {@code nowMs}: samples power, feeds gear shifting at interval
   * boundaries, and publishes a new epoch when one of the rules in the class comment fires.
   *
   * @return the newly published schedule, or empty when nothing new was published
   * @throws IllegalStateException when no power source was set
   */
  public synchronized Optional<Schedule> tick(long nowMs) {
    if (nowMs < 0) {
      throw new IllegalArgumentException("nowMs must be >= 0 (Unix epoch ms), got " + nowMs);
    }
    PowerBudget budget = availableLevel(nowMs).resolve(model);
    long boundary = Math.floorDiv(nowMs, settings.intervalMs()) * settings.intervalMs();
    feedGearSample(boundary);
    expireWakes(nowMs);
    Set<String> failed = recovery == RecoveryWake.NONE ? Set.of() : failedRingNodes(nowMs);
    PublishReason reason = publishReason(boundary, budget, failed);
    Optional<Schedule> out = Optional.empty();
    if (reason != null) {
      out = plan(nowMs, boundary, budget, reason, failed);
    } else {
      status = withAvailable(status, budget.nodeWatts());
    }
    history.add(new PowerSample(nowMs, budget.nodeWatts(), drawnWatts(nowMs)));
    energy.advance(nowMs, budget.nodeWatts(), scheduledShares(nowMs));
    payback.observe(energy.judged());
    logFailures(nowMs);
    return out;
  }

  /** Each ring node's shares under the schedule in force from now: estimates for the ledger. */
  private Map<String, ScheduledShares> scheduledShares(long nowMs) {
    Map<String, ScheduledShares> out = new LinkedHashMap<>();
    for (String n : settings.ring()) {
      out.put(n, ScheduledShares.of(published, n, nowMs, model.transitionMs()));
    }
    return out;
  }

  /** The power level in force at {@code nowMs}: the override, else the signal. */
  public synchronized PowerLevel availableLevel(long nowMs) {
    if (powerOverride != null) {
      return powerOverride;
    }
    if (signal == null) {
      throw new IllegalStateException(
          "no power source: call setSignal(signal, startMs) or setPowerOverride(level) first");
    }
    // Before its start a signal holds its first level.
    return signal.levelAt(Math.max(0, nowMs - signalStartMs));
  }

  private PublishReason publishReason(long boundary, PowerBudget budget, Set<String> failed) {
    if (published == null) {
      return PublishReason.FIRST;
    }
    if (controlChanged) {
      return PublishReason.CONTROL_CHANGE;
    }
    if (!failed.equals(failedAtPlan)) {
      return PublishReason.NODE_FAILURE;
    }
    if (wakeChanged) {
      return PublishReason.WAKE_REQUEST;
    }
    if (boundary > published.intervalStartMs()) {
      return PublishReason.INTERVAL;
    }
    if (status.state() == SchedulerStatus.State.BELOW_MINIMUM) {
      return PublishReason.POWER_CHANGE;
    }
    double threshold = settings.changeThresholdFraction() * model.totalWatts();
    if (Math.abs(budget.nodeWatts() - plannedForWatts) > threshold) {
      return PublishReason.POWER_CHANGE;
    }
    return null;
  }

  private Optional<Schedule> plan(long nowMs, long boundary, PowerBudget budget,
      PublishReason reason, Set<String> failed) {
    controlChanged = false;
    long validUntil = boundary + settings.leaseMs();
    Schedule s;
    String note = "";
    if (activeOverride.isPresent()) {
      s = overrideSchedule(nextEpoch, boundary, validUntil, activeOverride.getAsInt());
      paybackWatts = 0;
    } else {
      PolicyRequest req = PolicyRequest.builder().ring(settings.ring())
          .stagingNodes(settings.stagingNodes()).model(model).level(planLevel(nowMs, budget))
          .intervalMs(settings.intervalMs()).intervalStartMs(boundary).epoch(nextEpoch)
          .validUntilMs(OptionalLong.of(validUntil)).popularity(popularity)
          .activeSet(activeSet).build();
      PolicyResult r = policy.plan(req);
      if (r.status() == PolicyResult.Status.BELOW_MINIMUM) {
        enterBelowMinimum(nowMs, budget);
        return Optional.empty();
      }
      s = r.schedule().orElseThrow();
      note = joinNotes(r.note(), payback.describe(budget.nodeWatts(),
          budget.nodeWatts() - paybackWatts));
    }
    if (!note.isEmpty() && !note.equals(policyNote)) {
      LOG.warn("policy {}: {}", policy.name(), note);
    }
    policyNote = note;
    RecoveryPlanner.Result rp = RecoveryPlanner.apply(s, failed, recovery);
    WakePlanner.Result wp = WakePlanner.apply(rp.schedule(), wakes.holds());
    failedAtPlan = Set.copyOf(failed);
    wakeChanged = false;
    publish(nowMs, s, rp, wp, budget, reason);
    return Optional.of(wp.schedule());
  }

  /**
   * The level the policy plans for: the power available, less what repays energy drawn above
   * budget in judged intervals ({@link EnergyPayback}); sets {@link #paybackWatts}.
   */
  private PowerLevel planLevel(long nowMs, PowerBudget budget) {
    payback.observe(energy.judged());
    double available = budget.nodeWatts();
    double minimum = policy.minimumNodeWatts(model);
    double planned = available < minimum ? available : payback.planWatts(available, minimum);
    paybackWatts = Math.max(0, available - planned);
    if (paybackWatts < 1e-9) {
      paybackWatts = 0;
      return availableLevel(nowMs);
    }
    return new PowerLevel.Percent(Math.min(100, 100.0 * planned / model.totalWatts()));
  }

  private static String joinNotes(String a, String b) {
    return a.isEmpty() ? b : b.isEmpty() ? a : a + "; " + b;
  }

  /** Ring nodes failed at {@code nowMs} by {@link FailureRule}, in ring order. */
  private Set<String> failedRingNodes(long nowMs) {
    Set<String> out = new java.util.LinkedHashSet<>();
    for (String n : settings.ring()) {
      if (isFailed(n, nodes.get(n), nowMs)) {
        out.add(n);
      }
    }
    return out;
  }

  private boolean isFailed(String node, NodeEntry e, long nowMs) {
    if (e.role == NodeRole.STAGING && e.lastHeardMs == Long.MIN_VALUE) {
      // A staging host need not run an agent: until one reports, its silence means nothing.
      return false;
    }
    boolean scheduledAwake = ringNodes.contains(node) && published != null
        && !published.isExpired(nowMs) && published.isAwake(node, nowMs);
    long heard = e.lastHeardMs == Long.MIN_VALUE ? startMs : e.lastHeardMs;
    OptionalLong scheduledSilence = scheduledAwake
        ? OptionalLong.of(nowMs - Math.max(heard, firstPublishedMs)) : OptionalLong.empty();
    return FailureRule.failed(settings, new FailureRule.Silence(silentMs(e, nowMs),
        scheduledSilence, Optional.ofNullable(e.lastStatus), e.wakeUnanswered));
  }

  private Schedule overrideSchedule(long epoch, long boundary, long validUntil, int active) {
    Schedule.Builder b = Schedule.builder().epoch(epoch).intervalStartMs(boundary)
        .intervalMs(settings.intervalMs()).validUntilMs(validUntil);
    List<String> ring = settings.ring();
    Set<String> on = ActiveSet.checked(activeSet, ring, active);
    for (String node : ring) {
      b.add(NodeSchedule.of(node, on.contains(node) ? NodeMode.ACTIVE : NodeMode.OFF));
    }
    for (String st : settings.stagingNodes()) {
      b.add(NodeSchedule.staging(st));
    }
    return b.build();
  }

  private void publish(long nowMs, Schedule base, RecoveryPlanner.Result rp,
      WakePlanner.Result wp, PowerBudget budget, PublishReason reason) {
    boolean recovered = status.state() == SchedulerStatus.State.BELOW_MINIMUM;
    Schedule s = wp.schedule();
    if (published == null) {
      firstPublishedMs = nowMs;
    }
    published = s;
    recoveryInForce = rp;
    wakeInForce = wp;
    nextEpoch++;
    plannedForWatts = budget.nodeWatts();
    lastReason = reason;
    double available = budget.nodeWatts() + 1e-9;
    double planned = SchedulePower.averageNodeWatts(s, model);
    double beforeWake = SchedulePower.averageNodeWatts(rp.schedule(), model);
    double wakeWatts = planned - beforeWake;
    SchedulerStatus.State state = SchedulePower.averageNodeWatts(base, model) > available
        ? SchedulerStatus.State.OVERRIDE_OVER_BUDGET
        : beforeWake > available ? SchedulerStatus.State.RECOVERY_OVER_BUDGET
        : planned > available ? SchedulerStatus.State.WAKE_OVER_BUDGET
        : SchedulerStatus.State.PLANNED;
    String msg;
    if (state == SchedulerStatus.State.OVERRIDE_OVER_BUDGET) {
      msg = fmt("admin override of %d ACTIVE nodes plans %.2f W, above the %.2f W available:"
          + " clear the override or raise the power", activeOverride.orElse(-1), planned,
          budget.nodeWatts());
    } else if (state == SchedulerStatus.State.RECOVERY_OVER_BUDGET) {
      msg = fmt("epoch %d plans %.2f W, above the %.2f W available, because %s: availability"
          + " first; it ends when the failed nodes report again (check their agents and"
          + " DataNodes)", s.epoch(), planned, budget.nodeWatts(), describeRecovery(rp));
    } else if (state == SchedulerStatus.State.WAKE_OVER_BUDGET) {
      msg = fmt("epoch %d plans %.2f W, above the %.2f W available, because %s (%.2f W):"
          + " availability first, bounded by %s = %d and %s = %d; it ends with the requests",
          s.epoch(), planned, budget.nodeWatts(), describeWake(wp), wakeWatts,
          WakeLimits.MAX_NODES.name(), settings.wakeLimits().maxNodes(),
          WakeLimits.MAX_MS.name(), settings.wakeLimits().maxMs());
    } else {
      msg = fmt("epoch %d (%s) plans %.2f W of %.2f W available with %s", s.epoch(), reason,
          planned, budget.nodeWatts(), activeOverride.isPresent()
              ? "an admin override of " + activeOverride.getAsInt() + " ACTIVE nodes"
              : "policy " + policy.name());
      if (!policyNote.isEmpty()) {
        msg += "; " + policyNote;
      }
      if (!rp.woken().isEmpty()) {
        msg += "; " + describeRecovery(rp);
      }
    }
    if (!wp.woken().isEmpty() && state != SchedulerStatus.State.WAKE_OVER_BUDGET) {
      msg += fmt("; %s (%.2f W)", describeWake(wp), wakeWatts);
    }
    long since = state == status.state() ? status.sinceMs() : nowMs;
    status = new SchedulerStatus(state, since, s.epoch(), s.validUntilMs(), budget.nodeWatts(),
        planned, Math.max(0, planned - budget.nodeWatts()), wakeWatts, msg);
    if (recovered) {
      LOG.info("power recovered: {}", msg);
    } else if (state != SchedulerStatus.State.PLANNED || !rp.woken().isEmpty()
        || !wp.woken().isEmpty()) {
      LOG.warn(msg);
    } else if (reason == PublishReason.INTERVAL) {
      LOG.debug(msg);
    } else {
      LOG.info(msg);
    }
  }

  private static String describeRecovery(RecoveryPlanner.Result rp) {
    StringBuilder b = new StringBuilder("recovery woke");
    rp.woken().entrySet().stream().sorted(Map.Entry.comparingByKey())
        .forEach(e -> b.append(' ').append(e.getValue()).append(" for failed ").append(e.getKey()));
    return b.toString();
  }

  private static String describeWake(WakePlanner.Result wp) {
    return "wake requests woke " + WakeBook.describe(wp.woken().values());
  }

  private void enterBelowMinimum(long nowMs, PowerBudget budget) {
    double minimum = policy.minimumNodeWatts(model);
    String what = policy.minimumState();
    String next;
    if (published == null) {
      next = "no epoch was ever published, so every DataNode stays awake";
    } else if (published.isExpired(nowMs)) {
      next = fmt("epoch %d's lease ended at %d, so every DataNode is awake", published.epoch(),
          published.validUntilMs().getAsLong());
    } else {
      next = fmt("epoch %d stays in force until its lease ends at %d, then every DataNode stays"
          + " awake", published.epoch(), published.validUntilMs().getAsLong());
    }
    double shortfall = Math.max(0, minimum - budget.nodeWatts());
    String msg = fmt("BELOW_MINIMUM: %.2f W available for the DataNodes is below the %.2f W of %s"
        + " (short by %.2f W); no new epoch is published and %s", budget.nodeWatts(), minimum,
        what, shortfall, next);
    boolean entering = status.state() != SchedulerStatus.State.BELOW_MINIMUM;
    long epoch = published == null ? -1 : published.epoch();
    OptionalLong lease = published == null ? OptionalLong.empty() : published.validUntilMs();
    double planned = published == null ? 0 : SchedulePower.averageNodeWatts(published, model);
    if (!wakes.holds().isEmpty()) {
      msg += "; wake requests for " + WakeBook.describe(wakes.holds())
          + " take effect with the next epoch the power allows";
    }
    status = new SchedulerStatus(SchedulerStatus.State.BELOW_MINIMUM,
        entering ? nowMs : status.sinceMs(), epoch, lease, budget.nodeWatts(), planned, shortfall,
        status.wakeWatts(), msg);
    if (entering) {
      LOG.warn(msg);
    }
  }

  private static SchedulerStatus withAvailable(SchedulerStatus s, double availableWatts) {
    return new SchedulerStatus(s.state(), s.sinceMs(), s.epoch(), s.validUntilMs(),
        availableWatts, s.plannedWatts(), s.shortfallWatts(), s.wakeWatts(), s.message());
  }

  private void feedGearSample(long boundary) {
    if (boundary <= lastSampledBoundaryMs) {
      return;
    }
    boolean first = lastSampledBoundaryMs == Long.MIN_VALUE;
    lastSampledBoundaryMs = boundary;
    if (first || published == null || activeOverride.isPresent()
        || !policy.observesUtilization()) {
      return;
    }
    long from = boundary - settings.intervalMs();
    int active = 0;
    int reported = 0;
    double sum = 0;
    Set<String> recoveryNodes = recoveryInForce == null ? Set.of()
        : recoveryInForce.wokenNodes();
    Set<String> wakeNodes = wakeInForce == null ? Set.of() : wakeInForce.woken().keySet();
    for (String n : settings.ring()) {
      NodeSchedule e = published.entry(n);
      if (e == null || e.mode() != NodeMode.ACTIVE || recoveryNodes.contains(n)
          || wakeNodes.contains(n)) {
        continue;
      }
      active++;
      NodeEntry ne = nodes.get(n);
      if (ne.lastStatus != null && ne.lastHeardMs >= from && ne.lastStatus.utilization() >= 0) {
        sum += ne.lastStatus.utilization();
        reported++;
      }
    }
    if (reported == 0) {
      return;
    }
    String before = policy.loadState();
    if (policy.observeUtilization(sum / reported, active)) {
      controlChanged = true;
      LOG.info("{} load shift {} -> {} (mean utilization {} on {} ACTIVE nodes)", policy.name(),
          before, policy.loadState(), fmt("%.3f", sum / reported), active);
    }
  }

  private double drawnWatts(long nowMs) {
    if (published == null || published.isExpired(nowMs)) {
      return SchedulePower.allAwakeWatts(model);
    }
    return SchedulePower.averageNodeWatts(published, model);
  }

  private void logFailures(long nowMs) {
    for (Map.Entry<String, NodeEntry> e : nodes.entrySet()) {
      long silent = silentMs(e.getValue(), nowMs);
      boolean failed = isFailed(e.getKey(), e.getValue(), nowMs);
      if (failed && e.getValue().wakeUnanswered && failedLogged.add(e.getKey())) {
        LOG.warn("node {} failed: it did not answer a wake on demand (silent {} ms); it counts as"
            + " failed until its agent reports again", e.getKey(), silent);
      } else if (failed && failedLogged.add(e.getKey())) {
        LOG.warn("node {} failed: no status for {} ms (timeout {} ms, {} ms while scheduled"
            + " awake); check its agent and DataNode", e.getKey(), silent,
            settings.failureTimeoutMs(), settings.awakeFailureTimeoutMs());
      } else if (!failed && failedLogged.remove(e.getKey())) {
        LOG.info("node {} is back: status received after a failure", e.getKey());
      }
    }
  }

  private long silentMs(NodeEntry e, long nowMs) {
    return nowMs - (e.lastHeardMs == Long.MIN_VALUE ? startMs : e.lastHeardMs);
  }

  // ---------------------------------------------------------------- queries

  /** The last published schedule (possibly expired: readers apply the lease). */
  public synchronized Optional<Schedule> published() {
    return Optional.ofNullable(published);
  }

  /** Why the last epoch was published; empty before the first. */
  public synchronized Optional<PublishReason> lastPublishReason() {
    return Optional.ofNullable(lastReason);
  }

  public synchronized SchedulerStatus status() {
    return status;
  }

  /**
   * The energy books at {@code nowMs} ({@link EnergyLedger}): per ring node and for the cluster,
   * cumulative since the first tick, open periods extrapolated to {@code nowMs}.
   */
  public synchronized EnergyReport energy(long nowMs) {
    return energy.report(nowMs).withPayback(payback.debtJoules(), paybackWatts);
  }

  /** The power history, oldest first (bounded by the settings' capacity). */
  public synchronized List<PowerSample> history() {
    return history.snapshot();
  }

  /** One report per ring node then staging node, at {@code nowMs}. */
  public synchronized List<NodeReport> nodes(long nowMs) {
    List<NodeReport> out = new ArrayList<>(nodes.size());
    for (Map.Entry<String, NodeEntry> me : nodes.entrySet()) {
      out.add(report(me.getKey(), me.getValue(), nowMs));
    }
    return out;
  }

  private NodeReport report(String node, NodeEntry e, long nowMs) {
    Optional<NodeMode> mode = Optional.empty();
    Optional<org.blinkhdfs.model.schedule.ActiveWindow> window = Optional.empty();
    boolean expired = published == null || published.isExpired(nowMs);
    boolean awake = true;
    if (published != null) {
      NodeSchedule ns = published.entry(node);
      mode = Optional.of(ns == null ? NodeMode.ACTIVE : ns.mode());
      window = Optional.of(published.window(node));
      awake = published.isAwake(node, nowMs);
    }
    long silent = silentMs(e, nowMs);
    return new NodeReport(node, e.role, mode, window, expired, awake,
        Optional.ofNullable(e.lastStatus),
        e.lastHeardMs == Long.MIN_VALUE ? OptionalLong.empty() : OptionalLong.of(e.lastHeardMs),
        silent,
        e.lastMeasuredSleepMs < 0 ? OptionalLong.empty() : OptionalLong.of(e.lastMeasuredSleepMs),
        isFailed(node, e, nowMs), wokenFor(node), wakes.hold(node),
        wakeInForce != null && wakeInForce.woken().containsKey(node));
  }

  private List<String> wokenFor(String node) {
    if (recoveryInForce == null) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String failed : settings.ring()) {
      if (recoveryInForce.woken().getOrDefault(failed, List.of()).contains(node)) {
        out.add(failed);
      }
    }
    return out;
  }

  /**
   * The recovery in the last published schedule: for each failed node that asked for it, the
   * nodes made ACTIVE for it; empty when none (or no recovery is configured).
   */
  public synchronized Map<String, List<String>> recoveryWoken() {
    return recoveryInForce == null ? Map.of() : recoveryInForce.woken();
  }

  /**
   * The wake holds in force at {@code nowMs}, first granted first (holds that ended but were not
   * yet dropped by a tick are left out).
   */
  public synchronized List<WakeHold> wakeRequests(long nowMs) {
    return wakes.holds().stream().filter(h -> h.untilMs() > nowMs).toList();
  }

  /**
   * The nodes a wake request made ACTIVE in the last published schedule, each with its hold as it
   * stands now (extended since, or as published if it ended and the next tick has not yet
   * published the epoch without it).
   */
  public synchronized Map<String, WakeHold> wokenOnRequest() {
    Map<String, WakeHold> out = new LinkedHashMap<>();
    if (wakeInForce != null) {
      wakeInForce.woken().forEach((node, h) -> out.put(node, wakes.hold(node).orElse(h)));
    }
    return out;
  }

  /**
   * The epoch in force at {@code nowMs} if it has {@code node} awake for the whole interval
   * (ACTIVE, IO_SERVER, staging, or a full-length window): what a wake requester may rely on.
   * Empty when no epoch is in force (none published, or its lease ended: then every node is
   * awake by the lease rule, but no epoch says so) or it has the node asleep for part of the
   * interval (a grant not yet published, e.g. below the minimum).
   */
  public synchronized OptionalLong awakeEpoch(String node, long nowMs) {
    if (published == null || published.isExpired(nowMs) || published.entry(node) == null
        || !published.window(node).isAlways()) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(published.epoch());
  }

  /** The recovery layout ({@link RecoveryWake#NONE} when failures do not change the plan). */
  public RecoveryWake recovery() {
    return recovery;
  }

  public synchronized BlinkPolicy policy() {
    return policy;
  }

  public synchronized Optional<PowerLevel> powerOverride() {
    return Optional.ofNullable(powerOverride);
  }

  public synchronized OptionalInt activeNodesOverride() {
    return activeOverride;
  }

  public SchedulerSettings settings() {
    return settings;
  }

  /** The scheduler's clock time at construction: never-heard nodes are silent since then. */
  public long startMs() {
    return startMs;
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  /** Mutable per-node registry entry; guarded by the scheduler's lock. */
  private static final class NodeEntry {
    final NodeRole role;
    NodeStatus lastStatus;
    long lastHeardMs = Long.MIN_VALUE;
    long lastMeasuredSleepMs = -1;
    boolean skewWarned;
    /** From the last status if ASLEEP: when its alarm is due ({@link WakeNeed}). */
    OptionalLong plannedWakeMs = OptionalLong.empty();
    /** A physical wake failed and no status arrived since. */
    boolean wakeUnanswered;
    /** When the last status other than ASLEEP arrived; MIN_VALUE if never. */
    long lastUpMs = Long.MIN_VALUE;

    NodeEntry(NodeRole role) {
      this.role = role;
    }
  }
}
