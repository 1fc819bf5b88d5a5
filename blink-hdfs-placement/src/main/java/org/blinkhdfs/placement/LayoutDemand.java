package org.blinkhdfs.placement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.LayoutCheck;

/**
 * Which missing positions of a block's layout ({@link LayoutModel}) the NameNode should fill,
 * each paired with the off-layout replica (stand-in) it replaces. Verification, layout correction
 * and the Balancer check all ask this one class, so they never disagree.
 *
 * <p>Why pairing: the NameNode fills a demanded position with a copy and then deletes one excess
 * replica. The copy only helps if the replica deleted afterwards is a stand-in; if the rack rule or
 * the storage policy would force the deletion of a layout replica instead, the block would be
 * copied and trimmed back forever. So a missing position is demanded only when some stand-in can
 * give way to it:
 *
 * <ol>
 *   <li><b>Rack rule</b> ({@link RackRule}): swapping the stand-in for the layout node keeps the
 *       block on at least {@code min(2, r)} racks. A layout that lies on one rack therefore keeps
 *       one replica off it: the rack rule wins over the exact ring position.
 *   <li><b>Storage</b>: the layout node offers every storage type that all current holders offer.
 *       HDFS passes only nodes to {@code verifyBlockPlacement}, not the replicas' storage types;
 *       the types all holders share are where a single-type policy (HOT, COLD, ALL_SSD) keeps its
 *       replicas, so a layout node that lacks one of them may be unable to take the copy. Such a
 *       position is waived (the stand-in stays) instead of keeping the block queued forever.
 * </ol>
 *
 * <p>With no stand-in left at all (a replica was lost), every fillable missing position is
 * demanded: re-replication, not correction, and stand-ins are then allowed.
 *
 * <p>Example (9 ring nodes on racks A, B, C; r = 3; layout [0, 4, 6] with 0 and 6 on A and 4 on
 * B; holders 0, 4 and stand-in 5 on C): position 6 is demanded, paired with 5, since {0, 4, 6}
 * still spans A and B. Had 4 been on A too, 6 would be waived: {0, 4, 6} would lie on one rack.
 *
 * <p>Immutable.
 */
final class LayoutDemand {
  private final LayoutCheck check;
  private final List<Integer> positions = new ArrayList<>();
  private final Map<Integer, DatanodeInfo> replaces = new HashMap<>();

  private LayoutDemand(LayoutCheck check) {
    this.check = check;
  }

  /**
   * The demand for a block held by {@code holders} (live replicas, distinct nodes) with
   * replication {@code replicas}, which must span {@code requiredRacks} racks.
   */
  static LayoutDemand of(RingMembers ring, List<? extends DatanodeInfo> holders, int replicas,
      int requiredRacks) {
    LayoutCheck c = ring.layout().check(ring.positionsOf(holders), ring.replicasOn(replicas));
    LayoutDemand d = new LayoutDemand(c);
    List<DatanodeInfo> standIns = d.standIns(ring, holders);
    boolean lostReplica = standIns.isEmpty();
    Set<StorageType> shared = sharedStorageTypes(holders);
    List<DatanodeInfo> current = new ArrayList<>(holders);
    for (int p : c.missing()) {
      DatanodeInfo target = ring.info(p);
      if (!ring.fillable(p) || !offersAll(target, shared)) {
        continue;
      }
      if (lostReplica) {
        d.positions.add(p);
        continue;
      }
      DatanodeInfo giver = firstGivingWay(standIns, current, target, requiredRacks);
      if (giver != null) {
        d.positions.add(p);
        d.replaces.put(p, giver);
        standIns.remove(giver);
        current.remove(giver);
        current.add(target);
      }
    }
    return d;
  }

  /** Holders outside the layout: off the ring first (staging, unnamed), then ring extras. */
  private List<DatanodeInfo> standIns(RingMembers ring, List<? extends DatanodeInfo> holders) {
    Set<Integer> layout = new HashSet<>(check.layout());
    List<DatanodeInfo> offRing = new ArrayList<>();
    List<DatanodeInfo> ringExtras = new ArrayList<>();
    for (DatanodeInfo h : holders) {
      int i = ring.indexOf(h);
      if (i < 0) {
        offRing.add(h);
      } else if (!layout.contains(i)) {
        ringExtras.add(h);
      }
    }
    offRing.addAll(ringExtras);
    return offRing;
  }

  private static DatanodeInfo firstGivingWay(List<DatanodeInfo> standIns,
      List<DatanodeInfo> current, DatanodeInfo target, int requiredRacks) {
    int before = RackRule.count(current);
    for (DatanodeInfo s : standIns) {
      List<DatanodeInfo> after = new ArrayList<>(current);
      after.remove(s);
      after.add(target);
      if (RackRule.keeps(before, RackRule.count(after), requiredRacks)) {
        return s;
      }
    }
    return null;
  }

  /** Storage types every holder offers; null when unknown (not NameNode descriptors). */
  private static Set<StorageType> sharedStorageTypes(List<? extends DatanodeInfo> holders) {
    Set<StorageType> shared = null;
    for (DatanodeInfo h : holders) {
      if (!(h instanceof DatanodeDescriptor)) {
        return null;
      }
      EnumSet<StorageType> types = ((DatanodeDescriptor) h).getStorageTypes();
      if (shared == null) {
        shared = types;
      } else {
        shared.retainAll(types);
      }
    }
    return shared;
  }

  private static boolean offersAll(DatanodeInfo node, Set<StorageType> types) {
    return types == null || !(node instanceof DatanodeDescriptor)
        || ((DatanodeDescriptor) node).getStorageTypes().containsAll(types);
  }

  /** The layout the holders were matched against. */
  LayoutCheck check() {
    return check;
  }

  /** Demanded ring positions, in placement order. */
  List<Integer> positions() {
    return Collections.unmodifiableList(positions);
  }

  /** The stand-in that demanded {@code position} replaces, or null when a replica was lost. */
  DatanodeInfo replaces(int position) {
    return replaces.get(position);
  }
}
