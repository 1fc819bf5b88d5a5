package org.blinkhdfs.cluster;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Every loopback port one local cluster's HDFS and control-plane daemons bind, by role: the
 * NameNode's RPC and HTTP ports, each DataNode's transfer, HTTP and IPC ports (ring DataNodes
 * first, then staging), the power scheduler's port, and each write proxy's HTTP and relay ports.
 *
 * <p>Why a plan: the ports are picked together ({@link FreePorts}, so no two are the same) and
 * handed to several daemons' configurations; named fields keep a DataNode's IPC port from being
 * read as the next node's transfer port, which index arithmetic over one list allowed.
 *
 * <p>Example: 2 DataNodes and 1 relay take 11 ports, assigned in this order: NameNode RPC and
 * HTTP; DataNode 0's transfer, HTTP, IPC; DataNode 1's; the first proxy's HTTP and relay; the
 * scheduler. A second relay adds its HTTP and relay ports at the end.
 *
 * @param dataNodes in ring-then-staging order, as the cluster starts them
 * @param proxies the first proxy (the one the cluster starts) first
 */
public record PortPlan(int nameNodeRpc, int nameNodeHttp, List<DataNodePorts> dataNodes,
    int scheduler, List<ProxyPorts> proxies) {

  /** One DataNode's ports: its transfer port is its name in the schedule. */
  public record DataNodePorts(int transfer, int http, int ipc) {}

  /** One write proxy's HTTP (API, metrics) and WebHDFS relay ports. */
  public record ProxyPorts(int http, int relay) {}

  public PortPlan {
    dataNodes = List.copyOf(dataNodes);
    proxies = List.copyOf(proxies);
  }

  /** How many ports a plan of {@code dataNodes} DataNodes and {@code relays} proxies takes. */
  static int count(int dataNodes, int relays) {
    return 3 + 3 * dataNodes + 2 * Math.max(1, relays);
  }

  /** Free loopback ports for {@code dataNodes} DataNodes and {@code relays} (>= 1) proxies. */
  static PortPlan take(int dataNodes, int relays) throws IOException {
    return of(FreePorts.take(count(dataNodes, relays)), dataNodes, relays);
  }

  /**
   * Assigns {@code ports} in the order the class comment gives.
   *
   * @throws IllegalArgumentException when {@code ports} is not exactly {@link #count} long
   */
  static PortPlan of(List<Integer> ports, int dataNodes, int relays) {
    int need = count(dataNodes, relays);
    if (ports.size() != need) {
      throw new IllegalArgumentException(ports.size() + " ports for " + dataNodes
          + " DataNodes and " + relays + " relays; a plan needs " + need);
    }
    List<DataNodePorts> dns = new ArrayList<>();
    for (int i = 0; i < dataNodes; i++) {
      int base = 2 + 3 * i;
      dns.add(new DataNodePorts(ports.get(base), ports.get(base + 1), ports.get(base + 2)));
    }
    int after = 2 + 3 * dataNodes;
    List<ProxyPorts> proxies = new ArrayList<>();
    proxies.add(new ProxyPorts(ports.get(after), ports.get(after + 1)));
    for (int i = after + 3; i < ports.size(); i += 2) {
      proxies.add(new ProxyPorts(ports.get(i), ports.get(i + 1)));
    }
    return new PortPlan(ports.get(0), ports.get(1), dns, ports.get(after + 2), proxies);
  }

  /** {@code 127.0.0.1:port}. */
  static String loopback(int port) {
    return "127.0.0.1:" + port;
  }
}
