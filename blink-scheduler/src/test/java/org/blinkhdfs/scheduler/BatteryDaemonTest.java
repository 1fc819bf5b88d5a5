package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.model.wire.HttpAuthenticator;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The battery signal end to end: a real scheduler daemon reads a canned {@code upsc} (a script
 * printing what a test writes) or a sysfs directory in a temp dir, and {@code GET /v1/power}
 * shows each ride-through decision and plans with its level.
 *
 * <p>Numbers, worked by hand: 3 ring nodes at 25 W / 1 W and 40 W overhead, so P_min = 40 + 3 =
 * 43 W and P_peak = 40 + 75 = 115 W; a 100 Wh battery at efficiency 0.9 and a 20% reserve; the
 * 6 s interval is the replanning period Δ (reads every 1 s). At 62%: 62 Wh stored, 20 Wh
 * reserve, 0.9 x 42 = 37.8 Wh usable.
 */
class BatteryDaemonTest {
  private static final long T0 = 1_800_000_000_000L;

  @TempDir Path dir;
  final ManualClock clock = new ManualClock(T0);
  SchedulerDaemon daemon;

  @AfterEach
  void stop() throws Exception {
    if (daemon != null) {
      daemon.close();
    }
  }

  /** A fake upsc: prints {@code out} and exits with {@code rc}; waits while {@code hang} is. */
  private Path fakeUpsc() throws IOException {
    Path script = dir.resolve("upsc");
    Files.writeString(script, String.join("\n", "#!/bin/sh",
        "d='" + dir + "'",
        "if [ -f \"$d/hang\" ]; then touch \"$d/hung\"; while [ -f \"$d/hang\" ]; do sleep 0.05;"
            + " done; fi",
        "[ \"$1\" = rack1@localhost ] || { echo \"Error: Unknown UPS\"; exit 1; }",
        "cat \"$d/out\"",
        "exit $(cat \"$d/rc\" 2>/dev/null || echo 0)", ""));
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    return script;
  }

  /** What the fake upsc prints from now on (replaced atomically: a read never sees half). */
  private void upsc(String out) throws IOException {
    Path tmp = Files.writeString(dir.resolve("out.tmp"), out);
    Files.move(tmp, dir.resolve("out"), StandardCopyOption.ATOMIC_MOVE);
  }

