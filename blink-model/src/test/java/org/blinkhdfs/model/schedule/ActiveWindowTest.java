package org.blinkhdfs.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ActiveWindowTest {
  @Test
  void wrappingWindowSegments() {
    ActiveWindow w = new ActiveWindow(50_000, 20_000, 60_000);
    assertEquals(List.of(new Segment(0, 10_000), new Segment(50_000, 60_000)), w.segments());
    assertEquals(15_000, w.remainingMs(55_000));
    assertEquals(5_000, w.remainingMs(5_000));
    assertEquals(15_000, w.untilOpenMs(35_000));
    assertEquals(Long.MAX_VALUE, ActiveWindow.never(10).untilOpenMs(3));
    assertEquals(Long.MAX_VALUE, ActiveWindow.always(10).remainingMs(3));
    assertThrows(IllegalArgumentException.class, () -> new ActiveWindow(10, 1, 10));
  }

  /** contains/remaining/untilOpen agree with a millisecond scan, over seeds. */
  @Test
  void queriesAgreeWithBruteForce() {
    for (long seed = 0; seed < 200; seed++) {
      Random rnd = new Random(seed);
      int t = 1 + rnd.nextInt(200);
      ActiveWindow w = new ActiveWindow(rnd.nextInt(t), rnd.nextInt(t + 1), t);
      long covered = 0;
      for (int p = 0; p < t; p++) {
        boolean in = w.contains(p);
        covered += in ? 1 : 0;
        long rem = 0;
        while (rem < 2L * t && w.contains((p + rem) % t)) {
          rem++;
        }
        long expectRem = rem >= 2L * t ? Long.MAX_VALUE : rem;
        assertEquals(expectRem, w.remainingMs(p), "seed " + seed + " phase " + p);
        long wait = 0;
        while (wait < 2L * t && !w.contains((p + wait) % t)) {
          wait++;
        }
        assertEquals(wait >= 2L * t ? Long.MAX_VALUE : wait, w.untilOpenMs(p), "seed " + seed);
      }
      assertEquals(w.lengthMs(), covered, "seed " + seed);
      assertEquals(w.lengthMs(), w.segments().stream().mapToLong(Segment::lengthMs).sum());
    }
  }

  @Test
  void readablePartLeavesTheReadWindow() {
    assertEquals(new ActiveWindow(1_000, 1_750, 6_000),
        new ActiveWindow(1_000, 2_250, 6_000).readable(500));
    assertEquals(ActiveWindow.never(6_000), new ActiveWindow(1_000, 500, 6_000).readable(500));
    assertEquals(ActiveWindow.always(6_000), ActiveWindow.always(6_000).readable(500));
    assertEquals(new ActiveWindow(5_000, 2_000, 6_000),
        new ActiveWindow(5_000, 2_000, 6_000).readable(0));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ActiveWindow.always(6_000).readable(-1));
    assertTrue(e.getMessage().contains("minReadWindowMs"));
  }
}
