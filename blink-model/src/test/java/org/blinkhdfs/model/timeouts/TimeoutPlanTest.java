package org.blinkhdfs.model.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.blinkhdfs.model.timeouts.TimeoutSetting.Role;
import org.junit.jupiter.api.Test;

/** The derived timeouts, worked by hand (see {@link TimeoutPlan}'s class comment). */
class TimeoutPlanTest {
  private static Map<String, String> keys(TimeoutPlan p, Role role) {
    Map<String, String> out = new LinkedHashMap<>();
    for (TimeoutSetting s : p.settings()) {
      if (s.role() == role) {
        out.put(s.key(), s.value());
      }
    }
    return out;
  }

  @Test
  void sixtySecondsWithTheMeasuredMeans() {
    TimeoutPlan p = TimeoutPlan.measured(60_000);
    assertEquals(1_152, p.enterMs(), "mean of the 14 real-kernel cycles, 1151.7 ms");
    assertEquals(215, p.resumeMs(), "mean 215.1 ms");
    assertEquals(61_367, p.longestSilenceMs(), "60000 + 1152 + 215");
    assertEquals(61_367, p.socketTimeoutMs());
    assertEquals(3_000, p.retryWindowMs(), "min(3000, 60000/20 = 3000)");
    assertEquals(7, p.acquireFailures(), "3000 x 21 = 63000 >= 61367; 3000 x 15 = 45000 is not");
    assertEquals(63_000, p.guaranteedRetryWaitMs());
    assertEquals(147_000, p.longestRetryWaitMs(), "3000 x 49");
    assertEquals(3, p.heartbeatSeconds(), "floor(60 s / 20) = 3 s");
    assertEquals(9_000, p.staleMs());
    assertEquals(300_000, p.recheckMs(), "max(5 min, 5 x 60 s)");
    assertEquals(630_000, p.deadMs(), "2 x 300 s + 10 x 3 s");
    assertEquals(Map.of("dfs.heartbeat.interval", "3",
        "dfs.namenode.stale.datanode.interval", "9000",
        "dfs.namenode.heartbeat.recheck-interval", "300000",
        "dfs.namenode.avoid.read.stale.datanode", "true",
        "dfs.namenode.avoid.write.stale.datanode", "true"), keys(p, Role.NAMENODE));
    assertEquals(Map.of("dfs.client.socket-timeout", "61367",
        "dfs.datanode.socket.write.timeout", "61367", "dfs.heartbeat.interval", "3",
        "dfs.client.retry.window.base", "3000", "dfs.client.max.block.acquire.failures", "7"),
        keys(p, Role.DATANODES_AND_CLIENTS));
    assertTrue(p.checks().stream().allMatch(TimeoutCheck::holds), "600 s and 900 s > 61.4 s");
  }

  @Test
  void sixSecondsScalesTheTransitions() {
    TimeoutPlan p = TimeoutPlan.measured(6_000);
    assertEquals(115, p.enterMs(), "1151.7 x 6/60 = 115.2");
    assertEquals(22, p.resumeMs(), "215.1 x 6/60 = 21.5");
    assertEquals(6_137, p.socketTimeoutMs(), "6000 + 115 + 22");
    assertEquals(300, p.retryWindowMs(), "6000 / 20");
    assertEquals(7, p.acquireFailures(), "300 x 21 = 6300 >= 6137; 300 x 15 = 4500 is not");
    assertEquals(1, p.heartbeatSeconds(), "floor(300 ms) = 0 s, raised to the 1 s floor");
    assertEquals(3_000, p.staleMs());
    assertEquals(300_000, p.recheckMs(), "HDFS's 5 min: 5 x 6 s would be faster than stock");
    assertEquals(610_000, p.deadMs());
  }

  @Test
  void theBriefsRoundedTransitions() {
    TimeoutPlan p = TimeoutPlan.of(60_000, 1_150, 220);
    assertEquals(61_370, p.socketTimeoutMs());
    assertEquals(7, p.acquireFailures());
  }

