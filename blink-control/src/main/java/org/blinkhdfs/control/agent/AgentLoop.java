package org.blinkhdfs.control.agent;

import java.io.IOException;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleSupplier;
import org.blinkhdfs.common.time.Sleeper;
import org.blinkhdfs.model.schedule.NodeAddress;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.EnergyCounters;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.ScheduleClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The power agent's control loop (BlinkFS §4's power client), one {@link #step()} at a time so
 * that the daemon runs it on a thread and a simulation drives it from an event queue.
 *
 * <p><b>A step</b>: fetch the schedule ({@link ScheduleClient}; on failure keep the last one,
 * which the planner ignores once its lease ends: its own {@code validUntilMs} or, sooner, {@link
 * AgentTiming#leaseMaxMs} after the last successful fetch, so a schedule without expiry does not
 * outlive a vanished scheduler by more than that), ask {@link AgentPlanner}, apply the compute mode
 * when it changes ({@link Actuator#setComputeCores}: the io-server core count, or 0 for all
 * cores), then either
 *
 * <ul>
 *   <li>stay awake: post a heartbeat if one is due and return when to step next ({@code
 *       min(planner's time, next heartbeat)}); the step itself does not wait; or
 *   <li>sleep: post ASLEEP, call {@link Actuator#sleep} (which blocks until the node is awake
 *       again), post AWAKE with the measured sleep, and ask to step again at once. A refusal posts
 *       ERROR (the node is awake) and retries after {@code pollMs}.
 * </ul>
 *
 * <p><b>Status messages</b> ({@link StatusSink}) go out on every transition and, while awake, at
 * least every {@code heartbeatMs}, carrying the node's utilization (PARAID's U) from the injected
 * probe. They are the scheduler's heartbeats: {@code heartbeatMs} must be well below the
 * scheduler's failure timeout, and at most the blink interval for gear shifting to get a sample
 * per interval. A failed post is counted and logged, never retried or waited for: the schedule,
 * not the status, is authoritative. Repeated ERRORs are posted once per heartbeat, not per step
 * (and the ASLEEP before each retry is skipped too).
 *
 * <p><b>A node that cannot sleep</b> ({@link Actuator#sleepUnsupported()}: a host without S3
 * whose operator chose the io-server fallback) is never reported ASLEEP: where the planner says
 * sleep, it takes its compute cores offline, posts IO_SERVER with the reason, and steps again at
 * the wake time, the next poll or heartbeat ({@link StepResult.Kind#IO_SERVER_INSTEAD}).
 *
 * <p><b>Resume latency.</b> Each step plans with {@link #resumeLatencyMs()}: the fixed {@link
 * AgentTiming#resumeLatencyMs}, or, with {@link Builder#learnResumeLatency}, the estimate of a
 * {@link ResumeLatencyEstimator} fed with every sleep's measured sample (alarm to serving again);
 * the planner passes the value in the {@link SleepRequest}, so the actuator's early wake and the
 * planner's judgement use the same number. The AWAKE status after a sleep names the value the
 * next sleep will use, and each sample is logged at INFO.
 *
 * <p><b>Energy.</b> Every status carries the node's {@link EnergyCounters} from an {@link
 * AgentEnergyAccount} started with the loop: awake, asleep, in transition and io-server
 * milliseconds, fed by the compute modes applied and the actuators' {@link SleepReport}s, so the
 * scheduler accounts energy from what happened, whatever the actuator.
 *
 * <p>Hard constraints: the agent never sleeps without a usable schedule, never past the lease end
 * (the planner) and never on an expired lease (the actuator checks again).
 *
 * <p>Thread-safety: {@link #step()} is synchronized and meant for one thread ({@link #run}); the
 * accessors read volatile fields and never wait for a step blocked in a sleep.
 */
public final class AgentLoop {
  private static final Logger LOG = LoggerFactory.getLogger(AgentLoop.class);
  /** Log one warning for the first failure and then every this many. */
  private static final long LOG_EVERY_FAILURES = 100;

  /**
   * The agent's settings.
   *
   * @param node the DataNode transfer address this agent serves, {@code host:port}
   * @param timing planner knobs
   * @param heartbeatMs the longest an awake agent goes without a status, {@code >= 1}
   * @param ioServerComputeCores cores left online in IO_SERVER mode, {@code >= 1}
   */
  public record Settings(String node, AgentTiming timing, long heartbeatMs,
      int ioServerComputeCores) {
    public Settings {
      NodeAddress.validate("node", node);
      Objects.requireNonNull(timing, "timing");
      if (heartbeatMs < 1) {
        throw new IllegalArgumentException("heartbeatMs must be >= 1, got " + heartbeatMs
            + ": give how often an awake agent reports, well below the failure timeout");
      }
      if (ioServerComputeCores < 1) {
        throw new IllegalArgumentException("ioServerComputeCores must be >= 1, got "
            + ioServerComputeCores + ": the DataNode needs at least one core");
      }
    }
  }

  private final Settings settings;
  private final ScheduleClient client;
  private final StatusSink sink;
  private final Actuator actuator;
  private final Clock clock;
  private final Sleeper sleeper;
  private final DoubleSupplier utilization;
  /** Null: the fixed {@link AgentTiming#resumeLatencyMs}. */
  private final ResumeLatencyEstimator learned;
  /** Written and read only by the stepping thread. */
  private final AgentEnergyAccount energy;

  // Written only by the stepping thread (under this object's lock); volatile so that status
  // readers never wait for a step that is blocked in a sleep.
  private volatile Optional<Schedule> schedule = Optional.empty();
  /** The step time of the last successful fetch: the agent's own lease counts from here. */
  private volatile long confirmedAtMs = Long.MIN_VALUE;
  private volatile AgentAction lastAction;
  private volatile long fetchFailures;
  private volatile long postFailures;
  private volatile long sleeps;
  private ComputeMode appliedMode;
  private long lastPostMs = Long.MIN_VALUE;
  private NodeStatus.State lastPostedState;

  private AgentLoop(Builder b) {
    this.settings = b.settings;
    this.client = b.client;
    this.sink = b.sink;
    this.actuator = b.actuator;
    this.clock = b.clock;
    this.sleeper = b.sleeper;
    this.utilization = b.utilization;
    this.learned = b.learned;
    this.energy = new AgentEnergyAccount(clock);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Runs one step; see the class comment. */
  public synchronized StepResult step() throws InterruptedException {
    long now = clock.millis();
    refreshSchedule(now);
    AgentAction action = AgentPlanner.next(schedule, settings.node(), now, confirmedAtMs,
        settings.timing().withResumeLatencyMs(resumeLatencyMs()));
    lastAction = action;
    if (action.kind() == AgentAction.Kind.SLEEP) {
      return sleep(action, now);
    }
    if (!applyComputeMode(action.computeMode(), now)) {
      return new StepResult(StepResult.Kind.REFUSED, now + settings.timing().pollMs(), action,
          Optional.empty());
    }
    NodeStatus.State state = action.computeMode() == ComputeMode.IO_SERVER
        ? NodeStatus.State.IO_SERVER : NodeStatus.State.AWAKE;
    if (state != lastPostedState || heartbeatDue(now)) {
      post(state, now, 0, action.reason());
    }
    long next = Math.min(action.untilMs(), lastPostMs + settings.heartbeatMs());
    return new StepResult(StepResult.Kind.STAYED_AWAKE, Math.max(next, now + 1), action,
        Optional.empty());
  }

  /**
   * Steps until {@code keepRunning} says stop, waiting between steps with the {@link Sleeper}.
   * Bounded by the caller's stop condition (the daemon's shutdown flag).
   */
  public void run(BooleanSupplier keepRunning) throws InterruptedException {
    while (keepRunning.getAsBoolean()) {
      StepResult r = step();
      if (r.nextStepAtMs() > clock.millis()) {
        sleeper.sleepUntil(r.nextStepAtMs());
      }
    }
  }

  private StepResult sleep(AgentAction action, long now) throws InterruptedException {
    SleepRequest req = action.sleep().orElseThrow();
    Optional<String> cannotSleep = actuator.sleepUnsupported();
    if (cannotSleep.isPresent()) {
      return ioServerInstead(action, now, cannotSleep.get());
    }
    // During a streak of refusals, ASLEEP and ERROR are not repeated before the next heartbeat.
    if (lastPostedState != NodeStatus.State.ERROR || heartbeatDue(now)) {
      post(NodeStatus.State.ASLEEP, now, 0, action.reason() + " (" + actuator.name() + ")");
    }
    try {
      SleepReport report = actuator.sleep(req);
      energy.sleep(report);
      sleeps++;
      long awake = clock.millis();
      String detail = report.detail() + learn(report);
      // One line per cycle in the agent's own log: what an operator (and the lab's real-sleep
      // bench, which reads it from the guest's serial port) measures a host's transitions by.
      LOG.info("{}: awake after sleep {}: {}", settings.node(), sleeps, detail);
      post(NodeStatus.State.AWAKE, awake, report.measuredSleepMs(), detail);
      return new StepResult(StepResult.Kind.SLEPT, awake, action, Optional.of(report));
    } catch (ActuatorException e) {
      return refused(action, e);
    }
  }

  /**
   * A sleep the node cannot take: it serves as an io-server until the planner's wake time (or the
   * next poll or heartbeat), says so in an IO_SERVER status, and logs it once per streak.
   */
  private StepResult ioServerInstead(AgentAction action, long now, String why) {
    if (!applyComputeMode(ComputeMode.IO_SERVER, now)) {
      return new StepResult(StepResult.Kind.REFUSED, now + settings.timing().pollMs(), action,
          Optional.empty());
    }
    boolean streakStarts = lastPostedState != NodeStatus.State.IO_SERVER;
    if (streakStarts || heartbeatDue(now)) {
      if (streakStarts) {
        LOG.warn("{}: not sleeping ({}): {}", settings.node(), action.reason(), why);
      }
      post(NodeStatus.State.IO_SERVER, now, 0, "cannot sleep, serving as an io-server instead ("
          + action.reason() + "): " + why);
    }
    long next = Math.min(Math.min(action.untilMs(), now + settings.timing().pollMs()),
        lastPostMs + settings.heartbeatMs());
    return new StepResult(StepResult.Kind.IO_SERVER_INSTEAD, Math.max(next, now + 1), action,
        Optional.empty());
  }

  /**
   * Feeds the report's resume sample to the estimator, logs it, and returns the suffix for the
   * AWAKE status: the latency the next sleep will use.
   */
  private String learn(SleepReport report) {
    if (learned == null) {
      return "";
    }
    TransitionTimes t = report.transitions();
    if (t.resumeSampleMs().isPresent()) {
      long before = learned.currentMs();
      long after = learned.record(t.resumeSampleMs().getAsLong());
      LOG.info("{}: resumed in {} ms from the alarm ({}); resume latency {} -> {} ms ({}"
          + " samples)",
          settings.node(), t.resumeSampleMs().getAsLong(), t.resumeSampleBy(), before, after,
          learned.sampleCount());
    }
    return "; next resume latency " + learned.currentMs() + " ms (learned from "
        + learned.sampleCount() + " samples)";
  }

  private StepResult refused(AgentAction action, ActuatorException e) {
    long now = clock.millis();
    if (lastPostedState != NodeStatus.State.ERROR || heartbeatDue(now)) {
      LOG.warn("{}: actuator {} refused: {}", settings.node(), actuator.name(), e.getMessage());
      post(NodeStatus.State.ERROR, now, 0, e.getMessage());
    }
    return new StepResult(StepResult.Kind.REFUSED, now + settings.timing().pollMs(), action,
        Optional.empty());
  }

  /** Applies {@code mode} if it differs from the last applied one; false if the actuator failed. */
  private boolean applyComputeMode(ComputeMode mode, long now) {
    if (mode == appliedMode) {
      return true;
    }
    int cores = mode == ComputeMode.IO_SERVER ? settings.ioServerComputeCores() : 0;
    try {
      actuator.setComputeCores(cores);
      energy.computeMode(mode);
      appliedMode = mode;
      return true;
    } catch (ActuatorException e) {
      if (lastPostedState != NodeStatus.State.ERROR || heartbeatDue(now)) {
        LOG.warn("{}: could not set {} compute cores: {}", settings.node(), cores,
            e.getMessage());
        post(NodeStatus.State.ERROR, now, 0, e.getMessage());
      }
      return false;
    }
  }

  private boolean heartbeatDue(long now) {
    return lastPostMs == Long.MIN_VALUE || now - lastPostMs >= settings.heartbeatMs();
  }

  private void refreshSchedule(long now) {
    try {
      schedule = Objects.requireNonNull(client.fetch(), "ScheduleClient.fetch returned null");
      confirmedAtMs = now;
    } catch (IOException | IllegalArgumentException e) {
      // IllegalArgumentException covers InvalidScheduleException from a bad document.
      fetchFailures++;
      if (fetchFailures % LOG_EVERY_FAILURES == 1) {
        LOG.warn("{}: cannot fetch the schedule ({} failures so far), following epoch {} until"
            + " its lease ends: {}", settings.node(), fetchFailures,
            schedule.map(s -> String.valueOf(s.epoch())).orElse("none"), e.getMessage());
      }
    }
  }

  private void post(NodeStatus.State state, long atMs, long measuredSleepMs, String detail) {
    long epoch = schedule.map(Schedule::epoch).orElse(-1L);
    double u = state == NodeStatus.State.ASLEEP ? -1 : probeUtilization();
    NodeStatus s = new NodeStatus(settings.node(), state, epoch, atMs, measuredSleepMs, u,
        detail, Optional.of(energy.counters()));
    lastPostMs = atMs;
    lastPostedState = state;
    try {
      sink.post(s);
    } catch (IOException e) {
      postFailures++;
      if (postFailures % LOG_EVERY_FAILURES == 1) {
        LOG.warn("{}: cannot post status ({} failures so far): {}", settings.node(), postFailures,
            e.getMessage());
      }
    }
  }

  private double probeUtilization() {
    double u = utilization.getAsDouble();
    return (u >= 0 && u <= 1) ? u : -1;
  }

  /** The schedule the agent follows (the last one fetched). */
  public Optional<Schedule> schedule() {
    return schedule;
  }

  /**
   * The step time of the last successful fetch ({@link Long#MIN_VALUE} before any): the
   * agent's own lease on the schedule runs {@link AgentTiming#leaseMaxMs} from here.
   */
  public long confirmedAtMs() {
    return confirmedAtMs;
  }

  /** The planner's last decision; null before the first step. */
  public AgentAction lastAction() {
    return lastAction;
  }

  public long fetchFailures() {
    return fetchFailures;
  }

  public long postFailures() {
    return postFailures;
  }

  public long sleeps() {
    return sleeps;
  }

  /**
   * The resume latency the next sleep plans with: the learned one ({@link
   * Builder#learnResumeLatency}) or the fixed {@link AgentTiming#resumeLatencyMs}.
   */
  public long resumeLatencyMs() {
    return learned != null ? learned.currentMs() : settings.timing().resumeLatencyMs();
  }

  /** The estimator when the agent learns its resume latency; empty when it is fixed. */
  public Optional<ResumeLatencyEstimator> resumeLatencyEstimator() {
    return Optional.ofNullable(learned);
  }

  public Settings settings() {
    return settings;
  }

  /** Builder; every part but the utilization probe (default: unknown, -1) is required. */
  public static final class Builder {
    private Settings settings;
    private ScheduleClient client;
    private StatusSink sink;
    private Actuator actuator;
    private Clock clock;
    private Sleeper sleeper;
    private DoubleSupplier utilization = () -> -1;
    private ResumeLatencyEstimator learned;

    public Builder settings(Settings s) {
      this.settings = s;
      return this;
    }

    public Builder scheduleClient(ScheduleClient c) {
      this.client = c;
      return this;
    }

    public Builder statusSink(StatusSink s) {
      this.sink = s;
      return this;
    }

    public Builder actuator(Actuator a) {
      this.actuator = a;
      return this;
    }

    public Builder clock(Clock c) {
      this.clock = c;
      return this;
    }

    /** Waits between steps in {@link AgentLoop#run}. */
    public Builder sleeper(Sleeper s) {
      this.sleeper = s;
      return this;
    }

    /** The node's recent I/O utilization in [0, 1]; anything else is reported as unknown. */
    public Builder utilization(DoubleSupplier u) {
      this.utilization = u;
      return this;
    }

    /**
     * Learn the resume latency from each sleep's {@link TransitionTimes#resumeSampleMs()} instead
     * of using the fixed {@link AgentTiming#resumeLatencyMs}; {@code null}: fixed (the default).
     */
    public Builder learnResumeLatency(ResumeLatencyEstimator estimator) {
      this.learned = estimator;
      return this;
    }

    public AgentLoop build() {
      Objects.requireNonNull(settings, "settings is required");
      Objects.requireNonNull(client, "scheduleClient is required");
      Objects.requireNonNull(sink, "statusSink is required");
      Objects.requireNonNull(actuator, "actuator is required");
      Objects.requireNonNull(clock, "clock is required");
      Objects.requireNonNull(sleeper, "sleeper is required");
      Objects.requireNonNull(utilization, "utilization");
      return new AgentLoop(this);
    }
  }
}
