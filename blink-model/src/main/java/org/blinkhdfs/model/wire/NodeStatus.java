package org.blinkhdfs.model.wire;

import java.util.Optional;

/**
 * What a power agent posts to the scheduler on every transition (the agents' heartbeats,
 * BlinkFS §4).
 *
 * @param node the DataNode transfer address the agent serves
 * @param state what the node is doing from {@code atMs} on
 * @param epoch the schedule epoch the agent is following (-1 if none)
 * @param atMs wall-clock time of the transition
 * @param measuredSleepMs for {@link State#AWAKE} after a sleep: the sleep the actuator measured
 * @param utilization the node's recent I/O utilization in [0, 1] (PARAID's U), -1 if unknown
 * @param detail free text for operators (actuator, errors)
 * @param energy how the node spent its time since the agent started, up to {@code atMs}; empty
 *     from an agent older than issue 38 (the scheduler then estimates it from the schedule)
 */
public record NodeStatus(String node, State state, long epoch, long atMs, long measuredSleepMs,
    double utilization, String detail, Optional<EnergyCounters> energy) {

  /** Node states an agent reports. */
  public enum State {
    AWAKE,
    ASLEEP,
    IO_SERVER,
    /** The actuator refused or failed; the node stays awake. */
    ERROR
  }

  /** A status without energy counters (an agent older than issue 38, or a test). */
  public NodeStatus(String node, State state, long epoch, long atMs, long measuredSleepMs,
      double utilization, String detail) {
    this(node, state, epoch, atMs, measuredSleepMs, utilization, detail, Optional.empty());
  }

  public NodeStatus {
    energy = energy == null ? Optional.empty() : energy;
    if (node == null || node.isBlank()) {
      throw new IllegalArgumentException("node must be a DataNode address host:port");
    }
    if (state == null) {
      throw new IllegalArgumentException("state is required");
    }
    if (!(utilization == -1 || (utilization >= 0 && utilization <= 1))) {
      throw new IllegalArgumentException(
          "utilization must be in [0, 1] or -1 for unknown, got " + utilization);
    }
    if (measuredSleepMs < 0) {
      throw new IllegalArgumentException("measuredSleepMs must be >= 0, got " + measuredSleepMs);
    }
  }
}
