package org.blinkhdfs.placement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
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
import org.blinkhdfs.core.maintenance.MaintenancePlan;

/**
 * The combined hosts file ({@code dfs.hosts} read by {@code CombinedHostFileManager}) as BlinkHDFS
 * writes it: one entry per held DataNode, nothing else.
 *
 * <pre>
 * file  = "[" [ entry *( "," entry ) ] "]"            ; JSON, UTF-8
 * entry = {"hostName": ip, "port": xferPort, "upgradeDomain": null,
 *          "adminState": "IN_MAINTENANCE", "maintenanceExpireTimeInMS": epochMs}
 * </pre>
 *
 * <p>Why only maintenance entries, and no NORMAL entry per DataNode: as soon as the file holds one
 * NORMAL entry it becomes an include list, and a DataNode it does not name is refused at
 * registration ({@code DisallowedDatanodeException}) and disallowed at the next refresh; a
 * DataNode added later would be shut out. A file with no NORMAL entry includes every DataNode
 * (the {@code emptyInServiceNodeLists} rule of {@code CombinedHostFileManager}), so writing only
 * the held nodes keeps membership exactly as without a hosts file. Matching is by IP address and
 * transfer port, so DataNodes sharing 127.0.0.1 on different ports (MiniDFSCluster, the local
 * cluster) are told apart; the schedule already names nodes by transfer address.
 *
 * <p>Writes go to a temporary file beside the target and are renamed over it atomically, so the
 * NameNode (or an operator's {@code hdfs dfsadmin -refreshNodes}) never reads half a file. The
 * file belongs to BlinkHDFS while maintenance is enabled: {@link #read()} refuses a file holding
 * other entries (an operator's include list or decommissioning) instead of silently dropping them.
 *
 * <p>Not thread-safe; the maintenance keeper is its only user.
 */
final class MaintenanceHostsFile {
  private final Path file;

  MaintenanceHostsFile(Path file) {
    this.file = file;
  }

  Path path() {
    return file;
  }

  /** Replaces the file with {@code plan}'s entries. */
  void write(MaintenancePlan plan) throws IOException {
    Set<DatanodeAdminProperties> entries = new LinkedHashSet<>();
    for (Map.Entry<String, Long> e : plan.expiries().entrySet()) {
      int colon = e.getKey().lastIndexOf(':');
      DatanodeAdminProperties p = new DatanodeAdminProperties();
      p.setHostName(e.getKey().substring(0, colon));
      p.setPort(Integer.parseInt(e.getKey().substring(colon + 1)));
      p.setAdminState(AdminStates.IN_MAINTENANCE);
      p.setMaintenanceExpireTimeInMS(e.getValue());
      entries.add(p);
    }
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    CombinedHostsFileWriter.writeFile(tmp.toString(), entries);
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  /**
   * The plan the file holds now: empty when it is missing or empty. Fails naming {@code dfs.hosts}
   * when it holds an entry BlinkHDFS would not write.
   */
  MaintenancePlan read() throws IOException {
    if (!Files.exists(file) || Files.size(file) == 0) {
      return MaintenancePlan.empty();
    }
    Map<String, Long> held = new TreeMap<>();
    List<String> foreign = new ArrayList<>();
    for (DatanodeAdminProperties p : CombinedHostsFileReader.readFile(file.toString())) {
      String node = p.getHostName() + ":" + p.getPort();
      if (p.getAdminState() == AdminStates.IN_MAINTENANCE && p.getPort() > 0) {
        held.put(node, p.getMaintenanceExpireTimeInMS());
      } else {
        foreign.add(node + " " + p.getAdminState().name());
      }
    }
    if (!foreign.isEmpty()) {
      throw new IllegalArgumentException(DFSConfigKeys.DFS_HOSTS + " = '" + file + "' holds"
          + " entries BlinkHDFS does not write: " + foreign + ". With "
          + PlacementConfig.MAINTENANCE_ENABLED.name() + " = true BlinkHDFS owns this file and"
          + " rewrites it; point " + DFSConfigKeys.DFS_HOSTS + " at a file of its own (include"
          + " lists and decommissioning then need " + PlacementConfig.MAINTENANCE_ENABLED.name()
          + " = false)");
    }
    return MaintenancePlan.of(held);
  }
}
