package org.blinkhdfs.placement;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.WriteSlice;

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
 * DataNodes' last heartbeats once per index (O(N), at most once a second), because the
 * NameNode's own cluster statistics are not reachable from a placement policy.
 *
 * <p>Snapshots, so that a decision costs lookups, not a pass over the cluster: the part that
 * depends on the schedule and the registered DataNodes ({@link Index}) is immutable, cached by
 * the policy and shared between calls; the part that also depends on the time ({@link
 * RingSlice}: who can take a write, the sleepers to exclude, the best first positions) is
 * computed once per slice of the interval in which it does not change. This wrapper adds the
 * instant, and belongs to one placement call on one thread.
 */
final class RingMembers {
  /** Longest a cached index is trusted without re-reading the topology. */
  static final long INDEX_MAX_AGE_MS = 1000;
  /**
   * A limit on the slices one index keeps (one per write guard, i.e. per block size, and load
   * rule); a decision for another is computed for itself.
   */
  static final int MAX_SLICES = 64;

  private final Index index;
  private final long nowMs;

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
   * (O(N)), then shared by calls for up to {@link #INDEX_MAX_AGE_MS}. Per ring position it keeps
   * the descriptor, rack, storage types and in-service flag, and the mean load of the in-service
   * DataNodes, as of its build. Its time slices ({@link RingSlice}) are computed on demand, one
   * per write guard and load rule, and replaced when the time leaves them. Immutable but for that
   * concurrent slice cache.
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
    private final DatanodeDescriptor[] nodeAt;
    private final DatanodeInfo[] infoAt;
    /** Registered descriptor in service at each ring position, as of the build. */
    private final boolean[] inServiceAt;
    /** Storage types of the DataNode at each ring position; empty when none is registered. */
    private final List<Set<StorageType>> storageTypes = new ArrayList<>();
    /** The schedule's named nodes (ring, then staging) and the registered ones among them. */
    private final List<String> named = new ArrayList<>();
    private final DatanodeDescriptor[] namedNode;
    private final double meanXceivers;
    private final Map<SliceKey, RingSlice> slices = new ConcurrentHashMap<>();

    private Index(Schedule schedule, LayoutModel layout, NetworkTopology clusterMap, long nowMs) {
      this.schedule = schedule;
      this.leaves = clusterMap.getNumOfLeaves();
      this.builtAtMs = nowMs;
      this.ring = schedule.ring();
      this.layout = layout;
      for (int i = 0; i < ring.size(); i++) {
        indexByAddr.put(ring.get(i), i);
      }
      long xceivers = 0;
      int inService = 0;
      for (Node n : clusterMap.getLeaves(NodeBase.ROOT)) {
        if (n instanceof DatanodeInfo) {
          infoByAddr.put(((DatanodeInfo) n).getXferAddr(), (DatanodeInfo) n);
        }
        if (n instanceof DatanodeDescriptor) {
          DatanodeDescriptor d = (DatanodeDescriptor) n;
          nodeByAddr.put(d.getXferAddr(), d);
          if (d.isInService()) {
            xceivers += d.getXceiverCount();
            inService++;
          }
        }
      }
      this.meanXceivers = inService == 0 ? 0 : (double) xceivers / inService;
      for (String s : schedule.stagingNodes()) {
        DatanodeDescriptor d = nodeByAddr.get(s);
        if (d != null) {
          staging.add(d);
        }
      }
      this.nodeAt = new DatanodeDescriptor[ring.size()];
      this.infoAt = new DatanodeInfo[ring.size()];
      this.inServiceAt = new boolean[ring.size()];
      for (int p = 0; p < ring.size(); p++) {
        DatanodeDescriptor d = nodeByAddr.get(ring.get(p));
        nodeAt[p] = d;
        infoAt[p] = infoByAddr.get(ring.get(p));
        inServiceAt[p] = d != null && d.isInService();
        storageTypes.add(d == null ? EnumSet.noneOf(StorageType.class) : d.getStorageTypes());
      }
      named.addAll(ring);
      named.addAll(schedule.stagingNodes());
      this.namedNode = new DatanodeDescriptor[named.size()];
      for (int i = 0; i < named.size(); i++) {
        namedNode[i] = nodeByAddr.get(named.get(i));
      }
    }

    boolean fits(Schedule s, LayoutModel l, NetworkTopology clusterMap, long nowMs) {
      return s == schedule && l == layout && nowMs >= builtAtMs
          && nowMs - builtAtMs < INDEX_MAX_AGE_MS && clusterMap.getNumOfLeaves() == leaves;
    }

    /** The slice for {@code key} containing {@code nowMs}, computed when the time left the last. */
    RingSlice slice(SliceKey key, long nowMs) {
      RingSlice s = slices.get(key);
      if (s == null || !s.covers(nowMs)) {
        s = new RingSlice(this, key, nowMs);
        if (slices.size() < MAX_SLICES || slices.containsKey(key)) {
          slices.put(key, s);
        }
      }
      return s;
    }

    Schedule schedule() {
      return schedule;
    }

    int size() {
      return ring.size();
    }

    DatanodeDescriptor nodeAt(int position) {
      return nodeAt[position];
    }

    boolean inServiceAt(int position) {
      return inServiceAt[position];
    }

    Set<StorageType> storageTypesAt(int position) {
      return storageTypes.get(position);
    }

    List<String> named() {
      return named;
    }

    DatanodeDescriptor namedNode(int i) {
      return namedNode[i];
    }

    /** HDFS's considerLoad test against the mean as of the build. */
    boolean overloaded(DatanodeInfo node, double factor) {
      double max = factor * meanXceivers;
      return max > 0 && node.getXceiverCount() > max;
    }
  }

  /**
   * What a time slice depends on besides the index: the write guard and the load rule ({@code
   * considerLoad} factor, 0 when HDFS's considerLoad is off).
   */
  record SliceKey(long guardMs, double loadFactor) {
  }

  /** The current time slice of the ring for a write guard and load rule. */
  RingSlice slice(long guardMs, double loadFactor) {
    return index.slice(new SliceKey(guardMs, loadFactor), nowMs);
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
    return this.index.nodeAt[index];
  }

  /**
   * The DataNode at ring position {@code index} as the topology holds it (a descriptor in the
   * NameNode, a plain DatanodeInfo in the Balancer), or null if none is registered.
   */
  DatanodeInfo info(int index) {
    return this.index.infoAt[index];
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

  /**
   * HDFS's considerLoad test: more than {@code factor} times the mean xceiver count of the
   * in-service DataNodes, that mean as of the index's build (at most {@link #INDEX_MAX_AGE_MS}
   * old, as the NameNode's own heartbeat statistics are a heartbeat old).
   */
  boolean overloaded(DatanodeInfo node, double factor) {
    return index.overloaded(node, factor);
  }

  /** Registered staging DataNodes in schedule order. */
  List<DatanodeDescriptor> staging() {
    return index.staging;
  }

  /** True when {@code node} is awake now and stays awake at least {@code guardMs}. */
  boolean writable(DatanodeInfo node, long guardMs) {
    return WriteSlice.writableAt(index.schedule, node.getXferAddr(), guardMs, nowMs);
  }

  /** True when {@code node} is awake now (unnamed nodes always are). */
  boolean awake(DatanodeInfo node) {
    return index.schedule.isAwake(node.getXferAddr(), nowMs);
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
