package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.signal.OscillatingSignal;
import org.junit.jupiter.api.Test;

/** Hand-worked cases and properties over seeds of the {@link Simulator}. */
class SimulatorTest {
  private static final long T = 60_000;
  private static final Simulator.Progress QUIET = (l, ls, v, vs) -> { };

  /** No sleep draw, no transitions: P% power gives windows of exactly P% of the interval. */
  private static PowerModel ideal(int nodes) {
    return PowerModel.builder().nodeCount(nodes).activeWatts(10).sleepWatts(0).overheadWatts(0)
        .transitionMs(0).build();
  }

  private static SimSpec.Builder spec(int nodes, int r, String layout, String policy,
      double percent) {
    return SimSpec.builder().nodes(nodes).replication(r).layout(layout).policy(policy)
        .model(ideal(nodes)).intervalMs(T).power(new PowerLevel.Percent(percent));
  }

  @Test
  void threeNodesOneReplicaAThirdOfThePower() {
    // Windows [0, 20 s), [20, 40 s), [40, 60 s): every block's only replica sleeps 2/3 of the
    // time; its gap of 40 s gives a mean wait of 40²/(2·60) s = 13 333.3 ms and a p90 of
    // (0.9 − 1/3)/(2/3)·40 s = 34 s.
    for (String policy : List.of("staggered", "staggered-circular")) {
      SimResult r = Simulator.run(spec(3, 1, "power-balanced", policy, 100.0 / 3).blocks(300)
          .instants(3).build(), QUIET);
      assertEquals(2.0 / 3, r.unavailableFraction(), 1e-12, policy);
      assertEquals(40_000.0 * 40_000 / (2 * T), r.meanWaitMs(), 1e-6, policy);
      assertEquals(34_000, r.p90WaitMs().getAsDouble(), 1, policy);
      assertEquals(1.0 / 3, r.awakeNodeFraction(), 1e-12, policy);
      assertEquals(0, r.unservedReadFraction(), 1e-12);
      assertEquals(0, r.bytesMigrated());
    }
  }

  @Test
  void threeReplicasOnThreeStaggeredNodesAreAlwaysAvailable() {
    // Staggered starts (T − w)·i/(N − 1) = 0, 20 s, 40 s: the three windows tile the interval.
    // At each instant one node serves all B blocks: throughput B/(N·B) = 1/3 of the ideal.
    SimResult r = Simulator.run(spec(3, 3, "power-balanced", "staggered", 100.0 / 3).blocks(50)
        .instants(6).build(), QUIET);
    assertEquals(0, r.unavailableFraction(), 1e-12);
    assertEquals(0, r.meanWaitMs(), 1e-12);
    assertEquals(0, r.p90WaitMs().getAsDouble(), 1e-12);
    assertEquals(1.0 / 3, r.readThroughputFraction(), 1e-12);
  }

  @Test
  void synchronousBlinkingLeavesEveryBlockUnavailableOutsideTheWindow() {
    SimResult r = Simulator.run(spec(10, 3, "random", "synchronous", 25).blocks(1000).build(),
        QUIET);
    assertEquals(0.75, r.unavailableFraction(), 1e-12);
    assertEquals(45_000.0 * 45_000 / (2 * T), r.meanWaitMs(), 1e-6);
  }

  @Test
  void allAwakeServesEverythingAtOnce() {
    SimResult r = Simulator.run(spec(8, 2, "equal-work", "staggered", 100).blocks(2000).build(),
        QUIET);
    assertEquals(0, r.unavailableFraction(), 1e-12);
    assertEquals(1, r.awakeNodeFraction(), 1e-12);
    assertTrue(r.readThroughputFraction() > 0 && r.readThroughputFraction() <= 1);
  }

  @Test
  void belowTheMinimumEveryNodeSleeps() {
    SimResult r = Simulator.run(SimSpec.builder().nodes(5).blocks(100)
        .power(new PowerLevel.Percent(0)).build(), QUIET);
    assertEquals(1, r.unavailableFraction(), 1e-12);
    assertEquals(1, r.unservedReadFraction(), 1e-12);
    assertFalse(r.p90WaitMs().isPresent());
    assertEquals(1, r.belowMinimumEpochs());
    assertEquals(0, r.readThroughputFraction(), 1e-12);
  }

