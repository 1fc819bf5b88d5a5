package org.blinkhdfs.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hdfs.protocol.DatanodeAdminProperties;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo.AdminStates;
import org.apache.hadoop.hdfs.util.CombinedHostsFileWriter;
import org.blinkhdfs.model.policy.CoveringSet;

/**
 * The stock-HDFS covering set's NameNode keys and its {@code dfs.hosts} file: what an operator
 * configures with HDFS 3.5 alone to keep one replica of every block on an always-on upgrade
 * domain, and what they rewrite before {@code hdfs dfsadmin -refreshNodes} to take whole domains
 * in and out of maintenance.
 *
 * <p>The keys ({@link #nameNodeKeys}) are HDFS's own: {@code BlockPlacementPolicyWithUpgradeDomain}
 * with {@code dfs.namenode.upgrade.domain.factor} = r (each of a block's r replicas in another
 * domain), the {@code CombinedHostFileManager} reading the JSON {@code dfs.hosts} (the only hosts
 * provider that knows upgrade domains and maintenance), and {@code
 * dfs.namenode.maintenance.replication.min} = 1 (a node enters maintenance once every block it
 * holds has one live replica elsewhere, which the always-on domain gives at once, so no block is
 * copied). No BlinkHDFS class is named.
 *
 * <p>The file ({@link #write}) lists every ring DataNode, matched by IP and transfer port as the
 * combined hosts reader matches them, with {@code "upgradeDomain": "ud<d>"} from {@link
 * CoveringSet} (contiguous runs of the ring order) and {@code "adminState": "NORMAL"}, or {@code
 * "IN_MAINTENANCE"} with {@code "maintenanceExpireTimeInMS"} for the nodes taken out. Listing a
 * NORMAL entry makes the file an include list, so a DataNode not named here is refused at
 * registration: the layout runs no staging node (it would be a domain of its own, HDFS's
 * fallback for a node without one, and take replicas the always-on domain must hold).
 *
 * <p>Writes go to a temporary file beside the target, renamed over it atomically, so the
 * NameNode never reads half a file. Not thread-safe; one writer.
 */
public final class CoveringHosts {
  /** HDFS's {@code dfs.namenode.maintenance.replication.min}: one live replica elsewhere. */
  static final int MAINTENANCE_REPLICATION_MIN = 1;

  private final Path file;
  private final List<String> ring;
  private final CoveringSet set;

  /**
   * @param file the {@code dfs.hosts} JSON file
   * @param ring the ring DataNodes' transfer addresses ({@code ip:port}), in ring order
   * @param domains upgrade domains r, the replication of the data
   */
  public CoveringHosts(Path file, List<String> ring, int domains) {
    this.file = file;
    this.ring = List.copyOf(ring);
    this.set = CoveringSet.of(ring.size(), domains);
    for (String n : ring) {
      int colon = n.lastIndexOf(':');
      if (colon <= 0 || !n.substring(colon + 1).matches("[0-9]{1,5}")) {
        throw new IllegalArgumentException("ring node '" + n + "' is not ip:port; the combined"
            + " hosts file matches DataNodes by IP address and transfer port");
      }
    }
  }

  /**
   * The stock NameNode keys of the covering set (see the class comment), with {@code
   * dfs.namenode.decommission.interval} = {@code adminCheckSeconds}: how often HDFS moves a node
   * from ENTERING_MAINTENANCE to IN_MAINTENANCE (30 s by default).
   */
  public static Map<String, String> nameNodeKeys(Path hostsFile, int domains,
      int adminCheckSeconds) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("dfs.block.replicator.classname",
        "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyWithUpgradeDomain");
    m.put("dfs.namenode.upgrade.domain.factor", Integer.toString(domains));
    m.put("dfs.namenode.hosts.provider.classname",
        "org.apache.hadoop.hdfs.server.blockmanagement.CombinedHostFileManager");
    m.put("dfs.hosts", hostsFile.toString());
    m.put("dfs.namenode.maintenance.replication.min",
        Integer.toString(MAINTENANCE_REPLICATION_MIN));
    m.put("dfs.namenode.decommission.interval", Integer.toString(adminCheckSeconds));
    return m;
  }

  public Path path() {
    return file;
  }

  public CoveringSet coveringSet() {
    return set;
  }

  public List<String> ring() {
    return ring;
  }

  /** The upgrade domain name of ring node {@code node} ({@code ud0}, ...). */
  public String domainOf(String node) {
    int i = ring.indexOf(node);
    if (i < 0) {
      throw new IllegalArgumentException(node + " is not a ring node of " + ring);
    }
    return CoveringSet.domainName(set.domainOf(i));
  }

  /** The ring nodes of domain {@code d}, in ring order. */
  public List<String> domainNodes(int d) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < ring.size(); i++) {
      if (set.domainOf(i) == d) {
        out.add(ring.get(i));
      }
    }
    return out;
  }

  /** The ring nodes a plan leaves OFF: every node past its whole ACTIVE domains. */
  public Set<String> offNodes(CoveringSet.Plan plan) {
    return new LinkedHashSet<>(ring.subList(plan.activeNodes(), ring.size()));
  }

  /**
   * Writes every ring node with its domain, {@code inMaintenance} IN_MAINTENANCE until {@code
   * expireAtMs} (epoch ms; HDFS puts a node back in service by itself then), the others NORMAL.
   */
  public void write(Set<String> inMaintenance, long expireAtMs) throws IOException {
    if (!ring.containsAll(inMaintenance)) {
      throw new IllegalArgumentException("maintenance for " + inMaintenance + ", which are not"
          + " all ring nodes of " + ring);
    }
    Set<DatanodeAdminProperties> entries = new LinkedHashSet<>();
    for (String n : ring) {
      int colon = n.lastIndexOf(':');
      DatanodeAdminProperties p = new DatanodeAdminProperties();
      p.setHostName(n.substring(0, colon));
      p.setPort(Integer.parseInt(n.substring(colon + 1)));
      p.setUpgradeDomain(domainOf(n));
      if (inMaintenance.contains(n)) {
        p.setAdminState(AdminStates.IN_MAINTENANCE);
        p.setMaintenanceExpireTimeInMS(expireAtMs);
      } else {
        p.setAdminState(AdminStates.NORMAL);
      }
      entries.add(p);
    }
    Files.createDirectories(file.toAbsolutePath().getParent());
    Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(),
        file.getFileName() + ".", ".tmp");
    try {
      CombinedHostsFileWriter.writeFile(tmp.toString(), entries);
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
