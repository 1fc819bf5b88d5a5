package org.blinkhdfs.bench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {

  @Test
  void exactWhileWithinCapacity() {
    LatencyRecorder r = new LatencyRecorder(5, new Random(1));
    double[] in = {4, 1, 3, 10, 2};
    for (double d : in) {
      r.record(d);
    }
    assertTrue(r.isExact());
    assertEquals(5, r.count());
    assertArrayEquals(in, r.samples());
    assertEquals(LatencySummary.of(in), r.summary());
  }

  @Test
  void beyondCapacityMomentsStayExactAndPercentilesAreEstimated() {
    int n = 100_000;
    double[] all = new double[n];
    LatencyRecorder r = new LatencyRecorder(5_000, new Random(42));
    for (int i = 0; i < n; i++) {
      all[i] = (i * 7919L) % n; // a permutation of 0..n-1
      r.record(all[i]);
    }
    assertFalse(r.isExact());
    assertEquals(5_000, r.samples().length);
    LatencySummary exact = LatencySummary.of(all);
    LatencySummary got = r.summary();
    assertEquals(n, got.count());
    assertEquals(exact.meanMs(), got.meanMs(), 1e-6);
    assertEquals(exact.stdMs(), got.stdMs(), 1e-6);
    assertEquals(0, got.minMs());
    assertEquals(n - 1, got.maxMs());
    assertEquals(exact.p50Ms(), got.p50Ms(), 0.02 * n);
    assertEquals(exact.p90Ms(), got.p90Ms(), 0.02 * n);
    assertEquals(exact.p99Ms(), got.p99Ms(), 0.01 * n);
  }

  @Test
  void sameSeedSameSummary() {
    LatencyRecorder a = new LatencyRecorder(10, new Random(3));
    LatencyRecorder b = new LatencyRecorder(10, new Random(3));
    for (int i = 0; i < 1000; i++) {
      a.record(i % 97);
      b.record(i % 97);
    }
    assertEquals(a.summary(), b.summary());
  }

  @Test
  void emptyAndBadValues() {
    LatencyRecorder r = new LatencyRecorder(3, new Random(0));
    assertEquals(LatencySummary.EMPTY, r.summary());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> r.record(-1));
    assertTrue(e.getMessage().contains("durationMs must be finite and >= 0, got -1.0"));
    assertThrows(IllegalArgumentException.class, () -> r.record(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> r.record(Double.POSITIVE_INFINITY));
    e = assertThrows(IllegalArgumentException.class, () -> new LatencyRecorder(0, new Random()));
    assertTrue(e.getMessage().contains("capacity must be in 1.."), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new LatencyRecorder(3, null));
  }
}
