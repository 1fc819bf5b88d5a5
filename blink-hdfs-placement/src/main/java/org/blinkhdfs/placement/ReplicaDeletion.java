package org.blinkhdfs.placement;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.blinkhdfs.layout.Substitutes;

/**
 * Which excess replicas of an over-replicated block to delete, so that what is left is the layout.
 *
 * <p>Order of preference: replicas off the ring (staging, unnamed nodes), then ring replicas
 * outside the layout, then layout replicas in reverse placement order ({@link
 * LayoutModel#deletionOrder} for the block's replication). Where the layout holds two replicas
 * interchangeable (a ring extra that substitutes for a held layout position: two members of one
 * phase group), the one on the more loaded node goes ({@link Substitutes#deletionOrder}, load as
 * the caller counts it): either serves the block alike, and deleting by position would leave the
 * copies of a layout change piled on the members it happens to keep. Two hard rules skip a
 * candidate:
 *
 * <ul>
 *   <li>its storage type must be one the storage policy has in excess (HDFS's {@code
 *       excessTypes}); a layout correction copies a stand-in's replica type for type, so the
 *       stand-in is of the excess type;
 *   <li>what is left must still honour the {@link RackRule} (at least {@code min(2, r)} racks).
 *       Keeping the rack <em>count</em> instead would be wrong: a stand-in that is the only
 *       replica on a third rack would then outlive the layout replica just copied for it, and the
 *       block would be copied and trimmed forever.
 * </ul>
 *
 * <p>If no candidate passes both, the first of an excess type goes (HDFS must shed the replica).
 *
 * <p>A deletion hint (the source of a Balancer or Mover move, which HDFS passes as
 * {@code delNodeHint}) goes first when it is not a layout replica, so a stand-in moved elsewhere
 * is deleted at its source rather than at its new node.
 *
 * <p>Stateless; thread-safe.
 */
final class ReplicaDeletion {
  private ReplicaDeletion() {
  }

  /**
   * Picks {@code candidates.size() - expected} replicas to delete (may return fewer);
   * {@code hint} may be null; {@code load} is a node's load (higher is fuller), asked only of
   * ring nodes holding interchangeable replicas.
   */
  static List<DatanodeStorageInfo> choose(RingMembers ring, Collection<DatanodeStorageInfo>
      candidates, int expected, List<StorageType> excessTypes, int requiredRacks,
      DatanodeDescriptor hint, ToLongFunction<DatanodeDescriptor> load) {
    List<DatanodeStorageInfo> remaining = priority(ring, candidates, expected, load);
    hintFirst(ring, remaining, expected, hint);
    List<DatanodeStorageInfo> excess = new ArrayList<>();
    while (candidates.size() - expected > excess.size()) {
      DatanodeStorageInfo pick = pick(remaining, excessTypes, requiredRacks);
      if (pick == null) {
        break;
      }
      excessTypes.remove(pick.getStorageType());
      remaining.remove(pick);
      excess.add(pick);
    }
    return excess;
  }

  /** Candidates in the order they should go (see class comment). */
  private static List<DatanodeStorageInfo> priority(RingMembers ring,
      Collection<DatanodeStorageInfo> candidates, int expected,
      ToLongFunction<DatanodeDescriptor> load) {
    Map<Integer, DatanodeStorageInfo> byPosition = new LinkedHashMap<>();
    List<DatanodeStorageInfo> out = new ArrayList<>();
    for (DatanodeStorageInfo s : candidates) {
      int i = ring.indexOf(s.getDatanodeDescriptor());
      if (i < 0 || byPosition.containsKey(i)) {
        out.add(s);
      } else {
        byPosition.put(i, s);
      }
    }
    if (!byPosition.isEmpty()) {
      List<Integer> held = new ArrayList<>(byPosition.keySet());
      for (int p : Substitutes.deletionOrder(ring.layout(), held, ring.replicasOn(expected),
          q -> load.applyAsLong(byPosition.get(q).getDatanodeDescriptor()))) {
        out.add(byPosition.get(p));
      }
    }
    return out;
  }

  /** Moves the storage on {@code hint} to the front unless it holds a layout position. */
  private static void hintFirst(RingMembers ring, List<DatanodeStorageInfo> priority,
      int expected, DatanodeDescriptor hint) {
    if (hint == null) {
      return;
    }
    List<Integer> held = ring.positionsOf(priority.stream()
        .map(DatanodeStorageInfo::getDatanodeDescriptor).toList());
    int at = ring.indexOf(hint);
    if (at >= 0 && !held.isEmpty() && ring.layout().check(held, ring.replicasOn(expected))
        .layout().contains(at)) {
      return;
    }
    for (DatanodeStorageInfo s : priority) {
      if (s.getDatanodeDescriptor().equals(hint)) {
        priority.remove(s);
        priority.add(0, s);
        return;
      }
    }
  }

  private static DatanodeStorageInfo pick(List<DatanodeStorageInfo> remaining,
      List<StorageType> excessTypes, int requiredRacks) {
    int before = racks(remaining);
    DatanodeStorageInfo firstOfType = null;
    for (DatanodeStorageInfo s : remaining) {
      if (!excessTypes.contains(s.getStorageType())) {
        continue;
      }
      if (firstOfType == null) {
        firstOfType = s;
      }
      List<DatanodeStorageInfo> rest = new ArrayList<>(remaining);
      rest.remove(s);
      if (RackRule.keeps(before, racks(rest), requiredRacks)) {
        return s;
      }
    }
    return firstOfType;
  }

  private static int racks(List<DatanodeStorageInfo> storages) {
    return (int) storages.stream().map(s -> s.getDatanodeDescriptor().getNetworkLocation())
        .distinct().count();
  }
}
