package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.blinkhdfs.model.availability.BlockAvailability;
import org.blinkhdfs.model.policy.AlignedStagger;
import org.blinkhdfs.model.policy.PhaseGroups;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.policy.PolicyResult;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * The phase-group condition against the exact union of windows ({@link BlockAvailability}), on
 * schedules {@link PhaseGroupsPolicy} really plans, for every N ≤ 64, r ≤ min(6, N) with G = r,
 * every power level from 1% to 100% in 1% steps, intervals 60 000, 6 000 and 6 001 ms (r need not
 * divide t), and (T_tr, m) of (0, 0) and (300, 500) ms. Claims checked:
 *
 * <ul>
 *   <li>a block is readable at every phase iff the window is the whole interval or
 *       {@code ⌊a·t⌋ − T_tr − m ≥ ⌈t/r⌉} (with {@code ⌊a·t⌋ − T_tr} at least the minimum useful
 *       window), i.e. {@code a ≥ (⌈t/r⌉ + T_tr + m)/t};
 *   <li>every phase is a whole number of milliseconds, {@code ⌊t·(i mod r)/r⌋}, the same at every
 *       power level (so no layout depends on power and a power change moves no data);
 *   <li>the exact mean wait equals {@link PhaseGroups#meanWaitMs}, never beats the equal-window
 *       bound and equals it when r divides t; phase groups never need more than aligned.
 * </ul>
 */
class PhaseGroupsConditionTest {

  @Test
  void conditionHoldsExactlyForEveryRingAndPower() {
    int checked = 0;
    int always = 0;
    for (long t : new long[] {60_000, 6_000, 6_001}) {
      for (long[] tm : new long[][] {{0, 0}, {300, 500}}) {
        long transition = tm[0];
        long readWindow = tm[1];
        for (int n = 1; n <= 64; n++) {
          List<String> ring = ring(n);
          PowerModel model = PowerModel.builder().nodeCount(n).activeWatts(25).sleepWatts(1)
              .overheadWatts(0).transitionMs(transition).build();
          for (int r = 1; r <= Math.min(6, n); r++) {
            PhaseGroups groups = new PhaseGroups(n, r);
            PhaseGroupsPolicy policy = new PhaseGroupsPolicy(r);
            long[] phases = new long[n];
            for (int i = 0; i < n; i++) {
              phases[i] = Math.floorDiv(t * (i % r), r);
            }
            for (int percent = 1; percent <= 100; percent++) {
              PowerLevel level = new PowerLevel.Percent(percent);
              PolicyResult planned = policy.plan(PolicyRequest.builder().ring(ring)
                  .model(model).level(level).intervalMs(t).build());
              PowerBudget budget = level.resolve(model);
              String ctx = "t=" + t + " Ttr=" + transition + " m=" + readWindow + " N=" + n
                  + " r=" + r + " " + percent + "%";
              assertEquals(budget.belowMinimum(), planned.schedule().isEmpty(), ctx);
              if (planned.schedule().isEmpty()) {
                continue;
              }
              Schedule s = planned.schedule().get();
              long window = s.window(ring.get(0)).lengthMs();
              for (int i = 0; i < n; i++) {
                ActiveWindow w = s.window(ring.get(i));
                assertEquals(window, w.lengthMs(), ctx + " node " + i);
                if (window > 0 && window < t) {
                  assertEquals(phases[i], w.offsetMs(), ctx + " node " + i);
                }
              }
              boolean exact = exactlyAlwaysReadable(s, ring, groups, r, readWindow, t, ctx);
              assertEquals(stated(budget, model, t, r, readWindow), exact, ctx + " w=" + window);
              assertEquals(exact, groups.alwaysReadable(r, t, window, readWindow), ctx);
              assertTrue(groups.maxGapMs(r, t) <= AlignedStagger.maxGapMs(n, r, t), ctx);
              checked++;
              always += exact ? 1 : 0;
            }
          }
        }
      }
    }
    assertTrue(checked > 100_000 && always > 30_000 && checked - always > 30_000,
        "checked " + checked + ", always readable " + always);
  }

  /**
   * The exact union over a few anchors' replicas (every start group): always covered or not,
   * and the mean wait against the closed forms.
   */
  private static boolean exactlyAlwaysReadable(Schedule s, List<String> ring, PhaseGroups groups,
      int r, long readWindow, long t, String ctx) {
    long step = Math.max(1, groups.anchorCount() / 7);
    boolean all = true;
    double waitSum = 0;
    int blocks = 0;
    boolean never = false;
    for (long a = 0; a < groups.anchorCount(); a += step) {
      List<ActiveWindow> usable = new ArrayList<>();
      for (int p : groups.positions(a, r)) {
        usable.add(s.window(ring.get(p)).readable(readWindow));
      }
      BlockAvailability b = BlockAvailability.of(usable);
      all &= b.alwaysAvailable();
      if (b.neverAvailable()) {
        never = true;
      } else {
        waitSum += b.expectedWaitMs().getAsDouble();
        blocks++;
      }
    }
    long window = s.window(ring.get(0)).lengthMs();
    var closed = groups.meanWaitMs(r, t, window, readWindow);
    assertEquals(never, closed.isEmpty(), ctx);
    if (!never) {
      double wait = waitSum / blocks;
      assertEquals(closed.getAsDouble(), wait, 1e-6, ctx);
      double bound = AlignedStagger.lowerBoundWaitMs(r, t, window, readWindow).getAsDouble();
      assertTrue(wait >= bound - 1e-9, ctx);
      if (t % r == 0) {
        assertEquals(bound, wait, 1e-6, ctx);
      }
    }
    return all;
  }

  /** The stated condition, from the active fraction as BlinkFS defines it. */
  private static boolean stated(PowerBudget budget, PowerModel model, long t, int r,
      long readWindow) {
    double a = Math.max(0, Math.min(1, (budget.nodeWatts() - model.inactiveWatts())
        / (model.totalWatts() - model.inactiveWatts())));
    long powered = (long) Math.floor(a * t + 1e-9);
    if (powered >= t) {
      return true;
    }
    long window = powered - model.transitionMs();
    if (window < Math.max(1, model.minWindowMs())) {
      return false;
    }
    return window - readWindow >= (t + r - 1) / r;
  }

  private static List<String> ring(int n) {
    List<String> ring = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      ring.add("10.0.0." + (i + 1) + ":9866");
    }
    return ring;
  }
}
