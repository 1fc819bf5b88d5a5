package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.model.policy.GearShiftingPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code PUT /v1/policy gear-shifting} builds the policy the configuration describes: with
 * {@code blink.scheduler.gears} set, the switched-to policy shifts among those gears (it used to
 * get the default, every size 1..N, whatever the key said).
 */
class PolicySwitchGearsTest {
  @TempDir Path dir;

  @Test
  void aPolicySwitchedAtRunTimeKeepsTheConfiguredGears() throws Exception {
    Configuration conf = SchedulerDaemonTest.conf(dir.resolve("schedule.json"));
    conf.set("blink.scheduler.policy", "staggered");
    conf.set("blink.scheduler.gears", "1,3");
    try (SchedulerDaemon daemon = SchedulerDaemon.start(conf)) {
      HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
          "http://127.0.0.1:" + daemon.httpAddress().getPort()
          + SchedulerFixture.asSchedulerUser("/v1/policy")))
          .PUT(HttpRequest.BodyPublishers.ofString("gear-shifting")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(200, r.statusCode(), r.body());
      GearShiftingPolicy p = assertInstanceOf(GearShiftingPolicy.class,
          daemon.scheduler().policy());
      assertEquals(List.of(1, 3), p.settings().gears());
    }
  }

  @Test
  void theStartUpPolicyGetsThemToo() throws Exception {
    Configuration conf = SchedulerDaemonTest.conf(dir.resolve("schedule.json"));
    conf.set("blink.scheduler.policy", "gear-shifting");
    conf.set("blink.scheduler.gears", "2,3");
    try (SchedulerDaemon daemon = SchedulerDaemon.start(conf)) {
      assertEquals(List.of(2, 3), assertInstanceOf(GearShiftingPolicy.class,
          daemon.scheduler().policy()).settings().gears());
    }
  }
}
