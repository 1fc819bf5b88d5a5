package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.junit.jupiter.api.Test;

/** Invariants of every policy over random models, power levels and intervals. */
class PolicyPropertiesTest {
  private static final int SEEDS = 400;

  @Test
  void invariantsHoldOverSeeds() {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random rnd = new Random(seed);
      int n = 1 + rnd.nextInt(24);
      double active = 5 + rnd.nextDouble() * 300;
      PowerModel model = PowerModel.builder().nodeCount(n).activeWatts(active)
          .sleepWatts(rnd.nextDouble() * active * 0.2).overheadWatts(rnd.nextDouble() * 100)
          .transitionMs(rnd.nextBoolean() ? 0 : rnd.nextInt(3000))
          .minWindowMs(rnd.nextBoolean() ? 0 : rnd.nextInt(5000)).build();
      PowerLevel level = rnd.nextBoolean() ? new PowerLevel.Percent(rnd.nextDouble() * 100)
          : new PowerLevel.Watts(rnd.nextDouble() * model.peakClusterWatts() * 1.2);
      long interval = 1_000 + rnd.nextInt(120_000); // blink.interval.ms: 1 s up
      Map<String, Double> pop = new LinkedHashMap<>();
      List<String> ring = PolicyTest.ring(n);
      if (rnd.nextBoolean()) {
        ring.forEach(node -> pop.put(node, rnd.nextDouble() < 0.2 ? 0 : rnd.nextDouble() * 10));
      }
      PolicyRequest req = PolicyRequest.builder().ring(ring).model(model).level(level)
          .intervalMs(interval).intervalStartMs(Math.abs(rnd.nextLong() % 2_000_000_000_000L))
          .epoch(seed).popularity(pop).build();
      for (String name : Policies.names()) {
        check(name, seed, Policies.byName("p", name).plan(req), req);
      }
    }
  }

  private static void check(String policy, long seed, PolicyResult r, PolicyRequest req) {
    String ctx = policy + " seed " + seed + " level " + req.level();
    PowerBudget b = req.level().resolve(req.model());
    if (b.belowMinimum()) {
      assertEquals(PolicyResult.Status.BELOW_MINIMUM, r.status(), ctx);
      assertTrue(r.schedule().isEmpty(), ctx);
      return;
    }
    Schedule s = r.schedule().orElseThrow();
    // Power drawn never exceeds what is available to the DataNodes.
    assertTrue(r.drawnNodeWatts() <= b.nodeWatts() + 1e-6,
        ctx + ": draws " + r.drawnNodeWatts() + " > " + b.nodeWatts());
    assertEquals(req.ring(), s.ring(), ctx);
    long prevOffset = -1;
    for (NodeSchedule n : s.nodes()) {
      if (n.mode() == NodeMode.BLINK) {
        // Windows inside the interval (the schedule validated them; state it anyway).
        assertTrue(n.activeOffsetMs() >= 0 && n.activeOffsetMs() < s.intervalMs(), ctx);
        assertTrue(n.activeMs() > 0 && n.activeMs() < s.intervalMs(), ctx);
        if (policy.equals(PhaseGroupsPolicy.NAME)) {
          // Phase groups repeat their G phases round the ring instead of rising along it: a
          // node opens with its group, position i with position i mod G.
          int i = s.ring().indexOf(n.node());
          int g = new PhaseGroupsPolicy(PhaseGroupsPolicy.DEFAULT_GROUPS)
              .effectiveGroups(s.ring().size());
          assertEquals(s.intervalMs() * (i % g) / g, n.activeOffsetMs(), ctx + ": node " + i);
        } else if (!policy.equals(ActivationPolicy.NAME)
            && !policy.equals(SynchronousPolicy.NAME)) {
          assertTrue(n.activeOffsetMs() >= prevOffset, ctx + ": offsets must be monotone");
          prevOffset = n.activeOffsetMs();
        }
        if (policy.equals(StaggeredPolicy.NAME)) {
          assertTrue(n.activeOffsetMs() + n.activeMs() <= s.intervalMs(),
              ctx + ": staggered windows never wrap");
        }
      }
    }
    // Uniform policies give every blinking node the same window.
    if (policy.startsWith("stagger") || policy.equals(SynchronousPolicy.NAME)
        || policy.equals(PhaseGroupsPolicy.NAME)) {
      assertEquals(1, s.nodes().stream().map(NodeSchedule::activeMs).distinct().count(), ctx);
    }
    // The schedule survives the JSON codec unchanged.
    assertEquals(s, ScheduleJson.read(ScheduleJson.write(s)), ctx);
    // The power left over is less than what one more millisecond per node, or one more
    // activated node, would cost: the policies do not waste the budget. Nodes OFF because their
    // window would be below the minimum leave up to transitions + minimum window unspent.
    double slack = b.nodeWatts() - r.drawnNodeWatts();
    PowerModel m = req.model();
    long unspendable = m.transitionMs() + Math.max(1, m.minWindowMs());
    double perMs = m.nodeCount() * (m.activeWatts() - m.sleepWatts()) / s.intervalMs();
    double bound = policy.equals(ActivationPolicy.NAME) ? m.activeWatts() - m.sleepWatts()
        : perMs * (1 + unspendable) + (m.activeWatts() - m.sleepWatts())
            * m.transitionMs() * m.nodeCount() / s.intervalMs();
    assertTrue(slack <= bound + 1e-6 || policy.equals(LoadProportionalPolicy.NAME)
        || b.nodeWatts() >= m.totalWatts() - 1e-9, ctx + ": slack " + slack + " > " + bound);
  }
}
