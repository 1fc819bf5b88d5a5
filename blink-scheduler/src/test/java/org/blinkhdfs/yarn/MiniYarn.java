package org.blinkhdfs.yarn;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.yarn.api.records.NodeAttribute;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.blinkhdfs.control.yarn.YarnNodeState;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;

/**
 * A real in-process YARN for the publisher's tests: one ResourceManager (CapacityScheduler) and
 * two NodeManagers, both on host {@code localhost}, plus a {@link YarnClient} to read what the
 * ResourceManager reports. The node attribute store lives under the test's directory.
 */
public final class MiniYarn implements Closeable {
  /** The DataNode addresses the tests schedule, mapped to the two NodeManagers. */
  public static final String DN1 = "127.0.0.1:9866";
  public static final String DN2 = "127.0.0.1:9867";

  private final MiniYARNCluster cluster;
  private final YarnClient client;
  /** NodeIds of the two NodeManagers ({@code localhost:port}). */
  public final String nm1;
  public final String nm2;
  /** The full total of each NodeManager (both are configured alike). */
  public final Resource full;

  public MiniYarn(Path dir) throws Exception {
    Configuration conf = new YarnConfiguration();
    // a test that turns Kerberos on in this JVM (YarnPublisherKerberosTest) keeps this insecure
    // cluster's own clients (NodeManagers, the test's YarnClient) connected
    conf.setBoolean(CommonConfigurationKeys.IPC_CLIENT_FALLBACK_TO_SIMPLE_AUTH_ALLOWED_KEY, true);
    conf.set(YarnConfiguration.FS_NODE_ATTRIBUTE_STORE_ROOT_DIR,
        dir.resolve("node-attribute").toUri().toString());
    cluster = new MiniYARNCluster("blink-yarn", 2, 1, 1);
    cluster.init(conf);
    cluster.start();
    client = YarnClient.createYarnClient();
    client.init(cluster.getConfig());
    client.start();
    waitFor(() -> running().size() == 2, "two running NodeManagers");
    List<NodeReport> nodes = running();
    nm1 = nodes.get(0).getNodeId().toString();
    nm2 = nodes.get(1).getNodeId().toString();
    full = nodes.get(0).getCapability();
  }

  /** The cluster's configuration (RM addresses) with the publisher enabled for DN1 and DN2. */
  public Configuration publisherConf() {
    Configuration conf = new Configuration(cluster.getConfig());
    conf.set(YarnPublisherConfig.ENABLED.name(), "true");
    conf.set(YarnPublisherConfig.NODES.name(), DN1 + "=" + nm1 + "," + DN2 + "=" + nm2);
    return conf;
  }

  /**
   * {@link #publisherConf()} following the schedule file {@code file}, written here: DN1 ACTIVE,
   * DN2 OFF (epoch 1, 60 s intervals), so a publisher zeroes nm2's compute and leaves nm1's.
   */
  public Configuration publisherConfOffDn2(Path file) throws IOException {
    Files.writeString(file, ScheduleJson.write(Schedule.builder().epoch(1).intervalMs(60_000)
        .add(NodeSchedule.of(DN1, NodeMode.ACTIVE)).add(NodeSchedule.of(DN2, NodeMode.OFF))
        .build()));
    Configuration conf = publisherConf();
    conf.set("blink.schedule.file", file.toString());
    conf.set("blink.schedule.poll.ms", "0");
    return conf;
  }

  public Configuration config() {
    return cluster.getConfig();
  }

  public YarnClient client() {
    return client;
  }

  public List<NodeReport> running() {
    try {
      return client.getNodeReports(NodeState.RUNNING);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  public Resource total(String nodeId) {
    return running().stream().filter(r -> r.getNodeId().toString().equals(nodeId)).findFirst()
        .orElseThrow().getCapability();
  }

  public boolean isZero(String nodeId) {
    Resource r = total(nodeId);
    return r.getMemorySize() == 0 && r.getVirtualCores() == 0;
  }

  public boolean isFull(String nodeId) {
    return total(nodeId).equals(full);
  }

  /** Every attribute of host localhost as {@code prefix/name -> value}. */
  public Map<String, String> attributes() {
    Map<String, String> out = new HashMap<>();
    try {
      for (NodeAttribute a : client.getNodeToAttributes(Set.of("localhost"))
          .getOrDefault("localhost", Set.of())) {
        out.put(a.getAttributeKey().getAttributePrefix() + "/"
            + a.getAttributeKey().getAttributeName(), a.getAttributeValue());
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    return out;
  }

  /** One {@code rm.yarn.io/<name>} attribute of host localhost, or null. */
  public String attr(String name) {
    return attributes().get(YarnNodeState.PREFIX + "/" + name);
  }

  /** Polls {@code ok} every 50 ms for up to 30 s. */
  public static void waitFor(BooleanSupplier ok, String what) throws InterruptedException {
    long end = System.nanoTime() + 30_000_000_000L;
    while (!ok.getAsBoolean()) {
      if (System.nanoTime() > end) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(50);
    }
  }

  @Override
  public void close() {
    client.stop();
    cluster.stop();
  }
}
