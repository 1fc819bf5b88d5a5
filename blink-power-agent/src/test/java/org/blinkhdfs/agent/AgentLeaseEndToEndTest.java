package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, finding 5: a scheduler publishes a schedule without {@code validUntilMs} ("no
 * expiry") with the node OFF and then vanishes. The real agent daemon ({@code --actuator
 * emulate} on a real child process) must thaw the node within its own lease ({@code
 * blink.agent.lease.max.ms}, 2 s here) after the scheduler's last answer and keep it awake.
 * Before the fix it slept one 60 s interval after another, on and on.
 */
class AgentLeaseEndToEndTest {
  private static final String NODE = "127.0.0.1:9866";

  @TempDir Path tmp;

  @Test
  void aNodeUnderAScheduleWithoutExpiryWakesWhenTheSchedulerIsGone() throws Exception {
    String schedule = "{\"version\": 1, \"epoch\": 1, \"intervalStartMs\": "
        + System.currentTimeMillis() + ", \"intervalMs\": 60000, \"nodes\": [{\"node\": \""
        + NODE + "\", \"mode\": \"OFF\"}]}";
    HttpServer server = HttpServer.create(
        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/v1/schedule", ex -> answer(ex, 200, schedule));
    server.createContext("/v1/status", ex -> answer(ex, 204, ""));
    server.start();
    Configuration conf = new Configuration(false);
    conf.set("blink.agent.lease.max.ms", "2000");
    try (TickingChild child = new TickingChild(tmp, "dn")) {
      AgentConfig config = AgentConfig.parse(new String[] {"--node", NODE, "--scheduler",
          "127.0.0.1:" + server.getAddress().getPort(), "--actuator", "emulate", "--pids",
          Long.toString(child.pid()), "--min-sleep", "200ms", "--poll", "200ms", "--heartbeat",
          "500ms", "--off-checkin", "1h"}, conf);
      try (AgentDaemon agent = AgentDaemon.start(config, conf)) {
        assertTrue(child.awaitStopped(5_000), "the agent never froze the OFF node");
        server.stop(0);
        // The last answer came at most 2 s ago; allow the thaw and the step some slack.
        assertTrue(child.progresses(4_000), "still frozen 4 s after the scheduler vanished: "
            + agent.loop().lastAction());
        for (int i = 0; i < 3; i++) {
          assertTrue(child.progresses(1_000), "frozen again without a scheduler: "
              + agent.loop().lastAction());
        }
        assertTrue(agent.loop().lastAction().reason().contains("own lease"),
            agent.loop().lastAction().reason());
      }
    } finally {
      server.stop(0);
    }
  }

  private static void answer(HttpExchange ex, int status, String body) throws IOException {
    ex.getRequestBody().readAllBytes();
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    if (bytes.length == 0) {
      ex.sendResponseHeaders(status, -1);
    } else {
      ex.getResponseHeaders().set("Content-Type", "application/json");
      ex.sendResponseHeaders(status, bytes.length);
      ex.getResponseBody().write(bytes);
    }
    ex.close();
  }
}
