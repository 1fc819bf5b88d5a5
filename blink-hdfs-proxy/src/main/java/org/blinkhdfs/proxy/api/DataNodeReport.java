package org.blinkhdfs.proxy.api;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.blinkhdfs.model.api.NodeState;

/**
 * The NameNode's live and dead DataNodes by transfer address (two {@code getDatanodeReport}
 * calls, as {@code hdfs dfsadmin -report -live / -dead}): a node's liveness and admin state for
 * {@code /v1/state}, its HTTP address for {@code /v1/load}.
 *
 * <p>Immutable snapshot, one per request.
 */
final class DataNodeReport {
  /** A DataNode and whether the NameNode counts it live. */
  record Entry(DatanodeInfo info, NodeState.Liveness liveness) {
    NodeState.DataNode view() {
      return new NodeState.DataNode(liveness, info.getAdminState().name());
    }
  }

  private final Map<String, Entry> byAddr = new HashMap<>();

  private DataNodeReport() {}

  static DataNodeReport of(DFSClient client) throws IOException {
    DataNodeReport r = new DataNodeReport();
    for (DatanodeInfo d : client.datanodeReport(DatanodeReportType.DEAD)) {
      r.byAddr.put(d.getXferAddr(), new Entry(d, NodeState.Liveness.DEAD));
    }
    for (DatanodeInfo d : client.datanodeReport(DatanodeReportType.LIVE)) {
      r.byAddr.put(d.getXferAddr(), new Entry(d, NodeState.Liveness.LIVE));
    }
    return r;
  }

  /** The DataNode at transfer address {@code node}, if the NameNode knows it. */
  Optional<Entry> find(String node) {
    return Optional.ofNullable(byAddr.get(node));
  }
}
