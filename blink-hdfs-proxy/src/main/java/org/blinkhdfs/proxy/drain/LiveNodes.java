package org.blinkhdfs.proxy.drain;

import java.io.IOException;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorageReport;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;
import org.blinkhdfs.layout.StandInDemand;

/**
 * The live DataNodes as the NameNode reports them ({@code getDatanodeStorageReport}, as the
 * Balancer asks), keyed by transfer address ({@code host:port}, the schedule's node names): what
 * the drain needs to match ring positions with DataNodes, their racks and storage types, and to
 * address copies. The rack rule is the NameNode's: once the cluster has more than one rack, a
 * block of r ≥ 2 replicas spans {@code min(2, r)} racks (the NameNode remembers having been
 * multi-rack; a proxy sees only the present, which differs only after racks were removed).
 *
 * <p>Immutable snapshot, taken once per scan (and once per Blink API request that compares a
 * block with its layout).
 */
public final class LiveNodes {
  private final Map<String, DatanodeInfo> byAddr = new HashMap<>();
  private final Map<String, Set<StorageType>> types = new HashMap<>();
  private final boolean multiRack;

  private LiveNodes(DatanodeStorageReport[] reports) {
    Set<String> racks = new HashSet<>();
    for (DatanodeStorageReport r : reports) {
      DatanodeInfo d = r.getDatanodeInfo();
      byAddr.put(d.getXferAddr(), d);
      Set<StorageType> t = EnumSet.noneOf(StorageType.class);
      for (StorageReport s : r.getStorageReports()) {
        t.add(s.getStorage().getStorageType());
      }
      types.put(d.getXferAddr(), t);
      racks.add(d.getNetworkLocation());
    }
    this.multiRack = racks.size() > 1;
  }

  public static LiveNodes of(DistributedFileSystem fs) throws IOException {
    return new LiveNodes(fs.getClient().getDatanodeStorageReport(DatanodeReportType.LIVE));
  }

  /** The live DataNode at {@code addr}, or null. */
  DatanodeInfo get(String addr) {
    return byAddr.get(addr);
  }

  /** Racks a block of {@code replicas} replicas must span. */
  int requiredRacks(int replicas) {
    return multiRack ? Math.min(2, replicas) : 1;
  }

  /**
   * The demand's view of {@code ring} for a block held by {@code holders}: fillable when a live
   * in-service DataNode holds the position, its rack, and whether it offers every storage type
   * all holders' DataNodes offer (the NameNode's storage rule).
   */
  StandInDemand.Ring ring(List<String> ring, List<String> holders) {
    Set<StorageType> shared = null;
    for (String h : holders) {
      Set<StorageType> t = types.getOrDefault(h, Set.of());
      if (shared == null) {
        shared = EnumSet.noneOf(StorageType.class);
        shared.addAll(t);
      } else {
        shared.retainAll(t);
      }
    }
    Set<StorageType> need = shared == null ? Set.of() : shared;
    return StandInDemand.Ring.of(p -> {
      DatanodeInfo d = byAddr.get(ring.get(p));
      return d != null && d.isInService();
    }, p -> byAddr.get(ring.get(p)).getNetworkLocation(),
        p -> types.getOrDefault(ring.get(p), Set.of()).containsAll(need));
  }
}
