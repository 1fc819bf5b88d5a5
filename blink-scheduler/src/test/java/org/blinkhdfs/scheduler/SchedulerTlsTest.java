package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.security.UserGroupInformation;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scheduler serving TLS ({@link SchedulerTls}) and its clients pinning its certificate
 * (docs/security.md "The schedule feed"): a pinned client reads the schedule; a client pinned to
 * another certificate, or to nothing, and plain HTTP to the TLS port, get nothing.
 */
class SchedulerTlsTest {
  static TestTls scheduler;
  static TestTls stranger;
  static SchedulerFixture fixture;

  @BeforeAll
  static void start(@TempDir Path dir) throws Exception {
    scheduler = TestTls.create(dir, "scheduler");
    stranger = TestTls.create(dir, "stranger");
    fixture = SchedulerFixture.start(scheduler.serverKeys().toArray(new String[0]));
  }

  @AfterAll
  static void stop() throws IOException {
    if (fixture != null) {
      fixture.close();
    }
  }

  private static String https() {
    return "https://localhost:" + fixture.daemon().httpAddress().getPort();
  }

  private static SchedulerHttp client(String address, List<String> keys) {
    Map<String, String> conf = new HashMap<>();
    for (int i = 0; i + 1 < keys.size(); i += 2) {
      conf.put(keys.get(i), keys.get(i + 1));
    }
    return new SchedulerHttp(address, 5000).withTlsFrom(conf::get);
  }

  @Test
  void aClientPinningTheSchedulersCertificateReadsTheSchedule() throws Exception {
    SchedulerHttp.Response r = client(https(), scheduler.clientKeys())
        .get("/v1/schedule", "application/json");
    assertEquals(200, r.status(), r.text());
    assertTrue(r.json().path("nodes").size() == 2, r.text());
  }

  @Test
  void aClientPinningAnotherCertificateRefusesTheScheduler() {
    IOException e = assertThrows(IOException.class, () -> client(https(),
        stranger.clientKeys()).get("/v1/schedule", "application/json"));
    assertTrue(e.getMessage().contains("blink.scheduler.tls.truststore = '"
        + stranger.truststore() + "'"), e.getMessage());
  }

  @Test
  void anHttpsAddressWithoutAPinIsRefusedBeforeAnyCall() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> client(https(), List.of()));
    assertTrue(e.getMessage().contains("blink.scheduler.tls.truststore is empty"),
        e.getMessage());
    IOException call = assertThrows(IOException.class, () -> new SchedulerHttp(https(), 5000)
        .get("/v1/schedule", "application/json"));
    assertTrue(call.getMessage().contains("no pinned certificate"), call.getMessage());
  }

  /** The admin tool's generic {@code -D} options carry the pin, as a site file would. */
  private static AdminRun admin(List<String> keys, String... args) throws Exception {
    List<String> all = new ArrayList<>();
    for (int i = 0; i + 1 < keys.size(); i += 2) {
      all.add("-D");
      all.add(keys.get(i) + "=" + keys.get(i + 1));
    }
    all.addAll(List.of(args));
    return AdminRun.as(UserGroupInformation.getCurrentUser(), all.toArray(new String[0]));
  }

  @Test
  void theAdminToolReportsOverPinnedTlsAndRefusesAnotherPin() throws Exception {
    AdminRun pinned = admin(scheduler.clientKeys(), "-scheduler", https(), "-report");
    assertEquals(0, pinned.exit(), pinned.err());
    assertTrue(pinned.out().contains(SchedulerFixture.NODE1), pinned.out());
    AdminRun other = admin(stranger.clientKeys(), "-scheduler", https(), "-report");
    assertTrue(other.exit() != 0, other.out());
    assertTrue(other.err().contains("blink.scheduler.tls.truststore"), other.err());
  }

  @Test
  void plainHttpToTheTlsPortGetsNoSchedule() {
    assertThrows(IOException.class, () -> new SchedulerHttp(fixture.address(), 5000)
        .get("/v1/schedule", "application/json").requireSuccess());
  }

  @Test
  void aPinnedClientRefusesAnHttpsImpostorWithItsOwnCertificate() throws Exception {
    try (ImpostorScheduler impostor = ImpostorScheduler.https(stranger.serverContext(),
        List.of(SchedulerFixture.NODE1, SchedulerFixture.NODE2))) {
      IOException e = assertThrows(IOException.class, () -> client("https://localhost:"
          + impostor.port(), scheduler.clientKeys()).get("/v1/schedule", "application/json"));
      assertTrue(e.getMessage().contains("TLS"), e.getMessage());
      assertEquals(0, impostor.requests(), "the impostor was sent a request");
    }
  }

  @Test
  void aKeystoreWithoutItsPasswordStopsTheStart() {
    List<String> keys = new ArrayList<>(List.of("blink.scheduler.https.keystore",
        scheduler.keystore().toString()));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SchedulerFixture.start(keys.toArray(new String[0])).close());
    assertTrue(e.getMessage().startsWith("blink.scheduler.https.keystore.password is empty"),
        e.getMessage());
  }
}
