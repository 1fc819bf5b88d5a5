package org.blinkhdfs.yarn;

import static org.blinkhdfs.yarn.MiniYarn.DN1;
import static org.blinkhdfs.yarn.MiniYarn.DN2;
import static org.blinkhdfs.yarn.MiniYarn.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.NodeAttribute;
import org.apache.hadoop.yarn.api.records.NodeAttributeType;
import org.apache.hadoop.yarn.client.ClientRMProxy;
import org.apache.hadoop.yarn.server.api.ResourceManagerAdministrationProtocol;
import org.apache.hadoop.yarn.server.api.protocolrecords.AttributeMappingOperationType;
import org.apache.hadoop.yarn.server.api.protocolrecords.NodeToAttributes;
import org.apache.hadoop.yarn.server.api.protocolrecords.NodesToAttributesMappingRequest;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.control.yarn.YarnNodeState;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The YARN publisher against a real in-process ResourceManager with two NodeManagers
 * ({@link MiniYarn}; CapacityScheduler with its default memory-only calculator): node totals and
 * centralized attributes as {@code YarnClient} reports them, and where the scheduler then places
 * containers ({@link UnmanagedAm}).
 *
 * <p>Both NodeManagers run on host {@code localhost}, so YARN's per-host attributes are the merge
 * of both nodes' states ({@code mixed} where they differ) while resources are per NodeManager.
 */
class YarnPublisherMiniClusterTest {
  @TempDir
  static Path dir;
  static MiniYarn yarn;

  @BeforeAll
  static void startCluster() throws Exception {
    yarn = new MiniYarn(dir);
  }

  @AfterAll
  static void stopCluster() {
    if (yarn != null) {
      yarn.close();
    }
  }

  static Schedule schedule(long epoch, NodeSchedule a, NodeSchedule b) {
    return Schedule.builder().epoch(epoch).intervalStartMs(0).intervalMs(60_000).add(a).add(b)
        .build();
  }

  @Test
  void followsModesAndWindowsAndRestoresOnClose() throws Exception {
    // an operator's own centralized attribute survives the publisher's REPLACE
    ClientRMProxy.createRMProxy(yarn.config(), ResourceManagerAdministrationProtocol.class)
        .mapAttributesToNodes(NodesToAttributesMappingRequest.newInstance(
            AttributeMappingOperationType.ADD, List.of(NodeToAttributes.newInstance("localhost",
                List.of(NodeAttribute.newInstance(NodeAttribute.PREFIX_CENTRALIZED, "rack-kind",
                    NodeAttributeType.STRING, "fast")))), false));
    assertEquals(YarnNodeState.PREFIX, NodeAttribute.PREFIX_CENTRALIZED);
    String nm1 = yarn.nm1;
    String nm2 = yarn.nm2;
    ManualClock clock = new ManualClock(25_000);
    AtomicReference<Schedule> current = new AtomicReference<>(
        schedule(1, NodeSchedule.of(DN1, NodeMode.OFF), NodeSchedule.of(DN2, NodeMode.ACTIVE)));
    Configuration conf = yarn.publisherConf();
    conf.set("blink.interval.ms", "60000");
    conf.set(YarnPublisherConfig.CLOSE_LEAD_MS.name(), "10000");
    YarnPublisher p = YarnPublisher.startIfEnabled(conf, () -> Optional.of(current.get()), clock)
        .orElseThrow();
    try {
      waitFor(() -> yarn.isZero(nm1) && yarn.isFull(nm2), "OFF node zeroed, ACTIVE node full");
      waitFor(() -> "mixed".equals(yarn.attr("blink-hdfs-mode")), "host attributes published");
      Map<String, String> a = yarn.attributes();
      assertEquals("mixed", a.get("rm.yarn.io/blink-hdfs-awake"));
      assertEquals("RING", a.get("rm.yarn.io/blink-hdfs-role"));
      assertEquals("fast", a.get("rm.yarn.io/rack-kind"));
      assertTrue(yarn.client().getClusterAttributes().stream().anyMatch(i -> i.getAttributeKey()
          .getAttributeName().equals("blink-hdfs-window")));

      // both io-servers: DataNodes serve; one keeps its compute, because a cluster offering
      // 0 MB everywhere makes the ResourceManager reject every request (ComputePlanner rule 4)
      current.set(schedule(2, NodeSchedule.of(DN1, NodeMode.IO_SERVER),
          NodeSchedule.of(DN2, NodeMode.IO_SERVER)));
      p.kick();
      waitFor(() -> (yarn.isZero(nm1) && yarn.isFull(nm2)) || (yarn.isFull(nm1)
          && yarn.isZero(nm2)), "io-servers zeroed but the one kept");
      waitFor(() -> "IO_SERVER".equals(yarn.attr("blink-hdfs-mode")), "io-server attributes");
      assertEquals("true", yarn.attr("blink-hdfs-awake"));
      assertEquals("mixed", yarn.attr("blink-hdfs-compute"));

      // DN1 blinks in [0, 20 000) of each minute, DN2 ACTIVE
      current.set(schedule(3, NodeSchedule.blink(DN1, 0, 20_000),
          NodeSchedule.of(DN2, NodeMode.ACTIVE)));
      p.kick(); // t = 25 000: DN1 asleep
      waitFor(() -> yarn.isZero(nm1) && yarn.isFull(nm2), "sleeping BLINK node zeroed");
      clock.set(61_000); // awake with 19 000 ms left: full total back
      p.kick();
      waitFor(() -> yarn.isFull(nm1), "awake BLINK node restored");
      clock.set(72_000); // 8 000 ms left, under the 10 000 ms lead: nothing new starts there
      p.kick();
      waitFor(() -> yarn.isZero(nm1), "closing BLINK node zeroed within the lead");
      // the round records its plan after the RPCs the ResourceManager already answered
      waitFor(() -> !p.lastPlan().orElseThrow().nodes().get(DN1).offersCompute(), "the plan");
      assertTrue(p.rounds() > 0);
      assertTrue(p.lastPlan().orElseThrow().nodes().get(DN1).awake());
    } finally {
      p.close();
    }
    // closing the publisher gives every managed node its full compute back
    waitFor(() -> yarn.isFull(nm1) && yarn.isFull(nm2), "full compute after close");
    assertEquals("ACTIVE", yarn.attr("blink-hdfs-mode"));
    assertEquals("always", yarn.attr("blink-hdfs-window"));
    assertEquals("fast", yarn.attributes().get("rm.yarn.io/rack-kind"));
  }

