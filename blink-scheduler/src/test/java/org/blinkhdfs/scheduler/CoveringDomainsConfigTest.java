package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.model.policy.CoveringPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code blink.scheduler.covering.domains} reaches the covering policy, at start-up and when the
 * policy is switched to at run time, and a ring with fewer nodes than domains is refused with
 * the key and the largest value that fits.
 */
class CoveringDomainsConfigTest {
  @TempDir Path dir;

  private Configuration conf(String policy, String domains) {
    Configuration conf = SchedulerDaemonTest.conf(dir.resolve("schedule.json"));
    conf.set("blink.scheduler.policy", policy);
    if (domains != null) {
      conf.set("blink.scheduler.covering.domains", domains);
    }
    return conf;
  }

  @Test
  void theCoveringPolicyGetsTheConfiguredDomains() {
    SchedulerConfig c = new SchedulerConfig(conf("covering", "2"));
    assertEquals(2, assertInstanceOf(CoveringPolicy.class, c.policy).domains());
    SchedulerConfig d = new SchedulerConfig(conf("staggered", null));
    assertEquals(3, assertInstanceOf(CoveringPolicy.class,
        d.policyNamed("PUT /v1/policy", "covering")).domains());
  }

  @Test
  void moreDomainsThanRingNodesIsRefusedNamingTheKey() {
    int ring = SchedulerDaemonTest.NODES.length;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new SchedulerConfig(conf("covering", Integer.toString(ring + 1))));
    assertTrue(e.getMessage().contains("blink.scheduler.covering.domains = " + (ring + 1))
        && e.getMessage().contains("at most " + ring), e.getMessage());
    // Other policies do not care.
    new SchedulerConfig(conf("staggered", Integer.toString(ring + 1)));
    IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
        () -> new SchedulerConfig(conf("covering", "0")));
    assertTrue(zero.getMessage().contains("blink.scheduler.covering.domains"), zero.getMessage());
  }
}
