package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.blinkhdfs.bench.report.Check;
import org.junit.jupiter.api.Test;

/** The accounting of "no re-replication because of sleep". */
class LayoutChecksTest {
  @Test
  void copiesBeyondTheDeliberateOnesFailWhenNodesSlept() {
    Map<String, Long> slept = Map.of("dn1", 12L, "dn2", 11L);
    assertTrue(LayoutChecks.reReplication(" (x)", slept, 5, 2, 2, 1, 0).passed(),
        "5 copies, 2 corrections + 2 short writes + 1 popularity extra");
    Check c = LayoutChecks.reReplication(" (x)", slept, 6, 2, 2, 1, 0);
    assertFalse(c.passed());
    assertTrue(c.detail().startsWith("6 blocks copied on NameNode orders"), c.detail());
  }

  @Test
  void withNoNodeAsleepNoCopyIsBlamedOnSleep() {
    // bench grep (io-server): 24 copies while every DataNode served throughout.
    Check c = LayoutChecks.reReplication(" (default+io-server)", Map.of("dn1", 0L, "dn2", 0L),
        24, 0, 0, 0, 0);
    assertTrue(c.passed(), c.detail());
    assertTrue(c.detail().contains("no node slept") && c.detail().contains("24 blocks copied"),
        c.detail());
    // Without agents (nothing known about sleep) the accounting decides.
    assertFalse(LayoutChecks.reReplication("", Map.of(), 24, 0, 0, 0, 0).passed());
  }
}