  @Test
  void longIntervalsNeedMoreLookUpsAndFailTheYarnCheck() {
    TimeoutPlan p = TimeoutPlan.of(600_000, 1_152, 215);
    assertEquals(601_367, p.longestSilenceMs());
    assertEquals(3_000, p.retryWindowMs(), "capped at HDFS's 3 s");
    // 3000 x M(M-1)/2 >= 601367: M(M-1) >= 400.9, so M = 21 (420); 20 gives 380.
    assertEquals(21, p.acquireFailures());
    assertEquals(3_000_000, p.recheckMs(), "5 x 10 min");
    assertEquals(6_030_000, p.deadMs(), "2 x 50 min + 30 s: ten intervals");
    TimeoutCheck yarn = p.checks().get(0);
    assertEquals("yarn.nm.liveness-monitor.expiry-interval-ms", yarn.key());
    assertTrue(!yarn.holds(), "600 s < 601.4 s: raise it");
    assertTrue(p.checks().get(1).holds(), "900 s > 601.4 s");
  }

  @Test
  void withoutTransitionsHdfsDefaultsStandWhereTheyCover() {
    // t = 1 s: w = 50 ms, and 3 look-ups give 150 ms, too few for 1 s: 7 (1050 ms).
    TimeoutPlan p = TimeoutPlan.of(1_000, 0, 0);
    assertEquals(1_000, p.socketTimeoutMs());
    assertEquals(50, p.retryWindowMs());
    assertEquals(7, p.acquireFailures());
  }

  @Test
  void badInputNamesTheValueAndTheFix() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TimeoutPlan.of(999, 0, 0));
    assertTrue(e.getMessage().contains("blink.interval.ms 999 must be in 1000..86400000"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> TimeoutPlan.of(60_000, -1, 0));
    assertTrue(e.getMessage().contains("enter -1 ms") && e.getMessage().contains("0 for none"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> TimeoutPlan.of(6_000, 5_000, 1_000));
    assertTrue(e.getMessage().contains("enter 5000 ms + resume 1000 ms leave no window in a"
        + " 6000 ms interval: lengthen the interval"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> TimeoutPlan.measured(0));
    assertTrue(e.getMessage().contains("blink.interval.ms 0"), e.getMessage());
  }

  /** Every plan over intervals and transitions keeps the invariants the class comment states. */
  @Test
  void invariantsHoldForAnyIntervalAndTransitions() {
    Random random = new Random(39);
    for (int i = 0; i < 20_000; i++) {
      long t = 1_000 + (long) (random.nextDouble() * random.nextDouble() * 86_399_000);
      long e = (long) (random.nextDouble() * Math.min(t / 2, 10_000));
      long s = (long) (random.nextDouble() * Math.min(t / 2 - 1, 5_000));
      TimeoutPlan p = TimeoutPlan.of(t, e, s);
      String at = "t=" + t + " e=" + e + " s=" + s;
      long l = p.longestSilenceMs();
      assertEquals(t + e + s, l, at);
      assertTrue(p.socketTimeoutMs() >= l, "no sleeping peer is cut: " + at);
      long w = p.retryWindowMs();
      int m = p.acquireFailures();
      assertTrue(w >= 50 && w <= 3_000, at);
      assertTrue(w * m * (m - 1) / 2 >= l, "the look-ups outlast every sleep: " + at);
      assertTrue(m == 3 || w * (m - 1) * (m - 2) / 2 < l, "the least such M: " + at);
      assertTrue(p.deadMs() >= 10 * t, "no sleep kills a node: " + at);
      assertTrue(p.deadMs() >= 610_000, "never faster than HDFS's own: " + at);
      assertTrue(p.staleMs() == 3_000 * p.heartbeatSeconds(), at);
      assertTrue(p.heartbeatSeconds() >= 1 && p.heartbeatSeconds() <= 3, at);
      if (t >= 20_000) {
        assertTrue(p.staleMs() <= 0.15 * t, "stale within 15% of the interval: " + at);
      }
      assertEquals(p.checks().get(0).holds(), l < 600_000, at);
    }
  }
}
