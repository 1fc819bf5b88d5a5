package org.blinkhdfs.bench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class QuantileIntervalTest {
  @Test
  void theWorkedExample() {
    double[] v = new double[100];
    for (int i = 0; i < 100; i++) {
      v[i] = i + 1;
    }
    assertArrayEquals(new double[] {84, 96}, QuantileInterval.of(v, 0.9));
    // n = 1: the one value both ways.
    assertArrayEquals(new double[] {7, 7}, QuantileInterval.of(new double[] {7}, 0.9));
    assertThrows(IllegalArgumentException.class, () -> QuantileInterval.of(v, 1.0));
  }

  @Test
  void meanHalfWidthIsTheTInterval() {
    // {4, 1, 3}: std √(7/3), t(0.975, 2) = 4.303: 4.303·1.5275/√3 = 3.795.
    LatencySummary s = LatencySummary.of(new double[] {4, 1, 3});
    assertEquals(4.303 * Math.sqrt(7.0 / 3) / Math.sqrt(3), QuantileInterval.meanHalfWidth(s),
        1e-9);
    assertTrue(Double.isNaN(QuantileInterval.meanHalfWidth(LatencySummary.of(new double[] {1}))));
  }

  /** Coverage: over 2000 samples of 400 exponential values the true p90 is inside ~95%. */
  @Test
  void coversTheTrueQuantileAboutNinetyFivePercentOfTheTime() {
    Random rnd = new Random(1);
    double truth = -Math.log(0.1); // p90 of Exp(1)
    int inside = 0;
    int trials = 2000;
    for (int t = 0; t < trials; t++) {
      double[] v = new double[400];
      for (int i = 0; i < v.length; i++) {
        v[i] = -Math.log(1 - rnd.nextDouble());
      }
      Arrays.sort(v);
      double[] ci = QuantileInterval.of(v, 0.9);
      inside += ci[0] <= truth && truth <= ci[1] ? 1 : 0;
    }
    double coverage = inside / (double) trials;
    assertTrue(coverage > 0.93 && coverage < 0.98, "coverage " + coverage);
  }
}
