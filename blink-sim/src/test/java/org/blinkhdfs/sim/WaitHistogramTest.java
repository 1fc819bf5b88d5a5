package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class WaitHistogramTest {
  @Test
  void classExample() {
    WaitHistogram h = new WaitHistogram(3);
    h.addZero(1, 1);
    h.addGap(2, 1);
    assertEquals(3, h.totalMass(), 1e-12);
    assertEquals(0, h.quantileMs(0.3), 1e-12);
    assertEquals(0.5, h.quantileMs(0.5), 1e-12);
    assertEquals(1.7, h.quantileMs(0.9), 1e-12);
  }

  @Test
  void neverMassMakesHighQuantilesInfinite() {
    WaitHistogram h = new WaitHistogram(10);
    h.addZero(8, 1);
    h.addNever(10, 1);
    h.addGap(2, 1);
    assertEquals(20, h.totalMass(), 1e-12);
    assertEquals(0.5, h.neverFraction(), 1e-12);
    assertEquals(Double.POSITIVE_INFINITY, h.quantileMs(0.9));
    assertEquals(1, h.quantileMs(0.45), 1e-12);
  }

  @Test
  void coarseBinsKeepTheErrorBelowOneBin() {
    long interval = 10_000_000; // 10 ms bins
    WaitHistogram h = new WaitHistogram(interval);
    assertEquals(10, h.binMs());
    h.addGap(interval, 1);
    assertEquals(0.9 * interval, h.quantileMs(0.9), h.binMs());
    WaitHistogram sum = new WaitHistogram(interval);
    sum.add(h, 2);
    assertEquals(2 * interval, sum.totalMass(), 1e-6);
  }
}
