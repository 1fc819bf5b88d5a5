package org.blinkhdfs.control.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NodeMatcherTest {
  private static final Map<String, String> DNS =
      Map.of("n11", "10.0.0.11", "n12", "10.0.0.12", "localhost", "127.0.0.1");

  private static String resolve(String host) {
    return DNS.getOrDefault(host, host);
  }

  @Test
  void byHostNameOrResolvedAddress() {
    NodeMatcher.Result r = NodeMatcher.match(List.of("10.0.0.11:9866", "n12:9866"), Map.of(),
        List.of("n11:45454", "n12:45454", "n13:45454"), NodeMatcherTest::resolve);
    assertEquals(Map.of("10.0.0.11:9866", "n11:45454", "n12:9866", "n12:45454"), r.matched());
    assertTrue(r.skipped().isEmpty());
  }

  @Test
  void sharedHostNeedsTheExplicitMap() {
    List<String> nms = List.of("localhost:40001", "localhost:40002");
    NodeMatcher.Result r = NodeMatcher.match(List.of("127.0.0.1:9866", "127.0.0.1:9867"),
        Map.of("127.0.0.1:9867", "localhost:40002"), nms, NodeMatcherTest::resolve);
    assertEquals(Map.of("127.0.0.1:9867", "localhost:40002"), r.matched());
    assertEquals("2 NodeManagers run on host 127.0.0.1 [localhost:40001, localhost:40002]: name"
        + " one in blink.yarn.nodes as 127.0.0.1:9866=nmHost:nmPort",
        r.skipped().get("127.0.0.1:9866"));
  }

  @Test
  void missingNodeManagersAreSkippedWithAReason() {
    NodeMatcher.Result r = NodeMatcher.match(List.of("10.0.0.11:9866", "10.0.0.12:9866"),
        Map.of("10.0.0.12:9866", "n12:1"), List.of("n13:45454"), NodeMatcherTest::resolve);
    assertTrue(r.matched().isEmpty());
    assertEquals(Map.of("10.0.0.11:9866",
        "no active NodeManager (RUNNING, UNHEALTHY or DECOMMISSIONING) on host 10.0.0.11",
        "10.0.0.12:9866", "blink.yarn.nodes maps it to n12:1, which the ResourceManager does not"
            + " list as active"), r.skipped());
  }

  @Test
  void hostOfKeepsIpv6Brackets() {
    assertEquals("[::1]", NodeMatcher.hostOf("[::1]:9866"));
    assertEquals("n11", NodeMatcher.hostOf("n11:45454"));
  }
}
