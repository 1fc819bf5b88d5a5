package org.blinkhdfs.bench.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.junit.jupiter.api.Test;

/** Random schedules over seeds, checked against a millisecond scan and against monotonicity. */
class ExpectedReadWaitPropertyTest {
  private static final int SEEDS = 150;

  private static Map<String, ActiveWindow> randomWindows(Random rnd, long intervalMs, int n,
      boolean allowNever) {
    Map<String, ActiveWindow> out = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      int shape = rnd.nextInt(12);
      ActiveWindow w = shape == 0 && allowNever ? ActiveWindow.never(intervalMs)
          : shape == 1 ? ActiveWindow.always(intervalMs)
          : new ActiveWindow(rnd.nextInt((int) intervalMs), 1 + rnd.nextInt((int) intervalMs),
              intervalMs);
      out.put("n" + i, w);
    }
    return out;
  }

  /**
   * Independent check: a read at integer phase p waits min over holders of untilOpenMs(p). A gap
   * of g ms contributes g + (g−1) + … + 1 = g(g+1)/2 to the integer sum and g²/2 to the
   * continuous integral, so the continuous mean is (sum − uncovered/2)/T.
   */
  private static double[] scan(List<ActiveWindow> holders, long intervalMs) {
    double sum = 0;
    long uncovered = 0;
    for (long p = 0; p < intervalMs; p++) {
      long best = Long.MAX_VALUE;
      for (ActiveWindow w : holders) {
        best = Math.min(best, w.untilOpenMs(p));
      }
      if (best > 0) {
        uncovered++;
        sum += best;
      }
    }
    return new double[] {(sum - uncovered / 2.0) / intervalMs, (double) uncovered / intervalMs};
  }

  @Test
  void randomPlacementEqualsBruteForceOverAllSubsets() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random rnd = new Random(seed);
      long intervalMs = 2 + rnd.nextInt(300);
      int n = 1 + rnd.nextInt(6);
      int r = 1 + rnd.nextInt(n);
      Map<String, ActiveWindow> w = randomWindows(rnd, intervalMs, n, false);
      List<String> nodes = new ArrayList<>(w.keySet());
      double[] sums = new double[2];
      int[] count = new int[1];
      Combinations.forEach(n, r, Long.MAX_VALUE, subset -> {
        List<ActiveWindow> holders = new ArrayList<>();
        for (int i : subset) {
          holders.add(w.get(nodes.get(i)));
        }
        double[] s = scan(holders, intervalMs);
        sums[0] += s[0];
        sums[1] += s[1];
        count[0]++;
      });
      ReadWaitExpectation e = ExpectedReadWait.randomPlacement(w, nodes, r);
      String ctx = "seed " + seed + " " + w + " r=" + r;
      assertEquals(count[0], e.blockCount(), ctx);
      assertEquals(Combinations.count(n, r), e.blockCount(), ctx);
      assertEquals(sums[0] / count[0], e.meanWaitMs().getAsDouble(), 1e-6, ctx);
      assertEquals(sums[1] / count[0], e.mustWaitProbability(), 1e-9, ctx);
    }
  }

  @Test
  void moreReplicasNeverWaitLonger() {
    // Each (r+1)-subset waits no longer than any of its r-subsets, and every r-subset lies in
    // equally many (r+1)-subsets, so the uniform means cannot increase with r.
    for (long seed = 0; seed < SEEDS; seed++) {
      Random rnd = new Random(seed);
      long intervalMs = 10 + rnd.nextInt(10_000);
      int n = 2 + rnd.nextInt(7);
      boolean allowNever = seed % 2 == 0;
      Map<String, ActiveWindow> w = randomWindows(rnd, intervalMs, n, allowNever);
      List<String> nodes = new ArrayList<>(w.keySet());
      ReadWaitExpectation prev = ExpectedReadWait.randomPlacement(w, nodes, 1);
      for (int r = 2; r <= n; r++) {
        ReadWaitExpectation next = ExpectedReadWait.randomPlacement(w, nodes, r);
        String ctx = "seed " + seed + " r=" + r + " " + w;
        assertTrue(next.mustWaitProbability() <= prev.mustWaitProbability() + 1e-12, ctx);
        assertTrue(next.neverAvailableFraction() <= prev.neverAvailableFraction() + 1e-12, ctx);
        if (!allowNever) {
          assertTrue(next.meanWaitMs().getAsDouble()
              <= prev.meanWaitMs().getAsDouble() + 1e-9, ctx);
        }
        prev = next;
      }
    }
  }

  @Test
  void explicitSetsOfEverySubsetEqualRandomPlacement() {
    for (long seed = 0; seed < 50; seed++) {
      Random rnd = new Random(seed);
      int n = 1 + rnd.nextInt(6);
      int r = 1 + rnd.nextInt(n);
      Map<String, ActiveWindow> w = randomWindows(rnd, 1_000 + rnd.nextInt(60_000), n, true);
      List<String> nodes = new ArrayList<>(w.keySet());
      List<ReplicaSet> sets = new ArrayList<>();
      Combinations.forEach(n, r, Long.MAX_VALUE, subset -> {
        List<String> names = new ArrayList<>();
        for (int i : subset) {
          names.add(nodes.get(i));
        }
        sets.add(ReplicaSet.of(names));
      });
      assertEquals(ExpectedReadWait.randomPlacement(w, nodes, r), ExpectedReadWait.of(w, sets),
          "seed " + seed);
    }
  }
}
