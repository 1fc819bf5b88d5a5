package org.blinkhdfs.bench.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import org.blinkhdfs.model.availability.BlockAvailability;
import org.blinkhdfs.model.power.PowerBudget;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.junit.jupiter.api.Test;

/** The paper's forms, by hand, and where they disagree with the exact computation. */
class BlinkFsReplicaFormulaTest {
  private static final int N = 9;
  private static final double P_NODE = 25;
  private static final long T = 60_000;

  private static PowerBudget macMini(double percent) {
    return new PowerLevel.Percent(percent).resolve(PowerModel.macMini(N));
  }

  private static PowerBudget zeroSleep(double percent) {
    PowerModel m = PowerModel.builder().nodeCount(N).activeWatts(P_NODE).sleepWatts(0).build();
    return new PowerLevel.Percent(percent).resolve(m);
  }

  @Test
  void macMiniAt20PercentNeedsFive() {
    assertEquals(45.0, macMini(20).nodeWatts(), 1e-12);
    assertEquals(2.0, BlinkFsReplicaFormula.strideRatio(N, 45, P_NODE), 1e-15); // 360/180
    assertEquals(OptionalInt.of(5),
        BlinkFsReplicaFormula.replicasForFullAvailability(N, 45, P_NODE));
    assertEquals(OptionalInt.of(5), BlinkFsReplicaFormula.replicasForFullAvailability(macMini(20)));
    // so, by this form, the paper's "r = 6 keeps every block available at 20%" holds
    assertTrue(BlinkFsReplicaFormula.replicasForFullAvailability(macMini(20)).getAsInt() <= 6);
  }

  @Test
  void macMiniAt40PercentNeedsTwo() {
    assertEquals(720.0 / 135.0, BlinkFsReplicaFormula.strideRatio(N, 90, P_NODE), 1e-15);
    assertEquals(OptionalInt.of(2),
        BlinkFsReplicaFormula.replicasForFullAvailability(N, 90, P_NODE));
    assertEquals(OptionalInt.of(2), BlinkFsReplicaFormula.replicasForFullAvailability(macMini(40)));
  }

  @Test
  void macMiniAt10PercentIsNotReachable() {
    assertEquals(180.0 / 202.5, BlinkFsReplicaFormula.strideRatio(N, 22.5, P_NODE), 1e-15);
    assertTrue(BlinkFsReplicaFormula.replicasForFullAvailability(N, 22.5, P_NODE).isEmpty());
    assertEquals(0.1, BlinkFsReplicaFormula.minimumUnavailableFraction(22.5, P_NODE), 1e-15);
  }

  @Test
  void floorIsZeroExactlyBelowOneNodeOfPower() {
    assertTrue(BlinkFsReplicaFormula.replicasForFullAvailability(N, 24.999, P_NODE).isEmpty());
    assertEquals(OptionalInt.of(9),
        BlinkFsReplicaFormula.replicasForFullAvailability(N, 25, P_NODE));
    assertTrue(BlinkFsReplicaFormula.replicasForFullAvailability(N, 0, P_NODE).isEmpty());
    assertEquals(1.0, BlinkFsReplicaFormula.minimumUnavailableFraction(0, P_NODE), 0);
    assertEquals(0.0, BlinkFsReplicaFormula.minimumUnavailableFraction(25, P_NODE), 0);
    assertEquals(0.0, BlinkFsReplicaFormula.minimumUnavailableFraction(100, P_NODE), 0);
  }

  @Test
  void fullPowerIsOneReplica() {
    assertEquals(Double.POSITIVE_INFINITY, BlinkFsReplicaFormula.strideRatio(N, 225, P_NODE));
    assertEquals(OptionalInt.of(1),
        BlinkFsReplicaFormula.replicasForFullAvailability(N, 225, P_NODE));
    assertEquals(OptionalInt.of(1),
        BlinkFsReplicaFormula.replicasForFullAvailability(N, 300, P_NODE));
    assertEquals(OptionalInt.of(1),
        BlinkFsReplicaFormula.replicasForFullAvailability(1, 25, P_NODE));
    assertTrue(BlinkFsReplicaFormula.replicasForFullAvailability(1, 24, P_NODE).isEmpty());
  }

  @Test
  void floorToleratesRoundingButNotRealShortfall() {
    assertEquals(OptionalInt.of(5),
        BlinkFsReplicaFormula.replicasForFullAvailability(N, 45 - 1e-12, P_NODE));
    assertEquals(OptionalInt.of(9),
        BlinkFsReplicaFormula.replicasForFullAvailability(N, 45 - 1e-6, P_NODE));
  }

  @Test
  void badInputIsRejectedNamingArgumentAndValue() {
    assertMessage(() -> BlinkFsReplicaFormula.replicasForFullAvailability(0, 45, P_NODE),
        "nodeCount", "got 0");
    assertMessage(() -> BlinkFsReplicaFormula.replicasForFullAvailability(N, -1, P_NODE),
        "availableWatts", "got -1.0");
    assertMessage(() -> BlinkFsReplicaFormula.replicasForFullAvailability(N, Double.NaN, P_NODE),
        "availableWatts", "got NaN");
    assertMessage(() -> BlinkFsReplicaFormula.replicasForFullAvailability(N, 45, 0),
        "nodeActiveWatts", "got 0.0");
    assertMessage(() -> BlinkFsReplicaFormula.minimumUnavailableFraction(10, -25),
        "nodeActiveWatts", "got -25.0");
    PowerModel m = PowerModel.macMini(N); // 40 W overhead: a 30 W supply leaves -10 W
    assertMessage(() -> BlinkFsReplicaFormula.replicasForFullAvailability(
        new PowerLevel.Watts(30).resolve(m)), "availableWatts", "got -10.0");
  }

