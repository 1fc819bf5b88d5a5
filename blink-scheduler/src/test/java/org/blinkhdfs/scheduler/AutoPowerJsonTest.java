package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.control.scheduler.PowerScheduler;
import org.blinkhdfs.control.scheduler.SchedulerSettings;
import org.blinkhdfs.model.policy.AutoPolicy;
import org.blinkhdfs.model.policy.AutoSettings;
import org.blinkhdfs.model.policy.StaggeredPolicy;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The auto policy's decision on {@code GET /v1/power} and the status page, from a real scheduler
 * on the worked example (9 nodes, 25 W / 0 W, T_tr = 137 ms, t = 6 s, m = 500 ms, 40%):
 * activation 3 on + 6 off, fully available, 75 W; and the {@code blink.scheduler.auto.*} keys.
 */
class AutoPowerJsonTest {
  @TempDir Path dir;
  final ManualClock clock = new ManualClock(600_000);

  private PowerScheduler scheduler(org.blinkhdfs.model.policy.BlinkPolicy policy) {
    List<String> ring = new ArrayList<>();
    for (int i = 1; i <= 9; i++) {
      ring.add("dn" + i + ":1");
    }
    SchedulerSettings s = SchedulerSettings.builder().ring(ring)
        .model(PowerModel.builder().nodeCount(9).activeWatts(25).sleepWatts(0)
            .transitionMs(137).build()).intervalMs(6_000).build();
    PowerScheduler ps = new PowerScheduler(s, policy, clock);
    ps.setPowerOverride(new PowerLevel.Percent(40));
    ps.tick(600_000);
    return ps;
  }

  @Test
  void powerCarriesTheDecisionAndItsReason() {
    PowerScheduler ps = scheduler(new AutoPolicy(AutoSettings.defaults(), 500, clock));
    JsonNode auto = SchedulerJson.power(ps, "override", Optional.empty(), 600_000).get("auto");
    assertEquals("activation 3 on + 6 off", auto.get("choice").asText());
    assertEquals("activation", auto.get("kind").asText());
    assertEquals(3, auto.get("activeNodes").asInt());
    assertEquals(0, auto.get("blinkWindowMs").asLong());
    assertTrue(auto.get("switched").asBoolean());
    assertEquals(600_000, auto.get("decidedAtMs").asLong());
    assertTrue(auto.get("fullyAvailable").asBoolean());
    assertEquals(0.0, auto.get("meanWaitMs").asDouble());
    assertEquals(3.0, auto.get("capacityNodes").asDouble());
    assertEquals(75.0, auto.get("drawWatts").asDouble());
    assertEquals(10, auto.get("demandWindow").asInt());
    assertEquals("activation 3 on + 6 off", auto.get("best").asText());
    assertTrue(auto.get("reason").asText().startsWith("activation 3 on + 6 off (first decision):"
        + " fully available, 3.00 node-eq for 75.00 W (0.0400/W); blinking: a = 0.4000 < 0.4395"),
        auto.get("reason").asText());
    assertEquals(75.0, ps.status().plannedWatts(), 1e-9);
    String line = StatusPageServlet.autoLine(ps.policy());
    assertTrue(line.startsWith("<p id=\"auto\">auto: activation 3 on + 6 off (first decision):"
        + " fully available, 3.00 node-eq for 75.00 W (0.0400/W); blinking: a = 0.4000 &lt;"
        + " 0.4395"), line);
  }

  @Test
  void anotherPolicyHasNoDecision() {
    PowerScheduler ps = scheduler(new StaggeredPolicy());
    assertTrue(SchedulerJson.power(ps, "override", Optional.empty(), 600_000).get("auto").isNull());
    assertEquals("", StatusPageServlet.autoLine(ps.policy()));
  }

  @Test
  void theKeysReachThePolicyAndBadValuesNameTheKey() {
    Configuration conf = SchedulerDaemonTest.conf(dir.resolve("schedule.json"));
    conf.set("blink.scheduler.policy", "auto");
    conf.set("blink.scheduler.auto.hysteresis", "5");
    conf.set("blink.scheduler.auto.margin", "0.1");
    SchedulerConfig c = new SchedulerConfig(conf);
    AutoPolicy p = assertInstanceOf(AutoPolicy.class, c.policy);
    assertEquals(new AutoSettings(3, 5, 0.1, 0.8), p.settings());
    assertEquals(new AutoSettings(3, 5, 0.1, 0.8), assertInstanceOf(AutoPolicy.class,
        c.policyNamed("PUT /v1/policy", "auto")).settings());
    conf.set("blink.scheduler.auto.demand.window", "4");
    assertEquals(new AutoSettings(3, 5, 0.1, 0.8, 4), assertInstanceOf(AutoPolicy.class,
        new SchedulerConfig(conf).policy).settings());
    conf.set("blink.scheduler.auto.demand.window", "0");
    IllegalArgumentException w = assertThrows(IllegalArgumentException.class,
        () -> new SchedulerConfig(conf));
    assertTrue(w.getMessage().contains("blink.scheduler.auto.demand.window"), w.getMessage());
    conf.set("blink.scheduler.auto.demand.window", "10");
    conf.set("blink.scheduler.auto.hysteresis", "0");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new SchedulerConfig(conf));
    assertTrue(e.getMessage().contains("blink.scheduler.auto.hysteresis"), e.getMessage());
  }
}
