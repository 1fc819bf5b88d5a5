package org.blinkhdfs.model.battery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NutUpscParserTest {
  /** A Back-UPS on usbhid-ups, 4 min into an outage (no ups.realpower: derived from the load). */
  static final String BACK_UPS_ON_BATTERY = String.join("\n",
      "battery.charge: 62",
      "battery.charge.low: 10",
      "battery.charge.warning: 50",
      "battery.date: 2001/09/25",
      "battery.mfr.date: 2019/11/27",
      "battery.runtime: 1800",
      "battery.runtime.low: 120",
      "battery.type: PbAc",
      "battery.voltage: 24.8",
      "battery.voltage.nominal: 24.0",
      "device.mfr: American Power Conversion",
      "device.model: Back-UPS RS 1500G",
      "device.serial: 4B1948P07984",
      "device.type: ups",
      "driver.name: usbhid-ups",
      "driver.parameter.pollfreq: 30",
      "driver.parameter.pollinterval: 2",
      "driver.parameter.port: auto",
      "driver.version: 2.8.0",
      "input.voltage: 0.0",
      "input.voltage.nominal: 230",
      "ups.beeper.status: enabled",
      "ups.delay.shutdown: 20",
      "ups.load: 40",
      "ups.mfr: American Power Conversion",
      "ups.model: Back-UPS RS 1500G",
      "ups.realpower.nominal: 900",
      "ups.status: OB DISCHRG",
      "ups.test.result: No test initiated",
      "");

  /** An online double-conversion UPS that reports real power and the battery current. */
  static final String ONLINE_CHARGING = String.join("\n",
      "battery.charge: 097.0",
      "battery.current: 1.50",
      "battery.runtime: 3520",
      "battery.voltage: 27.30",
      "device.type: ups",
      "ups.id: ",
      "ups.load: 023.4",
      "ups.power: 260",
      "ups.realpower: 210",
      "ups.status: OL CHRG");

  @Test
  void backUpsOnBatteryDerivesTheLoadFromNominalTimesLoad() {
    BatteryReading r = NutUpscParser.parse(BACK_UPS_ON_BATTERY, 5_000, "rack1");
    assertTrue(r.onBattery());
    assertFalse(r.lowBattery());
    assertEquals(0.62, r.stateOfCharge().getAsDouble(), 1e-12);
    assertEquals(0.10, r.lowChargeFraction().getAsDouble(), 1e-12);
    assertEquals(1_800_000, r.runtimeMs().getAsLong());
    // 900 W nominal x 40% = 360 W.
    assertEquals(360, r.loadWatts().getAsDouble(), 1e-9);
    // battery.voltage without battery.current: no battery power.
    assertTrue(r.batteryWatts().isEmpty());
    assertTrue(r.remainingWh().isEmpty());
    assertTrue(r.fullWh().isEmpty());
    assertEquals(5_000, r.readAtMs());
    assertEquals("upsc rack1", r.source());
  }

  @Test
  void onlineUpsUsesRealPowerAndChargesTheBattery() {
    BatteryReading r = NutUpscParser.parse(ONLINE_CHARGING, 0, "big@nut:3493");
    assertFalse(r.onBattery());
    assertEquals(0.97, r.stateOfCharge().getAsDouble(), 1e-12);
    // ups.realpower wins over ups.load; ups.power is VA and is not used.
    assertEquals(210, r.loadWatts().getAsDouble(), 1e-9);
    // CHRG: -27.3 V x 1.5 A = -40.95 W.
    assertEquals(-40.95, r.batteryWatts().getAsDouble(), 1e-9);
  }

  @Test
  void lowBatteryAndForcedShutdownAreLow() {
    String lb = BACK_UPS_ON_BATTERY.replace("ups.status: OB DISCHRG", "ups.status: OB DISCHRG LB");
    assertTrue(NutUpscParser.parse(lb, 0, "rack1").lowBattery());
    String fsd = BACK_UPS_ON_BATTERY.replace("ups.status: OB DISCHRG", "ups.status: FSD OB");
    assertTrue(NutUpscParser.parse(fsd, 0, "rack1").lowBattery());
  }

  @Test
  void staleDataIsAnErrorWithTheFix() {
    BadReadingException e = assertThrows(BadReadingException.class,
        () -> NutUpscParser.parse("Error: Data stale\n", 0, "rack1"));
    assertEquals("upsc = 'Error: Data stale' from upsc rack1: the driver has lost the UPS; check"
        + " its cable and the driver (upsdrvctl status)", e.getMessage());
  }

  @Test
  void waitAndAmbiguousStatusAreErrors() {
    BadReadingException wait = assertThrows(BadReadingException.class,
        () -> NutUpscParser.parse("battery.charge: 80\nups.status: WAIT\n", 0, "rack1"));
    assertEquals("ups.status = 'WAIT' in upsc rack1: upsd has no data from the driver yet; wait"
        + " for the driver's first poll or check that it runs", wait.getMessage());
    BadReadingException both = assertThrows(BadReadingException.class,
        () -> NutUpscParser.parse("battery.charge: 80\nups.status: OL OB\n", 0, "rack1"));
    assertEquals("ups.status = 'OL OB' in upsc rack1 says both OL and OB: on-line or on-battery"
        + " is unknown; check the UPS and its NUT driver", both.getMessage());
    BadReadingException off = assertThrows(BadReadingException.class,
        () -> NutUpscParser.parse("battery.charge: 80\nups.status: OFF\n", 0, "rack1"));
    assertEquals("ups.status = 'OFF' in upsc rack1 says neither OL nor OB (OFF: the UPS is not"
        + " feeding its load): on-line or on-battery is unknown; check the UPS and its NUT"
        + " driver", off.getMessage());
  }

  @Test
  void chargeAboveHundredIsAnError() {
    String bad = BACK_UPS_ON_BATTERY.replace("battery.charge: 62", "battery.charge: 140");
    BadReadingException e = assertThrows(BadReadingException.class,
        () -> NutUpscParser.parse(bad, 0, "rack1"));
    assertEquals("battery.charge = '140' in upsc rack1 is outside 0..100%: a charge cannot be"
        + " negative or above full; the UPS or its driver is misreporting", e.getMessage());
  }

  @Test
  void missingChargeNamesTheMinimum() {
    BadReadingException e = assertThrows(BadReadingException.class,
        () -> NutUpscParser.parse("battery.runtime: 600\nups.status: OB\n", 0, "rack1"));
    assertEquals("battery.charge", e.key());
    assertEquals("battery.charge = (absent) in upsc rack1: the ride-through plan needs the charge"
        + " in percent; this UPS or driver does not report it, so use a driver that does or the"
        + " sysfs source", e.getMessage());
    BadReadingException noStatus = assertThrows(BadReadingException.class,
        () -> NutUpscParser.parse("battery.charge: 50\n", 0, "rack1"));
    assertEquals("ups.status", noStatus.key());
  }

  @Test
  void malformedDuplicatedAndNonNumericValuesAreErrors() {
    BadReadingException line = assertThrows(BadReadingException.class,
        () -> NutUpscParser.parse("battery.charge 62\nups.status: OB\n", 0, "rack1"));
    assertEquals("upsc line 1 = 'battery.charge 62' from upsc rack1 is not 'key: value': give"
        + " this parser what upsc <ups> prints, unchanged", line.getMessage());
    BadReadingException twice = assertThrows(BadReadingException.class,
        () -> NutUpscParser.parse("battery.charge: 62\nbattery.charge: 63\nups.status: OB", 0,
            "rack1"));
    assertEquals("battery.charge = '63' is listed twice in upsc rack1 (line 2): give the output"
        + " of one upsc run", twice.getMessage());
    BadReadingException nan = assertThrows(BadReadingException.class,
        () -> NutUpscParser.parse("battery.charge: 62\nbattery.runtime: NaN\nups.status: OB", 0,
            "rack1"));
    assertEquals("battery.runtime = 'NaN' in upsc rack1 is not a number: NUT gives it in"
        + " seconds with a decimal point (e.g. 62.0)", nan.getMessage());
    BadReadingException negative = assertThrows(BadReadingException.class,
        () -> NutUpscParser.parse("battery.charge: 62\nups.realpower: -5\nups.status: OB", 0,
            "rack1"));
    assertEquals("ups.realpower", negative.key());
    BadReadingException empty = assertThrows(BadReadingException.class,
        () -> NutUpscParser.parse("  \n", 0, "rack1"));
    assertEquals("upsc output", empty.key());
  }
}
