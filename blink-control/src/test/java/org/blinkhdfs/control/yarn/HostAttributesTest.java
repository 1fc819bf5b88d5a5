package org.blinkhdfs.control.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostAttributesTest {
  private static final ComputeResource FULL = new ComputeResource(4096, 4);

  @Test
  void oneNodeIsItsOwnAttributes() {
    YarnNodeState a = new YarnNodeState("h:1", "ACTIVE", "RING", "always", true, FULL);
    assertEquals(a.attributes(), HostAttributes.merge(List.of(a)));
  }

  @Test
  void disagreementsReadMixed() {
    YarnNodeState a = new YarnNodeState("h:1", "BLINK", "RING", "at0-for20000-of60000", true,
        FULL);
    YarnNodeState b = new YarnNodeState("h:2", "BLINK", "RING", "at20000-for20000-of60000",
        false, ComputeResource.ZERO);
    assertEquals(Map.of("blink-hdfs-mode", "BLINK", "blink-hdfs-role", "RING",
        "blink-hdfs-window", "mixed", "blink-hdfs-awake", "mixed", "blink-hdfs-compute", "mixed"),
        HostAttributes.merge(List.of(a, b)));
  }

  @Test
  void emptyIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> HostAttributes.merge(List.of()));
  }
}
