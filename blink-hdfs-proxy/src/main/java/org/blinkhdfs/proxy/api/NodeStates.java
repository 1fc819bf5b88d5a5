package org.blinkhdfs.proxy.api;

import java.util.Optional;
import org.blinkhdfs.model.api.NodeState;
import org.blinkhdfs.model.api.NodeTiming;
import org.blinkhdfs.model.api.ScheduleRef;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleState;

/**
 * {@code getBlinkState}: joins the schedule's entry for a node (role, mode, window, timing) with
 * the NameNode's view of it. A node the schedule does not name is UNSCHEDULED and ACTIVE (the
 * schedule's rule: awake, outside the ring); with no schedule in force every node is.
 *
 * <p>Stateless.
 */
final class NodeStates {
  private NodeStates() {}

  static NodeState of(String node, ScheduleState state, long nowMs,
      Optional<DataNodeReport.Entry> dataNode) {
    Optional<Schedule> s = state.usable();
    NodeSchedule entry = s.map(x -> x.entry(node)).orElse(null);
    NodeState.Role role = entry == null ? NodeState.Role.UNSCHEDULED
        : entry.isStaging() ? NodeState.Role.STAGING : NodeState.Role.RING;
    NodeMode mode = entry == null ? NodeMode.ACTIVE : entry.mode();
    NodeState.Window window = null;
    if (entry != null && mode == NodeMode.BLINK) {
      ActiveWindow w = entry.window(s.get().intervalMs());
      window = new NodeState.Window(w.offsetMs(), w.lengthMs());
    }
    return new NodeState(node, nowMs, ScheduleRef.of(state), role, mode, window,
        NodeTiming.of(s, node, nowMs), dataNode.map(DataNodeReport.Entry::view)
            .orElse(new NodeState.DataNode(NodeState.Liveness.UNKNOWN, null)));
  }
}
