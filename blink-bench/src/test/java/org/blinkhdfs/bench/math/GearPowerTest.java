package org.blinkhdfs.bench.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;

class GearPowerTest {
  private static final PowerModel SEVEN = PowerModel.macMini(7);

  @Test
  void leEtAlGearsOnSevenMacMinis() {
    // p_total = 175 W. 2 nodes: 2*25 + 5*1 = 55 W = 31.4% -> 32% (31% = 54.25 W affords
    // floor((54.25 - 7)/24) = 1). 4 nodes: 103 W = 58.86% -> 59%. 7 nodes: 100%.
    assertEquals(32, GearPower.percentFor(SEVEN, 2));
    assertEquals(59, GearPower.percentFor(SEVEN, 4));
    assertEquals(100, GearPower.percentFor(SEVEN, 7));
    assertEquals(1, GearPower.activeNodes(SEVEN, 31));
    assertEquals(55.0, GearPower.gearWatts(SEVEN, 2), 1e-9);
    assertEquals(103.0, GearPower.gearWatts(SEVEN, 4), 1e-9);
  }

  @Test
  void demoPowerLevelsOnNineNodes() {
    // 225 W: 20% = 45 W -> floor(36/24) = 1; 40% = 90 W -> 3; 60% = 135 W -> 5; 100% -> 9.
    PowerModel nine = PowerModel.macMini(9);
    assertEquals(1, GearPower.activeNodes(nine, 20));
    assertEquals(3, GearPower.activeNodes(nine, 40));
    assertEquals(5, GearPower.activeNodes(nine, 60));
    assertEquals(9, GearPower.activeNodes(nine, 100));
  }

  @Test
  void aGearOutsideTheRingNamesTheRange() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> GearPower.percentFor(SEVEN, 8));
    assertTrue(e.getMessage().contains("outside 0..7"), e.getMessage());
  }
}
