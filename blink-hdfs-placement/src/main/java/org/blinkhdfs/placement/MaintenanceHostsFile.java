package org.blinkhdfs.placement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.DatanodeAdminProperties;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo.AdminStates;
import org.apache.hadoop.hdfs.util.CombinedHostsFileReader;
import org.apache.hadoop.hdfs.util.CombinedHostsFileWriter;
import org.blinkhdfs.layout.maintenance.MaintenancePlan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The combined hosts file ({@code dfs.hosts} read by {@code CombinedHostFileManager}), shared
 * between BlinkHDFS's maintenance entries and whatever the operator keeps there.
 *
 * <pre>
 * file  = "[" [ entry *( "," entry ) ] "]"            ; JSON, UTF-8
 * entry = {"hostName": ip, "port": xferPort, "upgradeDomain": null,
 *          "adminState": "IN_MAINTENANCE", "maintenanceExpireTimeInMS": epochMs}
 * </pre>
 *
 * <p><b>What is BlinkHDFS's.</b> Exactly the IN_MAINTENANCE entries of the plan it applied last
 * (at NameNode start: every IN_MAINTENANCE entry with a port, which is what it writes). Every
 * other entry — an operator's decommission ({@code DECOMMISSIONED}), include-list ({@code NORMAL})
 * or hand-made maintenance entry added at any time — is kept as it is on every rewrite, and an
 * operator's entry for a DataNode wins over BlinkHDFS's: that node is left out of BlinkHDFS's
 * entries (a decommission is never cancelled by a maintenance change).
 *
 * <p>Why BlinkHDFS itself writes no NORMAL entry per DataNode: as soon as the file holds one
 * NORMAL entry it becomes an include list, and a DataNode it does not name is refused at
 * registration ({@code DisallowedDatanodeException}); a file with no NORMAL entry includes every
 * DataNode (the {@code emptyInServiceNodeLists} rule of {@code CombinedHostFileManager}). An
 * operator's NORMAL entries are theirs to keep. Matching is by IP address and transfer port, so
 * DataNodes sharing 127.0.0.1 on different ports (MiniDFSCluster, the local cluster) are told
 * apart; the schedule already names nodes by transfer address.
 *
 * <p>Writes go to a temporary file of its own beside the target (a unique name per write, so two
 * NameNodes of an HA pair sharing the file never collide on it) and are renamed over it
 * atomically, so the NameNode (or an operator's {@code hdfs dfsadmin -refreshNodes}) never reads
 * half a file. An operator edit between BlinkHDFS's read and its rename can still be lost; edit
 * the file by writing a new one and renaming it, and BlinkHDFS's next pass keeps the entries.
 *
 * <p>Not thread-safe; the maintenance keeper is its only user.
 */
final class MaintenanceHostsFile {
  private static final Logger LOG = LoggerFactory.getLogger(MaintenanceHostsFile.class);

  private final Path file;

  MaintenanceHostsFile(Path file) {
    this.file = file;
  }

  Path path() {
    return file;
  }

  /**
   * Replaces BlinkHDFS's entries, those of {@code previous}, with {@code wanted}'s, keeping every
   * other entry of the file as it is.
   *
   * @return the plan the file now holds for BlinkHDFS: {@code wanted} without the nodes an
   *     operator's entry names
   */
  MaintenancePlan write(MaintenancePlan previous, MaintenancePlan wanted) throws IOException {
    Set<DatanodeAdminProperties> entries = new LinkedHashSet<>();
    Set<String> operators = new HashSet<>();
    for (DatanodeAdminProperties p : current()) {
      String node = node(p);
      if (!(ours(p) && previous.nodes().contains(node))) {
        entries.add(p);
        operators.add(node);
      }
    }
    Map<String, Long> written = new TreeMap<>();
    for (Map.Entry<String, Long> e : wanted.expiries().entrySet()) {
      if (operators.contains(e.getKey())) {
        LOG.warn("BlinkHDFS maintenance: {} has an entry of the operator's in {}; leaving it"
            + " to that entry instead of holding it in maintenance", e.getKey(), file);
        continue;
      }
      int colon = e.getKey().lastIndexOf(':');
      DatanodeAdminProperties p = new DatanodeAdminProperties();
      p.setHostName(e.getKey().substring(0, colon));
      p.setPort(Integer.parseInt(e.getKey().substring(colon + 1)));
      p.setAdminState(AdminStates.IN_MAINTENANCE);
      p.setMaintenanceExpireTimeInMS(e.getValue());
      entries.add(p);
      written.put(e.getKey(), e.getValue());
    }
    Path tmp = Files.createTempFile(file.getParent(), file.getFileName() + ".", ".tmp");
    try {
      CombinedHostsFileWriter.writeFile(tmp.toString(), entries);
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(tmp);
    }
    return MaintenancePlan.of(written);
  }

  /**
   * BlinkHDFS's plan in the file now (its IN_MAINTENANCE entries with a port): empty when the
   * file is missing or empty. Other entries are the operator's; they are logged, not refused.
   */
  MaintenancePlan read() throws IOException {
    Map<String, Long> held = new TreeMap<>();
    List<String> others = new ArrayList<>();
    for (DatanodeAdminProperties p : current()) {
      if (ours(p)) {
        held.put(node(p), p.getMaintenanceExpireTimeInMS());
      } else {
        others.add(node(p) + " " + p.getAdminState().name());
      }
    }
    if (!others.isEmpty()) {
      LOG.info("BlinkHDFS maintenance: {} ({}) also holds the operator's entries {}; they are"
          + " kept on every rewrite", file, DFSConfigKeys.DFS_HOSTS, others);
    }
    return MaintenancePlan.of(held);
  }

  private DatanodeAdminProperties[] current() throws IOException {
    if (!Files.exists(file) || Files.size(file) == 0) {
      return new DatanodeAdminProperties[0];
    }
    return CombinedHostsFileReader.readFile(file.toString());
  }

  private static boolean ours(DatanodeAdminProperties p) {
    return p.getAdminState() == AdminStates.IN_MAINTENANCE && p.getPort() > 0;
  }

  private static String node(DatanodeAdminProperties p) {
    return p.getHostName() + ":" + p.getPort();
  }
}
