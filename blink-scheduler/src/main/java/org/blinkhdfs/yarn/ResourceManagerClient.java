package org.blinkhdfs.yarn;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.yarn.api.records.NodeAttribute;
import org.apache.hadoop.yarn.api.records.NodeAttributeType;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceOption;
import org.apache.hadoop.yarn.client.ClientRMProxy;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.server.api.ResourceManagerAdministrationProtocol;
import org.apache.hadoop.yarn.server.api.protocolrecords.AttributeMappingOperationType;
import org.apache.hadoop.yarn.server.api.protocolrecords.NodeToAttributes;
import org.apache.hadoop.yarn.server.api.protocolrecords.NodesToAttributesMappingRequest;
import org.apache.hadoop.yarn.server.api.protocolrecords.UpdateNodeResourceRequest;
import org.blinkhdfs.control.yarn.ComputeResource;
import org.blinkhdfs.control.yarn.YarnNodeState;

/**
 * The YARN publisher's only contact with the ResourceManager: node reports through the client
 * protocol ({@link YarnClient}), node resources and centralized node attributes through the admin
 * protocol ({@link ResourceManagerAdministrationProtocol}, what {@code yarn rmadmin
 * -updateNodeResource} and {@code yarn nodeattributes -replace} call).
 *
 * <p>Every call gives up after {@code blink.yarn.rpc.max.wait.ms}: the proxies are built from a
 * copy of the configuration with {@code yarn.resourcemanager.connect.max-wait.ms} set to it (the
 * YARN default waits 15 minutes for a ResourceManager that is down, which would stall window
 * edges).
 *
 * <p>Attributes: a REPLACE names hosts and replaces all their {@code rm.yarn.io} attributes, so
 * the operator's own centralized attributes on those hosts are read first and sent back
 * unchanged; only the {@code blink-hdfs-*} ones change. Resources: updates carry an
 * over-commit timeout of -1, so containers already running on a node whose offer drops to zero
 * keep running (they are paused with the host, never preempted).
 *
 * <p>Not thread-safe: one publisher thread uses it.
 */
final class ResourceManagerClient implements Closeable {
  /** One NodeManager as the ResourceManager reports it: its total and what its containers use. */
  record NodeManagerInfo(String id, String host, Resource total, Resource used) {
    ComputeResource compute() {
      return of(total);
    }
  }

  private final YarnClient client;
  private final ResourceManagerAdministrationProtocol admin;

  ResourceManagerClient(Configuration conf, long maxWaitMs) throws IOException {
    Configuration c = new YarnConfiguration(conf);
    c.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, maxWaitMs);
    c.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS,
        Math.min(1_000, maxWaitMs));
    this.client = YarnClient.createYarnClient();
    client.init(c);
    client.start();
    this.admin = ClientRMProxy.createRMProxy(c, ResourceManagerAdministrationProtocol.class);
  }

  static ComputeResource of(Resource r) {
    return new ComputeResource(r.getMemorySize(), r.getVirtualCores());
  }

  /** NodeManagers the ResourceManager can update now (its active nodes). */
  List<NodeManagerInfo> activeNodes() throws IOException, YarnException {
    List<NodeManagerInfo> out = new ArrayList<>();
    for (NodeReport r : client.getNodeReports(NodeState.RUNNING, NodeState.UNHEALTHY,
        NodeState.DECOMMISSIONING)) {
      out.add(new NodeManagerInfo(r.getNodeId().toString(), r.getNodeId().getHost(),
          r.getCapability(), r.getUsed() == null ? Resource.newInstance(0, 0) : r.getUsed()));
    }
    return out;
  }

  /** Sets each node's total resource; never preempts running containers. */
  void updateResources(Map<NodeManagerInfo, Resource> totals) throws IOException, YarnException {
    Map<NodeId, ResourceOption> m = new HashMap<>();
    totals.forEach((nm, r) -> m.put(NodeId.fromString(nm.id()), ResourceOption.newInstance(r,
        ResourceOption.OVER_COMMIT_TIMEOUT_MILLIS_DEFAULT)));
    admin.updateNodeResource(UpdateNodeResourceRequest.newInstance(m));
  }

  /** Replaces the blink attributes of each host, keeping its other centralized attributes. */
  void replaceBlinkAttributes(Map<String, Map<String, String>> byHost)
      throws IOException, YarnException {
    Map<String, Set<NodeAttribute>> current = client.getNodeToAttributes(byHost.keySet());
    List<NodeToAttributes> mapping = new ArrayList<>();
    byHost.forEach((host, attrs) -> {
      List<NodeAttribute> list = new ArrayList<>();
      for (NodeAttribute a : current.getOrDefault(host, Set.of())) {
        String prefix = a.getAttributeKey().getAttributePrefix();
        String name = a.getAttributeKey().getAttributeName();
        if (NodeAttribute.PREFIX_CENTRALIZED.equals(prefix)
            && !name.startsWith(YarnNodeState.NAME_START)) {
          list.add(a);
        }
      }
      attrs.forEach((k, v) -> list.add(NodeAttribute.newInstance(
          NodeAttribute.PREFIX_CENTRALIZED, k, NodeAttributeType.STRING, v)));
      mapping.add(NodeToAttributes.newInstance(host, list));
    });
    admin.mapAttributesToNodes(NodesToAttributesMappingRequest.newInstance(
        AttributeMappingOperationType.REPLACE, mapping, false));
  }

  @Override
  public void close() {
    client.stop();
    RPC.stopProxy(admin);
  }
}
