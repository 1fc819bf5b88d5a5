package org.blinkhdfs.model.signal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.blinkhdfs.model.power.PowerLevel;
import org.junit.jupiter.api.Test;

class PriceSignalTest {
  private static final long FIVE_MIN_MS = 300_000;
  private static final double SQRT_2PI = Math.sqrt(2 * Math.PI);

  private static double wattsAt(PowerSignal s, long elapsedMs) {
    return ((PowerLevel.Watts) s.levelAt(elapsedMs)).watts();
  }

  @Test
  void budgetOverPriceInWatts() {
    // 1000 x 0.01 / 0.045 = 10 / 0.045 = 222.222... W
    assertEquals(222.2222222222, BudgetSignal.wattsFor(0.01, 0.045), 1e-9);
    // 10 / 0.035 = 285.714285... ; 10 / 0.052 = 192.307692...
    assertEquals(285.7142857143, BudgetSignal.wattsFor(0.01, 0.035), 1e-9);
    assertEquals(192.3076923077, BudgetSignal.wattsFor(0.01, 0.052), 1e-9);
    // doubling the budget doubles the power
    assertEquals(444.4444444444, BudgetSignal.wattsFor(0.02, 0.045), 1e-9);
  }

  @Test
  void budgetSignalFollowsThePriceStepsAndLoops() {
    PriceTrace prices = PriceTrace.of("hand", FIVE_MIN_MS, new double[] {0.045, 0.035, 0.052});
    BudgetSignal s = new BudgetSignal(0.01, prices);
    assertEquals(222.2222222222, wattsAt(s, 0), 1e-9);
    assertEquals(222.2222222222, wattsAt(s, FIVE_MIN_MS - 1), 1e-9);
    assertEquals(285.7142857143, wattsAt(s, FIVE_MIN_MS), 1e-9);
    assertEquals(192.3076923077, wattsAt(s, 2 * FIVE_MIN_MS), 1e-9);
    assertEquals(222.2222222222, wattsAt(s, 3 * FIVE_MIN_MS), 1e-9); // looped
    assertTrue(s.describe().startsWith("budget 0.01/h over hand"), s.describe());
  }

  @Test
  void budgetAndPricesValidated() {
    PriceTrace prices = PriceTrace.of("hand", FIVE_MIN_MS, new double[] {0.045});
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new BudgetSignal(0, prices));
    assertTrue(e.getMessage().contains("budgetPerHour") && e.getMessage().contains("got 0"),
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new BudgetSignal(-0.01, prices));
    assertThrows(IllegalArgumentException.class, () -> new BudgetSignal(Double.NaN, prices));
    e = assertThrows(IllegalArgumentException.class,
        () -> PriceTrace.of("x", FIVE_MIN_MS, new double[] {0.04, 0}));
    assertTrue(e.getMessage().contains("pricesPerKwh[1]"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PriceTrace.of("x", 0, new double[] {1}));
    assertThrows(IllegalArgumentException.class, () -> new BudgetSignal(0.01, prices).levelAt(-1));
  }

  @Test
  void noiseFreeProfileIsTheDiurnalDoublePeak() {
    SyntheticPriceGenerator g = SyntheticPriceGenerator.builder()
        .noise(0, 1).spikes(0, 1, 1, 1).startHourOfDay(0).durationMs(24 * 3_600_000L).build();
    // daily mean of profile = 1 + 0.3*1.5*sqrt(2 pi)/24 + 0.45*2*sqrt(2 pi)/24 (Gaussian areas)
    double mean = 1 + 0.3 * 1.5 * SQRT_2PI / 24 + 0.45 * 2 * SQRT_2PI / 24; // ~1.1410
    // 03:00 is 5 h from the morning peak, 8 h from the evening one
    double at3 = 1 + 0.3 * Math.exp(-25 / (2 * 1.5 * 1.5)) + 0.45 * Math.exp(-64 / (2 * 2.0 * 2));
    PriceTrace p = g.generate(new Random(1));
    assertEquals(288, p.size()); // 24 h / 5 min
    assertEquals(0.045 * at3 / mean, p.pricePerKwhAt(3 * 3_600_000L), 1e-7);
    // 19:00 (evening peak): 1 + 0.45 + 0.3*exp(-121/4.5)
    double at19 = 1.45 + 0.3 * Math.exp(-121 / 4.5);
    assertEquals(0.045 * at19 / mean, p.pricePerKwhAt(19 * 3_600_000L), 1e-7);
    assertEquals(0.0572, p.pricePerKwhAt(19 * 3_600_000L), 1e-4); // javadoc example
    // 08:00 (morning peak) beats 03:00; 19:00 beats 08:00; daily mean is the base price
    assertTrue(p.pricePerKwhAt(8 * 3_600_000L) > p.pricePerKwhAt(3 * 3_600_000L));
    assertTrue(p.pricePerKwhAt(19 * 3_600_000L) > p.pricePerKwhAt(8 * 3_600_000L));
    assertEquals(0.045, p.meanPricePerKwh(), 1e-6);
  }

