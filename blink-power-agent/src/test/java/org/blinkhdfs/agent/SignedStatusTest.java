package org.blinkhdfs.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.scheduler.SchedulerFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's half of per-node status secrets (issue 45, finding 5): with {@code
 * blink.agent.status.secret.file} its {@link HttpStatusSink} signs each status, which a scheduler
 * holding the node secrets accepts for that node only.
 */
class SignedStatusTest {
  static final String SECRET1 = "0123456789abcdef0123456789abcdef";

  @TempDir
  Path dir;

  HttpStatusSink sink(SchedulerFixture s, String secret) throws IOException {
    Path file = dir.resolve("agent-secret");
    Files.writeString(file, secret + "\n");
    Configuration conf = new Configuration(false);
    conf.set(HttpStatusSink.SECRET_FILE.name(), file.toString());
    return HttpStatusSink.configured(s.http(), conf);
  }

  static NodeStatus awake(String node) {
    return new NodeStatus(node, NodeStatus.State.AWAKE, 0, System.currentTimeMillis(), 0, -1,
        "test");
  }

  @Test
  void aSignedStatusIsAcceptedForItsOwnNodeOnly() throws Exception {
    Path secrets = dir.resolve("secrets");
    Files.writeString(secrets, SchedulerFixture.NODE1 + " " + SECRET1 + "\n"
        + SchedulerFixture.NODE2 + " " + SECRET1.replace('0', 'f') + "\n");
    try (SchedulerFixture s = SchedulerFixture.start("blink.scheduler.status.secrets.file",
        secrets.toString())) {
      HttpStatusSink node1 = sink(s, SECRET1);
      node1.post(awake(SchedulerFixture.NODE1));
      assertTrue(s.daemon().scheduler().nodes(System.currentTimeMillis()).stream()
          .anyMatch(r -> r.node().equals(SchedulerFixture.NODE1) && r.lastStatus().isPresent()));
      IOException e = assertThrows(IOException.class,
          () -> node1.post(awake(SchedulerFixture.NODE2)));
      assertTrue(e.getMessage().contains("403"), e.getMessage());
      IOException unsigned = assertThrows(IOException.class,
          () -> new HttpStatusSink(s.http()).post(awake(SchedulerFixture.NODE1)));
      assertTrue(unsigned.getMessage().contains("is not signed"), unsigned.getMessage());
    }
  }

  @Test
  void aShortSecretStopsTheAgentNamingTheKey() throws Exception {
    try (SchedulerFixture s = SchedulerFixture.start()) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> sink(s, "short"));
      assertEquals("blink.agent.status.secret.file = '" + dir.resolve("agent-secret") + "'"
          + " holds a secret of 5 characters: give at least 32 without spaces, e.g. the output"
          + " of openssl rand -hex 32", e.getMessage());
    }
  }
}
