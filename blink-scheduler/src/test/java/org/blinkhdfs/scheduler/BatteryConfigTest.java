package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code blink.battery.*} keys are checked at startup, before any reader thread starts: each
 * bad value names the key, the value and the fix.
 */
class BatteryConfigTest {
  @TempDir Path dir;

  private Configuration battery(String... keyValues) {
    Configuration conf = SchedulerDaemonTest.conf(dir.resolve("schedule.json"));
    conf.set("blink.scheduler.signal", "battery");
    conf.set("blink.battery.capacity.wh", "2000");
    conf.set("blink.battery.nut.ups", "rack1@localhost");
    for (int i = 0; i + 1 < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    return conf;
  }

  private String refused(String... keyValues) {
    return assertThrows(IllegalArgumentException.class,
        () -> new SchedulerConfig(battery(keyValues))).getMessage();
  }

  @Test
  void readsTheDefaultsAndUnits() {
    BatteryConfig c = new BatteryConfig(battery("blink.battery.ride.through", "90m",
        "blink.battery.read.period", "30s", "blink.battery.reading.max.age", "3m")::get, 5000);
    assertEquals(5_400_000, c.targetMs());
    assertEquals(30_000, c.readPeriodMs());
    assertEquals(180_000, c.maxAgeMs());
    assertEquals(2000, c.battery().capacityWh());
    assertEquals(0.9, c.battery().efficiency());
    assertEquals(0.2, c.battery().reserveFraction());
    assertEquals("upsc rack1@localhost", c.reader().describe());
  }

  @Test
  void eachBadKeyIsNamedWithItsValueAndTheFix() {
    String m = refused("blink.battery.capacity.wh", "");
    assertTrue(m.startsWith("blink.battery.capacity.wh is empty"), m);
    assertTrue(m.contains("in Wh"), m);
    m = refused("blink.battery.capacity.wh", "-5");
    assertTrue(m.startsWith("blink.battery.capacity.wh = '-5' is invalid"), m);
    m = refused("blink.battery.efficiency", "1.5");
    assertTrue(m.startsWith("blink.battery.efficiency = '1.5' is invalid"), m);
    m = refused("blink.battery.reserve.fraction", "1");
    assertTrue(m.startsWith("blink.battery.reserve.fraction = '1' is invalid"), m);
    m = refused("blink.battery.ride.through", "30s");
    assertTrue(m.startsWith("blink.battery.ride.through = '30s' is outside 60s..604800s"), m);
    m = refused("blink.battery.ride.through", "2");
    assertTrue(m.startsWith("blink.battery.ride.through = '2' has no unit"), m);
    m = refused("blink.battery.reading.max.age", "12s", "blink.battery.read.period", "10s");
    assertTrue(m.startsWith("blink.battery.reading.max.age = '12s' must exceed"
        + " blink.battery.read.period (10000 ms) plus blink.scheduler.sensor.timeout.ms"
        + " (5000 ms)"), m);
    m = refused("blink.battery.source", "apc");
    assertTrue(m.startsWith("blink.battery.source = 'apc' is not a battery source: give nut"),
        m);
    m = refused("blink.battery.nut.ups", "");
    assertTrue(m.startsWith("blink.battery.nut.ups = '' is not a NUT UPS name"), m);
    m = refused("blink.battery.nut.ups", "-l");
    assertTrue(m.startsWith("blink.battery.nut.ups = '-l' is not a NUT UPS name"), m);
    m = refused("blink.battery.nut.command", "upsc -w");
    assertTrue(m.startsWith("blink.battery.nut.command = 'upsc -w' must be one program"), m);
    m = refused("blink.battery.source", "sysfs");
    assertTrue(m.startsWith("blink.battery.sysfs.battery is empty"), m);
    m = refused("blink.battery.source", "sysfs", "blink.battery.sysfs.battery",
        dir.resolve("BAT9").toString());
    assertTrue(m.startsWith("blink.battery.sysfs.battery = '" + dir.resolve("BAT9")
        + "' is not a readable directory"), m);
  }

  @Test
  void aMisspelledSignalListsBatteryAmongTheForms() {
    String m = refused("blink.scheduler.signal", "batery");
    assertTrue(m.startsWith("blink.scheduler.signal = 'batery' is invalid"), m);
    assertTrue(m.endsWith("or battery (a UPS or battery, configured by the blink.battery.*"
        + " keys)"), m);
  }
}
