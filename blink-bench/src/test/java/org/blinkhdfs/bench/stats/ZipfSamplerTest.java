package org.blinkhdfs.bench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ZipfSamplerTest {

  @Test
  void workedExampleThreeRanksExponentOne() {
    ZipfSampler z = ZipfSampler.of(3, 1.0); // H = 11/6
    assertEquals(6.0 / 11, z.probability(1), 1e-15);
    assertEquals(3.0 / 11, z.probability(2), 1e-15);
    assertEquals(2.0 / 11, z.probability(3), 1e-15);
    assertEquals(6.0 / 11, z.cumulative(1), 1e-15);
    assertEquals(9.0 / 11, z.cumulative(2), 1e-15);
    assertEquals(1.0, z.cumulative(3));
    assertEquals(1, z.rankFor(0.0));
    assertEquals(1, z.rankFor(0.545));
    assertEquals(2, z.rankFor(0.6));
    assertEquals(2, z.rankFor(0.818));
    assertEquals(3, z.rankFor(0.82));
    assertEquals(3, z.rankFor(Math.nextDown(1.0)));
  }

  @Test
  void fourRanksExponentTwo() {
    ZipfSampler z = ZipfSampler.of(4, 2.0); // H = 1 + 1/4 + 1/9 + 1/16 = 205/144
    assertEquals(144.0 / 205, z.probability(1), 1e-15);
    assertEquals(36.0 / 205, z.probability(2), 1e-15);
    assertEquals(16.0 / 205, z.probability(3), 1e-15);
    assertEquals(9.0 / 205, z.probability(4), 1e-15);
  }

  @Test
  void boundariesAreHalfOpen() {
    ZipfSampler uniform = ZipfSampler.of(4, 0); // C = 0.25, 0.5, 0.75, 1 exactly
    assertEquals(1, uniform.rankFor(0.0));
    assertEquals(1, uniform.rankFor(Math.nextDown(0.25)));
    assertEquals(2, uniform.rankFor(0.25)); // u = C(1) belongs to rank 2
    assertEquals(3, uniform.rankFor(0.5));
    assertEquals(4, uniform.rankFor(0.75));
  }

  @Test
  void defaultExponentIsOnePointTwoAndProbabilitiesSumToOne() {
    ZipfSampler z = ZipfSampler.of(1000);
    assertEquals(1.2, z.exponent());
    double sum = 0;
    for (int k = 1; k <= 1000; k++) {
      sum += z.probability(k);
    }
    assertEquals(1.0, sum, 1e-12);
    assertEquals(Math.pow(2, 1.2), z.probability(1) / z.probability(2), 1e-12);
  }

  /**
   * Pearson's chi-square over 100 000 draws with a fixed seed, n = 10, s = 1.2: 9 degrees of
   * freedom, the 0.1% critical value is 27.88. Deterministic (fixed seed), so never flaky.
   */
  @Test
  void chiSquareGoodnessOfFitAtFixedSeed() {
    ZipfSampler z = ZipfSampler.of(10, 1.2);
    Random random = new Random(20_240_601L);
    int draws = 100_000;
    long[] observed = new long[11];
    for (int i = 0; i < draws; i++) {
      int k = z.sample(random);
      assertTrue(k >= 1 && k <= 10, "rank " + k);
      observed[k]++;
    }
    double chi2 = 0;
    for (int k = 1; k <= 10; k++) {
      double expected = draws * z.probability(k);
      chi2 += (observed[k] - expected) * (observed[k] - expected) / expected;
    }
    assertTrue(chi2 < 27.88, "chi-square " + chi2 + " over 9 dof is implausible for Zipf(1.2)");
    assertTrue(observed[1] > observed[2] && observed[2] > observed[10], "skewed to rank 1");
  }

  @Test
  void steepExponentStaysInRange() {
    ZipfSampler z = ZipfSampler.of(1000, 20);
    Random random = new Random(5);
    for (int i = 0; i < 10_000; i++) {
      int k = z.sample(random);
      assertTrue(k >= 1 && k <= 1000);
    }
    assertEquals(1, z.rankFor(0.5));
  }

  @Test
  void badArgumentsNameTheFieldAndFix() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ZipfSampler.of(0, 1.2));
    assertTrue(e.getMessage().startsWith("n must be in 1..10000000, got 0"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> ZipfSampler.of(5, Double.NaN));
    assertTrue(e.getMessage().contains("exponent must be in [0, 20], got NaN"), e.getMessage());
    ZipfSampler z = ZipfSampler.of(5);
    assertThrows(IllegalArgumentException.class, () -> z.probability(0));
    assertThrows(IllegalArgumentException.class, () -> z.rankFor(1.0));
  }
}
