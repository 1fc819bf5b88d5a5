package org.blinkhdfs.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.test.GenericTestUtils;
import org.blinkhdfs.group.Group;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.group.GroupsJson;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rabbit §3.4's node allocation in the real scheduler daemon ({@code
 * blink.scheduler.groups.activation = true}): 8 ring nodes n1..n8, activation at 60% of 8 x 25 W,
 * which affords floor((120 - 8) / 24) = 4 ACTIVE nodes. Groups d1 (/d1) and d2 (/d2, priority 3)
 * have the chains of GroupActivationTest (d1 [n8 n7 ...], d2 [n4 n5 ...]).
 *
 * <ul>
 *   <li>No live group reported: the first 4 ring nodes, as without groups.
 *   <li>The NameNode reports d1 and d2 live ({@code PUT /v1/groups/live}): fair share gives each
 *       the head of its chain, ACTIVE {n4, n5, n7, n8}.
 *   <li>Only d2 live: all 4 for d2, its chain's head {n4, n5, n3, n6}.
 *   <li>A bad report is refused with the field and the fix; the last good one stays.
 * </ul>
 */
class GroupActivationDaemonTest {
  @TempDir
  Path dir;

  @Test
  void liveGroupsGetTheirOwnActiveNodes() throws Exception {
    List<String> ring = new java.util.ArrayList<>();
    for (int i = 1; i <= 8; i++) {
      ring.add("127.0.0.1:5001" + i);
    }
    Path groups = dir.resolve("groups.json");
    Files.writeString(groups, GroupsJson.write(GroupSet.empty()
        .add(Group.live("d1", List.of("/d1"), 1))
        .add(Group.live("d2", List.of("/d2"), 3))), StandardCharsets.UTF_8);
    try (SchedulerFixture s = SchedulerFixture.start(
        "blink.scheduler.nodes", String.join(",", ring),
        "blink.scheduler.policy", "activation",
        "blink.scheduler.signal", "steady:60%",
        "blink.power.overhead.watts", "0",
        "blink.scheduler.groups.file", groups.toString(),
        "blink.scheduler.groups.activation", "true")) {
      assertEquals(Set.of(n(ring, 1), n(ring, 2), n(ring, 3), n(ring, 4)), waitForActive(s,
          Set.of(n(ring, 1), n(ring, 2), n(ring, 3), n(ring, 4))));

      SchedulerHttp http = s.http();
      JsonNode answer = http.putText(SchedulerFixture.asSchedulerUser("/v1/groups/live"),
          "{\"live\": [\"d1\", \"d2\"]}").requireSuccess().json();
      assertEquals("[\"d1\",\"d2\"]", answer.get("counted").toString());
      assertEquals(true, answer.get("activation").asBoolean());
      waitForActive(s, Set.of(n(ring, 4), n(ring, 5), n(ring, 7), n(ring, 8)));

      http.putText(SchedulerFixture.asSchedulerUser("/v1/groups/live"),
          "{\"live\": [\"d2\", \"unknown\"]}").requireSuccess();
      waitForActive(s, Set.of(n(ring, 4), n(ring, 5), n(ring, 3), n(ring, 6)));

      SchedulerHttp.Response bad = http.putText(
          SchedulerFixture.asSchedulerUser("/v1/groups/live"), "{\"live\": \"d1\"}");
      assertEquals(400, bad.status());
      assertTrue(bad.errorMessage().contains("live groups.live is not an array of at most 1000"
          + " names: list the group names"), bad.errorMessage());
      assertEquals("[\"d2\"]", http.get("/v1/groups/live", "application/json").requireSuccess()
          .json().get("counted").toString());
      assertTrue(http.get("/status", "text/html").requireSuccess().text().contains(
          "Live (reported by the NameNode): d2; ACTIVE nodes shared among them"));
    }
  }

  private static String n(List<String> ring, int i) {
    return ring.get(i - 1);
  }

  private static Set<String> waitForActive(SchedulerFixture s, Set<String> expected)
      throws Exception {
    Set<String>[] seen = new Set[1];
    try {
      GenericTestUtils.waitFor(() -> {
        Schedule p = s.daemon().scheduler().published().orElse(null);
        if (p == null) {
          return false;
        }
        Set<String> active = new TreeSet<>();
        p.nodes().forEach(e -> {
          if (e.mode() == NodeMode.ACTIVE) {
            active.add(e.node());
          }
        });
        seen[0] = active;
        return active.equals(expected);
      }, 50, 10_000);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError("ACTIVE " + seen[0] + ", expected " + expected, e);
    }
    return seen[0];
  }
}
