package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** HDFS's read throttler loop, step by step against hand-worked times. */
class ReadThrottlerTest {
  @Test
  void anIdleNodeSendsTwoQuotasThenOnePerPeriod() {
    ReadThrottler t = new ReadThrottler(10); // 5 MiB per 500 ms
    assertEquals(5, t.reserveMiB(), 1e-12);
    t.send(5); // by 100 ms
    assertTrue(t.spent());
    t.refill(100); // periods restart at 100 ms
    assertFalse(t.blocked());
    assertEquals(5, t.reserveMiB(), 1e-12);
    t.send(5); // by 200 ms
    t.refill(200);
    assertTrue(t.blocked());
    assertEquals(600, t.blockedUntil(), 1e-12);
    t.refill(600); // the next period
    assertFalse(t.blocked());
    assertEquals(5, t.reserveMiB(), 1e-12);
  }

  @Test
  void aShortPauseCatchesUpOnePeriodAtATimeAndALongOneRestarts() {
    ReadThrottler t = new ReadThrottler(10);
    t.send(5);
    t.refill(0); // periods start at 0
    t.send(5);
    // Idle until 1 200 ms (within three periods of 0): the next period, 500 ms, begins at once.
    t.refill(1_200);
    assertFalse(t.blocked());
    t.send(5);
    t.refill(1_210); // period 500 began; 1 000 is over too: another quota at once
    assertFalse(t.blocked());
    t.send(5);
    t.refill(1_220); // period 1 000 runs to 1 500: wait
    assertEquals(1_500, t.blockedUntil(), 1e-12);
    // Frozen until 4 000 ms: more than three periods after 1 000, so the periods restart.
    t.refill(4_000);
    assertFalse(t.blocked());
    assertEquals(5, t.reserveMiB(), 1e-12);
  }
}
