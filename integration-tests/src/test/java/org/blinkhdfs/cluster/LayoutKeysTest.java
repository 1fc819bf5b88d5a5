package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LayoutKeysTest {
  @Test
  void primariesFitTheRingAndReplication() {
    // 9 nodes, r = 3, p = 2: c = 2 / f(2, 9) = 2 / 1.329 = 1.505, node 3 would hold
    // 1.505 B / 3 = 0.502 B > B/2: refused, so p = 1. Le et al.'s 7 nodes, r = 2: p = 2.
    assertEquals(1, LayoutKeys.fittingPrimaries(9, 3, 2));
    assertEquals(2, LayoutKeys.fittingPrimaries(7, 2, 2));
    assertEquals(2, LayoutKeys.fittingPrimaries(10, 3, 2));
  }

  @Test
  void aReplicationTheLayoutCannotHoldIsRefusedWithTheKeys() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LayoutKeys.defaults().chainLayout(Layout.EQUAL_WORK, 9, 3));
    assertTrue(e.getMessage().contains("equal-work layout cannot hold replication 3 on 9 ring"
        + " nodes"), e.getMessage());
    assertTrue(e.getMessage().contains("blink.equalwork.primaries=2"), e.getMessage());
  }

  @Test
  void paraidGroupsTwoTwoGiveGearsTwoFourSeven() {
    LayoutKeys keys = LayoutKeys.defaults().withParaidGroups(List.of(2, 2));
    assertEquals(List.of(2, 4, 7), keys.gears(Layout.PARAID, 7, 3));
    assertEquals(List.of(2, 7), LayoutKeys.defaults().gears(Layout.PARAID, 7, 3));
    assertEquals(List.of(2, 3, 4, 5, 6, 7), keys.gears(Layout.EQUAL_WORK, 7, 2));
    assertEquals(List.of(), keys.gears(Layout.POWER_BALANCED, 7, 3));
  }

  @Test
  void minimumGearAndNameNodeKeys() {
    LayoutKeys keys = new LayoutKeys(1, List.of(3, 2));
    assertEquals(1, keys.minimumActiveNodes(Layout.EQUAL_WORK));
    assertEquals(3, keys.minimumActiveNodes(Layout.PARAID));
    assertEquals(0, keys.minimumActiveNodes(Layout.HDFS_DEFAULT));
    assertEquals(Map.of("blink.equalwork.primaries", "1", "blink.paraid.groups", "3,2"),
        keys.nameNodeKeys());
  }

  @Test
  void badKeysFailAsTheNameNodeWould() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new LayoutKeys(0, List.of(2)));
    assertTrue(e.getMessage().contains("blink.equalwork.primaries"), e.getMessage());
  }

  @Test
  void everyLayoutNamesItsClasses() throws ClassNotFoundException {
    assertEquals("org.blinkhdfs.rabbit.EqualWorkBlockPlacementPolicy",
        Layout.byFlag("--layouts", "equal-work").policyClass());
    assertEquals("org.blinkhdfs.rabbit.ParaidBlockPlacementPolicy",
        Layout.byFlag("--layouts", "PARAID").policyClass());
    assertEquals("org.blinkhdfs.rabbit.EqualWorkNetworkTopology",
        Layout.EQUAL_WORK.topologyClass(), "equal work reads through the hit-ratio balancer");
    for (Layout l : Layout.values()) {
      // The NameNode instantiates both by name: each must exist and be of the right kind.
      assertTrue(org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy.class
          .isAssignableFrom(Class.forName(l.policyClass())), l.flag());
      assertTrue(org.apache.hadoop.hdfs.net.DFSNetworkTopology.class
          .isAssignableFrom(Class.forName(l.topologyClass())), l.flag());
    }
  }
}
