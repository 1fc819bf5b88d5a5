package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import java.util.Random;
import org.blinkhdfs.model.wire.HeldReadsReport;
import org.junit.jupiter.api.Test;

/** LoadBook's freshness, on its javadoc's worked example, the bound, and a property. */
class LoadBookTest {
  private static HeldReadsReport held(String proxy, long n) {
    return new HeldReadsReport(proxy, n, 100 * n, 10_000);
  }

  @Test
  void theWorkedExample() {
    LoadBook b = new LoadBook(30_000);
    assertEquals(-1, b.readsHeld(0));
    b.recordHeld(held("a:1", 4), 0);
    b.recordHeld(held("b:1", 1), 10_000);
    assertEquals(5, b.readsHeld(20_000));
    assertEquals(5, b.readsHeld(30_000), "exactly at the limit still counts");
    assertEquals(1, b.readsHeld(35_000));
    assertEquals(-1, b.readsHeld(41_000));
    assertEquals(-1, b.pendingContainers(0));
    b.recordPending(12, 0);
    assertEquals(12, b.pendingContainers(30_000));
    assertEquals(-1, b.pendingContainers(30_001));
    b.recordPendingFailure("GET http://rm:8088/ws/v1/cluster/metrics failed", 31_000);
    assertEquals(new LoadBook.Pending(12, 0,
        Optional.of("GET http://rm:8088/ws/v1/cluster/metrics failed"), 31_000), b.lastPending());
    b.recordPending(0, 32_000);
    assertEquals(0, b.pendingContainers(32_000));
    assertEquals(Optional.empty(), b.lastPending().error());
  }

  @Test
  void aProxysNewReportReplacesItsOldOne() {
    LoadBook b = new LoadBook(30_000);
    b.recordHeld(held("a:1", 4), 0);
    b.recordHeld(held("a:1", 0), 5_000);
    assertEquals(0, b.readsHeld(5_000));
    assertEquals(1, b.freshHeld(5_000).size());
    assertEquals(5_000, b.freshHeld(5_000).get(0).atMs());
  }

  @Test
  void boundedAndSaturating() {
    LoadBook b = new LoadBook(1_000);
    for (int i = 0; i < LoadBook.MAX_PROXIES; i++) {
      b.recordHeld(held("p" + i + ":1", Long.MAX_VALUE / 100), 0);
    }
    assertEquals(Long.MAX_VALUE, b.readsHeld(0));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> b.recordHeld(held("new:1", 1), 500));
    assertEquals("held reads: 256 proxies already report (the most this scheduler keeps); proxy"
        + " 'new:1' is refused until one stops reporting for 1000 ms"
        + " (blink.scheduler.load.max.age.ms)", e.getMessage());
    b.recordHeld(held("p0:1", 2), 500);
    b.recordHeld(held("new:1", 1), 1_001);
    assertEquals(3, b.readsHeld(1_001), "the stale 255 dropped, p0 and new remain");
  }

  @Test
  void readsHeldIsTheSumOfTheReportsYoungerThanTheLimit() {
    Random rnd = new Random(39);
    for (int round = 0; round < 200; round++) {
      long limit = 1 + rnd.nextInt(10_000);
      LoadBook b = new LoadBook(limit);
      long[] at = new long[8];
      long[] n = new long[8];
      long now = 0;
      for (int step = 0; step < 40; step++) {
        now += rnd.nextInt(3_000);
        int p = rnd.nextInt(8);
        at[p] = now;
        n[p] = 1 + rnd.nextInt(50);
        b.recordHeld(held("p" + p + ":1", n[p]), now);
        long q = now + rnd.nextInt(12_000);
        long want = 0;
        boolean any = false;
        for (int i = 0; i < 8; i++) {
          if (n[i] > 0 && q - at[i] <= limit) {
            want += n[i];
            any = true;
          }
        }
        assertEquals(any ? want : -1, b.readsHeld(q));
        // the query dropped what was stale at q; forget those here too
        for (int i = 0; i < 8; i++) {
          if (q - at[i] > limit) {
            n[i] = 0;
          }
        }
        now = q;
      }
    }
  }
}
