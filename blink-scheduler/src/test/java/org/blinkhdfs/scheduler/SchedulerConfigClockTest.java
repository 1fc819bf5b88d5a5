package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.model.policy.AutoPolicy;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.power.PowerLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon's clock reaches the auto policy, at start-up and when switched to at run time: its
 * decisions are stamped with the time the daemon keeps, not the host's (a test or replay clock
 * drives them too).
 */
class SchedulerConfigClockTest {
  @TempDir Path dir;

  private static final long NOW_MS = 1_234_567L;

  @Test
  void autoDecisionsAreStampedWithTheDaemonsClock() {
    Configuration conf = SchedulerDaemonTest.conf(dir.resolve("schedule.json"));
    conf.set("blink.scheduler.policy", "auto");
    Clock fixed = Clock.fixed(Instant.ofEpochMilli(NOW_MS), ZoneOffset.UTC);
    SchedulerConfig c = new SchedulerConfig(conf, fixed);
    for (AutoPolicy p : List.of(assertInstanceOf(AutoPolicy.class, c.policy),
        assertInstanceOf(AutoPolicy.class, c.policyNamed("PUT /v1/policy", "auto")))) {
      p.plan(PolicyRequest.builder().ring(c.settings.ring()).model(c.settings.model())
          .level(new PowerLevel.Percent(40)).intervalMs(c.settings.intervalMs())
          .intervalStartMs(0).epoch(1).build());
      assertEquals(NOW_MS, p.lastDecision().orElseThrow().decidedAtMs());
    }
  }
}
