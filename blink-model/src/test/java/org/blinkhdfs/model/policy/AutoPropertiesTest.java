package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.power.SchedulePower;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * Invariants of the auto policy over seeded random clusters (N &lt;= 64, r &lt;= 6, power 10 to
 * 100%, transitions, read windows, loads): within the budget, never less available than a
 * feasible candidate, never a hybrid (its blinking nodes serve no read), no flapping on a constant
 * input, and a covering set that really covers.
 */
class AutoPropertiesTest {
  private static final int SEEDS = 300;
  private static final Clock CLOCK = Clock.fixed(Instant.ofEpochMilli(0), ZoneOffset.UTC);

  private static AutoInputs random(Random rnd) {
    int n = 1 + rnd.nextInt(64);
    int r = 1 + rnd.nextInt(Math.min(6, n));
    int g = rnd.nextInt(4) == 0 ? r + rnd.nextInt(n - r + 1) : r;
    double active = 5 + rnd.nextDouble() * 300;
    PowerModel model = PowerModel.builder().nodeCount(n).activeWatts(active)
        .sleepWatts(rnd.nextDouble() * active * 0.3)
        .transitionMs(rnd.nextBoolean() ? 0 : rnd.nextInt(3000))
        .minWindowMs(rnd.nextBoolean() ? 0 : rnd.nextInt(2000)).build();
    long t = 1_000 + rnd.nextInt(120_000);
    return new AutoInputs(model, r, g, level(rnd, model), t, rnd.nextInt(2000), load(rnd),
        0.5 + rnd.nextDouble() * 0.5);
  }

  /** 10..100%, at least the all-asleep minimum (below it the policy says BELOW_MINIMUM). */
  private static PowerLevel level(Random rnd, PowerModel model) {
    double low = Math.max(10, 100 * model.sleepWatts() / model.activeWatts());
    return new PowerLevel.Percent(low + rnd.nextDouble() * (100 - low));
  }

  private static LoadSignals load(Random rnd) {
    int kind = rnd.nextInt(3);
    if (kind == 0) {
      return LoadSignals.UNKNOWN;
    }
    LoadSignals s = LoadSignals.utilization(rnd.nextDouble(), 1 + rnd.nextInt(64));
    return kind == 1 ? s : s.withBacklog(rnd.nextInt(3), rnd.nextInt(3));
  }

  @Test
  void choicesFitTheBudgetAndAreNeverLessAvailable() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random rnd = new Random(seed);
      AutoChooser c = new AutoChooser(new AutoSettings(3, 1 + rnd.nextInt(5),
          rnd.nextDouble() * 0.2, 0.8), CLOCK);
      AutoInputs in = random(rnd);
      for (int step = 0; step < 8; step++) {
        AutoDecision d = c.decide(step % 2 == 0 ? in : in.withLoad(load(rnd))
            .withLevel(level(rnd, in.model())));
        assertTrue(d.chosen().feasible(), "seed " + seed + ": " + d.reason());
        // Under the read order a hybrid delivers its activation's throughput for more power.
        assertTrue(d.chosen().candidate().kind() != AutoCandidate.Kind.HYBRID,
            "seed " + seed + ": " + d.reason());
        for (AutoPrediction p : d.candidates()) {
          if (p.feasible()) {
            assertTrue(d.chosen().availabilityVersus(p) <= 0, "seed " + seed + " step " + step
                + ": " + p.candidate() + " is more available than " + d.reason());
          }
        }
      }
    }
  }

  @Test
  void aConstantInputNeverFlaps() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random rnd = new Random(seed);
      AutoInputs in = random(rnd);
      AutoChooser c = new AutoChooser(new AutoSettings(3, 1 + rnd.nextInt(5),
          rnd.nextDouble() * 0.2, 0.8), CLOCK);
      c.decide(in.withLoad(load(rnd)).withLevel(level(rnd, in.model())));
      int switches = 0;
      AutoDecision d = null;
      for (int step = 0; step < 20; step++) {
        d = c.decide(in);
        switches += d.switched() ? 1 : 0;
      }
      assertTrue(switches <= 1, "seed " + seed + ": " + switches + " switches");
      // After H decisions the best is in force, unless it gains no more than the margin.
      assertTrue(d.chosen().candidate().equals(d.best().candidate())
          || d.reason().contains("margin"), "seed " + seed + ": " + d.reason());
    }
  }

  @Test
  void plannedSchedulesDrawWithinTheBudgetAndCoverEveryBlock() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random rnd = new Random(seed);
      AutoInputs in = random(rnd);
      int n = in.nodes();
      AutoPolicy p = new AutoPolicy(new AutoSettings(in.replication(), 1, 0, 0.8),
          in.readWindowMs(), CLOCK);
      PolicyRequest req = PolicyRequest.builder().ring(PolicyTest.ring(n)).model(in.model())
          .level(in.level()).intervalMs(in.intervalMs()).epoch(seed).build();
      PolicyResult r = p.plan(req);
      if (r.status() == PolicyResult.Status.BELOW_MINIMUM) {
        continue;
      }
      Schedule s = r.schedule().orElseThrow();
      double budget = in.level().resolve(in.model()).nodeWatts();
      assertTrue(SchedulePower.averageNodeWatts(s, in.model()) <= budget + 1e-6,
          "seed " + seed + ": " + p.lastDecision().orElseThrow().reason());
      AutoPrediction chosen = p.lastDecision().orElseThrow().chosen();
      assertEquals(chosen.drawWatts(), SchedulePower.averageNodeWatts(s, in.model()), 1e-6,
          "seed " + seed);
      if (chosen.candidate().activeNodes() > 0) {
        assertEveryBlockHasAnActiveReplica(seed, s, new PhaseGroups(n, in.replication()),
            in.replication(), req.ring());
      }
    }
  }

  /** The layout's blocks, all anchors: each has a replica on an ACTIVE node. */
  private static void assertEveryBlockHasAnActiveReplica(long seed, Schedule s, PhaseGroups l,
      int r, List<String> ring) {
    Set<Integer> on = new HashSet<>();
    for (int i = 0; i < ring.size(); i++) {
      if (s.entry(ring.get(i)).mode() == NodeMode.ACTIVE) {
        on.add(i);
      }
    }
    for (long a = 0; a < Math.min(l.anchorCount(), 5_000); a++) {
      boolean covered = false;
      for (int pos : l.positions(a, r)) {
        covered |= on.contains(pos);
      }
      assertTrue(covered, "seed " + seed + ": anchor " + a + " of " + l + " has no ACTIVE"
          + " replica among " + on);
    }
  }
}
