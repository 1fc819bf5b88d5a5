package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code blink.phase.groups} reaches the NameNode, the proxy and the scheduler of a phase-group
 * cluster alike, and a spec that sets it differently is refused naming the key.
 */
class PhaseGroupKeysTest {
  @TempDir Path dir;

  private ClusterSpec spec(Map<String, String> nameNode, Map<String, String> scheduler) {
    return ClusterSpec.defaults(dir).toBuilder().layout(Layout.PHASE_GROUPS, "auto")
        .proxy(ProxySpec.withCluster()).nameNodeKeys(nameNode).schedulerKeys(scheduler)
        .build();
  }

  @Test
  void theNameNodeTheProxyAndTheSchedulerReadTheSameGroups() {
    Map<String, String> g = Layout.PHASE_GROUPS.groupKeys(2);
    ClusterSpec spec = spec(g, g);
    HdfsSite site = new HdfsSite(spec, "127.0.0.1:1", dir.resolve("schedule.json"),
        "127.0.0.1:2");
    Configuration nn = site.nameNode(dir.resolve("nn"), 3);
    assertEquals("2", nn.get("blink.phase.groups"));
    assertEquals("groups", nn.get("blink.ring.spacing"));
    Configuration proxy = site.proxy(4, 5, List.of("127.0.0.1:5"));
    assertEquals("2", proxy.get("blink.phase.groups"));
    assertEquals("groups", proxy.get("blink.ring.spacing"));
    Configuration scheduler = BlinkServices.schedulerConf(spec, List.of(),
        dir.resolve("schedule.json"), "127.0.0.1:2");
    assertEquals("2", scheduler.get("blink.phase.groups"));
    assertEquals("auto", scheduler.get("blink.scheduler.policy"));
    // auto's availability condition uses the read window the NameNode and clients use.
    assertEquals(nn.get("blink.read.min.window.ms"), scheduler.get("blink.read.min.window.ms"));
    assertEquals("500", scheduler.get("blink.read.min.window.ms"));
  }

  @Test
  void groupsSetOnOneSideOnlyAreRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> spec(Layout.PHASE_GROUPS.groupKeys(2), Map.of()));
    assertTrue(e.getMessage().startsWith("blink.phase.groups = '2' on the NameNode but '' on"
        + " the scheduler"), e.getMessage());
    assertTrue(e.getMessage().contains("Layout.groupKeys"), e.getMessage());
    // Unset on both: both read the default 3.
    assertEquals(Map.of(), spec(Map.of(), Map.of()).nameNodeKeys());
  }
}
