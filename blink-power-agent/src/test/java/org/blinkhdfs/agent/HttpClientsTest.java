package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.Optional;
import org.blinkhdfs.control.scheduler.NodeReport;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.HttpScheduleClient;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.scheduler.SchedulerFixture;
import org.junit.jupiter.api.Test;

/** {@link HttpScheduleClient} and {@link HttpStatusSink} against a real scheduler daemon. */
class HttpClientsTest {

  @Test
  void fetchesThePublishedScheduleAsProtobufAndPostsStatuses() throws Exception {
    try (SchedulerFixture s = SchedulerFixture.start()) {
      Optional<Schedule> fetched = new HttpScheduleClient(s.http()).fetch();
      Schedule published = s.daemon().scheduler().published().orElseThrow();
      assertEquals(Optional.of(published), fetched);
      assertEquals(2, fetched.get().ring().size());

      NodeStatus st = new NodeStatus(SchedulerFixture.NODE2, NodeStatus.State.AWAKE,
          published.epoch(), System.currentTimeMillis(), 1234, 0.25, "test \u2713");
      new HttpStatusSink(s.http()).post(st);
      NodeReport r = s.daemon().scheduler().nodes(System.currentTimeMillis()).stream()
          .filter(n -> n.node().equals(SchedulerFixture.NODE2)).findFirst().orElseThrow();
      assertEquals(Optional.of(st), r.lastStatus());
      assertEquals(1234, r.lastMeasuredSleepMs().getAsLong());

      JsonNode nodes = s.http().get("/v1/nodes", "application/json").requireSuccess().json();
      assertEquals("AWAKE", nodes.path("nodes").get(1).path("lastStatus").path("state").asText(),
          nodes.toString());
    }
  }

  @Test
  void noPublishedScheduleIsEmptyAndAnUnknownNodeIsAnErrorNamingTheUrl() throws Exception {
    // 0% cannot even keep every node asleep: the scheduler publishes nothing (404).
    try (SchedulerFixture s = SchedulerFixture.start("blink.scheduler.signal", "steady:0%")) {
      assertEquals(Optional.empty(), new HttpScheduleClient(s.http()).fetch());

      NodeStatus stranger = new NodeStatus("10.9.9.9:9866", NodeStatus.State.AWAKE, -1,
          System.currentTimeMillis(), 0, -1, "");
      IOException e = assertThrows(IOException.class,
          () -> new HttpStatusSink(s.http()).post(stranger));
      assertTrue(e.getMessage().contains("http://" + s.address() + "/v1/status"), e.getMessage());
      assertTrue(e.getMessage().contains("400"), e.getMessage());
    }
  }

  @Test
  void anUnreachableSchedulerIsAnIOExceptionNamingTheUrl() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    SchedulerHttp http = new SchedulerHttp("127.0.0.1:" + port, 2000);
    long start = System.nanoTime();
    IOException e = assertThrows(IOException.class, () -> new HttpScheduleClient(http).fetch());
    assertTrue(e.getMessage().contains("GET http://127.0.0.1:" + port + "/v1/schedule"),
        e.getMessage());
    IOException p = assertThrows(IOException.class, () -> new HttpStatusSink(http).post(
        new NodeStatus("127.0.0.1:1", NodeStatus.State.AWAKE, -1, 0, 0, -1, "")));
    assertTrue(p.getMessage().contains("POST http://127.0.0.1:" + port + "/v1/status"),
        p.getMessage());
    assertFalse(System.nanoTime() - start > 10_000_000_000L, "calls must be bounded");
  }

  @Test
  void aBadAddressIsRefusedUpFront() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new SchedulerHttp("no-port", 1000));
    assertTrue(e.getMessage().contains("'no-port'"), e.getMessage());
  }
}
