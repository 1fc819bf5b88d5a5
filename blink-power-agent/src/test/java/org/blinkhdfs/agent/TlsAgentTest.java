package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.daemon.http.HadoopHttpAuthenticator;
import org.blinkhdfs.scheduler.ImpostorScheduler;
import org.blinkhdfs.scheduler.SchedulerFixture;
import org.blinkhdfs.scheduler.TestTls;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A power agent under simple authentication and a scheduler serving TLS (docs/security.md "The
 * schedule feed"): with the scheduler's certificate pinned the agent follows the schedule and
 * its status arrives; pinned to another certificate, facing a plain HTTP impostor at the https
 * address, or with no pin at all, it never follows anything it is served.
 */
class TlsAgentTest {
  static TestTls tls;
  static TestTls stranger;
  static SchedulerFixture fixture;

  @BeforeAll
  static void start(@TempDir Path dir) throws Exception {
    tls = TestTls.create(dir, "scheduler");
    stranger = TestTls.create(dir, "stranger");
    fixture = SchedulerFixture.start(tls.serverKeys().toArray(new String[0]));
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  private static String https(int port) {
    return "https://localhost:" + port;
  }

  private static Configuration pinned(TestTls pin) {
    Configuration conf = new Configuration(false);
    List<String> keys = pin.clientKeys();
    for (int i = 0; i + 1 < keys.size(); i += 2) {
      conf.set(keys.get(i), keys.get(i + 1));
    }
    return conf;
  }

  private static AgentConfig dryRun(String node, String scheduler, Configuration conf) {
    return AgentConfig.parse(new String[] {"--node", node, "--scheduler", scheduler,
        "--actuator", "dry-run", "--min-sleep", "200ms", "--poll", "200ms", "--heartbeat",
        "500ms"}, conf);
  }

  @Test
  void anAgentPinningTheSchedulersCertificateFollowsAndReports() throws Exception {
    Configuration conf = pinned(tls);
    String address = https(fixture.daemon().httpAddress().getPort());
    try (AgentDaemon agent = AgentDaemon.start(dryRun(SchedulerFixture.NODE1, address, conf),
        conf)) {
      GenericTestUtils.waitFor(() -> agent.loop().sleeps() >= 2, 100, 15_000);
      assertEquals(0, agent.loop().fetchFailures(), "schedule fetches failed");
      assertEquals(0, agent.loop().postFailures(), "status posts failed");
    }
    JsonNode nodes = HadoopHttpAuthenticator.schedulerClient(conf, address, 5000)
        .get("/v1/nodes", "application/json").requireSuccess().json();
    JsonNode node = nodes.path("nodes").get(0);
    assertEquals(SchedulerFixture.NODE1, node.path("node").asText(), nodes.toString());
    assertTrue(node.hasNonNull("lastStatus"), "no status from the agent: " + node);
  }

  @Test
  void anAgentPinningAnotherCertificateFollowsNothing() throws Exception {
    Configuration conf = pinned(stranger);
    try (AgentDaemon agent = AgentDaemon.start(dryRun(SchedulerFixture.NODE2,
        https(fixture.daemon().httpAddress().getPort()), conf), conf)) {
      GenericTestUtils.waitFor(() -> agent.loop().fetchFailures() >= 2, 100, 15_000);
      assertTrue(agent.loop().schedule().isEmpty(), "fetched a schedule");
      assertEquals(0, agent.loop().sleeps(), "slept");
    }
  }

  @Test
  void aPlainHttpImpostorAtTheHttpsAddressIsRefused() throws Exception {
    Configuration conf = pinned(tls);
    // a plain server reads the TLS hello as a request line and waits: each try times out
    conf.set("blink.agent.http.timeout.ms", "1000");
    try (ImpostorScheduler impostor = ImpostorScheduler.plain(List.of(SchedulerFixture.NODE2));
        AgentDaemon agent = AgentDaemon.start(dryRun(SchedulerFixture.NODE2,
            https(impostor.port()), conf), conf)) {
      GenericTestUtils.waitFor(() -> agent.loop().fetchFailures() >= 2, 100, 15_000);
      assertTrue(agent.loop().schedule().isEmpty(), "followed the impostor");
      assertEquals(0, agent.loop().sleeps(), "slept on the impostor's word");
    }
  }

  @Test
  void anHttpsAddressWithoutAPinStopsTheAgent() {
    Configuration conf = new Configuration(false);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> AgentDaemon.start(dryRun(SchedulerFixture.NODE2,
            https(fixture.daemon().httpAddress().getPort()), conf), conf).close());
    assertTrue(e.getMessage().contains("blink.scheduler.tls.truststore is empty"),
        e.getMessage());
  }
}
