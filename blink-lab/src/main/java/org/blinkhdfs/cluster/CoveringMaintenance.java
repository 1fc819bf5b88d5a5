package org.blinkhdfs.cluster;

import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.tools.DFSAdmin;
import org.apache.hadoop.util.ToolRunner;

/**
 * The operator's script of the stock covering set: rewrite the {@code dfs.hosts} JSON ({@link
 * CoveringHosts}) and run HDFS's own {@code dfsadmin -refreshNodes}, then wait until the NameNode
 * shows every node in the state asked for. Nothing here is BlinkHDFS's NameNode code; an
 * operator does the same with a text editor and {@code hdfs dfsadmin -refreshNodes}.
 *
 * <p>Order matters and is the caller's: before a power drop, {@link #apply} the OFF domains'
 * maintenance and only then let the scheduler plan them OFF (the agents suspend them), so no
 * sleeping node is ever a write target (HDFS 3.5 {@code BlockPlacementPolicyDefault
 * #isGoodDatanode} takes only {@code isInService()} nodes, and a node in ENTERING_MAINTENANCE or
 * IN_MAINTENANCE is not) and no read is sent to one ({@code BlockManager#createLocatedBlock} leaves
 * IN_MAINTENANCE replicas out of the locations). After a power rise, wait until the woken nodes
 * heartbeat, then {@link #apply} the smaller set, which returns them to service.
 *
 * <p>Not thread-safe; one per cluster.
 */
public final class CoveringMaintenance {
  /**
   * How long a domain may stay in maintenance ({@code maintenanceExpireTimeInMS} = now + this):
   * longer than any power level of a run. Should the script stop, HDFS puts the domain back in
   * service by itself then.
   */
  static final long HOLD_MS = 3_600_000;

  private final CoveringHosts hosts;
  private final Configuration conf;
  private final DistributedFileSystem dfs;
  private Set<String> held = Set.of();

  /**
   * @param conf a client configuration of the cluster ({@code fs.defaultFS} the NameNode), for
   *     {@code dfsadmin}
   * @param dfs a client of the same NameNode, to read the DataNodes' admin states
   */
  public CoveringMaintenance(CoveringHosts hosts, Configuration conf, DistributedFileSystem dfs) {
    this.hosts = hosts;
    this.conf = new Configuration(conf);
    this.dfs = dfs;
  }

  public CoveringHosts hosts() {
    return hosts;
  }

  /** The ring nodes in maintenance by the last {@link #apply}. */
  public Set<String> held() {
    return held;
  }

  /**
   * Puts exactly {@code nodes} in maintenance and every other ring node in service, and waits
   * until the NameNode shows each IN_MAINTENANCE or NORMAL.
   *
   * @return how long the NameNode took, in ms
   * @throws IllegalStateException when the states are not reached within {@code timeoutMs},
   *     naming the nodes and their states
   */
  public long apply(Set<String> nodes, long timeoutMs) throws IOException, InterruptedException {
    long t0 = System.currentTimeMillis();
    hosts.write(nodes, t0 + HOLD_MS);
    refreshNodes(conf);
    held = Set.copyOf(new LinkedHashSet<>(nodes));
    while (true) {
      Map<String, String> wrong = wrongStates(nodes);
      long t = System.currentTimeMillis();
      if (wrong.isEmpty()) {
        return t - t0;
      }
      if (t - t0 > timeoutMs) {
        throw new IllegalStateException("after dfsadmin -refreshNodes with " + nodes + " in"
            + " maintenance (" + hosts.path() + "), the NameNode still shows " + wrong + " "
            + timeoutMs + " ms later; see the NameNode log (DatanodeAdminManager)");
      }
      Thread.sleep(200);
    }
  }

  /** Ring nodes whose admin state is not yet the one asked for, with the state they are in. */
  private Map<String, String> wrongStates(Set<String> inMaintenance) throws IOException {
    Map<String, String> wrong = new TreeMap<>();
    Map<String, DatanodeInfo> byNode = new TreeMap<>();
    for (DatanodeInfo d : dfs.getDataNodeStats(DatanodeReportType.ALL)) {
      byNode.put(d.getXferAddr(), d);
    }
    for (String n : hosts.ring()) {
      DatanodeInfo d = byNode.get(n);
      if (d == null) {
        wrong.put(n, "not registered");
      } else if (inMaintenance.contains(n) ? !d.isInMaintenance() : !d.isInService()) {
        wrong.put(n, d.getAdminState().toString());
      }
    }
    return wrong;
  }

  /** HDFS's {@code dfsadmin -refreshNodes}: the NameNode re-reads {@code dfs.hosts}. */
  static void refreshNodes(Configuration conf) throws IOException {
    int rc;
    try {
      rc = ToolRunner.run(new DFSAdmin(conf), new String[] {"-refreshNodes"});
    } catch (Exception e) {
      throw new IOException("dfsadmin -refreshNodes failed: " + e.getMessage(), e);
    }
    if (rc != 0) {
      throw new IOException("dfsadmin -refreshNodes exited with " + rc + " (fs.defaultFS = "
          + conf.get("fs.defaultFS") + ")");
    }
  }
}
