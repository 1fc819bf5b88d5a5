package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.model.schedule.ScheduleState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/** Which schedule source a configuration selects, and that components share it. */
class BlinkRuntimeTest {
  @TempDir
  Path dir;

  @Test
  void theSchedulerWinsWhenBothSourcesAreSet() throws Exception {
    String address = "127.0.0.1:" + BlinkNameNodePluginTest.freePort();
    Configuration conf = new Configuration(false);
    conf.set(PlacementConfig.SCHEDULE_FILE.name(), dir.resolve("schedule.json").toString());
    conf.set(PlacementConfig.SCHEDULER_ADDRESS.name(), address);
    GenericTestUtils.LogCapturer logs = GenericTestUtils.LogCapturer.captureLogs(
        LoggerFactory.getLogger(BlinkRuntime.class));
    BlinkRuntime runtime = BlinkRuntime.forConf(conf);
    try {
      assertEquals("scheduler " + address, runtime.describe());
      assertTrue(logs.getOutput().contains("blink.scheduler.address = " + address
          + " and blink.schedule.file = " + dir.resolve("schedule.json")
          + " are both set: following the scheduler"), logs.getOutput());
      assertSame(runtime, BlinkRuntime.forConf(new Configuration(conf)),
          "the policy, the topology and the plugin share one runtime");
    } finally {
      logs.stopCapturing();
      runtime.retain();
      runtime.release(); // stops the poller this test started
    }
  }

  @Test
  void aFileAloneIsFollowedAndNoSourceIsStockHdfs() {
    Configuration conf = new Configuration(false);
    assertEquals("none", BlinkRuntime.forConf(conf).describe());
    assertEquals(ScheduleState.Status.NOT_CONFIGURED, BlinkRuntime.forConf(conf).state().status());

    Path file = dir.resolve("schedule.json");
    conf.set(PlacementConfig.SCHEDULE_FILE.name(), file.toString());
    BlinkRuntime runtime = BlinkRuntime.forConf(conf);
    assertEquals("file " + file.toAbsolutePath().normalize(), runtime.describe());
    assertEquals(ScheduleState.Status.MISSING, runtime.state().status());
  }

  @Test
  void aBadSchedulerAddressFailsBeforeAnythingStarts() {
    Configuration conf = new Configuration(false);
    conf.set(PlacementConfig.SCHEDULER_ADDRESS.name(), "sched-host");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> BlinkRuntime.forConf(conf));
    assertTrue(e.getMessage().startsWith("blink.scheduler.address = 'sched-host' is not"
        + " host:port"), e.getMessage());
  }
}
