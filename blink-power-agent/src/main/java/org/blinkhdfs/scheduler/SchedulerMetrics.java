package org.blinkhdfs.scheduler;

import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.Interns;
import org.blinkhdfs.core.scheduler.NodeReport;
import org.blinkhdfs.core.scheduler.PowerScheduler;
import org.blinkhdfs.core.scheduler.SchedulerStatus;

/**
 * metrics2 source {@code BlinkScheduler} (shown at {@code /jmx} and, when enabled, {@code /prom}):
 * the scheduler state (tag), epoch, available, planned and shortfall watts, ring size and failed
 * nodes. Computed on demand from the scheduler; thread-safe.
 */
final class SchedulerMetrics implements MetricsSource {
  private final SchedulerDaemon daemon;
  private final String name;

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
    long failed = s.nodes(daemon.clock().millis()).stream().filter(NodeReport::failed).count();
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
        .endRecord();
  }
}
