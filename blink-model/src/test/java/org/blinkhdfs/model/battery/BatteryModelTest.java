package org.blinkhdfs.model.battery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BatteryModelTest {
  private static final BatteryModel UPS = new BatteryModel(2000, 0.9, 0.2);

  @Test
  void chargeOnlyReadingUsesTheConfiguredCapacity() {
    // The class comment's example: 62% of 2 000 Wh = 1 240 Wh stored, reserve 0.2 x 2 000 =
    // 400 Wh, usable 0.9 x (1 240 - 400) = 756 Wh.
    BatteryReading r = BatteryReading.builder(0, true, "t").stateOfCharge(0.62).build();
    assertEquals(2000, UPS.fullWh(r), 1e-9);
    assertEquals(1240, UPS.storedWh(r), 1e-9);
    assertEquals(400, UPS.reserveWh(r), 1e-9);
    assertEquals(756, UPS.usableWh(r), 1e-9);
    assertEquals(0.62, UPS.stateOfCharge(r), 1e-12);
    assertFalse(UPS.atOrBelowReserve(r));
  }

  @Test
  void aGaugesOwnEnergyAndFullCapacityWin() {
    // sysfs: 31 Wh of 50 Wh: reserve 0.2 x 50 = 10 Wh, usable 0.9 x 21 = 18.9 Wh, 62%.
    BatteryReading r = BatteryReading.builder(0, true, "t").remainingWh(31).fullWh(50).build();
    assertEquals(31, UPS.storedWh(r), 1e-9);
    assertEquals(10, UPS.reserveWh(r), 1e-9);
    assertEquals(18.9, UPS.usableWh(r), 1e-9);
    assertEquals(0.62, UPS.stateOfCharge(r), 1e-12);
  }

  @Test
  void atOrBelowTheReserveNothingIsUsable() {
    BatteryReading at = BatteryReading.builder(0, true, "t").stateOfCharge(0.2).build();
    BatteryReading below = BatteryReading.builder(0, true, "t").stateOfCharge(0.1).build();
    assertEquals(0, UPS.usableWh(at), 1e-9);
    assertEquals(0, UPS.usableWh(below), 1e-9);
    assertTrue(UPS.atOrBelowReserve(at));
    assertTrue(UPS.atOrBelowReserve(below));
  }

  @Test
  void badSettingsNameTheValueAndTheFix() {
    IllegalArgumentException c = assertThrows(IllegalArgumentException.class,
        () -> new BatteryModel(0, 0.9, 0.2));
    assertEquals("battery capacity = 0.0 Wh is not a positive number: give the battery's energy"
        + " when full, in Wh (e.g. 2000)", c.getMessage());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new BatteryModel(2000, 1.1, 0.2));
    assertTrue(e.getMessage().startsWith("battery efficiency = 1.1 is outside (0, 1]"),
        e.getMessage());
    IllegalArgumentException r = assertThrows(IllegalArgumentException.class,
        () -> new BatteryModel(2000, 0.9, 1));
    assertTrue(r.getMessage().startsWith("battery reserve = 1.0 is outside [0, 1)"),
        r.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new BatteryModel(Double.NaN, 0.9, 0.2));
  }
}
