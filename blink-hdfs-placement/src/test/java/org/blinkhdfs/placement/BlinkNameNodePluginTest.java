package org.blinkhdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.impl.MetricsRecordImpl;
import org.blinkhdfs.client.BlinkRuntime;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plugin's metrics record and its hold on the shared runtime, without a NameNode. */
class BlinkNameNodePluginTest {
  static final long START = 1_790_000_000_000L;

  @TempDir
  Path dir;

  static Map<String, Object> metrics(BlinkNameNodePlugin plugin) {
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    plugin.getMetrics(collector, true);
    MetricsRecordImpl r = collector.getRecords().get(0);
    Map<String, Object> out = new HashMap<>();
    r.tags().forEach(t -> out.put(t.name(), t.value()));
    r.metrics().forEach(m -> out.put(m.name(), m.value()));
    return out;
  }

  static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  static Thread poller(String address) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("blink-schedule-poller scheduler " + address))
        .findFirst().orElseThrow(() -> new AssertionError("no poller for " + address));
  }

  @Test
  void publishesTheScheduleStatusSourceEpochAndAwakeNodes() throws Exception {
    Path file = dir.resolve("schedule.json");
    Files.writeString(file, ScheduleJson.write(Schedule.builder().epoch(42)
        .intervalStartMs(START).intervalMs(60_000)
        .add(NodeSchedule.blink("127.0.0.1:9001", 0, 20_000))
        .add(NodeSchedule.blink("127.0.0.1:9002", 20_000, 20_000))
        .add(NodeSchedule.of("127.0.0.1:9003", NodeMode.ACTIVE))
        .add(NodeSchedule.staging("127.0.0.1:9004")).build()));
    Configuration conf = new Configuration(false);
    conf.set(PlacementConfig.SCHEDULE_FILE.name(), file.toString());
    // 25 s into the interval: 9001 asleep; 9002, 9003 and the staging node awake.
    BlinkNameNodePlugin plugin = new BlinkNameNodePlugin(
        Clock.fixed(Instant.ofEpochMilli(START + 25_000), ZoneOffset.UTC));
    plugin.setConf(conf);

    Map<String, Object> m = metrics(plugin);
    assertEquals("OK", m.get("ScheduleStatus"));
    assertEquals("file " + file.toAbsolutePath().normalize(), m.get("ScheduleSource"));
    assertEquals(42L, ((Number) m.get("ScheduleEpoch")).longValue());
    assertEquals(3, ((Number) m.get("RingNodes")).intValue());
    assertEquals(3, ((Number) m.get("AwakeNodes")).intValue());
  }

  @Test
  void theLastPluginToStopStopsTheSchedulerPollerAndFreesTheRuntime() throws Exception {
    String address = "127.0.0.1:" + freePort(); // nothing listens: the poller just fails
    Configuration conf = new Configuration(false);
    conf.set(PlacementConfig.SCHEDULER_ADDRESS.name(), address);
    BlinkNameNodePlugin first = new BlinkNameNodePlugin();
    BlinkNameNodePlugin second = new BlinkNameNodePlugin(); // e.g. two NameNodes in one JVM
    first.setConf(conf);
    second.setConf(conf);
    BlinkRuntime runtime = BlinkRuntime.forConf(conf);
    first.start(null);
    second.start(null);
    assertEquals("scheduler " + address, metrics(first).get("ScheduleSource"));
    Thread poller = poller(address);

    first.stop();
    assertSame(runtime, BlinkRuntime.forConf(conf), "still held by the second plugin");
    assertTrue(poller.isAlive());

    second.stop();
    second.stop(); // idempotent: releases once
    poller.join(30_000);
    assertFalse(poller.isAlive(), "the last stop ends the poller");
    BlinkRuntime fresh = BlinkRuntime.forConf(conf);
    assertNotSame(runtime, fresh, "a restarted NameNode gets a fresh runtime");
    fresh.retain();
    fresh.release();
  }
}
