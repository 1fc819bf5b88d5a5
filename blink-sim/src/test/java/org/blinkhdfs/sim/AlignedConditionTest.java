package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.availability.BlockAvailability;
import org.blinkhdfs.model.policy.AlignedPolicy;
import org.blinkhdfs.model.policy.AlignedStagger;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.policy.PolicyResult;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * The aligned design's condition and wait ({@link AlignedStagger}) against the exact union of
 * windows the demo and the simulator use ({@link BlockAvailability}), on schedules the {@code
 * aligned} policy really plans and replica sets the even ring layout really places: over N ≤ 64,
 * r ≤ 6, power levels, transition times and read windows. Also: every node holds exactly r/N
 * of the blocks over all first positions (no spread), and even spacing never has a larger gap
 * than BlinkFS's bisection on the same phases.
 */
class AlignedConditionTest {

  @Test
  void conditionMatchesTheExactUnionOverSeeds() {
    int checked = 0;
    int always = 0;
    for (long seed = 0; seed < 600; seed++) {
      Random rnd = new Random(seed);
      int n = 1 + rnd.nextInt(64);
      int r = 1 + rnd.nextInt(Math.min(6, n));
      long t = 1_000 + rnd.nextInt(60_000);
      long transition = rnd.nextBoolean() ? 0 : rnd.nextInt(500);
      long readWindow = rnd.nextInt(1_000);
      double percent = 5 + rnd.nextInt(96);
      List<String> ring = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        ring.add("10.0." + (i / 250) + "." + (i % 250 + 1) + ":9866");
      }
      PowerModel model = PowerModel.builder().nodeCount(n).activeWatts(25).sleepWatts(1)
          .overheadWatts(0).transitionMs(transition).build();
      PolicyResult planned = new AlignedPolicy().plan(PolicyRequest.builder().ring(ring)
          .model(model).level(new PowerLevel.Percent(percent)).intervalMs(t).build());
      if (planned.schedule().isEmpty()) {
        continue;
      }
      Schedule s = planned.schedule().get();
      long window = s.window(ring.get(0)).lengthMs();
      String ctx = "seed " + seed + ": N=" + n + " r=" + r + " t=" + t + " " + percent
          + "% window=" + window + " m=" + readWindow;
      RingLayout layout = new RingLayout(n, RingSpacing.EVEN);
      RingLayout bisection = new RingLayout(n);
      int[] share = new int[n];
      boolean exactAlways = true;
      double waitSum = 0;
      boolean anyNever = false;
      for (int f = 0; f < n; f++) {
        List<ActiveWindow> usable = new ArrayList<>();
        for (int p : layout.positions(f, r)) {
          share[p]++;
          usable.add(s.window(ring.get(p)).readable(readWindow));
        }
        BlockAvailability b = BlockAvailability.of(usable);
        exactAlways &= b.alwaysAvailable();
        if (b.neverAvailable()) {
          anyNever = true;
        } else {
          waitSum += b.expectedWaitMs().getAsDouble();
        }
      }
      assertEquals(exactAlways, AlignedStagger.alwaysReadable(n, r, t, window, readWindow), ctx);
      var wait = AlignedStagger.meanWaitMs(n, r, t, window, readWindow);
      assertEquals(anyNever, wait.isEmpty(), ctx);
      if (!anyNever) {
        assertEquals(waitSum / n, wait.getAsDouble(), 1e-6, ctx);
      }
      for (int p = 0; p < n; p++) {
        assertEquals(r, share[p], ctx + ": node " + p + " holds " + share[p] + " of " + n);
      }
      assertTrue(AlignedStagger.maxGapMs(n, r, t) <= maxGap(bisection, n, r, t), ctx);
      checked++;
      always += exactAlways ? 1 : 0;
    }
    assertTrue(checked > 400 && always > 50 && checked - always > 50,
        "checked " + checked + ", always readable " + always);
  }


  private static long maxGap(RingLayout layout, int n, int r, long t) {
    long max = 0;
    for (int f = 0; f < n; f++) {
      List<Integer> sorted = new ArrayList<>(layout.positions(f, r));
      sorted.sort(null);
      for (int j = 0; j < r; j++) {
        long from = sorted.get(j);
        long to = j + 1 < r ? sorted.get(j + 1) : sorted.get(0) + (long) n;
        max = Math.max(max, Math.floorDiv(t * to, n) - Math.floorDiv(t * from, n));
      }
    }
    return max;
  }
}
