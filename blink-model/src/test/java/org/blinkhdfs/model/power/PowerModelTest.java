package org.blinkhdfs.model.power;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PowerModelTest {
  private static final PowerModel MAC_MINI = PowerModel.builder().nodeCount(9).activeWatts(25)
      .sleepWatts(1).overheadWatts(40).build();

  @Test
  void macMiniTotals() {
    assertEquals(225.0, MAC_MINI.totalWatts(), 0);
    assertEquals(9.0, MAC_MINI.inactiveWatts(), 0);
    assertEquals(265.0, MAC_MINI.peakClusterWatts(), 0);
    assertEquals(1000, PowerModel.macMini(9).transitionMs());
  }

  @Test
  void percentIsShareOfAllDataNodesAwakeAndOverheadIsNotSubtracted() {
    PowerBudget b = new PowerLevel.Percent(50).resolve(MAC_MINI);
    assertEquals(112.5, b.nodeWatts(), 1e-12);
    assertEquals(152.5, b.clusterWatts(), 1e-12);
    assertEquals(50.0, b.percentOfTotal(), 1e-12);
    // BlinkFS: 20% is 45 W for the DataNodes.
    assertEquals(45.0, new PowerLevel.Percent(20).resolve(MAC_MINI).nodeWatts(), 1e-12);
  }

  @Test
  void absoluteWattsPayTheOverheadFirst() {
    PowerBudget b = new PowerLevel.Watts(152.5).resolve(MAC_MINI);
    assertEquals(112.5, b.nodeWatts(), 1e-12);
    assertEquals(0, b.surplusWatts(), 0);
    PowerBudget more = new PowerLevel.Watts(300).resolve(MAC_MINI);
    assertEquals(225.0, more.nodeWatts(), 1e-12);
    assertEquals(35.0, more.surplusWatts(), 1e-12);
    PowerBudget less = new PowerLevel.Watts(30).resolve(MAC_MINI);
    assertTrue(less.belowMinimum());
    assertEquals(19.0, less.shortfallWatts(), 1e-12); // needs 9 W after the 40 W, has -10 W
  }

  @Test
  void belowMinimumIsWhenNodesCannotAllSleep() {
    assertTrue(new PowerLevel.Percent(3.9).resolve(MAC_MINI).belowMinimum()); // 8.775 W < 9 W
    assertFalse(new PowerLevel.Percent(4).resolve(MAC_MINI).belowMinimum()); // exactly 9 W
  }

  @Test
  void averageNodeWattsCountsTransitionsAtActivePower() {
    PowerModel m = PowerModel.builder().nodeCount(1).activeWatts(25).sleepWatts(1)
        .transitionMs(1000).build();
    // 20 s awake + 1 s transitions at 25 W, 39 s at 1 W: (21*25 + 39*1)/60 = 564/60 = 9.4 W
    assertEquals(9.4, m.averageNodeWatts(20_000, 60_000), 1e-12);
    assertEquals(25.0, m.averageNodeWatts(60_000, 60_000), 1e-12); // never sleeps: no transition
    assertEquals(1.0, m.averageNodeWatts(0, 60_000), 1e-12); // never wakes: no transition
  }

  @Test
  void transitionWattsDefaultToActiveAndStayBetweenSleepAndActive() {
    PowerModel m = PowerModel.builder().nodeCount(3).activeWatts(25).sleepWatts(1).build();
    assertEquals(25.0, m.transitionWatts(), 0);
    assertEquals(12.5, PowerModel.builder().nodeCount(3).activeWatts(25).sleepWatts(1)
        .transitionWatts(12.5).build().transitionWatts(), 0);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PowerModel.builder().nodeCount(3).activeWatts(25).sleepWatts(1)
            .transitionWatts(30).build());
    assertEquals("transitionWatts must lie between sleepWatts (1.0) and activeWatts (25.0), got"
        + " 30.0", e.getMessage());
  }

  @Test
  void badValuesAreRefusedByName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PowerModel.builder().nodeCount(3).activeWatts(-5).build());
    assertTrue(e.getMessage().contains("activeWatts") && e.getMessage().contains("-5"));
    e = assertThrows(IllegalArgumentException.class,
        () -> PowerModel.builder().nodeCount(3).activeWatts(5).sleepWatts(6).build());
    assertTrue(e.getMessage().contains("sleepWatts (6.0)"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> PowerModel.builder().nodeCount(0).activeWatts(5).build());
    assertTrue(e.getMessage().contains("node count"));
    e = assertThrows(IllegalArgumentException.class,
        () -> PowerModel.builder().nodeCount(2).activeWatts(5).overheadWatts(-1).build());
    assertTrue(e.getMessage().contains("overheadWatts"));
  }

  @Test
  void powerLevelParsing() {
    assertEquals(new PowerLevel.Percent(50), PowerLevel.parse("--power", "50%"));
    assertEquals(new PowerLevel.Watts(150), PowerLevel.parse("--power", "150W"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PowerLevel.parse("--power", "150%"));
    assertTrue(e.getMessage().startsWith("--power 150% is outside 0..100%"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> PowerLevel.parse("--power", "lots"));
    assertTrue(e.getMessage().contains("'lots'"));
    assertThrows(IllegalArgumentException.class, () -> PowerLevel.parse("--power", "-3W"));
  }
}
