package org.blinkhdfs.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.blinkhdfs.scheduler.SchedulerFixture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code blinkadmin -setRideThrough} against a scheduler on a battery (a sysfs directory in a
 * temp dir: on battery at 62% of a 100 Wh battery, 37.8 Wh usable above the 20% reserve at 0.9;
 * 2 ring nodes: P_min 42 W, P_peak 90 W).
 */
class RideThroughCommandTest {
  @TempDir Path dir;
  SchedulerFixture scheduler;

  @AfterEach
  void stop() throws Exception {
    if (scheduler != null) {
      scheduler.close();
    }
  }

  private record Run(int exit, String out, String err) {}

  private Run admin(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] all = new String[args.length + 2];
    all[0] = "-scheduler";
    all[1] = scheduler.address();
    System.arraycopy(args, 0, all, 2, args.length);
    Configuration conf = new Configuration(false);
    int exit = ToolRunner.run(conf, new BlinkAdmin(conf,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)), all);
    return new Run(exit, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  private void startOnBattery() throws Exception {
    Path bat = Files.createDirectories(dir.resolve("BAT0"));
    Files.writeString(bat.resolve("status"), "Discharging\n");
    Files.writeString(bat.resolve("capacity"), "62\n");
    scheduler = SchedulerFixture.start("blink.scheduler.signal", "battery",
        "blink.battery.source", "sysfs", "blink.battery.sysfs.battery", bat.toString(),
        "blink.battery.capacity.wh", "100");
  }

  @Test
  void setsTheTargetAndPrintsTheNewDecision() throws Exception {
    startOnBattery();
    // 37.8 Wh over the default 1 h is 37.8 W, below the 42 W minimum.
    Run before = admin("-getPower");
    assertEquals(0, before.exit(), before.err());
    assertTrue(before.out().contains("battery:   CANNOT_REACH_TARGET, 42 W planned for the whole"
        + " cluster; target 60 min from the outage at"), before.out());
    // 20 min: 37.8 / (1/3 h) = 113.4 W, above the 90 W peak: full power.
    Run r = admin("-setRideThrough", "20m");
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().startsWith("Ride-through target set to 20m (1200000 ms).\n"), r.out());
    assertTrue(r.out().contains("battery:   FULL_POWER_LASTS, 90 W planned"), r.out());
    assertTrue(r.out().contains("why:       on battery: 37.8 Wh usable"), r.out());
  }

  @Test
  void refusesABadDurationBeforeSendingAndNamesTheMissingBattery() throws Exception {
    startOnBattery();
    Run r = admin("-setRideThrough", "90");
    assertEquals(-1, r.exit());
    assertTrue(r.err().startsWith("blinkadmin: -setRideThrough '90' has no unit"), r.err());
    r = admin("-setRideThrough", "10d");
    assertEquals(-1, r.exit());
    scheduler.close();
    scheduler = SchedulerFixture.start();
    r = admin("-setRideThrough", "90m");
    assertEquals(-1, r.exit());
    assertTrue(r.err().contains("answered 400"), r.err());
    assertTrue(r.err().contains("no battery signal: blink.scheduler.signal is"), r.err());
  }
}
