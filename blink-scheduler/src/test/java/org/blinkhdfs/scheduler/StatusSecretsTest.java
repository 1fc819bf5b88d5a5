package org.blinkhdfs.scheduler;

import static org.blinkhdfs.model.wire.HttpAuthenticator.pseudo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.model.wire.StatusJson;
import org.blinkhdfs.model.wire.StatusSignature;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, finding 5: under simple authentication every agent is the same user, so without a
 * per-node secret the agent of one node could post another's status (a forged AWAKE cleared a
 * failed node). With {@code blink.scheduler.status.secrets.file} only the node's own secret
 * signs its status, and an older status is not replayed.
 */
class StatusSecretsTest {
  static final String SECRET1 = "11111111111111111111111111111111";
  static final String SECRET2 = "22222222222222222222222222222222";

  @TempDir
  Path dir;
  SchedulerFixture scheduler;

  @AfterEach
  void stop() throws Exception {
    if (scheduler != null) {
      scheduler.close();
    }
  }

  Path secrets(String text) throws Exception {
    Path file = dir.resolve("status-secrets");
    Files.writeString(file, text);
    return file;
  }

  void start() throws Exception {
    Path file = secrets("# node secret\n" + SchedulerFixture.NODE1 + " " + SECRET1 + "\n"
        + SchedulerFixture.NODE2 + "   " + SECRET2 + "\n");
    scheduler = SchedulerFixture.start("blink.scheduler.admin.acl", "alice",
        "blink.scheduler.agent.acl", "blink", "blink.scheduler.status.secrets.file",
        file.toString());
  }

  static byte[] status(String node, NodeStatus.State state, long atMs) {
    return StatusJson.write(new NodeStatus(node, state, 0, atMs, 0, -1, "test"))
        .getBytes(StandardCharsets.UTF_8);
  }

  /** A status post as the agents' user, signed with {@code secret} (none when null). */
  SchedulerHttp.Response post(byte[] body, String secret) throws Exception {
    return scheduler.http().withAuthenticator(pseudo("blink")).post("/v1/status",
        "application/json", body, secret == null ? Map.of()
            : Map.of(StatusSignature.HEADER, StatusSignature.sign(secret, body)));
  }

  NodeStatus.State last(String node) {
    return scheduler.daemon().scheduler().nodes(System.currentTimeMillis()).stream()
        .filter(r -> r.node().equals(node)).findFirst().orElseThrow().lastStatus()
        .orElseThrow().state();
  }

  @Test
  void anotherNodesAgentCannotClearAFailedNode() throws Exception {
    start();
    long now = System.currentTimeMillis();
    SchedulerHttp.Response failed = post(status(SchedulerFixture.NODE1,
        NodeStatus.State.ERROR, now), SECRET1);
    assertEquals(204, failed.status(), failed.text());
    // node 2's agent (the same user under simple authentication) forges node 1's AWAKE
    SchedulerHttp.Response forged = post(status(SchedulerFixture.NODE1,
        NodeStatus.State.AWAKE, now + 1), SECRET2);
    assertEquals(403, forged.status(), forged.text());
    assertTrue(forged.errorMessage().startsWith("the status of " + SchedulerFixture.NODE1
        + " has a signature that is not that node's"), forged.errorMessage());
    SchedulerHttp.Response unsigned = post(status(SchedulerFixture.NODE1,
        NodeStatus.State.AWAKE, now + 1), null);
    assertEquals(403, unsigned.status(), unsigned.text());
    assertTrue(unsigned.errorMessage().contains("is not signed")
        && unsigned.errorMessage().contains("blink.agent.status.secret.file"),
        unsigned.errorMessage());
    assertEquals(NodeStatus.State.ERROR, last(SchedulerFixture.NODE1));
    // node 1's own agent clears it
    assertEquals(204, post(status(SchedulerFixture.NODE1, NodeStatus.State.AWAKE, now + 2),
        SECRET1).status());
    assertEquals(NodeStatus.State.AWAKE, last(SchedulerFixture.NODE1));
  }

  @Test
  void aCapturedOlderStatusIsNotReplayed() throws Exception {
    start();
    long now = System.currentTimeMillis();
    byte[] old = status(SchedulerFixture.NODE2, NodeStatus.State.AWAKE, now);
    assertEquals(204, post(old, SECRET2).status());
    assertEquals(204, post(status(SchedulerFixture.NODE2, NodeStatus.State.ERROR, now + 5),
        SECRET2).status());
    SchedulerHttp.Response replay = post(old, SECRET2);
    assertEquals(409, replay.status(), replay.text());
    assertTrue(replay.errorMessage().contains("older than the last accepted"),
        replay.errorMessage());
    assertEquals(NodeStatus.State.ERROR, last(SchedulerFixture.NODE2));
  }

  @Test
  void aFileWithoutEveryNodeOrWithAShortSecretStopsTheStart() throws Exception {
    Path file = secrets(SchedulerFixture.NODE1 + " " + SECRET1 + "\n");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SchedulerFixture.start("blink.scheduler.status.secrets.file", file.toString()));
    assertEquals("blink.scheduler.status.secrets.file = '" + file + "' has no secret for "
        + SchedulerFixture.NODE2 + ": add a line '" + SchedulerFixture.NODE2 + " <secret>' and"
        + " give that agent the same secret in blink.agent.status.secret.file", e.getMessage());
    Path shortOne = secrets(SchedulerFixture.NODE1 + " " + SECRET1 + "\n"
        + SchedulerFixture.NODE2 + " short\n");
    e = assertThrows(IllegalArgumentException.class, () -> SchedulerFixture.start(
        "blink.scheduler.status.secrets.file", shortOne.toString()));
    assertEquals("blink.scheduler.status.secrets.file = '" + shortOne + "' line 2: the secret of "
        + SchedulerFixture.NODE2 + " has 5 characters; give at least 32, e.g. the output of"
        + " openssl rand -hex 32", e.getMessage());
  }
}
