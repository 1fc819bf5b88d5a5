package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.WakeAnswer;
import org.blinkhdfs.model.wire.WakeDecision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Wake on demand through the real daemon: the command backend (a script that logs its argument)
 * wakes NODE2 when a wake request makes it ACTIVE while its agent says ASLEEP; the agent's AWAKE
 * is a success, silence past blink.scheduler.wake.timeout a failure that fails the node; the
 * counters are on the metrics source (so /jmx and /prom).
 */
class SchedulerWakeOnDemandTest {
  @TempDir
  Path dir;

  @Test
  void aHeldNodeThatSleepsIsWokenAndAnUnansweredWakeFailsIt() throws Exception {
    Path log = dir.resolve("woken");
    Path script = dir.resolve("power-on");
    Files.writeString(script, "#!/bin/sh\necho \"$1\" >> " + log + "\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    try (SchedulerFixture f = SchedulerFixture.start("blink.scheduler.wake.backend",
        SchedulerFixture.NODE2 + "=command", "blink.scheduler.wake.command",
        script + " {node}", "blink.scheduler.wake.retry", "300ms",
        "blink.scheduler.wake.attempts", "2", "blink.scheduler.wake.timeout", "1500ms")) {
      var ps = f.daemon().scheduler();
      // Epoch -1: the scheduler cannot tell when its alarm is due, so any need wakes it.
      ps.recordStatus(new NodeStatus(SchedulerFixture.NODE2, NodeStatus.State.ASLEEP, -1,
          System.currentTimeMillis(), 0, -1, "suspended (real)"));
      WakeAnswer a = f.http().requestWake(SchedulerFixture.NODE2, 8_000, "proxy drain");
      assertEquals(WakeDecision.Outcome.GRANTED, a.outcome());
      await(() -> Files.exists(log), "the command ran");
      ps.recordStatus(new NodeStatus(SchedulerFixture.NODE2, NodeStatus.State.AWAKE, a.epoch()
          .getAsLong(), System.currentTimeMillis(), 1_000, -1, "resumed"));
      await(() -> metrics(f).get("WakesSucceeded").longValue() == 1, "the success counted");
      Map<String, Number> m = metrics(f);
      assertEquals(1, m.get("WakesSent").longValue());
      assertTrue(m.get("LastWakeLatencyMs").longValue() >= 0, m.toString());
      assertEquals(List.of(SchedulerFixture.NODE2), Files.readAllLines(log).subList(0, 1));

      // It sleeps again while still held, and this time never answers.
      ps.recordStatus(new NodeStatus(SchedulerFixture.NODE2, NodeStatus.State.ASLEEP, -1,
          System.currentTimeMillis(), 0, -1, "suspended (real)"));
      await(() -> metrics(f).get("WakesFailed").longValue() == 1, "the failure counted");
      m = metrics(f);
      assertEquals(2, m.get("WakesSent").longValue());
      assertTrue(m.get("WakeAttempts").longValue() >= 3, m.toString());
      assertEquals(0, m.get("WakeSendErrors").longValue());
      assertEquals(1, m.get("FailedNodes").longValue(), "the unanswered node is failed");
      assertTrue(ps.nodes(System.currentTimeMillis()).get(1).failed());
      JsonNode nodes = f.http().get("/v1/nodes", "application/json").requireSuccess().json();
      JsonNode w = nodes.get("wakeOnDemand");
      assertEquals(2, w.get("sent").asLong(), w.toString());
      assertEquals(1, w.get("succeeded").asLong());
      assertEquals(1, w.get("failed").asLong());
      assertEquals(0, w.get("waking").size(), "a failed node is not woken again");
      assertTrue(nodes.get("nodes").get(1).get("failed").asBoolean());
    }
  }

  @Test
  void withoutABackendNothingIsWokenAndNodesSaysSo() throws Exception {
    try (SchedulerFixture f = SchedulerFixture.start()) {
      JsonNode nodes = f.http().get("/v1/nodes", "application/json").requireSuccess().json();
      assertTrue(nodes.get("wakeOnDemand").isNull(), nodes.toString());
      assertEquals(0, metrics(f).get("WakesSent").longValue());
      assertEquals(-1, metrics(f).get("LastWakeLatencyMs").longValue());
    }
  }

  @Test
  void aBadWakeSettingStopsTheDaemonNamingTheKey() {
    Configuration conf = new Configuration(false);
    conf.set("blink.scheduler.nodes", SchedulerFixture.NODE1);
    conf.set("blink.scheduler.http.address", "127.0.0.1:0");
    conf.set("blink.scheduler.wake.backend", "wol");
    conf.set("blink.scheduler.wake.wol.macs", SchedulerFixture.NODE1 + "=zz:54:00:12:34:56");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SchedulerDaemon.start(conf));
    assertTrue(e.getMessage().startsWith("blink.scheduler.wake.wol.macs: the MAC of "
        + SchedulerFixture.NODE1 + " is 'zz:54:00:12:34:56', not 6 hex octets"), e.getMessage());
  }

  static Map<String, Number> metrics(SchedulerFixture f) {
    MetricsCollectorImpl c = new MetricsCollectorImpl();
    f.daemon().metrics().getMetrics(c, true);
    Map<String, Number> out = new HashMap<>();
    for (MetricsRecord r : c.getRecords()) {
      if (!r.name().endsWith("Node")) {
        r.metrics().forEach(x -> out.put(x.name(), x.value()));
      }
    }
    return out;
  }

  static void await(BooleanSupplier cond, String what) throws InterruptedException {
    long end = System.currentTimeMillis() + 10_000;
    while (!cond.getAsBoolean()) {
      if (System.currentTimeMillis() > end) {
        throw new AssertionError("timed out waiting: " + what);
      }
      Thread.sleep(20);
    }
  }
}
