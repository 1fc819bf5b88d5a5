package org.blinkhdfs.model.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.blinkhdfs.common.time.ManualClock;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleState;
import org.blinkhdfs.model.schedule.ScheduleState.Status;
import org.blinkhdfs.model.wire.SchedulerSource.Severity;
import org.blinkhdfs.model.wire.SchedulerSource.Transition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link SchedulerSource} with {@link HttpScheduleClient} against a loopback HTTP server, on a
 * manual clock: one test per row of the case table, plus the reporting and the thread.
 */
class SchedulerSourceTest {
  static final long NOW = 1_790_000_000_000L;
  static final long NO_LEASE = -1;

  ManualClock clock = new ManualClock(NOW);
  List<Transition> transitions = new CopyOnWriteArrayList<>();
  LoopbackScheduler server;
  SchedulerSource source;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackScheduler.start();
    source = new SchedulerSource(new HttpScheduleClient(new SchedulerHttp(server.address(), 2000)),
        server.address(), clock, transitions::add);
  }

  @AfterEach
  void stop() {
    source.close();
    server.close();
  }

  static Schedule schedule(long epoch, long validUntilMs) {
    Schedule.Builder b = Schedule.builder().epoch(epoch).intervalStartMs(NOW - 1_000)
        .intervalMs(60_000).add(NodeSchedule.blink("127.0.0.1:9001", 0, 20_000))
        .add(NodeSchedule.of("127.0.0.1:9002", NodeMode.OFF))
        .add(NodeSchedule.staging("127.0.0.1:9003"));
    if (validUntilMs != NO_LEASE) {
      b.validUntilMs(validUntilMs);
    }
    return b.build();
  }

  private long warnings(Status status) {
    return transitions.stream()
        .filter(t -> t.severity() == Severity.WARNING && t.state().status() == status).count();
  }

  private String log() {
    return transitions.stream().map(t -> t.severity() + " " + t.state().detail())
        .collect(Collectors.joining("\n"));
  }

  @Test
  void followsTheScheduleAsProtobufOrJsonAndReadsNeverFetch() throws Exception {
    assertEquals(Status.MISSING, source.state().status());
    assertTrue(source.state().detail().contains("has not answered yet"));
    assertEquals(List.of(), transitions, "the state before the first fetch is not reported");

    server.serveProtobuf(schedule(1, NOW + 180_000));
    source.poll();
    assertEquals(SchedulerHttp.PROTOBUF, server.lastAccept());
    ScheduleState s = source.state();
    assertEquals(Status.OK, s.status());
    assertEquals(schedule(1, NOW + 180_000), s.usable().orElseThrow());
    assertEquals("schedule epoch 1 from scheduler " + server.address(), s.detail());

    server.serveJson(schedule(2, NOW + 180_000)); // a scheduler or proxy ignoring Accept
    source.poll();
    assertEquals(2, source.state().usable().orElseThrow().epoch());

    int fetches = server.requests();
    for (int i = 0; i < 100; i++) {
      clock.advance(1_000);
      assertEquals(Status.OK, source.state().status());
    }
    assertEquals(fetches, server.requests(), "state() never goes to the network");
    assertEquals(1, transitions.size(), log());
    assertEquals(Severity.INFO, transitions.get(0).severity());
  }

  @Test
  void aDownSchedulerKeepsTheScheduleUntilItsLeaseThenEveryoneAwakeThenRecovers()
      throws Exception {
    long leaseEnd = NOW + 10_000;
    server.serveProtobuf(schedule(3, leaseEnd));
    source.poll();
    server.close();

    for (int i = 0; i < 5; i++) {
      clock.advance(1_000);
      source.poll();
      ScheduleState s = source.state();
      assertEquals(Status.OK, s.status(), s.detail());
      assertEquals(3, s.usable().orElseThrow().epoch());
      assertTrue(s.detail().contains("kept until its lease ends at validUntilMs " + leaseEnd),
          s.detail());
      assertTrue(s.detail().contains("GET http://" + server.address() + "/v1/schedule failed"),
          s.detail());
    }
    clock.set(leaseEnd - 1);
    assertEquals(Status.OK, source.state().status());
    clock.set(leaseEnd); // expiry is judged at read time, without a poll
    ScheduleState expired = source.state();
    assertEquals(Status.EXPIRED, expired.status());
    assertTrue(expired.usable().isEmpty(), "everyone awake");
    assertEquals(3, expired.schedule().orElseThrow().epoch());
    assertTrue(expired.detail().contains("has not answered since"), expired.detail());
    for (int i = 0; i < 5; i++) {
      clock.advance(1_000);
      source.poll();
      assertEquals(Status.EXPIRED, source.state().status());
    }
    assertEquals(1, warnings(Status.EXPIRED), log());
    assertEquals(1, warnings(Status.OK), "contact lost, schedule kept: " + log());
    assertEquals(3, transitions.size(), "following, contact lost, expired: " + log());

    server.restart();
    server.serveProtobuf(schedule(4, clock.millis() + 180_000));
    source.poll();
    assertEquals(4, source.state().usable().orElseThrow().epoch());
    Transition last = transitions.get(transitions.size() - 1);
    assertEquals(Severity.INFO, last.severity());
    assertEquals(Status.OK, last.state().status());
    assertEquals(4, transitions.size(), log());
  }

  @Test
  void unreachableWithNothingHeldIsMissing() {
    server.close();
    source.poll();
    ScheduleState s = source.state();
    assertEquals(Status.MISSING, s.status());
    assertTrue(s.detail().startsWith("cannot fetch the schedule from scheduler "
        + server.address()), s.detail());
    assertTrue(s.detail().contains("Connection refused"), s.detail());
    assertEquals(1, warnings(Status.MISSING));
  }

  @Test
  void anErrorStatusIsAFailedFetchNamingTheStatusAndTheSchedulersError() {
    server.serve(503, "application/json", "{\"error\": \"planner overloaded\"}");
    source.poll();
    ScheduleState s = source.state();
    assertEquals(Status.MISSING, s.status());
    assertTrue(s.detail().contains("returned 503: planner overloaded"), s.detail());
  }

  @Test
  void garbageIsInvalidUntilAScheduleArrivesAndNeverReplacesOne() throws Exception {
    server.serve(200, "application/json", "{\"version\": 1, \"nodes\": [");
    source.poll();
    ScheduleState bad = source.state();
    assertEquals(Status.INVALID, bad.status());
    assertTrue(bad.usable().isEmpty());
    assertTrue(bad.detail().contains("not valid JSON"), bad.detail());
    assertTrue(bad.detail().contains("/v1/schedule returned 200 (application/json)"),
        bad.detail());

    server.serve(200, SchedulerHttp.PROTOBUF, "\u0008\u0007 not a schedule");
    source.poll();
    assertEquals(Status.INVALID, source.state().status());
    assertEquals(1, warnings(Status.INVALID), "one warning for one condition: " + log());

    server.serveProtobuf(schedule(5, NO_LEASE));
    source.poll();
    assertEquals(Status.OK, source.state().status());

    server.serve(200, "text/plain", "hello");
    source.poll();
    ScheduleState kept = source.state();
    assertEquals(5, kept.usable().orElseThrow().epoch());
    assertTrue(kept.detail().contains("kept with no end (it has no lease)"), kept.detail());
    clock.advance(365L * 24 * 3_600_000);
    assertEquals(Status.OK, source.state().status(), "a schedule without a lease never expires");
  }

  @Test
  void aFreshScheduleWhoseLeaseHasEndedIsExpired() {
    server.serveProtobuf(schedule(6, NOW - 1));
    source.poll();
    ScheduleState s = source.state();
    assertEquals(Status.EXPIRED, s.status());
    assertTrue(s.usable().isEmpty());
    assertTrue(s.detail().contains("clock agrees with the scheduler's"), s.detail());
  }

  @Test
  void nothingPublishedDropsTheHeldSchedule() {
    server.serveProtobuf(schedule(7, NOW + 180_000));
    source.poll();
    server.serve(404, "application/json", "{\"error\": \"no schedule published\"}");
    source.poll();
    ScheduleState s = source.state();
    assertEquals(Status.MISSING, s.status());
    assertTrue(s.schedule().isEmpty());
    assertTrue(s.detail().contains("publishes no schedule"), s.detail());
  }

  @Test
  void thePollingThreadFetchesAtOnceAndStopsOnClose() throws Exception {
    CountDownLatch following = new CountDownLatch(1);
    SchedulerSource polled = new SchedulerSource(
        new HttpScheduleClient(new SchedulerHttp(server.address(), 2000)), server.address(),
        clock, t -> {
          if (t.state().status() == Status.OK) {
            following.countDown();
          }
        });
    server.serveProtobuf(schedule(8, NOW + 180_000));
    polled.startPolling(3_600_000); // the first fetch is immediate; no second one in this test
    assertTrue(following.await(30, TimeUnit.SECONDS), "the first fetch ran");
    assertEquals(8, polled.state().usable().orElseThrow().epoch());
    assertThrows(IllegalStateException.class, () -> polled.startPolling(1_000));

    Thread poller = Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("blink-schedule-poller scheduler " + server.address()))
        .findFirst().orElseThrow();
    assertTrue(poller.isDaemon());
    polled.close();
    poller.join(30_000);
    assertFalse(poller.isAlive(), "close() ends the polling thread");
    assertEquals(Status.OK, polled.state().status(), "state() still answers after close()");
  }
}