  private static void assertMessage(Runnable call, String arg, String value) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
    assertTrue(e.getMessage().contains(arg) && e.getMessage().contains(value), e.getMessage());
  }

  // ---- where the printed forms and the exact computation disagree ----

  @Test
  void at40PercentTwoReplicasCannotCoverTheInterval() {
    assertEquals(OptionalInt.of(2), BlinkFsReplicaFormula.replicasForFullAvailability(macMini(40)));
    long activeMs = StaggeredWindows.activeMs(macMini(40), T); // 22 500
    List<ActiveWindow> paper = StaggeredWindows.paper(N, activeMs, T);
    double bestPair = 0;
    for (int i = 0; i < N; i++) {
      for (int j = i + 1; j < N; j++) {
        bestPair = Math.max(bestPair,
            BlockAvailability.forReplicas(paper, List.of(i, j)).availableFraction());
      }
    }
    assertEquals(0.75, bestPair, 1e-15); // 2 × 22.5 s of 60 s, at best disjoint
    assertEquals(OptionalInt.of(3), MinimumReplicaCover.minimumReplicas(paper));
    assertEquals(OptionalInt.of(3),
        MinimumReplicaCover.minimumReplicas(StaggeredWindows.circular(N, activeMs, T)));
    // Even with zero sleep draw (24 s awake) two replicas reach only 80%.
    long zeroSleepMs = StaggeredWindows.activeMs(zeroSleep(40), T);
    assertEquals(24_000, zeroSleepMs);
    assertEquals(OptionalInt.of(3),
        MinimumReplicaCover.minimumReplicas(StaggeredWindows.paper(N, zeroSleepMs, T)));
  }

  @Test
  void at60PercentTheFormSaysOneReplica() {
    assertEquals(135.0, macMini(60).nodeWatts(), 1e-12);
    assertEquals(12.0, BlinkFsReplicaFormula.strideRatio(N, 135, P_NODE), 1e-12);
    assertEquals(OptionalInt.of(1), BlinkFsReplicaFormula.replicasForFullAvailability(macMini(60)));
    long activeMs = StaggeredWindows.activeMs(macMini(60), T); // 60·126/216 = 35 s
    assertEquals(35_000, activeMs);
    BlockAvailability one = BlockAvailability.forReplicas(
        StaggeredWindows.paper(N, activeMs, T), List.of(4));
    assertEquals(35.0 / 60.0, one.availableFraction(), 1e-15);
    assertEquals(List.of(0, 8), MinimumReplicaCover.minimumCover(
        StaggeredWindows.paper(N, activeMs, T)).orElseThrow());
    assertEquals(OptionalInt.of(2), StaggeredCoverBounds.replicasForFullAvailability(
        N, StaggeredCoverBounds.activeFraction(macMini(60))));
  }

  @Test
  void at20PercentSleepDrawTurnsFiveIntoNine() {
    // Zero sleep draw: 12 s awake, offsets 6 s apart; nodes 0,2,4,6,8 chain 0 -> 60 s: agrees.
    long zeroSleepMs = StaggeredWindows.activeMs(zeroSleep(20), T);
    assertEquals(12_000, zeroSleepMs);
    List<ActiveWindow> ideal = StaggeredWindows.paper(N, zeroSleepMs, T);
    assertEquals(List.of(0, 2, 4, 6, 8), MinimumReplicaCover.minimumCover(ideal).orElseThrow());
    // 1 W sleep: 10 s awake, offsets 6.25 s apart: adjacent nodes only just overlap, need all 9.
    long activeMs = StaggeredWindows.activeMs(macMini(20), T);
    assertEquals(10_000, activeMs);
    List<ActiveWindow> real = StaggeredWindows.paper(N, activeMs, T);
    assertEquals(OptionalInt.of(9), MinimumReplicaCover.minimumReplicas(real));
    assertEquals(OptionalInt.of(5), BlinkFsReplicaFormula.replicasForFullAvailability(macMini(20)));
  }

  @Test
  void at10PercentSleepDrawRaisesTheFloorOfUnavailability() {
    assertEquals(0.1, BlinkFsReplicaFormula.minimumUnavailableFraction(22.5, P_NODE), 1e-15);
    // 1 W sleep: 60·13.5/216 = 3.75 s awake per node, 9 disjoint windows = 33.75 s of 60.
    long activeMs = StaggeredWindows.activeMs(macMini(10), T);
    assertEquals(3_750, activeMs);
    BlockAvailability all = BlockAvailability.forReplicas(
        StaggeredWindows.paper(N, activeMs, T), List.of(0, 1, 2, 3, 4, 5, 6, 7, 8));
    assertEquals(0.4375, all.unavailableFraction(), 1e-15);
    assertEquals(0.4375, StaggeredCoverBounds.minimumUnavailableFraction(macMini(10)), 1e-15);
    // Zero sleep draw: 6 s each, 54 s of 60: the paper's 0.1 exactly.
    long zeroSleepMs = StaggeredWindows.activeMs(zeroSleep(10), T);
    BlockAvailability ideal = BlockAvailability.forReplicas(
        StaggeredWindows.circular(N, zeroSleepMs, T), List.of(0, 1, 2, 3, 4, 5, 6, 7, 8));
    assertEquals(0.1, ideal.unavailableFraction(), 1e-15);
  }
}