  @Test
  void everySpikeStepMultipliesThePrice() {
    // spike probability 1, multiplier exactly 2, no noise: every price is twice the profile
    SyntheticPriceGenerator g = SyntheticPriceGenerator.builder()
        .noise(0, 1).spikes(1, 2, 2, 1).build();
    PriceTrace p = g.generate(new Random(5));
    for (int k = 0; k < p.size(); k++) {
      double hour = 7 + k * 5 / 60.0;
      assertEquals(2 * g.profilePricePerKwh(hour), p.pricePerKwh(k), 1e-12, "step " + k);
    }
  }

  /** Properties over 200 seeds: positive, deterministic, seed-dependent, spikes occasional. */
  @Test
  void pricesPositiveDeterministicAndSpikesOccasional() {
    SyntheticPriceGenerator g = SyntheticPriceGenerator.builder().build();
    int spikeSteps = 0;
    int steps = 0;
    for (long seed = 0; seed < 200; seed++) {
      PriceTrace a = g.generate(new Random(seed));
      PriceTrace b = g.generate(new Random(seed));
      assertEquals(36, a.size()); // 07:00-10:00 in 5-minute steps
      assertArrayEquals(a.pricesPerKwh(), b.pricesPerKwh(), "seed " + seed);
      assertFalse(Arrays.equals(a.pricesPerKwh(), g.generate(new Random(seed + 1000))
          .pricesPerKwh()), "seed " + seed);
      for (int k = 0; k < a.size(); k++) {
        double price = a.pricePerKwh(k);
        assertTrue(price > 0 && Double.isFinite(price), "seed " + seed + " step " + k);
        double ratio = price / g.profilePricePerKwh(7 + k * 5 / 60.0);
        if (ratio > 1.4) { // > 5 noise standard deviations: a spike
          spikeSteps++;
        }
        steps++;
      }
      BudgetSignal s = new BudgetSignal(0.01, a);
      for (long t = 0; t < 4 * 3_600_000L; t += 60_000) {
        assertTrue(wattsAt(s, t) > 0, "seed " + seed);
      }
    }
    // expected about 1% x 36 x 200 starts x 2 steps each = ~140 of 7200
    assertTrue(spikeSteps > 20 && spikeSteps < 0.1 * steps, "spike steps " + spikeSteps);
  }

  @Test
  void noiseIsMeanRevertingWithTheConfiguredSpread() {
    // 60 days of 5-minute steps, no spikes. log(price/profile) is OU with stationary sd 0.06 and
    // lag-one autocorrelation a = exp(-(5/60 h)/(1 h)) = 0.92004
    SyntheticPriceGenerator g = SyntheticPriceGenerator.builder()
        .spikes(0, 1, 1, 1).durationMs(60L * 24 * 3_600_000L).build();
    PriceTrace p = g.generate(new Random(7));
    int n = p.size();
    double[] x = new double[n];
    double sum = 0;
    for (int k = 0; k < n; k++) {
      x[k] = Math.log(p.pricePerKwh(k) / g.profilePricePerKwh((7 + k * 5 / 60.0) % 24));
      sum += x[k];
    }
    double mean = sum / n;
    double var = 0;
    double cov = 0;
    for (int k = 0; k < n; k++) {
      var += (x[k] - mean) * (x[k] - mean);
      if (k > 0) {
        cov += (x[k] - mean) * (x[k - 1] - mean);
      }
    }
    assertEquals(0, mean, 0.02);
    assertEquals(0.06, Math.sqrt(var / n), 0.01);
    assertEquals(Math.exp(-5.0 / 60), cov / var, 0.02);
  }

  @Test
  void generatorValidatesAndLabelsPricesSynthetic() {
    assertThrows(IllegalArgumentException.class,
        () -> SyntheticPriceGenerator.builder().basePricePerKwh(0).build());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SyntheticPriceGenerator.builder().startHourOfDay(24).build());
    assertTrue(e.getMessage().contains("startHourOfDay") && e.getMessage().contains("24"),
        e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> SyntheticPriceGenerator.builder().spikes(0.1, 0.5, 2, 1).build());
    assertThrows(IllegalArgumentException.class,
        () -> SyntheticPriceGenerator.builder().noise(-0.1, 1).build());
    PriceTrace p = SyntheticPriceGenerator.builder().build().generate(new Random(3));
    assertTrue(p.label().startsWith("SYNTHETIC"), p.label());
    BudgetSignal s = BlinkFsSignals.marketPrice(0.01, new Random(3));
    assertTrue(s.describe().contains("SYNTHETIC"), s.describe());
    assertArrayEquals(p.pricesPerKwh(), s.prices().pricesPerKwh());
  }
}
