package org.blinkhdfs.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.NodeAttribute;
import org.apache.hadoop.yarn.api.records.NodeAttributeType;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.ClientRMProxy;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.apache.hadoop.yarn.server.api.ResourceManagerAdministrationProtocol;
import org.apache.hadoop.yarn.server.api.protocolrecords.AttributeMappingOperationType;
import org.apache.hadoop.yarn.server.api.protocolrecords.NodeToAttributes;
import org.apache.hadoop.yarn.server.api.protocolrecords.NodesToAttributesMappingRequest;
import org.blinkhdfs.core.schedule.NodeMode;
import org.blinkhdfs.core.schedule.NodeSchedule;
import org.blinkhdfs.core.schedule.Schedule;
import org.blinkhdfs.core.time.ManualClock;
import org.blinkhdfs.core.yarn.YarnNodeState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The YARN publisher against a real in-process ResourceManager with two NodeManagers
 * (MiniYARNCluster, CapacityScheduler with its default memory-only calculator): node totals and
 * centralized attributes as {@link YarnClient} reports them.
 *
 * <p>Both NodeManagers run on host {@code localhost}, so YARN's per-host attributes are the merge
 * of both nodes' states ({@code mixed} where they differ) while resources are per NodeManager.
 */
class YarnPublisherMiniClusterTest {
  static final String DN1 = "127.0.0.1:9866";
  static final String DN2 = "127.0.0.1:9867";

  @TempDir
  static Path dir;
  static MiniYARNCluster cluster;
  static YarnClient client;
  static String nm1;
  static String nm2;
  static Resource full;

  @BeforeAll
  static void startCluster() throws Exception {
    Configuration conf = new YarnConfiguration();
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
    assertTrue(full.getMemorySize() > 0 && full.getVirtualCores() > 0, full.toString());
  }

  @AfterAll
  static void stopCluster() {
    if (client != null) {
      client.stop();
    }
    if (cluster != null) {
      cluster.stop();
    }
  }

