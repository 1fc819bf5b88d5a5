package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.model.wire.WakeAnswer;
import org.blinkhdfs.model.wire.WakeDecision;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code POST/GET /v1/wake} through the real daemon and {@link SchedulerHttp#requestWake}: two
 * ring nodes blinking at 50% (staggered, 2 s interval: shortened from BlinkFS's 60 s to keep the
 * test short), one staging node, limits 10 s and 1 node.
 */
class SchedulerWakeTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String STAGING = "127.0.0.1:50020";

  SchedulerFixture scheduler;
  SchedulerHttp http;

  @BeforeEach
  void start() throws Exception {
    scheduler = SchedulerFixture.start("blink.scheduler.staging.nodes", STAGING,
        "blink.scheduler.wake.max.ms", "10000", "blink.scheduler.wake.max.nodes", "1");
    http = scheduler.http();
  }

  @AfterEach
  void stop() throws Exception {
    scheduler.close();
  }

  Schedule schedule() throws Exception {
    return ScheduleJson.read(http.get("/v1/schedule", "application/json").requireSuccess()
        .text());
  }

  JsonNode get(String path) throws Exception {
    return http.get(path, "application/json").requireSuccess().json();
  }

  SchedulerHttp.Response post(String body) throws Exception {
    return http.post("/v1/wake", "application/json", body.getBytes(StandardCharsets.UTF_8));
  }

  static void assertError(SchedulerHttp.Response r, int status, String... fragments) {
    assertEquals(status, r.status(), r.text());
    for (String f : fragments) {
      assertTrue(r.errorMessage().contains(f), r.errorMessage());
    }
  }

  @Test
  void aGrantedRequestIsPublishedAtOnceListedAndCounted() throws Exception {
    assertEquals(NodeMode.BLINK, schedule().entry(SchedulerFixture.NODE2).mode());
    long before = System.currentTimeMillis();
    WakeAnswer a = http.requestWake(SchedulerFixture.NODE2, 8_000, "proxy drain");
    assertEquals(WakeDecision.Outcome.GRANTED, a.outcome());
    assertEquals(200, a.httpStatus());
    assertTrue(a.untilMs() >= before + 8_000 && a.untilMs() <= System.currentTimeMillis() + 8_000,
        a.toString());
    Schedule s = schedule();
    assertEquals(a.epoch().getAsLong(), s.epoch(), "published before the answer");
    assertEquals(NodeMode.ACTIVE, s.entry(SchedulerFixture.NODE2).mode());
    assertEquals(NodeMode.BLINK, s.entry(SchedulerFixture.NODE1).mode());

    JsonNode list = get("/v1/wake");
    assertEquals(10_000, list.get("maxMs").asLong());
    assertEquals(1, list.get("requests").size());
    JsonNode held = list.get("requests").get(0);
    assertEquals(SchedulerFixture.NODE2, held.get("node").asText());
    assertEquals(a.untilMs(), held.get("untilMs").asLong());
    assertEquals("proxy drain", held.get("reason").asText());
    assertTrue(held.get("woke").asBoolean());

    JsonNode node2 = get("/v1/nodes").get("nodes").get(1);
    assertEquals(SchedulerFixture.NODE2, node2.get("node").asText());
    assertEquals(a.untilMs(), node2.get("wakeRequest").get("untilMs").asLong());
    assertTrue(get("/v1/nodes").get("nodes").get(0).get("wakeRequest").isNull());
    // 2 nodes at 50%: 25 W available, each blinking node about 12.5 W (the default model's
    // transition time shifts it by a few mW); NODE2 ACTIVE adds 25 - 12.5 = 12.5 W above it.
    JsonNode power = get("/v1/power");
    assertEquals(12.5, power.get("wakeWatts").asDouble(), 0.01);
    assertEquals("WAKE_OVER_BUDGET", power.get("status").asText());

    WakeAnswer again = http.requestWake(SchedulerFixture.NODE2, 1_000, "proxy drain");
    assertEquals(WakeDecision.Outcome.ALREADY_AWAKE, again.outcome());
    // The epoch in force: the granting one, or a later one (an epoch per 2 s interval here)
    // that still holds the wake.
    assertTrue(again.epoch().getAsLong() >= a.epoch().getAsLong(), again.toString());
    Schedule inForce = schedule();
    assertTrue(inForce.epoch() >= again.epoch().getAsLong(), inForce.toString());
    assertEquals(NodeMode.ACTIVE, inForce.entry(SchedulerFixture.NODE2).mode());
    WakeAnswer staging = http.requestWake(STAGING, 1_000, "proxy drain");
    assertEquals(WakeDecision.Outcome.ALREADY_AWAKE, staging.outcome());
    assertTrue(staging.isInForce());

    WakeAnswer refused = http.requestWake(SchedulerFixture.NODE1, 1_000, "proxy drain");
    assertEquals(409, refused.httpStatus());
    assertEquals(Optional.of("blink.scheduler.wake.max.nodes"), refused.setting());
    assertTrue(refused.message().contains("blink.scheduler.wake.max.nodes = 1")
        && refused.message().contains(SchedulerFixture.NODE2 + " until " + a.untilMs()),
        refused.message());
    assertError(post("{\"node\": \"" + SchedulerFixture.NODE1 + "\", \"ms\": 10001, \"reason\":"
        + " \"x\"}"), 409, "ms = 10001 is longer than blink.scheduler.wake.max.ms = 10000");
    // Near Long.MAX: refused by the limit (409), not an overflow (it was a 500 HTML page).
    assertError(post("{\"node\": \"" + SchedulerFixture.NODE1 + "\", \"ms\": "
        + (Long.MAX_VALUE - 1) + ", \"reason\": \"x\"}"), 409,
        "is longer than blink.scheduler.wake.max.ms = 10000");

    // Read the source directly: /jmx serves a snapshot cached for several seconds.
    Map<String, Number> m = metrics();
    assertEquals(1, m.get("WakeGranted").longValue());
    assertEquals(2, m.get("WakeAlreadyAwake").longValue());
    assertEquals(3, m.get("WakeRefused").longValue(), "max.nodes, 10001 ms, Long.MAX - 1 ms");
    assertEquals(1, m.get("WakeHeldNodes").longValue());
    assertEquals(12.5, m.get("WakeWatts").doubleValue(), 0.01);
  }

  Map<String, Number> metrics() {
    MetricsCollectorImpl c = new MetricsCollectorImpl();
    scheduler.daemon().metrics().getMetrics(c, true);
    Map<String, Number> out = new HashMap<>();
    for (MetricsRecord r : c.getRecords()) {
      r.metrics().forEach(x -> out.put(x.name(), x.value()));
    }
    return out;
  }

  @Test
  void badRequestsAre400NamingTheFieldTheValueAndTheFix() throws Exception {
    assertError(post("{\"node\": \"127.0.0.1:1\", \"ms\": 1000, \"reason\": \"x\"}"), 400,
        "node '127.0.0.1:1' is not one of the scheduler's DataNodes", SchedulerFixture.NODE1);
    assertError(post("{\"node\": \"" + SchedulerFixture.NODE1 + "\", \"ms\": \"20s\","
        + " \"reason\": \"x\"}"), 400, "wake.ms \"20s\" must be a whole number of milliseconds");
    assertError(post("{\"node\": \"" + SchedulerFixture.NODE1 + "\", \"ms\": 0, \"reason\":"
        + " \"x\"}"), 400, "wake.ms = 0 is invalid", ">= 1");
    assertError(post("{\"node\": \"" + SchedulerFixture.NODE1 + "\", \"ms\": 10}"), 400,
        "wake.reason is missing", "proxy drain");
    assertError(post("{\"ms\": 10, \"reason\": \"x\"}"), 400, "wake.node is missing",
        "host:port");
    assertError(post("node=a"), 400, "not valid JSON", "\"ms\": 20000");
    assertError(post(""), 400, "empty body");
    assertTrue(get("/v1/wake").get("requests").isEmpty());

    IOException e = assertThrows(IOException.class,
        () -> http.requestWake("127.0.0.1:1", 1_000, "x"));
    assertTrue(e.getMessage().contains("returned 400: node '127.0.0.1:1'"), e.getMessage());
    IllegalArgumentException local = assertThrows(IllegalArgumentException.class,
        () -> http.requestWake(SchedulerFixture.NODE1, 0, "x"));
    assertTrue(local.getMessage().startsWith("ms = 0 is invalid"), local.getMessage());
  }

  @Test
  void badLimitsStopTheDaemonNamingTheKey() {
    Configuration conf = new Configuration(false);
    conf.set("blink.scheduler.nodes", SchedulerFixture.NODE1);
    conf.set("blink.scheduler.http.address", "127.0.0.1:0");
    conf.set("blink.scheduler.wake.max.ms", "0");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SchedulerDaemon.start(conf));
    assertTrue(e.getMessage().startsWith("blink.scheduler.wake.max.ms = '0' is invalid: give a"
        + " whole number of ms in 1..86400000 (default 60000)"), e.getMessage());
    conf.set("blink.scheduler.wake.max.ms", "1000");
    conf.set("blink.scheduler.wake.max.nodes", "-1");
    e = assertThrows(IllegalArgumentException.class, () -> SchedulerDaemon.start(conf));
    assertTrue(e.getMessage().startsWith("blink.scheduler.wake.max.nodes = '-1' is invalid"),
        e.getMessage());
    assertFalse(e.getMessage().isEmpty());
  }
}
