package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.model.policy.AutoPolicy;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code blink.read.order} reaches the auto policy, so its throughput predictions follow the
 * NameNode's read order: the start-up policy and a {@code PUT /v1/policy} to auto alike.
 */
class AutoReadOrderConfigTest {
  @TempDir Path dir;

  @Test
  void theDefaultIsTheLongestWindow() {
    AutoConfig c = new AutoConfig(Map.<String, String>of()::get);
    assertEquals(ReadOrderMode.LONGEST_WINDOW, c.readOrder());
    assertEquals(ReadOrderMode.LONGEST_WINDOW, c.policy(Clock.systemUTC()).readOrder());
    assertTrue(AutoConfig.KEYS.stream().anyMatch(k -> k.name().equals("blink.read.order")));
  }

  @Test
  void balancedReachesThePolicyThroughTheSchedulerConfig() {
    Configuration conf = SchedulerDaemonTest.conf(dir.resolve("schedule.json"));
    conf.set("blink.scheduler.policy", "auto");
    conf.set("blink.read.order", "balanced");
    SchedulerConfig c = new SchedulerConfig(conf);
    assertEquals(ReadOrderMode.BALANCED, assertInstanceOf(AutoPolicy.class, c.policy)
        .readOrder());
    assertEquals(ReadOrderMode.BALANCED, assertInstanceOf(AutoPolicy.class,
        c.policyNamed("PUT /v1/policy", "auto")).readOrder());
  }

  @Test
  void aBadValueNamesTheKey() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new AutoConfig(Map.of("blink.read.order", "nearest")::get));
    assertTrue(e.getMessage().startsWith("blink.read.order = 'nearest' is invalid: give"
        + " longest-window"), e.getMessage());
  }
}
