package org.blinkhdfs.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.blinkhdfs.group.Group;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.group.GroupsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NameNode's background copy of the groups document: empty before the file exists, the new
 * revision after an edit, the last good document kept when the file turns bad, and no source at
 * all refused at start naming the keys.
 */
class GroupsFeedTest {
  @TempDir
  Path dir;

  @Test
  void followsTheFileAndKeepsTheLastGoodDocument() throws Exception {
    Path file = dir.resolve("groups.json");
    Configuration conf = new Configuration(false);
    conf.set("blink.groups.file", file.toString());
    conf.set(GroupsFeed.REFRESH_MS.name(), "3600000"); // only the explicit refreshes below
    try (GroupsFeed feed = GroupsFeed.start(conf, "test")) {
      assertFalse(feed.refresh(), "no file yet");
      assertEquals(GroupSet.empty(), feed.current());
      GroupSet one = GroupSet.empty().add(Group.live("a", List.of("/a"), 2));
      Files.writeString(file, GroupsJson.write(one), StandardCharsets.UTF_8);
      assertTrue(feed.refresh());
      assertEquals(one, feed.current());
      Files.writeString(file, "{\"revision\": 2, \"groups\": [{\"nme\": \"a\"}]}",
          StandardCharsets.UTF_8);
      assertFalse(feed.refresh(), "a misspelt field is refused");
      assertEquals(one, feed.current(), "the last good document stays");
    }
  }

  @Test
  void noSourceIsRefusedAtStart() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> GroupsFeed.start(new Configuration(false), "blink.rabbit.datasets.source = groups"));
    assertEquals("blink.rabbit.datasets.source = groups needs the groups document: set"
        + " blink.groups.file to the scheduler's blink.scheduler.groups.file (same host), or"
        + " blink.scheduler.address to read GET /v1/groups", e.getMessage());
  }
}
