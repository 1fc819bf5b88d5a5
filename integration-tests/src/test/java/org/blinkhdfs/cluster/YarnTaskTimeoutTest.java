package org.blinkhdfs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * {@link YarnSite#taskTimeoutMs}: the liveness timeout stretched by the least awake host; {@link
 * YarnSite#stuckTimeoutMs} twice that; and the containers a capped host runs at once, so that a
 * task's start fits in that timeout ({@link YarnSpec#offeredVcores}).
 */
class YarnTaskTimeoutTest {
  private static Schedule.Builder schedule() {
    return Schedule.builder().epoch(1).intervalStartMs(1_790_000_000_000L).intervalMs(4_000);
  }

  @Test
  void stretchedByTheShortestWindow() {
    // The javadoc's example: windows of 760 ms in 4 s, fraction 0.19: 120 s / 0.19 = 632 s.
    Schedule s = schedule().add(NodeSchedule.blink("10.0.0.1:9866", 0, 760))
        .add(NodeSchedule.blink("10.0.0.2:9866", 1_000, 2_000)).build();
    assertEquals(631_579, YarnSite.taskTimeoutMs(120_000, s));
  }

  @Test
  void activeHostsKeepItOffHostsDoNotCountAndItIsBounded() {
    Schedule active = schedule().add(NodeSchedule.of("10.0.0.1:9866", NodeMode.ACTIVE))
        .add(NodeSchedule.of("10.0.0.2:9866", NodeMode.OFF)).build();
    assertEquals(120_000, YarnSite.taskTimeoutMs(120_000, active));
    Schedule tiny = schedule().add(NodeSchedule.blink("10.0.0.1:9866", 0, 40)).build();
    assertEquals(2_400_000, YarnSite.taskTimeoutMs(120_000, tiny)); // at most 20x
  }

  @Test
  void aCappedHostOffersAVcorePerTwoHundredMillicoresAndTheSchedulerCountsThem() {
    assertEquals(2, YarnSpec.on().offeredVcores()); // uncapped: the spec's vcores
    assertEquals(1, YarnSpec.on().withHostCpu(180).offeredVcores()); // bench dfsio's hosts
    assertEquals(2, YarnSpec.on().withHostCpu(450).offeredVcores()); // wordcount's 4 hosts
    assertEquals(9, YarnSpec.on().withHostCpu(1_800).offeredVcores());
    assertEquals(16, YarnSpec.on().withHostCpu(64_000).offeredVcores());
    assertEquals("org.apache.hadoop.yarn.util.resource.DominantResourceCalculator",
        YarnSite.capacityScheduler(YarnSpec.on().withHostCpu(180))
            .get("yarn.scheduler.capacity.resource-calculator"));
    assertEquals(null, YarnSite.capacityScheduler(YarnSpec.on())
        .get("yarn.scheduler.capacity.resource-calculator")); // memory only, as before
  }

  @Test
  void anApplicationMasterMayTakeTwentyLivenessExpiriesToRegister() {
    // 6 s interval: liveness 120 s; an AM starting on a host awake 1/20 of the time: 2 400 s.
    ClusterSpec spec = ClusterSpec.defaults(java.nio.file.Path.of("/tmp/unused")).toBuilder()
        .intervalMs(6_000).yarn(YarnSpec.on()).build();
    YarnSite site = new YarnSite(spec, new org.apache.hadoop.conf.Configuration(false),
        java.util.List.of(1, 2, 3, 4, 5));
    assertEquals(120_000, site.livenessMs());
    assertEquals(2_400_000, site.resourceManager(java.nio.file.Path.of("/tmp/unused"))
        .getLong("yarn.am.liveness-monitor.expiry-interval-ms", 0));
    assertEquals(120_000, site.resourceManager(java.nio.file.Path.of("/tmp/unused"))
        .getLong("yarn.nm.liveness-monitor.expiry-interval-ms", 0));
  }

  @Test
  void aTaskThatNeverReportedGetsTwiceTheTaskTimeout() {
    // 20% at a 6 s interval: 120 s / 0.2 = 600 s, so a launch may take 1200 s, not Hadoop's 600.
    assertEquals(1_200_000, YarnSite.stuckTimeoutMs(600_000));
  }
}
