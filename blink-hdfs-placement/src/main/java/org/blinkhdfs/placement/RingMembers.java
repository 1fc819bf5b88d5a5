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
 * <p>Immutable. The time-independent part ({@link Index}) is cached by the policy and shared
 * between calls; this wrapper adds the instant.
 */
final class RingMembers {
  /** Longest a cached index is trusted without re-reading the topology. */
  static final long INDEX_MAX_AGE_MS = 1000;

  private final Index index;
  private final long nowMs;

  private RingMembers(Index index, long nowMs) {
    this.index = index;
    this.nowMs = nowMs;
  }

  /** A view at {@code nowMs}, reusing {@code cached} when it still describes this moment. */
  static RingMembers of(Schedule schedule, NetworkTopology clusterMap, long nowMs, Index cached) {
    Index index = cached != null && cached.fits(schedule, clusterMap, nowMs) ? cached
        : new Index(schedule, clusterMap, nowMs);
    return new RingMembers(index, nowMs);
  }

  /** The part that depends on the schedule and the registered DataNodes, not on the time. */
  Index index() {
    return index;
  }

  /**
   * The ring matched against the registered DataNodes: built once per schedule and membership
   * (O(N)), then shared by calls for up to {@link #INDEX_MAX_AGE_MS}. Immutable.
   */
  static final class Index {
    private final Schedule schedule;
    private final int leaves;
    private final long builtAtMs;
    private final List<String> ring;
    private final RingLayout layout;
    private final Map<String, Integer> indexByAddr = new HashMap<>();
    private final Map<String, DatanodeDescriptor> nodeByAddr = new HashMap<>();
    private final List<DatanodeDescriptor> staging = new ArrayList<>();
    private final Map<Integer, int[]> offsetsByReplicas =
        new java.util.concurrent.ConcurrentHashMap<>();

    private Index(Schedule schedule, NetworkTopology clusterMap, long nowMs) {
      this.schedule = schedule;
      this.leaves = clusterMap.getNumOfLeaves();
      this.builtAtMs = nowMs;
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

    boolean fits(Schedule s, NetworkTopology clusterMap, long nowMs) {
      return s == schedule && nowMs >= builtAtMs && nowMs - builtAtMs < INDEX_MAX_AGE_MS
          && clusterMap.getNumOfLeaves() == leaves;
    }

    /** Layout positions relative to the first replica (the layout is rotation invariant). */
    int[] offsets(int replicas) {
      return offsetsByReplicas.computeIfAbsent(replicas,
          r -> layout.positions(0, r).stream().mapToInt(Integer::intValue).toArray());
    }
  }

  Schedule schedule() {
    return index.schedule;
  }

  int size() {
    return index.ring.size();
  }

  RingLayout layout() {
    return index.layout;
  }

  /** Ring positions of a layout of {@code replicas} starting at {@code first}, in order. */
  int position(int first, int[] offsets, int j) {
    return (first + offsets[j]) % index.ring.size();
  }

  /** Ring position of {@code node}, or -1 when it is not on the ring (staging, unnamed). */
  int indexOf(DatanodeInfo node) {
    Integer i = index.indexByAddr.get(node.getXferAddr());
    return i == null ? -1 : i;
  }

  /** The registered DataNode at ring position {@code index}, or null if none is registered. */
  DatanodeDescriptor node(int index) {
    return this.index.nodeByAddr.get(this.index.ring.get(index));
  }

  /** True when position {@code index} has a registered, in-service DataNode. */
  boolean fillable(int index) {
    DatanodeDescriptor d = node(index);
    return d != null && d.isInService();
  }

  /** Registered staging DataNodes in schedule order. */
  List<DatanodeDescriptor> staging() {
    return index.staging;
  }

  /** True when {@code node} is awake now and stays awake at least {@code guardMs}. */
  boolean writable(DatanodeInfo node, long guardMs) {
    long left = index.schedule.remainingActiveMs(node.getXferAddr(), nowMs);
    return left == Schedule.FOREVER || left >= guardMs;
  }

  /** Registered DataNodes named by the schedule that are not writable for {@code guardMs}. */
  Set<Node> unwritable(long guardMs) {
    Set<Node> out = new HashSet<>();
    for (DatanodeDescriptor d : index.nodeByAddr.values()) {
      if (index.schedule.entry(d.getXferAddr()) != null && !writable(d, guardMs)) {
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
