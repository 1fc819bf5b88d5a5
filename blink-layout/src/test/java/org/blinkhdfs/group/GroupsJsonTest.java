package org.blinkhdfs.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The groups document: exact text, defaults, and errors naming the field. */
class GroupsJsonTest {
  @Test
  void writesAndReadsTheDocument() {
    GroupSet set = GroupSet.empty()
        .add(Group.live("web", List.of("/data/web"), 10).withP90TargetMs(OptionalLong.of(500)))
        .add(Group.live("logs", List.of("/data/logs"), 1))
        .add(Group.live("audit", List.of("/data/audit"), 2))
        .merge("logs", "audit");
    String json = GroupsJson.write(set);
    assertEquals("{\"revision\":4,\"groups\":["
        + "{\"name\":\"web\",\"roots\":[\"/data/web\"],\"priority\":10,\"p90TargetMs\":500},"
        + "{\"name\":\"logs\",\"roots\":[\"/data/logs\",\"/data/audit\"],\"priority\":2},"
        + "{\"name\":\"audit\",\"priority\":2,\"status\":\"merged\",\"mergedInto\":\"logs\"}]}",
        json);
    assertEquals(set, GroupsJson.read(json));
  }

  @Test
  void defaultsArePriorityOneLiveNoRoots() {
    GroupSet set = GroupsJson.read("{\"revision\": 0, \"groups\": [{\"name\": \"a\"}]}");
    assertEquals(Group.live("a", List.of(), 1), set.get("a").orElseThrow());
  }

  @Test
  void errorsNameTheFieldTheValueAndTheFix() {
    assertEquals("groups[0] has unknown field 'p90Target': allowed are [mergedInto,"
        + " minAvailability, name, p90TargetMs, priority, roots, status]", error(
            "{\"revision\": 0, \"groups\": [{\"name\": \"a\", \"p90Target\": 5}]}"));
    assertEquals("groups[0]: group 'a': p90TargetMs -5 must be a whole number of milliseconds"
        + " > 0, e.g. 500, or absent for no target", error(
            "{\"revision\": 0, \"groups\": [{\"name\": \"a\", \"p90TargetMs\": -5}]}"));
    assertEquals("groups[0]: group 'a': minAvailability 1.5 must be a fraction in (0, 1], e.g."
        + " 0.9, or absent for none", error(
            "{\"revision\": 0, \"groups\": [{\"name\": \"a\", \"minAvailability\": 1.5}]}"));
    assertEquals("groups[0].status \"gone\" must be \"live\", \"merged\" or \"removed\"", error(
        "{\"revision\": 0, \"groups\": [{\"name\": \"a\", \"status\": \"gone\"}]}"));
    assertEquals("groups[0]: group 'a': root 'data' must be an absolute HDFS path such as"
        + " /data/logs", error("{\"revision\": 0, \"groups\": [{\"name\": \"a\", \"roots\":"
            + " [\"data\"]}]}"));
    assertEquals("groups.revision is missing: give the revision you read from GET /v1/groups"
        + " (a whole number >= 0) (e.g. {\"revision\": 0, \"groups\": [{\"name\": \"web\","
        + " \"roots\": [\"/data/web\"], \"priority\": 10, \"p90TargetMs\": 500}]})",
        error("{\"groups\": []}"));
    assertEquals("group 'a' is listed twice: names are unique, retired groups included (they"
        + " keep their chain slot)", error("{\"revision\": 0, \"groups\": [{\"name\": \"a\"},"
            + " {\"name\": \"a\"}]}"));
  }

  private static String error(String json) {
    return assertThrows(IllegalArgumentException.class, () -> GroupsJson.read(json))
        .getMessage();
  }
}
