package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code blink.phase.groups} reaches the phase-groups policy at start-up and when the policy is
 * switched to at run time; a bad value stops the daemon naming the key, whatever the policy.
 */
class PhaseGroupsConfigTest {
  @TempDir Path dir;

  private Configuration conf(String policy, String groups) {
    Configuration conf = SchedulerDaemonTest.conf(dir.resolve("schedule.json"));
    conf.set("blink.scheduler.policy", policy);
    if (groups != null) {
      conf.set("blink.phase.groups", groups);
    }
    return conf;
  }

  @Test
  void thePolicyGetsTheConfiguredGroups() {
    SchedulerConfig c = new SchedulerConfig(conf("phase-groups", "2"));
    assertEquals(2, assertInstanceOf(PhaseGroupsPolicy.class, c.policy).groups());
    SchedulerConfig d = new SchedulerConfig(conf("staggered", null));
    assertEquals(3, assertInstanceOf(PhaseGroupsPolicy.class,
        d.policyNamed("PUT /v1/policy", "phase-groups")).groups());
    SchedulerConfig e = new SchedulerConfig(conf("staggered", "6"));
    assertEquals(6, assertInstanceOf(PhaseGroupsPolicy.class,
        e.policyNamed("PUT /v1/policy", "phase-groups")).groups());
  }

  @Test
  void aBadValueIsRefusedAtStartNamingTheKey() {
    for (String bad : new String[] {"0", "-1", "3.5", "many"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new SchedulerConfig(conf("staggered", bad)));
      assertEquals("blink.phase.groups = '" + bad + "' is invalid: give a whole number of phase"
          + " groups in 1..2147483647 (default 3)", e.getMessage());
    }
  }
}
