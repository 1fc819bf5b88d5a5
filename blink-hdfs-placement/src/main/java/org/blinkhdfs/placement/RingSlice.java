package org.blinkhdfs.placement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.Node;
import org.blinkhdfs.layout.ring.FirstPositions;
import org.blinkhdfs.layout.ring.NearestMarked;
import org.blinkhdfs.model.schedule.WriteSlice;

/**
 * One time slice of the ring for one write guard: everything a placement decision needs that
 * depends only on the schedule, the registered DataNodes and which nodes can take a write, all
 * of which stay the same until {@link WriteSlice#untilMs} (or until the {@link RingMembers.Index}
 * it belongs to is rebuilt, at most a second later). Built once, in O(N), by the first decision
 * of the slice; every later decision of the slice looks its answers up.
 *
 * <ul>
 *   <li>{@link #usable}: per ring position, registered, in service, writable for the guard and
 *       not overloaded (load as of the index's build);
 *   <li>{@link #sleepers}: the registered DataNodes the schedule names (ring and staging) that
 *       cannot take a write, which HDFS's own choice must never pick;
 *   <li>{@link #writableNear}: the writable ring nodes nearest to a position, where a stand-in
 *       is looked for;
 *   <li>{@link #firstPositions}: the best first positions of the ring layout per request shape
 *       (replicas, storage types, per-rack maximum), computed by the first decision that asks.
 * </ul>
 *
 * <p>Worked example (ring of 9 staggered nodes, 0 to 4 writable at 12:00 until 12:04 when 0's
 * window gets shorter than the guard): the first decision at 12:00 builds the slice (9 schedule
 * look-ups, then 9 scored first positions for 3 replicas on DISK); decisions until 12:04 reuse
 * it; the first one at 12:04 builds the next slice.
 *
 * <p>Memory: two booleans and two ints per ring position, the sleepers (one set entry each) and
 * one {@link FirstPositions} (an int and a bit per best position) per request shape.
 *
 * <p>Thread-safe: immutable but for the concurrent cache of first positions, whose values are
 * computed from immutable inputs (two threads may compute one at once; either result is right).
 */
final class RingSlice {
  /** A limit on the request shapes kept per slice; others are scored per decision. */
  static final int MAX_SHAPES = 64;

  private final WriteSlice writes;
  private final boolean[] usable;
  private final Set<Node> sleepers;
  private final NearestMarked writableNodes;
  private final Map<ShapeKey, FirstPositions> firsts = new ConcurrentHashMap<>();

  RingSlice(RingMembers.Index index, RingMembers.SliceKey key, long nowMs) {
    this.writes = WriteSlice.at(index.schedule(), index.named(), key.guardMs(), nowMs);
    int n = index.size();
    this.usable = new boolean[n];
    boolean[] writable = new boolean[n];
    for (int p = 0; p < n; p++) {
      DatanodeDescriptor d = index.nodeAt(p);
      writable[p] = d != null && writes.writable(p);
      usable[p] = index.inServiceAt(p) && writes.writable(p)
          && !(key.loadFactor() > 0 && index.overloaded(d, key.loadFactor()));
    }
    this.writableNodes = new NearestMarked(writable);
    Set<Node> out = new HashSet<>();
    for (int i = 0; i < writes.size(); i++) {
      DatanodeDescriptor d = index.namedNode(i);
      if (d != null && !writes.writable(i)) {
        out.add(d);
      }
    }
    this.sleepers = Collections.unmodifiableSet(out);
  }

  boolean covers(long nowMs) {
    return writes.covers(nowMs);
  }

  /** The usable mask (shared: callers must not change it). */
  boolean[] usable() {
    return usable;
  }

  /**
   * The ring positions with a registered DataNode that can take a write, within half the ring
   * of {@code position}, nearest first ({@code +d} before {@code -d}): where a stand-in is
   * looked for, without visiting the sleeping arc in between.
   */
  PrimitiveIterator.OfInt writableNear(int position) {
    return writableNodes.from(position);
  }

  /** Registered DataNodes named by the schedule that cannot take a write in this slice. */
  Set<Node> sleepers() {
    return sleepers;
  }

  /** The best first positions for one request shape, computed by {@code scan} on first use. */
  FirstPositions firstPositions(int[] offsets, int replicas,
      EnumMap<StorageType, Integer> types, int maxNodesPerRack, Supplier<FirstPositions> scan) {
    ShapeKey key = new ShapeKey(asList(offsets), replicas, new EnumMap<>(types),
        maxNodesPerRack);
    FirstPositions f = firsts.get(key);
    if (f == null) {
      f = scan.get();
      if (firsts.size() < MAX_SHAPES) {
        firsts.put(key, f);
      }
    }
    return f;
  }

  private static List<Integer> asList(int[] values) {
    List<Integer> out = new ArrayList<>(values.length);
    for (int v : values) {
      out.add(v);
    }
    return out;
  }

  /** What the best first positions depend on besides the slice. */
  private record ShapeKey(List<Integer> offsets, int replicas,
      EnumMap<StorageType, Integer> types, int maxNodesPerRack) {
  }
}