  static List<NodeReport> running() {
    try {
      return client.getNodeReports(NodeState.RUNNING);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  static Resource total(String nodeId) {
    return running().stream().filter(r -> r.getNodeId().toString().equals(nodeId)).findFirst()
        .orElseThrow().getCapability();
  }

  static Map<String, String> blinkAttributes() throws Exception {
    Map<String, String> out = new HashMap<>();
    for (NodeAttribute a : client.getNodeToAttributes(Set.of("localhost"))
        .getOrDefault("localhost", Set.of())) {
      out.put(a.getAttributeKey().getAttributePrefix() + "/" + a.getAttributeKey()
          .getAttributeName(), a.getAttributeValue());
    }
    return out;
  }

  static void waitFor(BooleanSupplier ok, String what) throws InterruptedException {
    long end = System.nanoTime() + 30_000_000_000L;
    while (!ok.getAsBoolean()) {
      if (System.nanoTime() > end) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(50);
    }
  }

  static Configuration publisherConf() {
    Configuration conf = new Configuration(cluster.getConfig());
    conf.set(YarnPublisherConfig.ENABLED.name(), "true");
    conf.set(YarnPublisherConfig.NODES.name(), DN1 + "=" + nm1 + "," + DN2 + "=" + nm2);
    conf.set("blink.interval.ms", "60000");
    conf.set(YarnPublisherConfig.CLOSE_LEAD_MS.name(), "10000");
    return conf;
  }

  static Schedule schedule(long epoch, NodeSchedule a, NodeSchedule b) {
    return Schedule.builder().epoch(epoch).intervalStartMs(0).intervalMs(60_000).add(a).add(b)
        .build();
  }

  static boolean totalIs(String nm, long memoryMb, int vcores) {
    Resource r = total(nm);
    return r.getMemorySize() == memoryMb && r.getVirtualCores() == vcores;
  }

  static boolean isFull(String nm) {
    return total(nm).equals(full);
  }

  @Test
  void offNodeOffersNothingUntilItIsActiveAgain() throws Exception {
    // an operator's own centralized attribute survives the publisher's REPLACE
    ClientRMProxy.createRMProxy(cluster.getConfig(), ResourceManagerAdministrationProtocol.class)
        .mapAttributesToNodes(
        NodesToAttributesMappingRequest.newInstance(AttributeMappingOperationType.ADD,
            List.of(NodeToAttributes.newInstance("localhost", List.of(NodeAttribute.newInstance(
                NodeAttribute.PREFIX_CENTRALIZED, "rack-kind", NodeAttributeType.STRING,
                "fast")))), false));
    assertEquals(YarnNodeState.PREFIX, NodeAttribute.PREFIX_CENTRALIZED);
    ManualClock clock = new ManualClock(25_000);
    AtomicReference<Schedule> current = new AtomicReference<>(
        schedule(1, NodeSchedule.of(DN1, NodeMode.OFF), NodeSchedule.of(DN2, NodeMode.ACTIVE)));
    YarnPublisher p = YarnPublisher.startIfEnabled(publisherConf(),
        () -> Optional.of(current.get()), clock).orElseThrow();
    try {
      waitFor(() -> totalIs(nm1, 0, 0) && isFull(nm2), "OFF node zeroed, ACTIVE node full");
      waitFor(() -> "mixed".equals(attr("blink-hdfs-mode")), "host attributes published");
      Map<String, String> a = blinkAttributes();
      assertEquals("mixed", a.get("rm.yarn.io/blink-hdfs-awake"));
      assertEquals("RING", a.get("rm.yarn.io/blink-hdfs-role"));
      assertEquals("fast", a.get("rm.yarn.io/rack-kind"));
      assertTrue(client.getClusterAttributes().stream().anyMatch(i -> i.getAttributeKey()
          .getAttributeName().equals("blink-hdfs-window")));

      // both io-servers: DataNodes serve, no compute anywhere; attributes agree now
      current.set(schedule(2, NodeSchedule.of(DN1, NodeMode.IO_SERVER),
          NodeSchedule.of(DN2, NodeMode.IO_SERVER)));
      p.kick();
      waitFor(() -> totalIs(nm1, 0, 0) && totalIs(nm2, 0, 0), "io-servers zeroed");
      waitFor(() -> "IO_SERVER".equals(attr("blink-hdfs-mode")), "io-server attributes");
      assertEquals("true", attr("blink-hdfs-awake"));
      assertEquals("false", attr("blink-hdfs-compute"));

      // DN1 blinks in [0, 20 000) of each minute, DN2 ACTIVE
      current.set(schedule(3, NodeSchedule.blink(DN1, 0, 20_000),
          NodeSchedule.of(DN2, NodeMode.ACTIVE)));
      p.kick(); // t = 25 000: DN1 asleep
      waitFor(() -> totalIs(nm1, 0, 0) && isFull(nm2), "sleeping BLINK node zeroed");
      clock.set(61_000); // awake with 19 000 ms left: full total back
      p.kick();
      waitFor(() -> isFull(nm1), "awake BLINK node restored");
      waitFor(() -> "at0-for20000-of60000".equals(attr("blink-hdfs-window"))
          || "mixed".equals(attr("blink-hdfs-window")), "window attribute");
      clock.set(72_000); // 8 000 ms left, under the 10 000 ms lead: nothing new starts there
      p.kick();
      waitFor(() -> totalIs(nm1, 0, 0), "closing BLINK node zeroed within the lead");
      assertTrue(p.rounds() > 0);
      assertFalse(p.lastPlan().orElseThrow().nodes().get(DN1).offersCompute());
      assertTrue(p.lastPlan().orElseThrow().nodes().get(DN1).awake());
    } finally {
      p.close();
    }
    // closing the publisher gives every managed node its full compute back
    assertTrue(isFull(nm1) || waitFull(nm1));
    assertEquals("ACTIVE", attr("blink-hdfs-mode"));
    assertEquals("fast", blinkAttributes().get("rm.yarn.io/rack-kind"));
  }

  private static boolean waitFull(String nm) throws InterruptedException {
    waitFor(() -> isFull(nm), nm + " full again");
    return true;
  }

  static String attr(String name) {
    try {
      return blinkAttributes().get(YarnNodeState.PREFIX + "/" + name);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
