package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.daemon.http.HadoopHttpAuthenticator;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.scheduler.ImpostorScheduler;
import org.blinkhdfs.scheduler.KerberizedScheduler;
import org.blinkhdfs.scheduler.SchedulerFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A power agent under Kerberos against a scheduler that requires SPNEGO (MiniKdc): with {@code
 * blink.agent.kerberos.principal} and {@code .keytab} it logs in from its keytab, with no ticket
 * cache, and follows the schedule; without them the same agent has no credentials, so the
 * scheduler's SPNEGO challenge (401) is never answered and nothing it sends is accepted. A plain
 * HTTP server at the scheduler's address, which cannot prove to be {@code HTTP/localhost}, is
 * refused (issue 45: before, Hadoop's fallback to simple authentication believed it).
 */
class KerberosAgentTest {
  static KerberizedScheduler fixture;
  static String address;

  @BeforeAll
  static void start(@TempDir Path dir) throws Exception {
    fixture = KerberizedScheduler.start(dir);
    address = fixture.address();
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  /** Each agent starts from a process that has not logged in yet, as a fresh daemon does. */
  @BeforeEach
  @AfterEach
  void resetUgi() {
    UserGroupInformation.reset();
  }

  private static Configuration kerberos(String... keyValues) {
    Configuration conf = new Configuration(false);
    conf.set("hadoop.security.authentication", "kerberos");
    for (int i = 0; i + 1 < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    return conf;
  }

  private static AgentConfig dryRun(String node, Configuration conf) {
    return dryRun(node, address, conf);
  }

  private static AgentConfig dryRun(String node, String scheduler, Configuration conf) {
    return AgentConfig.parse(new String[] {"--node", node, "--scheduler", scheduler,
        "--actuator", "dry-run", "--min-sleep", "200ms", "--poll", "200ms", "--heartbeat",
        "500ms"}, conf);
  }

  /** The scheduler's node report, read as its admin. */
  private static JsonNode report(String node) throws Exception {
    JsonNode nodes = fixture.login("alice").doAs(
        (java.security.PrivilegedExceptionAction<JsonNode>) () ->
        new SchedulerHttp(address, 10_000).withAuthenticator(HadoopHttpAuthenticator.INSTANCE)
            .get("/v1/nodes", "application/json").requireSuccess().json());
    for (JsonNode n : nodes.path("nodes")) {
      if (n.path("node").asText().equals(node)) {
        return n;
      }
    }
    throw new AssertionError("no " + node + " in " + nodes);
  }

  @Test
  void anAgentWithItsKeytabFollowsTheSchedule() throws Exception {
    Configuration conf = kerberos("blink.agent.kerberos.principal", "blink/localhost@"
        + fixture.realm(), "blink.agent.kerberos.keytab", fixture.keytab().getPath());
    try (AgentDaemon agent = AgentDaemon.start(dryRun(SchedulerFixture.NODE1, conf), conf)) {
      assertEquals("blink/localhost@" + fixture.realm(),
          UserGroupInformation.getLoginUser().getUserName());
      // steady 50%, 2 s intervals: the dry-run actuator sits out a window within a few seconds
      GenericTestUtils.waitFor(() -> agent.loop().sleeps() >= 2, 100, 15_000);
      assertEquals(0, agent.loop().fetchFailures(), "schedule fetches failed");
      assertEquals(0, agent.loop().postFailures(), "status posts failed");
      JsonNode node = report(SchedulerFixture.NODE1);
      assertTrue(node.hasNonNull("lastStatus"), "no status from the agent: " + node);
      // the status the scheduler keeps is one the agent posted following a fetched schedule
      assertTrue(agent.loop().schedule().isPresent(), "no schedule");
      assertTrue(node.path("lastStatus").path("epoch").asLong() >= 1, node.toString());
    }
  }

  @Test
  void theSameAgentWithoutItsKeytabIsRejected() throws Exception {
    Configuration conf = kerberos();
    try (AgentDaemon agent = AgentDaemon.start(dryRun(SchedulerFixture.NODE2, conf), conf)) {
      GenericTestUtils.waitFor(() -> agent.loop().fetchFailures() >= 2
          && agent.loop().postFailures() >= 1, 100, 15_000);
      assertEquals(0, agent.loop().sleeps(), "slept without a schedule");
      assertTrue(agent.loop().schedule().isEmpty(), "fetched a schedule");
    }
    JsonNode node = report(SchedulerFixture.NODE2);
    assertTrue(node.path("lastStatus").isMissingNode() || node.path("lastStatus").isNull(),
        "the scheduler accepted a status: " + node);
  }

  @Test
  void anAgentRefusesAPlainServerAtTheSchedulersAddress() throws Exception {
    Configuration conf = kerberos("blink.agent.kerberos.principal", "blink/localhost@"
        + fixture.realm(), "blink.agent.kerberos.keytab", fixture.keytab().getPath());
    try (ImpostorScheduler impostor = ImpostorScheduler.plain(List.of(SchedulerFixture.NODE1));
        AgentDaemon agent = AgentDaemon.start(dryRun(SchedulerFixture.NODE1,
            "localhost:" + impostor.port(), conf), conf)) {
      GenericTestUtils.waitFor(() -> agent.loop().fetchFailures() >= 3, 100, 15_000);
      assertTrue(impostor.requests() >= 3, "the impostor was never asked");
      assertTrue(agent.loop().schedule().isEmpty(), "followed the impostor's schedule: "
          + agent.loop().schedule());
      assertEquals(0, agent.loop().sleeps(), "slept on the impostor's word");
    }
  }
}
