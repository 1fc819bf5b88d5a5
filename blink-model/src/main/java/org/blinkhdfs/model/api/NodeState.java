package org.blinkhdfs.model.api;

import java.util.Objects;
import org.blinkhdfs.model.schedule.NodeMode;

/**
 * {@code getBlinkState(node)}: what the schedule in force says about one DataNode and what the
 * NameNode says about it, so a client can tell "asleep by plan" from "dead" at a glance.
 *
 * <p>Example: {@code {"node": "10.0.0.12:9866", "nowMs": 1790000030000, "schedule": {"status":
 * "OK", "epoch": 42}, "role": "RING", "mode": "BLINK", "window": {"activeOffsetMs": 20000,
 * "activeMs": 20000}, "timing": {"awakeNow": false, "remainingMs": 0, "nextWakeMs":
 * 1790000080000}, "dataNode": {"liveness": "LIVE", "adminState": "NORMAL"}}}.
 *
 * @param node the DataNode transfer address asked about
 * @param nowMs the instant of the answer (the proxy's clock)
 * @param schedule the schedule the answer follows
 * @param role RING, STAGING, or UNSCHEDULED (not named by the schedule, or none in force)
 * @param mode the schedule's mode; ACTIVE when unscheduled (the schedule's rule)
 * @param window the awake part of each interval for BLINK nodes, null otherwise
 * @param timing awake now, remaining and next wake ({@link NodeTiming})
 * @param dataNode what the NameNode reports about the DataNode
 */
public record NodeState(String node, long nowMs, ScheduleRef schedule, Role role, NodeMode mode,
    Window window, NodeTiming timing, DataNode dataNode) {

  /** How the schedule in force names the node. */
  public enum Role {
    RING,
    STAGING,
    UNSCHEDULED
  }

  /** What the NameNode knows of the DataNode. */
  public enum Liveness {
    LIVE,
    DEAD,
    UNKNOWN
  }

  /** A BLINK node's awake part of each interval (as in the schedule JSON). */
  public record Window(long activeOffsetMs, long activeMs) {}

  /**
   * The NameNode's view.
   *
   * @param liveness LIVE, DEAD, or UNKNOWN (not registered with the NameNode)
   * @param adminState NORMAL, ENTERING_MAINTENANCE, IN_MAINTENANCE, DECOMMISSION_INPROGRESS,
   *     DECOMMISSIONED; null when UNKNOWN
   */
  public record DataNode(Liveness liveness, String adminState) {
    public DataNode {
      Objects.requireNonNull(liveness, "liveness");
    }
  }

  public NodeState {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(schedule, "schedule");
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(timing, "timing");
    Objects.requireNonNull(dataNode, "dataNode");
  }
}
