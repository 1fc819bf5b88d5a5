package org.blinkhdfs.scheduler;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.Interns;
import org.blinkhdfs.control.scheduler.EnergyReport;
import org.blinkhdfs.control.scheduler.NodeEnergy;
import org.blinkhdfs.control.scheduler.NodeReport;
import org.blinkhdfs.control.scheduler.PowerScheduler;
import org.blinkhdfs.control.scheduler.SchedulerStatus;
import org.blinkhdfs.control.scheduler.WakeDriver;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.WakeDecision;

/**
 * metrics2 source {@code BlinkScheduler} (shown at {@code /jmx} and, when enabled, {@code /prom}):
 * the scheduler state (tag), epoch, available, planned, shortfall and wake watts, ring size,
 * failed nodes and nodes held awake on request, computed on demand from the scheduler; and the
 * counters of wake requests answered since the start (granted, already awake, refused), the only
 * state kept here; and wake on demand's counters ({@link WakeDriver#counts}: physical wakes sent,
 * attempts, send errors, succeeded, failed, the last latency), zero (latency -1) when no node has
 * a wake backend; and the energy books ({@link PowerScheduler#energy}: DataNode joules, mean
 * and budget watts, seconds over budget, per node joules). Thread-safe.
 */
final class SchedulerMetrics implements MetricsSource {
  private final SchedulerDaemon daemon;
  private final String name;
  private final AtomicLong wakeGranted = new AtomicLong();
  private final AtomicLong wakeAlreadyAwake = new AtomicLong();
  private final AtomicLong wakeRefused = new AtomicLong();

  private SchedulerMetrics(SchedulerDaemon daemon, String name) {
    this.daemon = daemon;
    this.name = name;
  }

  /** Registers under {@code BlinkScheduler} (with a suffix if one already runs in this JVM). */
  static SchedulerMetrics register(SchedulerDaemon daemon) {
    MetricsSystem ms = DefaultMetricsSystem.instance();
    String name = "BlinkScheduler";
    for (int i = 2; ms.getSource(name) != null; i++) {
      name = "BlinkScheduler" + i;
    }
    SchedulerMetrics m = new SchedulerMetrics(daemon, name);
    ms.register(name, "BlinkHDFS power scheduler", m);
    return m;
  }

  /** Counts one answered wake request. */
  void wakeAnswered(WakeDecision.Outcome outcome) {
    switch (outcome) {
      case GRANTED -> wakeGranted.incrementAndGet();
      case ALREADY_AWAKE -> wakeAlreadyAwake.incrementAndGet();
      case REFUSED -> wakeRefused.incrementAndGet();
      default -> throw new IllegalArgumentException("unknown wake outcome " + outcome);
    }
  }

