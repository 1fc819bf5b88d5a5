package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.PopularityJson;
import org.blinkhdfs.model.wire.StatusJson;
import org.blinkhdfs.model.wire.WireCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scheduler daemon's HTTP API end to end, on a real embedded HttpServer2. */
class SchedulerDaemonTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String[] NODES = {"127.0.0.1:9001", "127.0.0.1:9002", "127.0.0.1:9003"};

  @TempDir
  Path dir;
  SchedulerDaemon daemon;
  HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
  String base;

  static Configuration conf(Path scheduleFile) {
    Configuration conf = new Configuration(false);
    conf.set("blink.scheduler.nodes", String.join(",", NODES));
    conf.set("blink.scheduler.http.address", "127.0.0.1:0");
    conf.set("blink.scheduler.signal", "steady:50%");
    conf.set("blink.interval.ms", "6000");
    conf.set("blink.scheduler.lease.ms", "18000");
    conf.set("blink.failure.timeout", "60s");
    conf.set("blink.schedule.file", scheduleFile.toString());
    return conf; // /prom is on by default (HttpSecurity#prometheusEnabled)
  }

  @BeforeEach
  void start() throws Exception {
    daemon = SchedulerDaemon.start(conf(dir.resolve("schedule.json")));
    base = "http://127.0.0.1:" + daemon.httpAddress().getPort();
  }

  @AfterEach
  void stop() throws Exception {
    daemon.close();
  }

  HttpResponse<String> send(String method, String path, String body, String type)
      throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base
        + (method.equals("GET") ? path : SchedulerFixture.asSchedulerUser(path))));
    if (type != null) {
      b.header("Content-Type", type);
    }
    b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofString(body));
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void servesTheScheduleAsJsonProtobufAndFile() throws Exception {
    HttpResponse<String> r = send("GET", "/v1/schedule", null, null);
    assertEquals(200, r.statusCode());
    Schedule s = ScheduleJson.read(r.body());
    assertEquals(3, s.nodes().size());
    assertEquals(NodeMode.BLINK, s.nodes().get(0).mode());
    // 3 nodes, 25 W / 1 W, 50%: powered t_active = 6000 * (37.5 - 3)/(75 - 3) = 2875 ms (the
    // paper's formula, PolicyTest); the daemon's default blink.power.transition.ms plans the
    // measured means scaled to the 6 s interval, 115 + 22 = 137 ms, out of it: 2738 ms.
    assertEquals(2875 - 137, s.nodes().get(0).activeMs());
    assertEquals(s.intervalStartMs() + 18_000, s.validUntilMs().getAsLong());
    HttpResponse<byte[]> pb = http.send(HttpRequest.newBuilder(URI.create(base + "/v1/schedule"))
        .header("Accept", "application/x-protobuf").build(),
        HttpResponse.BodyHandlers.ofByteArray());
    assertEquals(s, WireCodec.decodeSchedule(pb.body()));
    assertEquals(s, ScheduleJson.read(Files.readString(dir.resolve("schedule.json"))));
  }

  @Test
  void adminChangesTakeEffectAtOnce() throws Exception {
    long epoch = ScheduleJson.read(send("GET", "/v1/schedule", null, null).body()).epoch();
    JsonNode p = JSON.readTree(send("PUT", "/v1/power", "100%", null).body());
    assertEquals("100%", p.get("override").asText());
    assertEquals(75.0, p.get("availableNodeWatts").asDouble(), 1e-9);
    assertTrue(p.get("signal").asText().contains("50"), p.toString());
    Schedule full = ScheduleJson.read(send("GET", "/v1/schedule", null, null).body());
    assertTrue(full.epoch() > epoch);
    full.nodes().forEach(n -> assertEquals(NodeMode.ACTIVE, n.mode()));
    JsonNode pol = JSON.readTree(send("PUT", "/v1/policy", "activation", null).body());
    assertEquals("activation", pol.get("policy").asText());
    JsonNode act = JSON.readTree(send("PUT", "/v1/active", "1", null).body());
    assertEquals(1, act.get("activeOverride").asInt());
    Schedule one = ScheduleJson.read(send("GET", "/v1/schedule", null, null).body());
    assertEquals(NodeMode.ACTIVE, one.nodes().get(0).mode());
    assertEquals(NodeMode.OFF, one.nodes().get(2).mode());
    assertTrue(JSON.readTree(send("PUT", "/v1/active", "auto", null).body())
        .get("activeOverride").isNull());
    assertTrue(JSON.readTree(send("PUT", "/v1/power", "signal", null).body())
        .get("override").isNull());
  }

  /**
   * {@code PUT /v1/popularity} (the NameNode's node loads) changes the load-proportional windows
   * from the next plan; unknown nodes and bad weights are refused with the node and the fix, and
   * the popularity in force stays.
   */
  @Test
  void popularityFeedsTheLoadProportionalPolicy() throws Exception {
    send("PUT", "/v1/policy", "load-proportional", null);
    String body = PopularityJson.write(java.util.Map.of(NODES[0], 4.0, NODES[1], 1.0,
        NODES[2], 1.0));
    JsonNode put = JSON.readTree(send("PUT", "/v1/popularity", body, "application/json").body());
    assertEquals(4.0, put.get("nodes").get(NODES[0]).asDouble());
    assertEquals(java.util.Map.of(NODES[0], 4.0, NODES[1], 1.0, NODES[2], 1.0),
        daemon.scheduler().popularity());
    send("PUT", "/v1/power", "40%", null);
    Schedule s = ScheduleJson.read(send("GET", "/v1/schedule", null, null).body());
    long hot = s.entry(NODES[0]).activeMs();
    long cold = s.entry(NODES[1]).activeMs();
    assertTrue(hot > 2 * cold, "node 1 weighs 4x nodes 2 and 3: " + s);
    assertEquals(cold, s.entry(NODES[2]).activeMs());
    assertError(send("PUT", "/v1/popularity", "{\"nodes\": {\"10.9.9.9:1\": 1}}",
        "application/json"), 400, "popularity node '10.9.9.9:1' is not one of the scheduler's 3"
        + " ring nodes (127.0.0.1:9001, 127.0.0.1:9002, 127.0.0.1:9003)");
    assertError(send("PUT", "/v1/popularity", "{\"nodes\": {\"" + NODES[0] + "\": 1, \""
        + NODES[0] + "\": 2}}", "application/json"), 400, "Duplicate field");
    assertError(send("PUT", "/v1/popularity", "{\"nodes\": {\"" + NODES[0] + "\": -1}}",
        "application/json"), 400, "must be a finite number >= 0");
    assertError(send("PUT", "/v1/popularity", "{\"n\": 1}", "application/json"), 400,
        "popularity.nodes is missing");
    assertEquals(4.0, daemon.scheduler().popularity().get(NODES[0]));
    JsonNode get = JSON.readTree(send("GET", "/v1/popularity", null, null).body());
    assertEquals(1.0, get.get("nodes").get(NODES[2]).asDouble());
  }

  @Test
  void statusesAreRecordedAndReported() throws Exception {
    NodeStatus st = new NodeStatus(NODES[1], NodeStatus.State.AWAKE, 1,
        System.currentTimeMillis(), 3125, 0.25, "emulate");
    assertEquals(204, send("POST", "/v1/status", StatusJson.write(st), "application/json")
        .statusCode());
    HttpResponse<String> pb = http.send(HttpRequest.newBuilder(URI.create(base
        + SchedulerFixture.asSchedulerUser("/v1/status")))
        .header("Content-Type", "application/x-protobuf").POST(HttpRequest.BodyPublishers
            .ofByteArray(WireCodec.encodeStatus(st))).build(),
        HttpResponse.BodyHandlers.ofString());
    assertEquals(204, pb.statusCode());
    JsonNode nodes = JSON.readTree(send("GET", "/v1/nodes", null, null).body()).get("nodes");
    assertEquals(3, nodes.size());
    assertEquals(3125, nodes.get(1).get("lastMeasuredSleepMs").asLong());
    assertEquals("AWAKE", nodes.get(1).get("lastStatus").get("state").asText());
    assertTrue(nodes.get(0).get("lastStatus").isNull());
    assertEquals(false, nodes.get(0).get("failed").asBoolean());
  }

  @Test
  void energyIsServedFromTheAgentsCounters() throws Exception {
    long now = System.currentTimeMillis();
    NodeStatus st = new NodeStatus(NODES[0], NodeStatus.State.AWAKE, 1, now, 0, -1, "emulate",
        java.util.Optional.of(new org.blinkhdfs.model.wire.EnergyCounters(now - 10_000, 9_000,
            700, 300, 0)));
    assertEquals(204, send("POST", "/v1/status", StatusJson.write(st), "application/json")
        .statusCode());
    HttpResponse<String> r = send("GET", "/v1/energy", null, null);
    assertEquals(200, r.statusCode());
    JsonNode e = JSON.readTree(r.body());
    assertEquals(3, e.get("model").get("nodes").asInt());
    assertEquals(25.0, e.get("model").get("transitionWatts").asDouble(), "= active by default");
    // steady:50% of 3 × 25 W
    assertEquals(37.5, e.get("cluster").get("budgetWatts").asDouble());
    assertTrue(e.get("atMs").asLong() >= e.get("sinceMs").asLong());
    JsonNode n1 = e.get("nodes").get(0);
    assertEquals(NODES[0], n1.get("node").asText());
    assertEquals(false, n1.get("estimated").asBoolean(), "it sent counters");
    assertTrue(n1.get("lastReportAtMs").asLong() > 0);
    assertEquals(true, e.get("nodes").get(1).get("estimated").asBoolean(), "never heard");
    assertEquals(-1, e.get("nodes").get(1).get("lastReportAtMs").asLong());
    String jmx = send("GET", "/jmx?qry=Hadoop:service=BlinkScheduler,name=BlinkScheduler*", null,
        null).body();
    // /jmx shows the metrics system's last snapshot (values may predate the first tick).
    assertTrue(jmx.contains("\"EnergyJoules\"") && jmx.contains("\"BudgetWatts\"")
        && jmx.contains("\"OverBudgetSeconds\"") && jmx.contains("\"MeanWatts\""), jmx);
    assertTrue(send("GET", "/status", null, null).body().contains("<p id=\"energy\">DataNodes"
        + " drew"));
  }

  @Test
  void badInputGets4xxAndTheDaemonKeepsServing() throws Exception {
    assertError(send("PUT", "/v1/power", "150%", null), 400, "150% is outside 0..100%");
    assertError(send("PUT", "/v1/power", "", null), 400, "empty body");
    assertError(send("PUT", "/v1/policy", "zigzag", null), 400, "'zigzag' is not a blink policy");
    assertError(send("PUT", "/v1/active", "9", null), 400, "must be a whole number in 0..3");
    // Issue 45: an Arabic-Indic 3 ("\u0663") was taken as 3 by Integer.parseInt.
    assertError(send("PUT", "/v1/active", "\u0663", null), 400, "active nodes '\u0663' must be a"
        + " whole number in 0..3");
    assertError(send("POST", "/v1/status", "{not json", "application/json"), 400,
        "not valid JSON");
    assertError(send("POST", "/v1/status", StatusJson.write(new NodeStatus("10.9.9.9:1",
        NodeStatus.State.AWAKE, 1, 5, 0, -1, "")), "application/json"), 400, "10.9.9.9:1");
    HttpResponse<String> junk = http.send(HttpRequest.newBuilder(URI.create(base
        + SchedulerFixture.asSchedulerUser("/v1/status")))
        .header("Content-Type", "application/x-protobuf")
        .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[] {(byte) 0xff, 1, 2})).build(),
        HttpResponse.BodyHandlers.ofString());
    assertError(junk, 400, "malformed protobuf");
    assertError(send("PUT", "/v1/power", "x".repeat(70_000), null), 413, "larger than");
    assertEquals(200, send("GET", "/v1/schedule", null, null).statusCode());
  }

  @Test
  void pageJmxAndPrometheus() throws Exception {
    HttpResponse<String> page = send("GET", "/status", null, null);
    assertEquals(200, page.statusCode());
    assertTrue(page.body().contains("<svg"), page.body());
    assertTrue(page.body().contains("data-node=\"127.0.0.1:9003\""));
    HttpResponse<String> root = send("GET", "/", null, null);
    assertEquals(200, root.statusCode());
    assertTrue(root.body().contains("url=/status"), root.body());
    String jmx = send("GET", "/jmx?qry=Hadoop:service=BlinkScheduler,name=BlinkScheduler*", null,
        null).body();
    assertTrue(jmx.contains("\"RingNodes\" : 3"), jmx);
    // The Prometheus sink fills on the metrics system's first publication (period 1 s here).
    String prom = "";
    for (int i = 0; i < 50 && !prom.contains("ring_nodes"); i++) {
      HttpResponse<String> r = send("GET", "/prom", null, null);
      assertEquals(200, r.statusCode());
      prom = r.body();
      Thread.sleep(100);
    }
    assertTrue(prom.contains("ring_nodes{"), prom);
    // One record per node: the agents' view, e.g. what 127.0.0.1:9003 last reported.
    assertTrue(prom.contains("blink_scheduler_node_silent_ms{") && prom.contains(
        "node=\"127.0.0.1:9003\""), prom);
    assertTrue(prom.contains("blink_scheduler_node_awake_by_schedule{"), prom);
    assertTrue(prom.contains("blink_scheduler_energy_joules{")
        && prom.contains("blink_scheduler_over_budget_seconds{")
        && prom.contains("blink_scheduler_node_energy_joules{"), prom);
  }

  @Test
  void badConfigurationFailsWithTheKey() {
    Configuration conf = conf(dir.resolve("s.json"));
    conf.set("blink.scheduler.signal", "wobbly:3");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SchedulerDaemon.start(conf));
    assertTrue(e.getMessage().startsWith("blink.scheduler.signal = 'wobbly:3' is invalid"),
        e.getMessage());
    Configuration c2 = conf(dir.resolve("s.json"));
    c2.set("blink.scheduler.nodes", "nohost");
    e = assertThrows(IllegalArgumentException.class, () -> SchedulerDaemon.start(c2));
    assertTrue(e.getMessage().contains("'nohost'"), e.getMessage());
    Configuration c3 = conf(dir.resolve("s.json"));
    c3.set("blink.failure.timeout", "10s");
    e = assertThrows(IllegalArgumentException.class, () -> SchedulerDaemon.start(c3));
    assertTrue(e.getMessage().contains("must exceed blink.scheduler.lease.ms"), e.getMessage());
  }

  private static void assertError(HttpResponse<String> r, int status, String fragment)
      throws Exception {
    assertEquals(status, r.statusCode(), r.body());
    String msg = JSON.readTree(r.body()).get("error").asText();
    assertTrue(msg.contains(fragment), msg);
  }
}
