package org.blinkhdfs.bench.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import org.junit.jupiter.api.Test;

class RandomPlacementTest {

  @Test
  void tenNodesFiveOffThreeReplicasIsOneTwelfth() {
    assertEquals(1.0 / 12, RandomPlacement.inaccessibleProbability(10, 5, 3), 1e-16);
    assertEquals(60.0 / 720, RandomPlacement.inaccessibleProbability(10, 5, 3), 1e-16);
  }

  @Test
  void edges() {
    assertEquals(0.0, RandomPlacement.inaccessibleProbability(10, 2, 3), 0); // k > m
    assertEquals(0.0, RandomPlacement.inaccessibleProbability(10, 0, 1), 0);
    assertEquals(1.0, RandomPlacement.inaccessibleProbability(10, 10, 3), 0); // all off
    assertEquals(0.5, RandomPlacement.inaccessibleProbability(10, 5, 1), 0);
    assertEquals(1.0 / 252, RandomPlacement.inaccessibleProbability(10, 5, 5), 1e-17);
  }

  @Test
  void matchesFactorialFormExactly() {
    for (int n = 1; n <= 30; n++) {
      for (int m = 0; m <= n; m++) {
        for (int k = 1; k <= n; k++) {
          double expected = 0;
          if (k <= m) {
            BigInteger num = fact(m).multiply(fact(n - k));
            BigInteger den = fact(n).multiply(fact(m - k));
            expected = new BigDecimal(num).divide(new BigDecimal(den), MathContext.DECIMAL128)
                .doubleValue();
          }
          double got = RandomPlacement.inaccessibleProbability(n, m, k);
          assertEquals(expected, got, 1e-14 * Math.max(expected, 1e-300),
              "n=" + n + " m=" + m + " k=" + k);
        }
      }
    }
  }

  @Test
  void largeClustersDoNotOverflow() {
    double expected = 50_000.0 / 100_000 * 49_999 / 99_999 * 49_998 / 99_998;
    assertEquals(expected, RandomPlacement.inaccessibleProbability(100_000, 50_000, 3), 1e-15);
    double p = RandomPlacement.inaccessibleProbability(1_000_000, 900_000, 200);
    assertTrue(p > 0 && p < 1 && Double.isFinite(p));
  }

  @Test
  void badInputIsRejected() {
    assertMessage(() -> RandomPlacement.inaccessibleProbability(0, 0, 1), "nodeCount", "got 0");
    assertMessage(() -> RandomPlacement.inaccessibleProbability(10, 11, 1), "inactiveCount",
        "got 11");
    assertMessage(() -> RandomPlacement.inaccessibleProbability(10, -1, 1), "inactiveCount",
        "got -1");
    assertMessage(() -> RandomPlacement.inaccessibleProbability(10, 5, 0), "replicaCount",
        "got 0");
    assertMessage(() -> RandomPlacement.inaccessibleProbability(10, 5, 11), "replicaCount",
        "got 11");
  }

  private static void assertMessage(Runnable call, String arg, String value) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
    assertTrue(e.getMessage().contains(arg) && e.getMessage().contains(value), e.getMessage());
  }

  private static BigInteger fact(int n) {
    BigInteger f = BigInteger.ONE;
    for (int i = 2; i <= n; i++) {
      f = f.multiply(BigInteger.valueOf(i));
    }
    return f;
  }
}