  void unregister() {
    DefaultMetricsSystem.instance().unregisterSource(name);
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    PowerScheduler s = daemon.scheduler();
    if (s == null) {
      return;
    }
    SchedulerStatus st = s.status();
    long now = daemon.clock().millis();
    long failed = s.nodes(now).stream().filter(NodeReport::failed).count();
    EnergyReport energy = s.energy(now);
    WakeDriver.Counts w = daemon.wakeDriver().map(WakeDriver::counts)
        .orElse(new WakeDriver.Counts(0, 0, 0, 0, 0, -1, 0));
    collector.addRecord(name).setContext("blink")
        .tag(Interns.info("State", "Scheduler state"), st.state().name())
        .addGauge(Interns.info("Epoch", "Last published epoch"), st.epoch())
        .addGauge(Interns.info("AvailableWatts", "Watts available to DataNodes"),
            st.availableWatts())
        .addGauge(Interns.info("PlannedWatts", "Average DataNode watts the epoch plans"),
            st.plannedWatts())
        .addGauge(Interns.info("ShortfallWatts", "Watts missing to the minimum"),
            st.shortfallWatts())
        .addGauge(Interns.info("RingNodes", "DataNodes in the ring"),
            s.settings().ring().size())
        .addGauge(Interns.info("FailedNodes", "Agents silent longer than blink.failure.timeout"),
            failed)
        .addGauge(Interns.info("WakeWatts", "Watts the nodes woken on request add to the plan"),
            st.wakeWatts())
        .addGauge(Interns.info("WakeHeldNodes", "Nodes held awake on request now"),
            s.wakeRequests(now).size())
        .addCounter(Interns.info("WakeGranted", "Wake requests granted (new or extended)"),
            wakeGranted.get())
        .addCounter(Interns.info("WakeAlreadyAwake", "Wake requests for nodes already held"
            + " or staging"), wakeAlreadyAwake.get())
        .addCounter(Interns.info("WakeRefused", "Wake requests refused by"
            + " blink.scheduler.wake.max.ms or .max.nodes"), wakeRefused.get())
        .addCounter(Interns.info("WakesSent", "Sleeping hosts the wake backend set out to wake"
            + " (one per node wake, retries not counted)"), w.sent())
        .addCounter(Interns.info("WakeAttempts", "Wake sends, first ones and retries"),
            w.attempts())
        .addCounter(Interns.info("WakeSendErrors", "Wake sends the backend reported as failed"),
            w.sendErrors())
        .addCounter(Interns.info("WakesSucceeded", "Node wakes its agent answered in time"),
            w.succeeded())
        .addCounter(Interns.info("WakesFailed", "Node wakes unanswered by"
            + " blink.scheduler.wake.timeout: the node then counts as failed"), w.failed())
        .addGauge(Interns.info("LastWakeLatencyMs", "First send to the agent's status, last"
            + " successful wake (-1 none yet)"), w.lastLatencyMs())
        .addGauge(Interns.info("WakesInProgress", "Node wakes under way"), w.inProgress())
        .addGauge(Interns.info("EnergyJoules", "DataNode energy since the scheduler started,"
            + " from the agents' measured time (overhead excluded)"), energy.joules())
        .addGauge(Interns.info("OverheadJoules", "Always-on overhead energy since the start"),
            energy.overheadJoules())
        .addGauge(Interns.info("BudgetJoules", "DataNode budget integrated since the start"),
            energy.budgetJoules())
        .addGauge(Interns.info("MeanWatts", "DataNode mean power since the start"),
            energy.meanWatts())
        .addGauge(Interns.info("BudgetWatts", "DataNode budget now (the power level)"),
            energy.budgetWatts())
        .addGauge(Interns.info("OverBudgetSeconds", "Length of the completed intervals that"
            + " drew above budget by more than blink.scheduler.energy.overbudget.tolerance"),
            energy.overBudgetMs() / 1000.0)
        .endRecord();
    Map<String, NodeEnergy> byNode = energy.nodes().stream()
        .collect(Collectors.toMap(NodeEnergy::node, e -> e));
    for (NodeReport n : s.nodes(now)) {
      node(collector, n, byNode.get(n.node()));
    }
  }

  /**
   * One record per node ({@code <name>Node}, tags Node and Role): what its agent last reported,
   * so the agents, which serve no HTTP of their own (a host that suspends should run as little
   * as possible), are visible on the scheduler's /jmx and /prom. -1 where nothing is known
   * (EnergyJoules: staging nodes, which belong to the overhead).
   */
  private void node(MetricsCollector collector, NodeReport n, NodeEnergy energy) {
    boolean reportedAwake = n.lastStatus().map(st -> st.state() == NodeStatus.State.AWAKE)
        .orElse(false);
    collector.addRecord(name + "Node").setContext("blink")
        .tag(Interns.info("Node", "DataNode transfer address"), n.node())
        .tag(Interns.info("Role", "Ring or staging"), n.role().name())
        .addGauge(Interns.info("AwakeBySchedule", "1 when the schedule has the node awake now"),
            n.awakeBySchedule() ? 1 : 0)
        .addGauge(Interns.info("ReportedAwake", "1 when its agent's last status says AWAKE"),
            reportedAwake ? 1 : 0)
        .addGauge(Interns.info("Failed", "1 when its agent is silent past the failure timeout"),
            n.failed() ? 1 : 0)
        .addGauge(Interns.info("SilentMs", "Time since its agent's last status"), n.silentMs())
        .addGauge(Interns.info("LastMeasuredSleepMs", "Its last sleep as the agent measured it"),
            n.lastMeasuredSleepMs().orElse(-1))
        .addGauge(Interns.info("Utilization", "CPU or transfer utilization its agent reported"
            + " (0..1; -1 unknown)"), n.lastStatus().map(NodeStatus::utilization).orElse(-1.0))
        .addGauge(Interns.info("EnergyJoules", "Its energy since the scheduler started (ring"
            + " nodes; -1 staging)"), energy == null ? -1.0 : energy.joules())
        .addGauge(Interns.info("EnergyEstimated", "1 when its agent sends no energy counters"
            + " and its energy is estimated from the schedule"),
            energy != null && energy.estimated() ? 1 : 0)
        .endRecord();
  }
}
