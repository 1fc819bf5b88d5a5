package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.HttpURLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.blinkhdfs.daemon.http.HadoopHttpAuthenticator;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.HttpAuthenticator;
import org.blinkhdfs.model.wire.HttpScheduleClient;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.model.wire.StatusJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scheduler with {@code hadoop.security.authentication=kerberos} against a MiniKdc: SPNEGO
 * on every path, the admin ACL on changes, host-bound agent principals on status posts, and the
 * clients authenticating through {@link HadoopHttpAuthenticator} as the UGI they run as.
 */
class KerberosSchedulerTest {
  static KerberizedScheduler fixture;
  static SchedulerFixture scheduler;
  static SchedulerHttp http;

  @BeforeAll
  static void start(@TempDir Path dir) throws Exception {
    Configuration conf = new Configuration();
    conf.set("hadoop.security.authentication", "kerberos");
    fixture = KerberizedScheduler.start(dir);
    UserGroupInformation.setConfiguration(conf);
    scheduler = fixture.scheduler();
    http = new SchedulerHttp(fixture.address(), 10_000)
        .withAuthenticator(HadoopHttpAuthenticator.INSTANCE);
  }

  @AfterAll
  static void stop() throws Exception {
    UserGroupInformation.reset();
    if (fixture != null) {
      fixture.close();
    }
  }

  static UserGroupInformation login(String user) throws Exception {
    return fixture.login(user);
  }

  static <T> T as(String user, PrivilegedExceptionAction<T> action) throws Exception {
    return login(user).doAs(action);
  }

  static byte[] status(String node) {
    return StatusJson.write(new NodeStatus(node, NodeStatus.State.AWAKE, 0,
        System.currentTimeMillis(), 0, -1, "test")).getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void anAuthenticatedAdminChangesTheActiveNodes() throws Exception {
    SchedulerHttp.Response r = as("alice", () -> http.putText("/v1/active", "1"));
    assertEquals(200, r.status(), r.text());
    assertEquals(1, scheduler.daemon().scheduler().activeNodesOverride().getAsInt());
    assertEquals(200, as("alice", () -> http.putText("/v1/active", "auto")).status());
  }

  @Test
  void theAdminToolAuthenticatesAsItsKerberosUser() throws Exception {
    String address = "localhost:" + scheduler.daemon().httpAddress().getPort();
    AdminRun mallory = AdminRun.as(login("mallory"), "-scheduler", address, "-setPower", "10%");
    assertEquals(-1, mallory.exit(), mallory.err());
    assertTrue(mallory.err().contains("403"), mallory.err());
    assertTrue(scheduler.daemon().scheduler().powerOverride().isEmpty());
    AdminRun alice = AdminRun.as(login("alice"), "-scheduler", address, "-setPower", "10%");
    assertEquals(0, alice.exit(), alice.err());
    assertTrue(scheduler.daemon().scheduler().powerOverride().isPresent());
    assertEquals(0, AdminRun.as(login("alice"), "-scheduler", address, "-setPower", "signal")
        .exit());
  }

  @Test
  void unauthenticatedAndNonAdminChangesAreRejected() throws Exception {
    SchedulerHttp anonymous = http.withAuthenticator(
        (url, timeoutMs) -> (HttpURLConnection) url.openConnection());
    assertEquals(401, anonymous.putText("/v1/active", "0").status());
    assertEquals(401, anonymous.get("/v1/schedule", "application/json").status());
    // a user name claimed the simple way is no identity under Kerberos
    assertEquals(401, http.withAuthenticator(HttpAuthenticator.pseudo("alice"))
        .putText("/v1/active", "0").status());
    SchedulerHttp.Response mallory = as("mallory", () -> http.putText("/v1/active", "0"));
    assertEquals(403, mallory.status(), mallory.text());
    assertTrue(mallory.errorMessage().contains("blink.scheduler.admin.acl"),
        mallory.errorMessage());
    assertTrue(scheduler.daemon().scheduler().activeNodesOverride().isEmpty());
  }

  @Test
  void theAgentFetchesTheScheduleAndPostsOnlyItsOwnHostsStatus() throws Exception {
    Optional<Schedule> s = as("blink/localhost", () -> new HttpScheduleClient(http).fetch());
    assertTrue(s.isPresent());
    assertEquals(204, as("blink/localhost", () -> http.post("/v1/status", "application/json",
        status(SchedulerFixture.NODE1))).status());
    SchedulerHttp.Response other = as("blink/localhost", () -> http.post("/v1/status",
        "application/json", status("127.0.0.2:50011")));
    assertEquals(403, other.status(), other.text());
    assertEquals(403, as("alice", () -> http.post("/v1/status", "application/json",
        status(SchedulerFixture.NODE1))).status());
  }

  @Test
  void theStatusPageRendersForAnAuthenticatedUser() throws Exception {
    SchedulerHttp.Response page = as("mallory", () -> http.get("/status", "text/html"));
    assertEquals(200, page.status(), page.text());
    assertTrue(page.text().contains(SchedulerFixture.NODE1), page.text());
  }
}
