package org.blinkhdfs.model.battery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.blinkhdfs.model.battery.RideThroughDecision.Verdict;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.policy.PolicyResult;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.power.SchedulePower;
import org.junit.jupiter.api.Test;

/**
 * Replanning every 60 s on a battery that is drawn at what the default policy (phase groups,
 * G = 3) actually plans, over seeded random clusters, batteries and targets: the energy never
 * falls below the reserve; a feasible target (the minimum lasts it, full power does not) is
 * reached within 5%; a target that full power outlasts is reached (less than one replan period
 * short at worst: the shutdown comes at a reading); an unreachable one lasts what the minimum
 * gives, less than one period short; and successive RIDE_THROUGH plans never fall while at least
 * one period is left (in the last, shorter one the plan spreads what is left over a whole
 * period, so that it lasts until the next reading). {@code -Dblink.battery.seeds=N} runs more
 * seeds.
 */
class RideThroughPropertiesTest {
  static final int SEEDS = Integer.getInteger("blink.battery.seeds", 300);
  private static final long REPLAN_MS = 60_000;
  private static final long HOUR = 3_600_000;

  @Test
  void replanningRidesThroughAndNeverGoesBelowTheReserve() {
    int feasible = 0;
    int capped = 0;
    int unreachable = 0;
    for (int seed = 0; seed < SEEDS; seed++) {
      switch (run(seed)) {
        case FEASIBLE -> feasible++;
        case CAPPED -> capped++;
        default -> unreachable++;
      }
    }
    // Every kind of case occurred, so each property was exercised.
    assertTrue(feasible > SEEDS / 10 && capped > 0 && unreachable > 0,
        "feasible " + feasible + ", capped " + capped + ", unreachable " + unreachable);
  }

  enum Kind { FEASIBLE, CAPPED, UNREACHABLE }

  private static Kind run(int seed) {
    Random rnd = new Random(seed);
    int n = 3 + rnd.nextInt(198);
    PowerModel model = PowerModel.builder().nodeCount(n).activeWatts(25).sleepWatts(1)
        .overheadWatts(rnd.nextDouble() * 5 * n).transitionMs(rnd.nextInt(1_368)).build();
    double capacity = 200 * Math.pow(250, rnd.nextDouble());
    BatteryModel battery = new BatteryModel(capacity, 0.8 + 0.2 * rnd.nextDouble(),
        0.1 + 0.3 * rnd.nextDouble());
    double stored = capacity * (0.5 + 0.5 * rnd.nextDouble());
    long target = 30 * 60_000 + (long) (rnd.nextDouble() * 7.5 * HOUR);
    RideThroughPlanner planner = new RideThroughPlanner(battery, model, model.inactiveWatts(),
        REPLAN_MS);
    RideThrough rt = new RideThrough(planner, target, 3 * REPLAN_MS);
    PhaseGroupsPolicy policy = new PhaseGroupsPolicy(3);
    List<String> ring = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      ring.add("dn" + i + ":9866");
    }
    double reserve = battery.reserveFraction() * capacity;
    double usable0 = battery.efficiency() * (stored - reserve);
    double lastsAtMin = usable0 * HOUR / planner.minimumClusterWatts();
    double lastsAtPeak = usable0 * HOUR / planner.peakClusterWatts();
    String where = "seed " + seed + " (-Dblink.battery.seeds): N=" + n + ", " + model
        + ", capacity " + capacity + " Wh, stored " + stored + ", target " + target + " ms: ";
    double lastPlan = 0;
    long achieved = -1;
    for (long t = 0; t < 60 * HOUR; t += REPLAN_MS) {
      BatteryReading r = BatteryReading.builder(t, true, "sim").remainingWh(Math.max(0, stored))
          .fullWh(capacity).build();
      RideThroughDecision d = rt.observe(r, t);
      if (d.verdict() == Verdict.SHUTDOWN) {
        achieved = t;
        break;
      }
      if (d.verdict() == Verdict.RIDE_THROUGH && d.timeLeftMs() >= REPLAN_MS) {
        assertTrue(d.plannedClusterWatts() >= lastPlan * (1 - 1e-9),
            where + "plan fell from " + lastPlan + " to " + d.plannedClusterWatts() + " at " + t);
        lastPlan = d.plannedClusterWatts();
      }
      PolicyResult p = policy.plan(PolicyRequest.builder().ring(ring).model(model)
          .level(d.level()).intervalMs(REPLAN_MS).intervalStartMs(t).build());
      if (p.status() == PolicyResult.Status.BELOW_MINIMUM) {
        fail(where + "the planner asked for " + d.level() + ", below the policy's minimum");
      }
      double draw = model.overheadWatts()
          + SchedulePower.averageNodeWatts(p.schedule().orElseThrow(), model);
      assertTrue(draw <= d.plannedClusterWatts() + 1e-6, where + "drew " + draw + " > plan");
      stored -= draw * REPLAN_MS / (double) HOUR / battery.efficiency();
      assertTrue(stored >= reserve - 1e-9,
          where + "stored " + stored + " Wh fell below the reserve " + reserve + " at " + t);
    }
    if (achieved < 0) {
      // Still above the reserve after 60 h: only a battery that full power outlasts may do so.
      achieved = Long.MAX_VALUE;
    }
    if (lastsAtPeak >= target) {
      assertTrue(achieved > target - REPLAN_MS, where + "capped, but lasted only " + achieved);
      return Kind.CAPPED;
    }
    if (lastsAtMin < target) {
      // The shutdown comes at a reading, when less than one more period is left at the minimum.
      assertTrue(achieved <= lastsAtMin && achieved > lastsAtMin - REPLAN_MS, where
          + "unreachable: lasted " + achieved + " against " + lastsAtMin + " at the minimum");
      return Kind.UNREACHABLE;
    }
    assertEquals(1.0, achieved / (double) target, 0.05, where + "lasted " + achieved);
    return Kind.FEASIBLE;
  }
}
