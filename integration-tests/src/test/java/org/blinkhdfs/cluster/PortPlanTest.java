package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** {@link PortPlan}: which port each daemon of a local cluster binds, by role. */
class PortPlanTest {
  @Test
  void assignsRolesInTheDocumentedOrder() {
    // 2 DataNodes, 2 relays: 3 + 3*2 + 2*2 = 13 ports, 100..112.
    List<Integer> ports = IntStream.range(100, 113).boxed().toList();
    PortPlan p = PortPlan.of(ports, 2, 2);
    assertEquals(100, p.nameNodeRpc());
    assertEquals(101, p.nameNodeHttp());
    assertEquals(List.of(new PortPlan.DataNodePorts(102, 103, 104),
        new PortPlan.DataNodePorts(105, 106, 107)), p.dataNodes());
    assertEquals(List.of(new PortPlan.ProxyPorts(108, 109), new PortPlan.ProxyPorts(111, 112)),
        p.proxies(), "the first proxy before the scheduler, further ones after it");
    assertEquals(110, p.scheduler());
  }

  @Test
  void oneRelayIsTheLeastAndACountMismatchIsRefused() {
    assertEquals(3 + 3 * 10 + 2, PortPlan.count(10, 1));
    assertEquals(PortPlan.count(10, 1), PortPlan.count(10, 0), "a cluster always plans a proxy");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PortPlan.of(List.of(1, 2, 3), 1, 1));
    assertEquals("3 ports for 1 DataNodes and 1 relays; a plan needs 8", e.getMessage());
  }

  @Test
  void freePortsAreDistinct() throws Exception {
    PortPlan p = PortPlan.take(9 + 1, 3);
    HashSet<Integer> seen = new HashSet<>(List.of(p.nameNodeRpc(), p.nameNodeHttp(),
        p.scheduler()));
    p.dataNodes().forEach(d -> seen.addAll(List.of(d.transfer(), d.http(), d.ipc())));
    p.proxies().forEach(x -> seen.addAll(List.of(x.http(), x.relay())));
    assertEquals(PortPlan.count(10, 3), seen.size(), "every role its own port");
  }
}
