package org.blinkhdfs.model.battery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PowerSupplySysfsTest {
  /** A laptop-style fuel gauge that reports energy (µWh) and power (µW), discharging. */
  static Map<String, String> energyGauge() {
    Map<String, String> m = new HashMap<>();
    m.put("type", "Battery");
    m.put("status", "Discharging");
    m.put("present", "1");
    m.put("technology", "Li-ion");
    m.put("capacity", "62");
    m.put("energy_full_design", "57000000");
    m.put("energy_full", "50000000");
    m.put("energy_now", "31000000");
    m.put("power_now", "12500000");
    m.put("voltage_now", "11900000");
    return m;
  }

  /** A gauge that reports charge (µAh) and current (µA), with the kernel's negative sign. */
  static Map<String, String> chargeGauge() {
    Map<String, String> m = new HashMap<>();
    m.put("status", "Discharging");
    m.put("charge_full", "4000000");
    m.put("charge_now", "2500000");
    m.put("current_now", "-1500000");
    m.put("voltage_now", "12000000");
    return m;
  }

  @Test
  void energyGaugeGivesWattHoursAndWatts() {
    BatteryReading r = PowerSupplySysfs.parse(energyGauge(), Map.of(), 7, "BAT0");
    assertTrue(r.onBattery());
    assertEquals(31, r.remainingWh().getAsDouble(), 1e-9);
    assertEquals(50, r.fullWh().getAsDouble(), 1e-9);
    assertEquals(0.62, r.stateOfCharge().getAsDouble(), 1e-12);
    assertEquals(12.5, r.batteryWatts().getAsDouble(), 1e-9);
    assertEquals("sysfs BAT0", r.source());
  }

  @Test
  void chargeGaugeTimesVoltageGivesEnergy() {
    // 2 500 000 µAh x 12 V = 30 Wh of 4 000 000 µAh x 12 V = 48 Wh; no capacity: 30/48 = 0.625.
    // |-1 500 000 µA| x 12 V = 18 W, discharging.
    BatteryReading r = PowerSupplySysfs.parse(chargeGauge(), Map.of(), 0, "BAT1");
    assertEquals(30, r.remainingWh().getAsDouble(), 1e-9);
    assertEquals(48, r.fullWh().getAsDouble(), 1e-9);
    assertEquals(0.625, r.stateOfCharge().getAsDouble(), 1e-12);
    assertEquals(18, r.batteryWatts().getAsDouble(), 1e-9);
  }

  @Test
  void theAdaptersOnlineDecidesTheGrid() {
    Map<String, String> charging = energyGauge();
    charging.put("status", "Charging");
    BatteryReading r = PowerSupplySysfs.parse(charging, Map.of("type", "Mains", "online", "1"),
        0, "BAT0");
    assertFalse(r.onBattery());
    assertEquals(-12.5, r.batteryWatts().getAsDouble(), 1e-9);
    // Plugged in but discharging under load: the adapter says grid.
    assertFalse(PowerSupplySysfs.parse(energyGauge(), Map.of("online", "1"), 0, "BAT0")
        .onBattery());
    Map<String, String> full = energyGauge();
    full.put("status", "Full");
    assertTrue(PowerSupplySysfs.parse(full, Map.of("online", "0"), 0, "BAT0").onBattery());
    // Full without an adapter is the grid; a power at Full that is not 0 has no direction.
    BatteryReading f = PowerSupplySysfs.parse(full, Map.of(), 0, "BAT0");
    assertFalse(f.onBattery());
    assertTrue(f.batteryWatts().isEmpty());
  }

  @Test
  void impossibleValuesAreErrors() {
    Map<String, String> over = energyGauge();
    over.put("capacity", "101");
    BadReadingException c = assertThrows(BadReadingException.class,
        () -> PowerSupplySysfs.parse(over, Map.of(), 0, "BAT0"));
    assertEquals("capacity = '101' in sysfs BAT0 is above 100%: the gauge is misreporting;"
        + " recalibrate it or read energy_now", c.getMessage());
    Map<String, String> negative = energyGauge();
    negative.put("energy_now", "-5");
    BadReadingException n = assertThrows(BadReadingException.class,
        () -> PowerSupplySysfs.parse(negative, Map.of(), 0, "BAT0"));
    assertEquals("energy_now = '-5' in sysfs BAT0 is negative: the kernel gives it in µWh, >= 0;"
        + " the driver or gauge is misreporting", n.getMessage());
    Map<String, String> overfull = energyGauge();
    overfull.put("energy_now", "60000001");
    BadReadingException o = assertThrows(BadReadingException.class,
        () -> PowerSupplySysfs.parse(overfull, Map.of(), 0, "BAT0"));
    assertEquals("energy_now = '60000001' in sysfs BAT0 is more than 1.2 x energy_full ="
        + " 50000000: the gauge is wrong; recalibrate it (a full charge and discharge)",
        o.getMessage());
    Map<String, String> text = energyGauge();
    text.put("power_now", "12.5W");
    BadReadingException t = assertThrows(BadReadingException.class,
        () -> PowerSupplySysfs.parse(text, Map.of(), 0, "BAT0"));
    assertEquals("power_now = '12.5W' in sysfs BAT0 is not a whole number: the kernel gives it"
        + " in µW; read the file the driver exports, unchanged", t.getMessage());
  }

  @Test
  void unknownOrMissingStatusNeedsTheAdapter() {
    Map<String, String> unknown = energyGauge();
    unknown.put("status", "Unknown");
    BadReadingException u = assertThrows(BadReadingException.class,
        () -> PowerSupplySysfs.parse(unknown, Map.of(), 0, "BAT0"));
    assertEquals("status = 'Unknown' in sysfs BAT0: whether the grid is on cannot be told; give"
        + " the AC adapter's directory (type Mains) as well", u.getMessage());
    assertTrue(PowerSupplySysfs.parse(unknown, Map.of("online", "0"), 0, "BAT0").onBattery());
    Map<String, String> odd = energyGauge();
    odd.put("status", "Discharged");
    assertEquals("status", assertThrows(BadReadingException.class,
        () -> PowerSupplySysfs.parse(odd, Map.of(), 0, "BAT0")).key());
    BadReadingException online = assertThrows(BadReadingException.class,
        () -> PowerSupplySysfs.parse(energyGauge(), Map.of("online", "yes"), 0, "BAT0"));
    assertEquals("online", online.key());
  }

  @Test
  void noEnergyAtAllNamesTheAlternatives() {
    BadReadingException e = assertThrows(BadReadingException.class,
        () -> PowerSupplySysfs.parse(Map.of("status", "Discharging", "voltage_now", "12000000"),
            Map.of(), 0, "BAT0"));
    assertEquals("capacity = (absent) in sysfs BAT0: give capacity (%), energy_now (µWh), or"
        + " charge_now (µAh) with voltage_now (µV); none is readable", e.getMessage());
  }

  @Test
  void readsADirectoryIntoTheMap(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("status"), "Discharging\n");
    Files.writeString(dir.resolve("capacity"), "55\n");
    Files.createDirectory(dir.resolve("power"));
    Map<String, String> m = PowerSupplySysfs.readDirectory(dir);
    assertEquals(Map.of("status", "Discharging", "capacity", "55"), m);
    BatteryReading r = PowerSupplySysfs.parse(m, Map.of(), 0, "BAT0");
    assertEquals(0.55, r.stateOfCharge().getAsDouble(), 1e-12);
  }
}
