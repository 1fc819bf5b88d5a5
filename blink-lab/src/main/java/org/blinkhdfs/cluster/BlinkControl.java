package org.blinkhdfs.cluster;

import java.io.Closeable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.blinkhdfs.control.scheduler.NodeReport;
import org.blinkhdfs.control.scheduler.SchedulerStatus;
import org.blinkhdfs.model.policy.GearShiftingPolicy;
import org.blinkhdfs.model.schedule.Schedule;

/**
 * What a {@link LocalCluster} asks of its power scheduler and agents, wherever they run ({@link
 * ControlPlane}): in the launching JVM ({@link BlinkServices}) or in JVMs of their own ({@link
 * BlinkProcesses}). An operation the separate-JVM control plane cannot offer throws an {@link
 * UnsupportedOperationException} that names it.
 */
interface BlinkControl extends Closeable {
  /** Sets the power level (percent of all ring DataNodes' active power) at the next tick. */
  void setPowerPercent(int percent);

  /** Block popularity per ring node for load-proportional blinking (next plan). */
  void setPopularity(Map<String, Double> weights);

  /** The admin override: the first {@code n} ring nodes ACTIVE, the rest OFF; empty clears. */
  void setActiveNodes(OptionalInt n);

  /** The scheduler's state: available and planned watts, the overshoot of an override. */
  SchedulerStatus status();

  /** The scheduler's view of every node. */
  List<NodeReport> nodeReports();

  /** The gear-shifting policy's state, when that is the scheduler's policy. */
  Optional<GearShiftingPolicy.GearState> gearState();

  /** The last published schedule, if any. */
  Optional<Schedule> schedule();

  /** The scheduler's HTTP address, {@code 127.0.0.1:port}. */
  String schedulerAddress();

  /** Sleeps taken by all agents so far (-1 when the agents run in other JVMs). */
  long sleeps();

  /**
   * Sleeps (a freeze and its thaw, completed) each agent's node has taken so far, by node;
   * empty when the agents run in other JVMs.
   */
  java.util.Map<String, Long> sleepsByNode();
}
