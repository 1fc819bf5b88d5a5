package org.blinkhdfs.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * YARN on a {@link LocalCluster}'s hosts: a ResourceManager JVM and one NodeManager JVM per
 * DataNode, each with its own ports, local and log dirs and conf dir ({@link YarnSite}). A host's
 * NodeManager goes into the host's freezer cgroup beside its DataNode ({@link HostGroups}), or,
 * without cgroups, is frozen by signals to its whole process tree (the agent's {@code
 * --pid-tree}).
 *
 * <p>Start waits until the ResourceManager reports every NodeManager RUNNING. Stop (part of the
 * cluster's close, after the agents have thawed every host) stops the NodeManagers, which kill
 * their containers, then kills any container process still alive (a container JVM carries no
 * marker, so nothing else would find it), then the ResourceManager.
 *
 * <p>Thread-safe for the query methods.
 */
final class YarnCluster {
  private static final long START_TIMEOUT_MS = 180_000;

  private final YarnSite site;
  private final Path confDir;
  private final JavaDaemon resourceManager;
  private final List<JavaDaemon> nodeManagers;
  /** Each NodeManager's RPC port ({@code yarn.nodemanager.address}), same order. */
  private final List<Integer> nmPorts;

  private YarnCluster(YarnSite site, Path confDir, JavaDaemon resourceManager,
      List<JavaDaemon> nodeManagers, List<Integer> nmPorts) {
    this.site = site;
    this.confDir = confDir;
    this.resourceManager = resourceManager;
    this.nodeManagers = nodeManagers;
    this.nmPorts = List.copyOf(nmPorts);
  }

  /**
   * Starts the ResourceManager and a NodeManager per DataNode (same order, {@code <dn>/nm}),
   * adding each NodeManager to its host's group; returns once all are RUNNING at the RM.
   */
  static YarnCluster start(ClusterSpec spec, Path dir, Configuration hdfsClient,
      List<DataNodeProcess> dataNodes, Optional<HostGroups> groups, List<JavaDaemon> started,
      Consumer<String> progress) throws IOException, InterruptedException {
    List<Integer> ports = FreePorts.take(YarnSite.RM_PORTS
        + YarnSite.NM_PORTS * dataNodes.size());
    YarnSite site = new YarnSite(spec, hdfsClient, ports.subList(0, YarnSite.RM_PORTS));
    Path rmDir = dir.resolve("resourcemanager");
    Path rmConf = site.writeConfDir(rmDir.resolve("conf"), site.resourceManager(rmDir));
    DaemonLauncher launcher = DaemonLauncher.of(spec, dir);
    JavaDaemon rm = JavaDaemon.start(launcher, "resourcemanager", rmConf,
        JvmFlags.RESOURCE_MANAGER,
        "org.apache.hadoop.yarn.server.resourcemanager.ResourceManager", List.of(),
        dir.resolve("logs/resourcemanager.log"));
    started.add(rm);
    List<JavaDaemon> nms = new ArrayList<>();
    List<Integer> nmPorts = new ArrayList<>();
    for (int i = 0; i < dataNodes.size(); i++) {
      String host = dataNodes.get(i).daemon().name();
      Path nmDir = dir.resolve(host).resolve("nm");
      int base = YarnSite.RM_PORTS + YarnSite.NM_PORTS * i;
      nmPorts.add(ports.get(base)); // YarnSite#nodeManager: the first is the NodeManager's
      Path conf = site.writeConfDir(nmDir.resolve("conf"),
          site.nodeManager(nmDir, ports.subList(base, base + YarnSite.NM_PORTS),
              dataNodes.get(i).xferAddress()));
      JavaDaemon nm = JavaDaemon.start(launcher, host + "-nm", conf, JvmFlags.NODE_MANAGER,
          "org.apache.hadoop.yarn.server.nodemanager.NodeManager", List.of(),
          dir.resolve("logs/" + host + "-nm.log"));
      started.add(nm);
      nms.add(nm);
      if (groups.isPresent()) {
        groups.get().add(host, nm.pid());
      }
    }
    YarnCluster y = new YarnCluster(site, rmConf, rm, nms, nmPorts);
    progress.accept("started ResourceManager (http://" + site.rmWebapp() + ") and "
        + nms.size() + " NodeManager JVMs (" + spec.yarn().nodeMemoryMb() + " MB, "
        + spec.yarn().offeredVcores() + " vcores each); waiting until they are RUNNING");
    y.awaitRunning(started);
    progress.accept("all " + nms.size() + " NodeManagers RUNNING at the ResourceManager");
    return y;
  }

  private void awaitRunning(List<JavaDaemon> daemons) throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
    String last = "no answer yet";
    try (YarnClient client = YarnClient.createYarnClient()) {
      client.init(jobConf());
      client.start();
      while (System.currentTimeMillis() < deadline) {
        for (JavaDaemon d : daemons) {
          if (!d.isAlive()) {
            throw new IOException(d.name() + " exited during start-up; see " + d.log());
          }
        }
        try {
          int running = client.getNodeReports(NodeState.RUNNING).size();
          if (running >= nodeManagers.size()) {
            return;
          }
          last = running + " of " + nodeManagers.size() + " NodeManagers RUNNING";
        } catch (YarnException | IOException e) {
          last = "ResourceManager not answering yet: " + e.getMessage();
        }
        Thread.sleep(500);
      }
    }
    throw new IOException("YARN not up within " + START_TIMEOUT_MS + " ms (" + last
        + "); see " + resourceManager.log() + " and the NodeManagers' logs");
  }

  /** A client configuration that submits MapReduce jobs to this YARN (a fresh copy). */
  Configuration jobConf() {
    return site.job(confDir);
  }

  String resourceManagerAddress() {
    return site.rmAddress();
  }

  /** The ResourceManager's admin address ({@code yarn.resourcemanager.admin.address}). */
  String adminAddress() {
    return jobConf().get("yarn.resourcemanager.admin.address");
  }

  /**
   * {@code blink.yarn.nodes} for the YARN publisher: each DataNode's transfer address mapped to
   * its NodeManager's NodeId as the ResourceManager reports it (every NodeManager here shares
   * 127.0.0.1, so the publisher cannot match them by host). The NodeManager of DataNode i is the
   * one with the i-th NodeManager port.
   */
  String publisherNodeMap(List<DataNodeProcess> dataNodes) throws IOException {
    Map<Integer, String> byPort = new HashMap<>();
    for (NodeReport r : nodeReports()) {
      byPort.put(r.getNodeId().getPort(), r.getNodeId().toString());
    }
    List<String> pairs = new ArrayList<>();
    for (int i = 0; i < dataNodes.size(); i++) {
      String nodeId = byPort.get(nmPorts.get(i));
      if (nodeId == null) {
        throw new IOException("the ResourceManager reports no NodeManager on port "
            + nmPorts.get(i) + " (host of " + dataNodes.get(i).xferAddress() + ")");
      }
      pairs.add(dataNodes.get(i).xferAddress() + "=" + nodeId);
    }
    return String.join(",", pairs);
  }

  /** {@link YarnSite#livenessMs()}: what a sleep must stay well below. */
  long livenessMs() {
    return site.livenessMs();
  }

  /** The NodeManager of DataNode {@code i} (same order as the cluster's DataNodes). */
  JavaDaemon nodeManager(int i) {
    return nodeManagers.get(i);
  }

  /** The RM's reports of all NodeManagers (any state). */
  List<NodeReport> nodeReports() throws IOException {
    try (YarnClient client = YarnClient.createYarnClient()) {
      client.init(jobConf());
      client.start();
      return client.getNodeReports();
    } catch (YarnException e) {
      throw new IOException("ResourceManager at " + site.rmAddress() + ": " + e, e);
    }
  }

  /**
   * Stops the NodeManagers (in parallel; they kill their containers), then kills container
   * processes that outlived them, then the ResourceManager.
   */
  void stop() throws InterruptedException {
    List<ProcessHandle> containers = new ArrayList<>();
    for (JavaDaemon nm : nodeManagers) {
      ProcessHandle.of(nm.pid()).ifPresent(h -> h.descendants().forEach(containers::add));
    }
    List<Thread> stoppers = new ArrayList<>();
    for (JavaDaemon nm : nodeManagers) {
      Thread t = new Thread(() -> {
        try {
          nm.stop();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }, "stop " + nm.name());
      t.start();
      stoppers.add(t);
    }
    for (Thread t : stoppers) {
      t.join();
    }
    for (ProcessHandle h : containers) {
      if (h.isAlive()) {
        Signals.cont(h.pid());
        h.destroyForcibly();
      }
    }
    resourceManager.stop();
  }

  /** The one-letter state of {@code pid} in {@code /proc/<pid>/stat} ('T' stopped), or '?'. */
  static char processState(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"),
          StandardCharsets.US_ASCII);
      int close = stat.lastIndexOf(')');
      return close >= 0 && close + 2 < stat.length() ? stat.charAt(close + 2) : '?';
    } catch (IOException e) {
      return '?';
    }
  }
}
