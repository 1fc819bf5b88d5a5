package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.blinkhdfs.admin.BlinkAdmin;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.StatusJson;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Rabbit §3.5 through the real daemon: eight fake agents post statuses over HTTP as the schedule
 * says (AWAKE while ACTIVE, ASLEEP while OFF, every 200 ms); equal work p = 2, g = 2, r = 2 on
 * the ring n1..n8; activation at 30% (floor((60 − 8)/24) = 2 ACTIVE). When n1's agent goes
 * silent for more than {@code blink.scheduler.node.failure.ms} (1.5 s) the next epoch makes
 * exactly its recovery group beyond gear 2 ACTIVE (n3, n5, n7); when it posts again the epoch after
 * drops them. Interval 1 s and lease 3 s (shortened from BlinkFS's 60 s to keep the run short).
 */
class SchedulerRecoveryTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final List<String> RING = List.of("127.0.0.1:9101", "127.0.0.1:9102", "127.0.0.1:9103",
      "127.0.0.1:9104", "127.0.0.1:9105", "127.0.0.1:9106", "127.0.0.1:9107", "127.0.0.1:9108");

  final HttpClient http = HttpClient.newHttpClient();
  final Set<String> silent = ConcurrentHashMap.newKeySet();
  final ScheduledExecutorService agents = Executors.newSingleThreadScheduledExecutor();
  SchedulerDaemon daemon;
  String base;

  static Configuration conf() {
    Configuration conf = new Configuration(false);
    conf.set("blink.scheduler.nodes", String.join(",", RING));
    conf.set("blink.scheduler.http.address", "127.0.0.1:0");
    conf.set("blink.scheduler.policy", "activation");
    conf.set("blink.scheduler.signal", "steady:30%");
    conf.set("blink.interval.ms", "1000");
    conf.set("blink.scheduler.lease.ms", "3000");
    conf.set("blink.failure.timeout", "10s");
    conf.set("blink.scheduler.node.failure.ms", "1500");
    conf.set("blink.scheduler.tick.ms", "100");
    conf.set("blink.scheduler.recovery", "equal-work");
    conf.set("blink.equalwork.primaries", "2");
    conf.set("blink.scheduler.recovery.gear.size", "2");
    conf.set("blink.scheduler.recovery.replication", "2");
    conf.set("hadoop.http.logs.enabled", "false");
    return conf;
  }

  @AfterEach
  void stop() throws Exception {
    agents.shutdownNow();
    if (daemon != null) {
      daemon.close();
    }
  }

  Schedule schedule() throws Exception {
    return ScheduleJson.read(http.send(HttpRequest.newBuilder(URI.create(base + "/v1/schedule"))
        .build(), HttpResponse.BodyHandlers.ofString()).body());
  }

  static List<String> active(Schedule s) {
    List<String> out = new ArrayList<>();
    for (String n : s.ring()) {
      if (s.entry(n).mode() == NodeMode.ACTIVE) {
        out.add(n);
      }
    }
    return out;
  }

  /** One round of the fake agents: every node not silenced posts its state. */
  void postAll() {
    try {
      Schedule s = schedule();
      for (String n : RING) {
        if (silent.contains(n)) {
          continue;
        }
        NodeStatus.State st = s.entry(n).mode() == NodeMode.OFF ? NodeStatus.State.ASLEEP
            : NodeStatus.State.AWAKE;
        String body = StatusJson.write(new NodeStatus(n, st, s.epoch(),
            System.currentTimeMillis(), 0, -1, "fake agent"));
        http.send(HttpRequest.newBuilder(URI.create(base
            + SchedulerFixture.asSchedulerUser("/v1/status")))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
            HttpResponse.BodyHandlers.discarding());
      }
    } catch (Exception e) {
      throw new IllegalStateException("fake agents could not reach the scheduler", e);
    }
  }

  Schedule waitFor(Predicate<Schedule> done, String what) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    while (System.nanoTime() < deadline) {
      Schedule s = schedule();
      if (done.test(s)) {
        return s;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("timed out waiting for " + what + "; last " + schedule());
  }

  String report() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Configuration c = new Configuration(false);
    int exit = ToolRunner.run(c, new BlinkAdmin(c, new PrintStream(out, true,
        StandardCharsets.UTF_8), System.err), new String[] {"-scheduler",
            "127.0.0.1:" + daemon.httpAddress().getPort(), "-report"});
    assertEquals(0, exit);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aSilentPrimaryWakesOnlyItsRecoveryGroupUntilItReportsAgain() throws Exception {
    daemon = SchedulerDaemon.start(conf());
    base = "http://127.0.0.1:" + daemon.httpAddress().getPort();
    assertEquals("equal-work p=2 g=2 r=2 on 8 nodes", daemon.scheduler().recovery().describe());
    agents.scheduleWithFixedDelay(this::postAll, 0, 200, TimeUnit.MILLISECONDS);
    List<String> gear = RING.subList(0, 2);
    assertEquals(gear, active(schedule()));

    silent.add(RING.get(0));
    Schedule recovering = waitFor(s -> active(s).size() > 2, "recovery of n1");
    assertEquals(List.of(RING.get(0), RING.get(1), RING.get(2), RING.get(4), RING.get(6)),
        active(recovering), "n1's recovery group beyond gear 2: n3, n5, n7; nothing else");
    JsonNode nodes = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(base
        + "/v1/nodes")).build(), HttpResponse.BodyHandlers.ofString()).body());
    assertEquals(1500, nodes.get("awakeFailureTimeoutMs").asLong());
    JsonNode woken = nodes.get("recovery").get("woken");
    assertEquals(1, woken.size(), woken.toString());
    assertEquals(RING.get(0), woken.get(0).get("failed").asText());
    assertEquals(List.of(RING.get(2), RING.get(4), RING.get(6)),
        JSON.convertValue(woken.get(0).get("nodes"), List.class));
    assertTrue(nodes.get("nodes").get(0).get("failed").asBoolean());
    assertEquals(RING.get(0), nodes.get("nodes").get(4).get("wokenForRecoveryOf").get(0).asText());
    String report = report();
    assertTrue(report.contains("FAILED"), report);
    assertTrue(report.contains("RECOVERY for " + RING.get(0)), report);
    assertTrue(report.contains("woke " + RING.get(2) + "," + RING.get(4) + "," + RING.get(6)),
        report);

    silent.remove(RING.get(0));
    Schedule back = waitFor(s -> active(s).size() == 2, "the end of n1's recovery");
    assertEquals(gear, active(back));
    assertTrue(daemon.scheduler().recoveryWoken().isEmpty());
  }

  @Test
  void aRecoveryThatDoesNotFitTheRingStopsTheDaemonWithTheKeys() {
    Configuration c = conf();
    c.set("blink.scheduler.nodes", String.join(",", RING.subList(0, 7)));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SchedulerDaemon.start(c));
    assertTrue(e.getMessage().startsWith("blink.scheduler.recovery = equal-work does not fit the"
        + " ring of 7 nodes (blink.equalwork.primaries = 2, blink.scheduler.recovery.gear.size"
        + " = 2, blink.scheduler.recovery.replication = 2)"), e.getMessage());
    Configuration c2 = conf();
    c2.set("blink.scheduler.recovery", "paraid");
    e = assertThrows(IllegalArgumentException.class, () -> SchedulerDaemon.start(c2));
    assertTrue(e.getMessage().startsWith("blink.scheduler.recovery = 'paraid' is not a recovery"),
        e.getMessage());
    Configuration c3 = conf();
    c3.set("blink.scheduler.node.failure.ms", "20000");
    e = assertThrows(IllegalArgumentException.class, () -> SchedulerDaemon.start(c3));
    assertTrue(e.getMessage().startsWith("blink.scheduler.node.failure.ms = 20000 ms must not"
        + " exceed blink.failure.timeout = 10000 ms"), e.getMessage());
  }
}
