package org.blinkhdfs.placement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.placement.layout.RingLayout;

/**
 * One placement decision's view of the ring: the schedule's ring order matched against the
 * DataNodes the NameNode knows, at one instant.
 *
 * <p>The ring is the schedule's order of non-staging nodes, whether or not each is registered:
 * positions must not shift when a node dies, or every block's layout would change with it. A
 * ring position whose node is unknown, dead or out of service simply cannot be filled.
 *
 * <p>Writable means awake now and staying awake at least the write guard (long enough to take a
 * block); nodes the schedule does not name count as always awake.
 *
 * <p>Immutable after construction; built per call, so no locking.
 */
final class RingMembers {
  private final Schedule schedule;
  private final long nowMs;
  private final List<String> ring;
  private final RingLayout layout;
  private final Map<String, Integer> indexByAddr = new HashMap<>();
  private final Map<String, DatanodeDescriptor> nodeByAddr = new HashMap<>();
  private final List<DatanodeDescriptor> staging = new ArrayList<>();

  private RingMembers(Schedule schedule, NetworkTopology clusterMap, long nowMs) {
    this.schedule = schedule;
    this.nowMs = nowMs;
    this.ring = schedule.ring();
    this.layout = ring.isEmpty() ? null : new RingLayout(ring.size());
    for (int i = 0; i < ring.size(); i++) {
      indexByAddr.put(ring.get(i), i);
    }
    for (Node n : clusterMap.getLeaves(NodeBase.ROOT)) {
      if (n instanceof DatanodeDescriptor) {
        DatanodeDescriptor d = (DatanodeDescriptor) n;
        nodeByAddr.put(d.getXferAddr(), d);
      }
    }
    for (String s : schedule.stagingNodes()) {
      DatanodeDescriptor d = nodeByAddr.get(s);
      if (d != null) {
        staging.add(d);
      }
    }
  }

  static RingMembers of(Schedule schedule, NetworkTopology clusterMap, long nowMs) {
    return new RingMembers(schedule, clusterMap, nowMs);
  }

  Schedule schedule() {
    return schedule;
  }

  int size() {
    return ring.size();
  }

  RingLayout layout() {
    return layout;
  }

  /** Ring position of {@code node}, or -1 when it is not on the ring (staging, unnamed). */
  int indexOf(DatanodeInfo node) {
    Integer i = indexByAddr.get(node.getXferAddr());
    return i == null ? -1 : i;
  }

  /** The registered DataNode at ring position {@code index}, or null if none is registered. */
  DatanodeDescriptor node(int index) {
    return nodeByAddr.get(ring.get(index));
  }

  /** True when position {@code index} has a registered, in-service DataNode. */
  boolean fillable(int index) {
    DatanodeDescriptor d = node(index);
    return d != null && d.isInService();
  }

  /** Registered staging DataNodes in schedule order. */
  List<DatanodeDescriptor> staging() {
    return staging;
  }

  /** True when {@code node} is awake now and stays awake at least {@code guardMs}. */
  boolean writable(DatanodeInfo node, long guardMs) {
    long left = schedule.remainingActiveMs(node.getXferAddr(), nowMs);
    return left == Schedule.FOREVER || left >= guardMs;
  }

  /** Registered DataNodes named by the schedule that are not writable for {@code guardMs}. */
  Set<Node> unwritable(long guardMs) {
    Set<Node> out = new HashSet<>();
    for (DatanodeDescriptor d : nodeByAddr.values()) {
      if (schedule.entry(d.getXferAddr()) != null && !writable(d, guardMs)) {
        out.add(d);
      }
    }
    return out;
  }

  /** Ring positions of {@code nodes} that are on the ring. */
  List<Integer> positionsOf(Iterable<? extends DatanodeInfo> nodes) {
    List<Integer> out = new ArrayList<>();
    for (DatanodeInfo d : nodes) {
      int i = indexOf(d);
      if (i >= 0) {
        out.add(i);
      }
    }
    return out;
  }
}
