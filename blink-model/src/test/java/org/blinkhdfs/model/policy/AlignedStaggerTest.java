package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** The co-designed stagger's geometry and condition ({@link AlignedStagger}), worked by hand. */
class AlignedStaggerTest {

  @Test
  void evenOffsets() {
    assertArrayEquals(new int[] {0, 3, 6}, AlignedStagger.replicaOffsets(9, 3));
    assertArrayEquals(new int[] {0, 1, 3, 4, 6, 7}, AlignedStagger.replicaOffsets(9, 6));
    assertArrayEquals(new int[] {0, 2, 5, 7}, AlignedStagger.replicaOffsets(10, 4));
    assertArrayEquals(new int[] {0}, AlignedStagger.replicaOffsets(1, 1));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> AlignedStagger.replicaOffsets(4, 5));
    assertTrue(e.getMessage().contains("replicas must be within 1..4, got 5"), e.getMessage());
  }

  @Test
  void phasesAreTheCircularStagger() {
    // t = 60 s, N = 9: 0, 6 666, 13 333, 20 000, ...
    assertEquals(0, AlignedStagger.phaseMs(0, 9, 60_000));
    assertEquals(6_666, AlignedStagger.phaseMs(1, 9, 60_000));
    assertEquals(13_333, AlignedStagger.phaseMs(2, 9, 60_000));
    assertEquals(53_333, AlignedStagger.phaseMs(8, 9, 60_000));
  }

  @Test
  void gapsOfThreeOnNineAreThirds() {
    assertArrayEquals(new long[] {20_000, 20_000, 20_000},
        AlignedStagger.gapsMs(4, 9, 3, 60_000));
    // r = 6: node gaps 1, 2, 1, 2, 1, 2 → 6 666 / 13 334 ms from position 0.
    assertArrayEquals(new long[] {6_666, 13_334, 6_666, 13_334, 6_666, 13_334},
        AlignedStagger.gapsMs(0, 9, 6, 60_000));
    assertArrayEquals(new long[] {60_000}, AlignedStagger.gapsMs(5, 9, 1, 60_000));
    assertEquals(13_334, AlignedStagger.maxGapMs(9, 6, 60_000));
  }

  /** The class comment's example: 40% on 9 Mac minis, r = 3, read window 500 ms. */
  @Test
  void fortyPercentAtSixtySecondsIsAlwaysReadable() {
    // a = (90 − 9)/(225 − 9) = 0.375, w = 22 500 ms, L = 22 000 ≥ 20 000.
    assertTrue(AlignedStagger.alwaysReadable(9, 3, 60_000, 22_500, 500));
    assertEquals(0.0, AlignedStagger.meanWaitMs(9, 3, 60_000, 22_500, 500).getAsDouble());
    assertEquals(0.0, AlignedStagger.unavailableFraction(9, 3, 60_000, 22_500, 500));
    // BlinkFS's bisection (f, f+4, f+6) has a gap of 4 positions = 26 666 ms > 22 000.
  }

  @Test
  void fortyPercentAtSixSecondsWaitsTheBound() {
    // w = 2 250, L = 1 750 < 2 000: three uncovered 250 ms stretches per interval.
    assertFalse(AlignedStagger.alwaysReadable(9, 3, 6_000, 2_250, 500));
    assertEquals(750.0 / 6_000, AlignedStagger.unavailableFraction(9, 3, 6_000, 2_250, 500),
        1e-12);
    // 3 · 250² / (2 · 6 000) = 15.625 ms; bound (6 000 − 3 · 1 750)² / (2 · 6 000 · 3) = 15.625.
    assertEquals(15.625, AlignedStagger.meanWaitMs(9, 3, 6_000, 2_250, 500).getAsDouble(), 1e-9);
    assertEquals(15.625, AlignedStagger.lowerBoundWaitMs(3, 6_000, 2_250, 500).getAsDouble(),
        1e-9);
  }

  /** r = 6 does not divide 9: the design loses 2/9 − 1/6 of the interval to the bound. */
  @Test
  void sixOnNineAtTwentyPercentStaysAboveTheBound() {
    // a = (45 − 9)/(225 − 9) = 1/6, w = 10 000, L = 9 500. Gaps 6 666/6 667 are covered, the
    // 13 333/13 334 ones leave 3 833/3 834: (3·3 834² + 3·3 833²)/(2·60 000) or the mirror,
    // averaged over f: 367.36 ms. Bound: (60 000 − 57 000)²/(2·60 000·6) = 12.5 ms.
    assertEquals(367.3611, AlignedStagger.meanWaitMs(9, 6, 60_000, 10_000, 500).getAsDouble(),
        1e-3);
    assertEquals(12.5, AlignedStagger.lowerBoundWaitMs(6, 60_000, 10_000, 500).getAsDouble(),
        1e-9);
    assertEquals(0.19166, AlignedStagger.unavailableFraction(9, 6, 60_000, 10_000, 500), 1e-4);
  }

  @Test
  void windowNoLongerThanTheReadWindowNeverServes() {
    assertEquals(0, AlignedStagger.usableMs(6_000, 500, 500));
    assertTrue(AlignedStagger.meanWaitMs(9, 3, 6_000, 500, 500).isEmpty());
    assertEquals(1.0, AlignedStagger.unavailableFraction(9, 3, 6_000, 400, 500));
    assertFalse(AlignedStagger.alwaysReadable(9, 3, 6_000, 500, 500));
    // A node awake the whole interval is not trimmed.
    assertEquals(6_000, AlignedStagger.usableMs(6_000, 6_000, 500));
    assertTrue(AlignedStagger.alwaysReadable(9, 1, 6_000, 6_000, 500));
  }

  /**
   * Over seeds (N ≤ 64, r ≤ 6, any interval, window and read window): gaps sum to t; the largest
   * gap is the closed form max_i ⌊t(i+G)/N⌋ − ⌊ti/N⌋ with G = ⌈N/r⌉; the condition holds exactly
   * when nothing is uncovered; the wait never beats the bound and equals it when r | N and N | t.
   */
  @Test
  void propertiesOverSeeds() {
    for (long seed = 0; seed < 2_000; seed++) {
      Random rnd = new Random(seed);
      int n = 1 + rnd.nextInt(64);
      int r = 1 + rnd.nextInt(Math.min(6, n));
      long t = rnd.nextBoolean() ? (long) n * (1 + rnd.nextInt(2_000))
          : 100 + rnd.nextInt(120_000);
      long w = rnd.nextInt((int) t + 1);
      long m = rnd.nextInt(2_000);
      String ctx = "seed " + seed + ": N=" + n + " r=" + r + " t=" + t + " w=" + w + " m=" + m;
      for (int f = 0; f < n; f++) {
        long sum = 0;
        for (long g : AlignedStagger.gapsMs(f, n, r, t)) {
          assertTrue(g >= 0, ctx);
          sum += g;
        }
        assertEquals(t, sum, ctx);
      }
      int big = (n + r - 1) / r;
      long closed = 0;
      for (int i = 0; i < n; i++) {
        closed = Math.max(closed, Math.floorDiv(t * (i + big), n) - Math.floorDiv(t * i, n));
      }
      assertEquals(closed, AlignedStagger.maxGapMs(n, r, t), ctx);
      boolean always = AlignedStagger.alwaysReadable(n, r, t, w, m);
      double unavailable = AlignedStagger.unavailableFraction(n, r, t, w, m);
      assertEquals(always, unavailable == 0.0, ctx);
      var wait = AlignedStagger.meanWaitMs(n, r, t, w, m);
      var bound = AlignedStagger.lowerBoundWaitMs(r, t, w, m);
      assertEquals(wait.isEmpty(), bound.isEmpty(), ctx);
      if (wait.isPresent()) {
        assertEquals(always, wait.getAsDouble() == 0.0, ctx);
        assertTrue(wait.getAsDouble() >= bound.getAsDouble() - 1e-9, ctx);
        if (n % r == 0 && t % n == 0) {
          assertEquals(bound.getAsDouble(), wait.getAsDouble(), 1e-6, ctx);
        }
      }
    }
  }

  /** The policy opens ring node i at ⌊t·i/N⌋ at every power, with staggered's windows. */
  @Test
  void policyPhasesDoNotDependOnPower() {
    List<String> ring = PolicyTest.ring(9);
    for (double percent : new double[] {20, 40, 60, 90}) {
      PolicyRequest req = PolicyRequest.builder().ring(ring).model(PowerModel.macMini(9))
          .level(new PowerLevel.Percent(percent)).intervalMs(60_000).build();
      Schedule aligned = new AlignedPolicy().plan(req).schedule().orElseThrow();
      Schedule staggered = new StaggeredPolicy().plan(req).schedule().orElseThrow();
      for (int i = 0; i < 9; i++) {
        ActiveWindow a = aligned.window(ring.get(i));
        assertEquals(staggered.window(ring.get(i)).lengthMs(), a.lengthMs(),
            "length at " + percent);
        assertEquals(AlignedStagger.phaseMs(i, 9, 60_000), a.offsetMs(), "phase at " + percent);
      }
    }
    assertEquals("aligned", Policies.byName("--policy", "aligned").name());
  }
}
