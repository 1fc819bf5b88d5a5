package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The derived timeouts, worked by hand (see {@link ClusterTimings}). */
class ClusterTimingsTest {
  @Test
  void sixSecondInterval() {
    ClusterTimings t = ClusterTimings.forInterval(6_000);
    assertEquals(500, t.dataNodeHeartbeatMs());
    assertEquals(1_500, t.staleMs(), "three DataNode heartbeats");
    assertEquals(30_000, t.recheckMs(), "max(30 s, 5 x 6 s)");
    assertEquals(70_000, t.deadMs(), "2 x 30 s + 10 x 1 s");
    assertEquals(10_000, t.socketTimeoutMs(), "6 s + 4 s margin");
    // A 40% window sleeps 3.6 s: past stale (1.5 s), far from dead (70 s).
    assertTrue(3_600 > t.staleMs() && 3_600 < t.deadMs() / 10);
  }

  @Test
  void longIntervalsKeepDeathFarAway() {
    ClusterTimings t = ClusterTimings.forInterval(600_000);
    assertEquals(3_000_000, t.recheckMs(), "5 x 10 min");
    assertEquals(6_010_000, t.deadMs(), "2 x 50 min + 10 s: ten intervals");
  }
}
