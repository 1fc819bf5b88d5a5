package org.blinkhdfs.placement;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.core.schedule.Schedule;

/**
 * One placement decision's view of the ring: the schedule's ring order matched against the
 * DataNodes the NameNode knows, at one instant.
 *
 * <p>The ring is the schedule's order of non-staging nodes, whether or not each is registered:
 * positions must not shift when a node dies, or every block's layout would change with it. A
 * ring position whose node is unknown, dead or out of service simply cannot be filled. The same
 * order is the power-balanced ring and Rabbit's expansion chain; the {@link LayoutModel} that
 * interprets it is the policy's, built once per ring.
 *
 * <p>Writable means awake now and staying awake at least the write guard (long enough to take a
 * block); nodes the schedule does not name count as always awake.
 *
 * <p>Overloaded follows HDFS's considerLoad rule: more active transfers (xceivers) than
 * {@code factor} times the mean over in-service DataNodes. The mean is computed from the
 * DataNodes' last heartbeats once per view (O(N), only when asked), because the NameNode's own
 * cluster statistics are not reachable from a placement policy.
 *
 * <p>The time-independent part ({@link Index}) is immutable, cached by the policy and shared
 * between calls; this wrapper adds the instant and the lazily computed mean load, and belongs to
 * one placement call on one thread.
 */
final class RingMembers {
  /** Longest a cached index is trusted without re-reading the topology. */
  static final long INDEX_MAX_AGE_MS = 1000;

  private final Index index;
  private final long nowMs;
  private double meanXceivers = -1;

  private RingMembers(Index index, long nowMs) {
    this.index = index;
    this.nowMs = nowMs;
  }

  /**
   * A view at {@code nowMs} with {@code layout} (built for {@code schedule}'s ring), reusing
   * {@code cached} when it still describes this moment.
   */
  static RingMembers of(Schedule schedule, LayoutModel layout, NetworkTopology clusterMap,
      long nowMs, Index cached) {
    Index index = cached != null && cached.fits(schedule, layout, clusterMap, nowMs) ? cached
        : new Index(schedule, layout, clusterMap, nowMs);
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
    private final LayoutModel layout;
    private final Map<String, Integer> indexByAddr = new HashMap<>();
    private final Map<String, DatanodeDescriptor> nodeByAddr = new HashMap<>();
    /** Every leaf: descriptors in the NameNode, plain DatanodeInfo in the Balancer and Mover. */
    private final Map<String, DatanodeInfo> infoByAddr = new HashMap<>();
    private final List<DatanodeDescriptor> staging = new ArrayList<>();
    /** Storage types of the DataNode at each ring position; empty when none is registered. */
    private final List<Set<StorageType>> storageTypes = new ArrayList<>();

    private Index(Schedule schedule, LayoutModel layout, NetworkTopology clusterMap, long nowMs) {
      this.schedule = schedule;
      this.leaves = clusterMap.getNumOfLeaves();
      this.builtAtMs = nowMs;
      this.ring = schedule.ring();
      this.layout = layout;
      for (int i = 0; i < ring.size(); i++) {
        indexByAddr.put(ring.get(i), i);
      }
      for (Node n : clusterMap.getLeaves(NodeBase.ROOT)) {
        if (n instanceof DatanodeInfo) {
          infoByAddr.put(((DatanodeInfo) n).getXferAddr(), (DatanodeInfo) n);
        }
        if (n instanceof DatanodeDescriptor) {
          nodeByAddr.put(((DatanodeDescriptor) n).getXferAddr(), (DatanodeDescriptor) n);
        }
      }
      for (String s : schedule.stagingNodes()) {
        DatanodeDescriptor d = nodeByAddr.get(s);
        if (d != null) {
          staging.add(d);
        }
      }
      for (String addr : ring) {
        DatanodeDescriptor d = nodeByAddr.get(addr);
        storageTypes.add(d == null ? EnumSet.noneOf(StorageType.class) : d.getStorageTypes());
      }
    }

    boolean fits(Schedule s, LayoutModel l, NetworkTopology clusterMap, long nowMs) {
      return s == schedule && l == layout && nowMs >= builtAtMs
          && nowMs - builtAtMs < INDEX_MAX_AGE_MS && clusterMap.getNumOfLeaves() == leaves;
    }
  }

  Schedule schedule() {
    return index.schedule;
  }

  int size() {
    return index.ring.size();
  }

  /**
   * A block's replication as a layout on this ring counts it: at least 1, at most one replica per
   * ring node (HDFS may ask for more replicas than there are ring nodes; the rest go elsewhere).
   */
  int replicasOn(int replicas) {
    return Math.min(Math.max(replicas, 1), size());
  }

  /** The layout on this ring. */
  LayoutModel layout() {
    return index.layout;
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

  /**
   * The DataNode at ring position {@code index} as the topology holds it (a descriptor in the
   * NameNode, a plain DatanodeInfo in the Balancer), or null if none is registered.
   */
  DatanodeInfo info(int index) {
    return this.index.infoByAddr.get(this.index.ring.get(index));
  }

  /** True when position {@code index} has a registered, in-service DataNode. */
  boolean fillable(int index) {
    DatanodeInfo d = info(index);
    return d != null && d.isInService();
  }

  /** Storage types of the DataNode at ring position {@code index} (empty if unregistered). */
  Set<StorageType> storageTypes(int index) {
    return this.index.storageTypes.get(index);
  }

  /** HDFS's considerLoad test: more than {@code factor} times the mean xceiver count. */
  boolean overloaded(DatanodeInfo node, double factor) {
    double max = factor * meanXceivers();
    return max > 0 && node.getXceiverCount() > max;
  }

  /** Mean xceiver count of the in-service DataNodes, as of their last heartbeats. */
  private double meanXceivers() {
    if (meanXceivers < 0) {
      long xceivers = 0;
      int inService = 0;
      for (DatanodeDescriptor d : index.nodeByAddr.values()) {
        if (d.isInService()) {
          xceivers += d.getXceiverCount();
          inService++;
        }
      }
      meanXceivers = inService == 0 ? 0 : (double) xceivers / inService;
    }
    return meanXceivers;
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

  /** True when {@code node} is awake now (unnamed nodes always are). */
  boolean awake(DatanodeInfo node) {
    return index.schedule.isAwake(node.getXferAddr(), nowMs);
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