  @Test
  void aSignalIsTheTimeWeightedMeanOfItsLevels() {
    // oscillating 50% over a 2-minute period: 67.5% for 2 epochs, 22.5% for 2.
    SimSpec.Builder base = spec(12, 3, "power-balanced", "staggered-circular", 50).blocks(5000);
    SimResult high = Simulator.run(base.power(new PowerLevel.Percent(67.5)).build(), QUIET);
    SimResult low = Simulator.run(base.power(new PowerLevel.Percent(22.5)).build(), QUIET);
    SimResult both = Simulator.run(base.signal(new OscillatingSignal(50, 120_000)).epochMs(T)
        .durationMs(4 * T).build(), QUIET);
    assertEquals(4, both.epochs());
    assertEquals(2, both.distinctLevels());
    assertEquals((high.unavailableFraction() + low.unavailableFraction()) / 2,
        both.unavailableFraction(), 1e-12);
    assertEquals((high.readThroughputFraction() + low.readThroughputFraction()) / 2,
        both.readThroughputFraction(), 1e-12);
  }

  @Test
  void oneReplicaIsUnavailableExactlyWhenItsNodeSleepsForEveryLayoutAndSeed() {
    for (String layout : ReplicaSets.names()) {
      for (long seed = 0; seed < 3; seed++) {
        SimResult r = Simulator.run(spec(7, 1, layout, "staggered", 40).blocks(500).seed(seed)
            .build(), QUIET);
        assertEquals(0.6, r.unavailableFraction(), 1e-12, layout + " seed " + seed);
      }
    }
  }

  @Test
  void fractionsStayInRangeOverSeedsLayoutsAndPolicies() {
    for (String layout : ReplicaSets.names()) {
      for (String policy : List.of("staggered", "staggered-circular", "activation",
          "load-proportional")) {
        for (long seed = 0; seed < 3; seed++) {
          double percent = 10 + 30 * seed;
          SimResult r = Simulator.run(SimSpec.builder().nodes(11).replication(3).layout(layout)
              .policy(policy).blocks(400).seed(seed).power(new PowerLevel.Percent(percent))
              .build(), QUIET);
          String what = layout + "/" + policy + "/" + seed;
          for (double f : new double[] {r.unavailableFraction(), r.unservedReadFraction(),
              r.readThroughputFraction(), r.awakeNodeFraction()}) {
            assertTrue(f >= 0 && f <= 1, what + ": " + r);
          }
          assertTrue(r.meanWaitMs() >= 0 && r.meanWaitMs() <= T, what);
        }
      }
    }
  }

  @Test
  void morePowerNeverLessAvailabilityOnTheRing() {
    for (long seed = 0; seed < 4; seed++) {
      for (String policy : List.of("staggered", "staggered-circular")) {
        double previous = 1;
        for (int percent = 5; percent <= 100; percent += 5) {
          SimResult r = Simulator.run(spec(16, 3, "power-balanced", policy, percent).blocks(500)
              .seed(seed).build(), QUIET);
          assertTrue(r.unavailableFraction() <= previous + 1e-12,
              policy + " seed " + seed + " at " + percent + "%: " + r.unavailableFraction()
                  + " > " + previous);
          previous = r.unavailableFraction();
        }
        assertEquals(0, previous, 1e-12);
      }
    }
  }

  @Test
  void samplingGivesAnIntervalThatHoldsTheFullAnswer() {
    SimSpec.Builder b = SimSpec.builder().nodes(50).replication(2).layout("random")
        .policy("staggered").blocks(20_000).power(new PowerLevel.Percent(30)).seed(3);
    SimResult full = Simulator.run(b.build(), QUIET);
    SimResult sampled = Simulator.run(b.sampleBlocks(2_000).build(), QUIET);
    assertEquals(0, full.unavailableCi95());
    assertTrue(sampled.unavailableCi95() > 0);
    assertEquals(full.unavailableFraction(), sampled.unavailableFraction(),
        sampled.unavailableCi95());
  }
}
