package org.blinkhdfs.model.battery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BatteryReadingTest {
  private static BatteryReading.Builder at(long ms) {
    return BatteryReading.builder(ms, true, "upsc rack1");
  }

  @Test
  void aChargeAboveFullIsAnErrorNotAClamp() {
    BadReadingException e = assertThrows(BadReadingException.class,
        () -> at(0).stateOfCharge(1.4).build());
    assertEquals("stateOfCharge", e.key());
    assertEquals("stateOfCharge = '1.4' is outside 0..1 in upsc rack1: a charge is 0% to 100%;"
        + " check the sensor's scale", e.getMessage());
  }

  @Test
  void negativeOrNanEnergyIsAnError() {
    BadReadingException neg = assertThrows(BadReadingException.class,
        () -> at(0).remainingWh(-1).build());
    assertEquals("remainingWh = '-1.0' is negative or not a number in upsc rack1: the stored"
        + " energy is >= 0 Wh; check the fuel gauge", neg.getMessage());
    BadReadingException nan = assertThrows(BadReadingException.class,
        () -> at(0).stateOfCharge(Double.NaN).build());
    assertEquals("NaN", nan.value());
  }

  @Test
  void energyAboveOnePointTwoTimesFullIsAnError() {
    // 60 Wh of 50 Wh full is exactly 1.2 x: allowed; 60.1 Wh is not.
    at(0).remainingWh(60).fullWh(50).build();
    BadReadingException e = assertThrows(BadReadingException.class,
        () -> at(0).remainingWh(60.1).fullWh(50).build());
    assertEquals("remainingWh = '60.1' is more than 1.2 x fullWh = 50.0 Wh in upsc rack1: the"
        + " gauge is wrong or the two are in different units; recalibrate it", e.getMessage());
  }

  @Test
  void aReadingNeedsChargeOrEnergy() {
    BadReadingException e = assertThrows(BadReadingException.class, () -> at(0).build());
    assertEquals("stateOfCharge = (absent) and remainingWh are both absent in upsc rack1: a"
        + " reading needs the charge (%) or the remaining energy (Wh)", e.getMessage());
  }

  @Test
  void staleAndFutureReadingsAreErrors() {
    BatteryReading r = at(10_000).stateOfCharge(0.5).build();
    assertSame(r, r.requireFresh(40_000, 30_000));
    BadReadingException stale = assertThrows(BadReadingException.class,
        () -> r.requireFresh(40_001, 30_000));
    assertEquals("readAtMs = '10000' is 30001 ms old at 40001, older than the 30000 ms allowed,"
        + " in upsc rack1: check that the UPS daemon and its driver still poll (upsc prints"
        + " 'Data stale')", stale.getMessage());
    BadReadingException future = assertThrows(BadReadingException.class,
        () -> r.requireFresh(9_000, 30_000));
    assertEquals("readAtMs", future.key());
  }

  @Test
  void describeSaysWhatWasRead() {
    BatteryReading r = at(0).stateOfCharge(0.62).loadWatts(360).runtimeMs(1_800_000).build();
    assertEquals("on battery, 62.0%, 360.0 W load, runtime 1800 s (upsc rack1)", r.describe());
  }
}
