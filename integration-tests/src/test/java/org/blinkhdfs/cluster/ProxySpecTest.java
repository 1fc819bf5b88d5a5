package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The proxy's part of a cluster spec: what it accepts, and the errors for what it refuses. */
class ProxySpecTest {
  private final ClusterSpec base = ClusterSpec.defaults(Path.of("unused"));

  @Test
  void onlyProxyKeysAreTakenAndTheErrorNamesKeyValueAndFix() {
    ProxySpec p = ProxySpec.withCluster().keys(Map.of("blink.proxy.moves.per.target", "1"));
    assertEquals(Map.of("blink.proxy.moves.per.target", "1"), p.keys());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ProxySpec.byCaller().keys(Map.of("dfs.replication", "2")));
    assertTrue(e.getMessage().contains("dfs.replication = 2"), e.getMessage());
    assertTrue(e.getMessage().contains("not a blink.proxy.* key"), e.getMessage());
  }

  @Test
  void relaysAreOneToFourAndTheErrorNamesValueAndFix() {
    assertEquals(1, ProxySpec.withCluster().relays());
    assertEquals(1, ProxySpec.NONE.relays());
    ProxySpec two = ProxySpec.byCaller().relays(2).keys(Map.of("blink.proxy.paths", "/a"));
    assertEquals(2, two.relays());
    assertEquals(ProxySpec.Launch.BY_CALLER, two.launch());
    for (int bad : new int[] {0, 5}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ProxySpec.withCluster().relays(bad));
      assertTrue(e.getMessage().contains("relays = " + bad), e.getMessage());
      assertTrue(e.getMessage().contains("from 1 to 4"), e.getMessage());
    }
  }

  @Test
  void aProxyNeedsABlinkLayoutAndMovesNeedAUsableCap() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> base.toBuilder().layout(Layout.HDFS_DEFAULT, "staggered")
            .proxy(ProxySpec.withCluster()).build());
    assertTrue(e.getMessage().contains("layout default"), e.getMessage());
    assertTrue(e.getMessage().contains("use ProxySpec.NONE or a BlinkHDFS layout"),
        e.getMessage());
    IllegalArgumentException slow = assertThrows(IllegalArgumentException.class,
        () -> base.toBuilder().moveBytesPerSec(1000).build());
    assertTrue(slow.getMessage().startsWith("moveBytesPerSec = 1000"), slow.getMessage());
    assertEquals(ProxySpec.NONE, base.proxy());
    assertEquals(base.bandwidthBytesPerSec(), base.moveBytesPerSec());
  }
}
