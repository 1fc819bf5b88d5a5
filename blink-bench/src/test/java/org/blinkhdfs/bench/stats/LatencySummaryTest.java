package org.blinkhdfs.bench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LatencySummaryTest {

  @Test
  void workedExampleFourOneThree() {
    double[] in = {4, 1, 3};
    LatencySummary s = LatencySummary.of(in);
    assertEquals(3, s.count());
    assertEquals(8.0 / 3, s.meanMs(), 1e-12);
    assertEquals(Math.sqrt(7.0 / 3), s.stdMs(), 1e-12); // 1.5275...
    assertEquals(1, s.minMs());
    assertEquals(4, s.maxMs());
    assertEquals(3, s.p50Ms()); // rank ceil(1.5) = 2
    assertEquals(4, s.p90Ms()); // rank ceil(2.7) = 3
    assertEquals(4, s.p99Ms());
    assertEquals(4, in[0], "input not sorted in place");
  }

  @Test
  void oneToTen() {
    double[] in = new double[10];
    for (int i = 0; i < 10; i++) {
      in[i] = 10 - i;
    }
    LatencySummary s = LatencySummary.of(in);
    assertEquals(5.5, s.meanMs(), 1e-12);
    assertEquals(Math.sqrt(82.5 / 9), s.stdMs(), 1e-12); // sample std 3.0277
    assertEquals(5, s.p50Ms()); // rank 5
    assertEquals(9, s.p90Ms()); // rank exactly 9, not 10
    assertEquals(10, s.p99Ms()); // rank ceil(9.9) = 10
  }

  @Test
  void oneToHundredHitsExactRanks() {
    double[] in = new double[100];
    for (int i = 0; i < 100; i++) {
      in[i] = i + 1;
    }
    LatencySummary s = LatencySummary.of(in);
    assertEquals(50, s.p50Ms());
    assertEquals(90, s.p90Ms());
    assertEquals(99, s.p99Ms());
    assertEquals(1, LatencySummary.percentileOfSorted(in, 0.5)); // rank ceil(0.5) = 1
    assertEquals(100, LatencySummary.percentileOfSorted(in, 100));
    assertEquals(100, LatencySummary.percentileOfSorted(in, 99.9)); // rank ceil(99.9) = 100
  }

  @Test
  void singleValueAndEmpty() {
    LatencySummary one = LatencySummary.of(new double[] {7});
    assertEquals(new LatencySummary(1, 7, 0, 7, 7, 7, 7, 7), one);
    assertSame(LatencySummary.EMPTY, LatencySummary.of(new double[0]));
    assertEquals(0, LatencySummary.EMPTY.count());
    assertEquals(0.0, LatencySummary.EMPTY.p90Ms());
  }

  @Test
  void boxedListGivesTheSameSummary() {
    assertEquals(LatencySummary.of(new double[] {2, 9, 4}), LatencySummary.of(List.of(2.0, 9, 4L)));
  }

  @Test
  void formatIsOneLine() {
    assertEquals("n=3 mean=2.67ms std=1.53ms min=1.00ms p50=3.00ms p90=4.00ms p99=4.00ms "
        + "max=4.00ms", LatencySummary.of(new double[] {4, 1, 3}).format());
  }

  @Test
  void badInputIsRejectedWithTheFix() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LatencySummary.of(new double[] {1, Double.NaN}));
    assertTrue(e.getMessage().contains("durations must be finite, got NaN"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> LatencySummary.percentileOfSorted(new double[] {1}, 0));
    assertTrue(e.getMessage().contains("p must be in (0, 100], got 0.0"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> LatencySummary.percentileOfSorted(new double[0], 50));
    assertThrows(IllegalArgumentException.class,
        () -> new LatencySummary(-1, 0, 0, 0, 0, 0, 0, 0));
  }
}