  /**
   * What YARN does with the published totals: an application asks for five 1 GB containers while
   * node 1 is OFF (0 MB) and node 2 ACTIVE (4 GB). Exactly four are placed, all on node 2; the
   * fifth waits until node 1 is ACTIVE again and then lands there.
   */
  @Test
  void containersGoOnlyWhereComputeIsOffered() throws Exception {
    AtomicReference<Schedule> current = new AtomicReference<>();
    YarnPublisher p = publisherWithOnlyNode2Active(current);
    try (UnmanagedAm am = UnmanagedAm.register(yarn.client(), yarn.config())) {
      fillNode2(am, 5);

      current.set(schedule(2, NodeSchedule.of(DN1, NodeMode.ACTIVE),
          NodeSchedule.of(DN2, NodeMode.ACTIVE)));
      p.kick();
      assertEquals(List.of(yarn.nm1), am.allocateUntil(1, 30_000));
    } finally {
      p.close();
    }
  }

  /**
   * A node closed while its containers are allocated is set to what they use, not to zero: the
   * cluster's total still counts them, so the queue is not over its limit and the node that
   * opens gets containers. Node 2 ACTIVE takes four 1/4-total containers; then node 2 is OFF and
   * node 1 ACTIVE: node 2 is held at its full use, and four new containers all land on node 1.
   * Set to zero instead, the cluster would count only node 1's total, all of it already in use
   * by node 2's containers, and place nothing.
   */
  @Test
  void aClosedNodeKeepsWhatItsContainersUseSoAnOpenNodeStillGetsContainers() throws Exception {
    AtomicReference<Schedule> current = new AtomicReference<>();
    YarnPublisher p = publisherWithOnlyNode2Active(current);
    try (UnmanagedAm am = UnmanagedAm.register(yarn.client(), yarn.config())) {
      long perContainerMb = fillNode2(am, 4);

      current.set(schedule(2, NodeSchedule.of(DN1, NodeMode.ACTIVE),
          NodeSchedule.of(DN2, NodeMode.OFF)));
      p.kick();
      waitFor(() -> yarn.isFull(yarn.nm1)
          && yarn.total(yarn.nm2).getMemorySize() == 4 * perContainerMb
          && yarn.total(yarn.nm2).getVirtualCores() == Math.min(4, yarn.full.getVirtualCores()),
          "node 2 held at what its containers use");
      am.request(4, perContainerMb);
      assertEquals(List.of(yarn.nm1, yarn.nm1, yarn.nm1, yarn.nm1), am.allocateUntil(4, 30_000));
    } finally {
      p.close();
    }
  }

  /** A publisher following {@code current}, which starts with node 1 OFF and node 2 ACTIVE. */
  private static YarnPublisher publisherWithOnlyNode2Active(AtomicReference<Schedule> current)
      throws java.io.IOException {
    current.set(
        schedule(1, NodeSchedule.of(DN1, NodeMode.OFF), NodeSchedule.of(DN2, NodeMode.ACTIVE)));
    return YarnPublisher.startIfEnabled(yarn.publisherConf(), () -> Optional.of(current.get()),
        new ManualClock(0)).orElseThrow();
  }

  /**
   * Once node 1 is zeroed, asks for {@code asked} containers of a quarter of a node's total and
   * heartbeats for 5 s (every container that can be placed is): node 2 takes four. Returns the
   * container size.
   */
  private static long fillNode2(UnmanagedAm am, int asked) throws Exception {
    waitFor(() -> yarn.isZero(yarn.nm1) && yarn.isFull(yarn.nm2), "node 1 zeroed");
    long perContainerMb = yarn.full.getMemorySize() / 4;
    am.request(asked, perContainerMb);
    assertEquals(List.of(yarn.nm2, yarn.nm2, yarn.nm2, yarn.nm2), am.allocateUntil(asked, 5_000));
    return perContainerMb;
  }
}
