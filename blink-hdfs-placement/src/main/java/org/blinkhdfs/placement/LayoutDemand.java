package org.blinkhdfs.placement;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.StandInDemand;

/**
 * The NameNode's view of {@link StandInDemand}: which missing layout positions of a block to
 * fill, each paired with the stand-in it replaces, computed from the NameNode's descriptors.
 * Verification, layout correction and the Balancer check all ask this one class, and the proxy's
 * drain asks the same pure rule with what it learns over RPC, so none of them disagree.
 *
 * <p>What this adapter adds: ring positions, racks and liveness from {@link RingMembers}, and the
 * storage rule's inputs. HDFS passes only nodes to {@code verifyBlockPlacement}, not the
 * replicas' storage types; the types all holders share are where a single-type policy (HOT,
 * COLD, ALL_SSD) keeps its replicas, so a layout node that lacks one of them is waived. Outside
 * the NameNode (plain {@code DatanodeInfo}, no storage types) nothing is waived for storage.
 *
 * <p>Immutable.
 */
final class LayoutDemand {
  private final StandInDemand demand;
  private final List<? extends DatanodeInfo> holders;

  private LayoutDemand(StandInDemand demand, List<? extends DatanodeInfo> holders) {
    this.demand = demand;
    this.holders = holders;
  }

  /**
   * The demand for a block held by {@code holders} (live replicas, distinct nodes) with
   * replication {@code replicas}, which must span {@code requiredRacks} racks.
   */
  static LayoutDemand of(RingMembers ring, List<? extends DatanodeInfo> holders, int replicas,
      int requiredRacks) {
    List<StandInDemand.Holder> pure = new ArrayList<>();
    for (DatanodeInfo h : holders) {
      pure.add(new StandInDemand.Holder(h.getXferAddr(), ring.indexOf(h),
          h.getNetworkLocation()));
    }
    Set<StorageType> shared = sharedStorageTypes(holders);
    StandInDemand d = StandInDemand.of(ring.layout(), pure, ring.replicasOn(replicas),
        requiredRacks, StandInDemand.Ring.of(ring::fillable,
            p -> ring.info(p).getNetworkLocation(), p -> offersAll(ring.info(p), shared)));
    return new LayoutDemand(d, List.copyOf(holders));
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
    return demand.check();
  }

  /** Demanded ring positions, in placement order. */
  List<Integer> positions() {
    return demand.positions();
  }

  /** The stand-in that demanded {@code position} replaces, or null when a replica was lost. */
  DatanodeInfo replaces(int position) {
    StandInDemand.Holder h = demand.replaces(position);
    if (h == null) {
      return null;
    }
    for (DatanodeInfo d : holders) {
      if (d.getXferAddr().equals(h.node())) {
        return d;
      }
    }
    return null;
  }
}