  private Configuration conf(String... keyValues) {
    Configuration conf = SchedulerDaemonTest.conf(dir.resolve("schedule.json"));
    conf.set("blink.scheduler.signal", "battery");
    conf.set("blink.scheduler.tick.ms", "100");
    conf.set("blink.battery.capacity.wh", "100");
    conf.set("blink.battery.ride.through", "30m");
    conf.set("blink.battery.read.period", "1s");
    conf.set("blink.scheduler.sensor.timeout.ms", "60000");
    conf.set("blink.battery.reading.max.age", "2m");
    for (int i = 0; i + 1 < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    return conf;
  }

  private SchedulerHttp as(String user) {
    return new SchedulerHttp("127.0.0.1:" + daemon.httpAddress().getPort(), 5000)
        .withAuthenticator(HttpAuthenticator.pseudo(user));
  }

  private static String self() throws IOException {
    return UserGroupInformation.getCurrentUser().getShortUserName();
  }

  private JsonNode power() throws IOException {
    return as(self()).get("/v1/power", "application/json").requireSuccess().json();
  }

  /** {@code /v1/power} once its battery decision satisfies {@code until} (reads every 1 s). */
  private JsonNode powerWhen(Predicate<JsonNode> until) throws Exception {
    long deadline = System.nanoTime() + 20_000_000_000L;
    JsonNode p = power();
    while (!until.test(p.get("battery")) && System.nanoTime() < deadline) {
      Thread.sleep(50);
      p = power();
    }
    assertTrue(until.test(p.get("battery")), p.toPrettyString());
    return p;
  }

  private static Predicate<JsonNode> verdict(String v) {
    return b -> b.get("verdict").asText().equals(v);
  }

  @Test
  void aBlackoutOnACannedUpscShowsEachDecisionInV1Power() throws Exception {
    upsc("ups.status: OL\nbattery.charge: 100\n");
    daemon = SchedulerDaemon.start(conf("blink.battery.nut.command", fakeUpsc().toString(),
        "blink.battery.nut.ups", "rack1@localhost", "blink.scheduler.admin.acl", self()), clock);
    JsonNode p = power();
    JsonNode b = p.get("battery");
    assertEquals("GRID", b.get("verdict").asText(), b.toString());
    assertEquals("100%", b.get("level").asText());
    assertEquals(75.0, p.get("availableNodeWatts").asDouble(), 1e-9);
    assertTrue(b.get("outageStartMs").isNull());
    assertEquals(1_800_000, b.get("targetMs").asLong());
    assertEquals(6000, b.get("replanMs").asLong());
    assertTrue(p.get("signal").asText().startsWith("battery: upsc rack1@localhost"),
        p.get("signal").asText());

    // On battery at 62%, 30 min to go: 37.8 Wh / 0.5 h = 75.6 W for the whole cluster, 35.6 W
    // for the DataNodes (47.47% of all awake).
    clock.advance(60_000);
    upsc("ups.status: OB DISCHRG\nbattery.charge: 62\nups.realpower: 70\n");
    p = powerWhen(verdict("RIDE_THROUGH"));
    b = p.get("battery");
    assertEquals(T0 + 60_000, b.get("outageStartMs").asLong());
    assertEquals(T0 + 60_000 + 1_800_000, b.get("targetEndMs").asLong());
    assertEquals(62.0, b.get("storedWh").asDouble(), 1e-9);
    assertEquals(20.0, b.get("reserveWh").asDouble(), 1e-9);
    assertEquals(37.8, b.get("usableWh").asDouble(), 1e-9);
    assertEquals(1_800_000, b.get("timeLeftMs").asLong());
    assertEquals(75.6, b.get("plannedClusterWatts").asDouble(), 1e-9);
    assertEquals(70.0, b.get("measuredLoadWatts").asDouble(), 1e-9);
    assertEquals(35.6, p.get("availableNodeWatts").asDouble(), 1e-9);
    assertFalse(b.get("shutdown").asBoolean());

    // The admin shortens the target to 15 min: 37.8 / 0.25 = 151.2 W >= 115 W, full power.
    SchedulerHttp.Response denied = as("mallory").putText("/v1/battery",
        "{\"rideThrough\": \"15m\"}");
    assertEquals(403, denied.status(), denied.text());
    assertEquals(1_800_000, power().get("battery").get("targetMs").asLong());
    SchedulerHttp.Response put = as(self()).putText("/v1/battery", "{\"rideThrough\": \"15m\"}");
    assertEquals(200, put.status(), put.text());
    assertEquals("FULL_POWER_LASTS", put.json().get("verdict").asText(), put.text());
    assertEquals(900_000, put.json().get("targetMs").asLong());
    assertEquals(75.0, power().get("availableNodeWatts").asDouble(), 1e-9);
    SchedulerHttp.Response bad = as(self()).putText("/v1/battery", "{\"rideThrough\": 900}");
    assertEquals(400, bad.status(), bad.text());
    assertTrue(bad.errorMessage().contains("rideThrough 900 is not a string"), bad.text());

    // 5 min later at 25%: 0.9 x 5 = 4.5 Wh for 10 min would need 27 W < 43 W: the minimum.
    clock.advance(300_000);
    upsc("ups.status: OB DISCHRG\nbattery.charge: 25\n");
    p = powerWhen(verdict("CANNOT_REACH_TARGET"));
    assertEquals(43.0, p.get("battery").get("plannedClusterWatts").asDouble(), 1e-5);
    assertEquals(3.0, p.get("availableNodeWatts").asDouble(), 1e-5);
    // 4.5 Wh at 43 W lasts 376 744 ms.
    assertEquals(376_744, p.get("battery").get("lastsMs").asLong());

    // An impossible reading: fail safe, holding the last plan; the reason names the variable.
    upsc("ups.status: OB DISCHRG\nbattery.charge: 140\n");
    p = powerWhen(verdict("FAIL_SAFE"));
    b = p.get("battery");
    assertTrue(b.get("reason").asText().contains("battery.charge"), b.toString());
    assertTrue(b.get("reason").asText().contains("140"), b.toString());
    assertEquals(3.0, p.get("availableNodeWatts").asDouble(), 1e-5);

    // upsc's own staleness (the driver lost the UPS), exit status 1: fail safe, named.
    upsc("Error: Data stale\n");
    Files.writeString(dir.resolve("rc"), "1");
    powerWhen(x -> x.get("reason").asText().contains("Data stale"));

    // A reader that hangs: after blink.battery.reading.max.age without a finished read, the
    // fail-safe decides; 3 min into the 25% plan it still holds it (energy left until 370 s).
    Files.writeString(dir.resolve("hang"), "");
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (!Files.exists(dir.resolve("hung")) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    clock.advance(180_000);
    b = power().get("battery");
    assertEquals("FAIL_SAFE", b.get("verdict").asText(), b.toString());
    assertTrue(b.get("reason").asText().contains("no read of upsc rack1@localhost"),
        b.toString());
    assertTrue(b.get("reason").asText().contains("blink.battery.reading.max.age"), b.toString());
    // 4 more minutes: the held plan's energy is spent: SHUTDOWN at the minimum, latched.
    clock.advance(240_000);
    p = power();
    b = p.get("battery");
    assertEquals("SHUTDOWN", b.get("verdict").asText(), b.toString());
    assertTrue(b.get("shutdown").asBoolean());
    assertEquals(3.0, p.get("availableNodeWatts").asDouble(), 1e-5);

    // The grid returns: full power again, the outage ends.
    upsc("ups.status: OL CHRG\nbattery.charge: 21\n");
    Files.writeString(dir.resolve("rc"), "0");
    Files.delete(dir.resolve("hang"));
    p = powerWhen(verdict("GRID"));
    assertTrue(p.get("battery").get("outageStartMs").isNull());
    assertEquals(75.0, p.get("availableNodeWatts").asDouble(), 1e-9);
  }

  @Test
  void readsABatteryFromASysfsDirectory() throws Exception {
    Path bat = Files.createDirectories(dir.resolve("BAT0"));
    Path ac = Files.createDirectories(dir.resolve("AC"));
    Files.writeString(ac.resolve("online"), "0\n");
    Files.writeString(bat.resolve("status"), "Discharging\n");
    // 50 Wh of 80 Wh full (the gauge's own full capacity wins over the configured 100 Wh):
    // reserve 16 Wh, usable 0.9 x 34 = 30.6 Wh; over 30 min 61.2 W.
    Files.writeString(bat.resolve("energy_now"), "50000000\n");
    Files.writeString(bat.resolve("energy_full"), "80000000\n");
    Files.writeString(bat.resolve("power_now"), "12500000\n");
    daemon = SchedulerDaemon.start(conf("blink.battery.source", "sysfs",
        "blink.battery.sysfs.battery", bat.toString(), "blink.battery.sysfs.adapter",
        ac.toString()), clock);
    JsonNode p = power();
    JsonNode b = p.get("battery");
    assertEquals("RIDE_THROUGH", b.get("verdict").asText(), b.toString());
    assertEquals(50.0, b.get("storedWh").asDouble(), 1e-9);
    assertEquals(16.0, b.get("reserveWh").asDouble(), 1e-9);
    assertEquals(61.2, b.get("plannedClusterWatts").asDouble(), 1e-9);
    assertEquals(21.2, p.get("availableNodeWatts").asDouble(), 1e-9);
    assertTrue(b.get("source").asText().startsWith("sysfs BAT0"), b.toString());
    assertTrue(as(self()).get("/status", "text/html").text().contains("battery (sysfs BAT0"));
    Files.writeString(ac.resolve("online"), "1\n");
    Files.writeString(bat.resolve("status"), "Charging\n");
    p = powerWhen(verdict("GRID"));
    assertEquals(75.0, p.get("availableNodeWatts").asDouble(), 1e-9);
  }

  @Test
  void withoutABatteryThereIsNoBatteryObjectAndNoTargetToSet() throws Exception {
    daemon = SchedulerDaemon.start(SchedulerDaemonTest.conf(dir.resolve("schedule.json")),
        clock);
    assertTrue(power().get("battery").isNull());
    assertEquals(404, as(self()).get("/v1/battery", "application/json").status());
    SchedulerHttp.Response r = as(self()).putText("/v1/battery", "{\"rideThrough\": \"1h\"}");
    assertEquals(400, r.status(), r.text());
    assertTrue(r.errorMessage().contains("blink.scheduler.signal"), r.text());
  }
}
