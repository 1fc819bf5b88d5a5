package org.blinkhdfs.model.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.junit.jupiter.api.Test;

/** Seeded random schedules checked against a millisecond scan and provable bounds. */
class BlockAvailabilityPropertyTest {
  private static final int SEEDS = 200;

  private static ActiveWindow randomWindow(Random rnd, long intervalMs) {
    int shape = rnd.nextInt(20);
    if (shape == 0) {
      return ActiveWindow.never(intervalMs);
    }
    if (shape == 1) {
      return ActiveWindow.always(intervalMs);
    }
    long offsetMs = rnd.nextInt((int) intervalMs);
    long lengthMs = rnd.nextInt((int) intervalMs + 1);
    return new ActiveWindow(offsetMs, lengthMs, intervalMs);
  }

  private static List<ActiveWindow> randomWindows(Random rnd, long intervalMs) {
    int count = 1 + rnd.nextInt(5);
    List<ActiveWindow> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(randomWindow(rnd, intervalMs));
    }
    return out;
  }

  @Test
  void unionGapsAndWaitsMatchMillisecondScan() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random rnd = new Random(seed);
      long intervalMs = 1 + rnd.nextInt(500);
      List<ActiveWindow> windows = randomWindows(rnd, intervalMs);
      BlockAvailability b = BlockAvailability.of(windows);

      boolean[] awake = new boolean[(int) intervalMs];
      long coveredMs = 0;
      for (int p = 0; p < intervalMs; p++) {
        for (ActiveWindow w : windows) {
          awake[p] |= w.contains(p);
        }
        coveredMs += awake[p] ? 1 : 0;
      }
      String ctx = "seed " + seed + " " + windows;
      assertEquals(coveredMs, b.coveredMs(), ctx);

      // circular runs of uncovered milliseconds = gap lengths
      List<Long> scanGaps = new ArrayList<>();
      if (coveredMs == 0) {
        scanGaps.add(intervalMs);
      } else if (coveredMs < intervalMs) {
        int start = 0;
        while (!awake[start]) {
          start++;
        }
        long run = 0;
        for (int step = 1; step <= intervalMs; step++) {
          int p = (int) ((start + step) % intervalMs);
          if (!awake[p]) {
            run++;
          } else if (run > 0) {
            scanGaps.add(run);
            run = 0;
          }
        }
      }
      List<Long> gaps = new ArrayList<>();
      b.gaps().forEach(g -> gaps.add(g.lengthMs()));
      scanGaps.sort(null);
      gaps.sort(null);
      assertEquals(scanGaps, gaps, ctx);

      // per-ms waits: a gap g contributes g + (g-1) + ... + 1 = g²/2 + g/2
      if (coveredMs > 0) {
        long sumWaitMs = 0;
        long maxWaitMs = 0;
        for (int p = 0; p < intervalMs; p++) {
          long w = b.waitMs(p).getAsLong();
          assertEquals(awake[p], w == 0, ctx + " phase " + p);
          sumWaitMs += w;
          maxWaitMs = Math.max(maxWaitMs, w);
        }
        double continuous = b.expectedWaitMs().getAsDouble() * intervalMs;
        assertEquals(sumWaitMs, continuous + b.uncoveredMs() / 2.0, 1e-6, ctx);
        assertEquals(maxWaitMs, b.maxWaitMs().getAsLong(), ctx);
      } else {
        assertTrue(b.expectedWaitMs().isEmpty(), ctx);
        assertTrue(b.waitMs(0).isEmpty(), ctx);
      }
    }
  }

  @Test
  void fractionsAndWaitsStayWithinProvableBounds() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random rnd = new Random(seed);
      long intervalMs = 1 + rnd.nextInt(100_000);
      BlockAvailability b = BlockAvailability.of(randomWindows(rnd, intervalMs));
      String ctx = "seed " + seed + " " + b;
      double f = b.availableFraction();
      double u = b.unavailableFraction();
      assertTrue(f >= 0 && f <= 1, ctx);
      assertEquals(1.0, f + u, 1e-12, ctx);
      if (b.neverAvailable()) {
        continue;
      }
      double waitMs = b.expectedWaitMs().getAsDouble();
      long maxGapMs = b.maxWaitMs().getAsLong();
      double slack = 1e-9 * intervalMs;
      assertTrue(waitMs >= 0, ctx);
      assertTrue(waitMs <= maxGapMs * u / 2 + slack, ctx);           // Σg² ≤ maxGap·Σg
      assertTrue(waitMs <= u * u * intervalMs / 2 + slack, ctx);     // Σg² ≤ (Σg)²
      assertTrue(waitMs <= u * intervalMs / 2 + slack, ctx);
      int n = b.gaps().size();
      if (n > 0) {
        assertTrue(waitMs >= u * u * intervalMs / (2 * n) - slack, ctx); // Cauchy-Schwarz
      }
      assertEquals(maxGapMs == 0, b.alwaysAvailable(), ctx);
    }
  }

  @Test
  void addingAWindowNeverLowersAvailabilityOrRaisesWait() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random rnd = new Random(seed);
      long intervalMs = 1 + rnd.nextInt(10_000);
      List<ActiveWindow> windows = randomWindows(rnd, intervalMs);
      BlockAvailability before = BlockAvailability.of(windows);
      List<ActiveWindow> more = new ArrayList<>(windows);
      more.add(randomWindow(rnd, intervalMs));
      BlockAvailability after = BlockAvailability.of(more);
      String ctx = "seed " + seed;
      assertTrue(after.coveredMs() >= before.coveredMs(), ctx);
      assertTrue(after.availableFraction() >= before.availableFraction(), ctx);
      if (!before.neverAvailable()) {
        assertTrue(after.expectedWaitMs().getAsDouble()
            <= before.expectedWaitMs().getAsDouble() + 1e-9, ctx);
        assertTrue(after.maxWaitMs().getAsLong() <= before.maxWaitMs().getAsLong(), ctx);
      }
    }
  }

  @Test
  void unionWithAlwaysWindowIsFull() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random rnd = new Random(seed);
      long intervalMs = 1 + rnd.nextInt(10_000);
      List<ActiveWindow> windows = randomWindows(rnd, intervalMs);
      windows.add(rnd.nextInt(windows.size() + 1), ActiveWindow.always(intervalMs));
      BlockAvailability b = BlockAvailability.of(windows);
      assertEquals(1.0, b.availableFraction(), 0, "seed " + seed);
      assertEquals(0.0, b.expectedWaitMs().getAsDouble(), 0, "seed " + seed);
      assertTrue(b.gaps().isEmpty(), "seed " + seed);
    }
  }
}
