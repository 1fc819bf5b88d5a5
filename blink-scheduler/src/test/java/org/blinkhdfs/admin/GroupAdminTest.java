package org.blinkhdfs.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.blinkhdfs.daemon.http.HadoopHttpAuthenticator;
import org.blinkhdfs.group.Group;
import org.blinkhdfs.group.GroupSet;
import org.blinkhdfs.group.GroupsJson;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.scheduler.SchedulerFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The group commands of {@link BlinkAdmin} against a real scheduler daemon keeping its groups in
 * {@code blink.scheduler.groups.file}: edits, their text, persistence across a restart, the
 * revision check and the errors.
 */
class GroupAdminTest {
  @TempDir
  Path dir;

  private record Run(int exit, String out, String err) {}

  private static Run admin(SchedulerFixture s, String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<String> all = new ArrayList<>(List.of("-scheduler", s.address()));
    all.addAll(List.of(args));
    Configuration conf = new Configuration(false);
    int exit = ToolRunner.run(conf, new BlinkAdmin(conf,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)), all.toArray(new String[0]));
    return new Run(exit, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  private static String ok(SchedulerFixture s, String... args) throws Exception {
    Run r = admin(s, args);
    assertEquals(0, r.exit(), "stderr: " + r.err());
    return r.out();
  }

  private static String fails(SchedulerFixture s, String... args) throws Exception {
    Run r = admin(s, args);
    assertEquals(-1, r.exit(), "stdout: " + r.out());
    return r.err().trim();
  }

  @Test
  void editsAreStoredAndSurviveARestart() throws Exception {
    Path file = dir.resolve("groups.json");
    try (SchedulerFixture s = SchedulerFixture.start("blink.scheduler.groups.file",
        file.toString())) {
      assertEquals("Groups (revision 0): 0 live\n", ok(s, "-groups"));
      assertEquals("Group 'web' added (revision 1).\nGroups (revision 1): 1 live\n"
          + "group  priority  p90 target  min availability  roots\n"
          + "web    10        500 ms      0.9               /data/web\n",
          ok(s, "-addGroup", "web", "roots=/data/web", "priority=10", "p90=500ms",
              "minAvailability=0.9"));
      ok(s, "-addGroup", "logs", "roots=/data/logs");
      ok(s, "-addGroup", "audit", "roots=/data/audit", "priority=3", "p90=2s");
      assertEquals("Group 'audit' merged into 'logs' (revision 4).\n"
          + "Groups (revision 4): 2 live\n"
          + "group  priority  p90 target  min availability  roots\n"
          + "web    10        500 ms      0.9               /data/web\n"
          + "logs   3         2000 ms     -                 /data/logs /data/audit\n"
          + "Retired: audit (merged into logs)\n", ok(s, "-mergeGroups", "logs", "audit"));
      ok(s, "-splitGroup", "logs", "hot", "/data/logs/hot");
      ok(s, "-setGroup", "web", "p90=none", "priority=20");
      assertEquals("Group 'hot' removed (revision 7).\nGroups (revision 7): 2 live\n"
          + "group  priority  p90 target  min availability  roots\n"
          + "web    20        -           0.9               /data/web\n"
          + "logs   3         2000 ms     -                 /data/logs /data/audit\n"
          + "Retired: audit (merged into logs), hot (removed)\n", ok(s, "-removeGroup", "hot"));
    }
    GroupSet stored = GroupsJson.read(Files.readString(file));
    assertEquals(7, stored.revision());
    try (SchedulerFixture s = SchedulerFixture.start("blink.scheduler.groups.file",
        file.toString())) {
      assertEquals(stored, GroupCommands.read(http(s), "test"));
      assertTrue(ok(s, "-groups").endsWith("Retired: audit (merged into logs), hot (removed)\n"));
      String page = http(s).get("/status", "text/html").text();
      assertTrue(page.contains("<tr><td>logs</td><td>/data/logs /data/audit</td><td>3</td>"
          + "<td>2000</td><td>-</td></tr>"), page);
      assertTrue(page.contains("revision 7, 2 retired (merged or removed)"), page);
    }
  }

  @Test
  void badEditsAndStaleRevisionsAreRefused() throws Exception {
    try (SchedulerFixture s = SchedulerFixture.start("blink.scheduler.groups.file",
        dir.resolve("g.json").toString())) {
      ok(s, "-addGroup", "web", "roots=/data/web");
      assertEquals("blinkadmin: -addGroup: priority 'high' must be a whole number in 1..1000",
          fails(s, "-addGroup", "x", "priority=high"));
      assertEquals("blinkadmin: -addGroup: group 'x': priority 0 must be a whole number in"
          + " 1..1000 (higher keeps availability longer when power falls)",
          fails(s, "-addGroup", "x", "priority=0"));
      assertEquals("blinkadmin: -mergeGroups: no group 'nope'; groups: [web]",
          fails(s, "-mergeGroups", "web", "nope"));
      assertEquals("blinkadmin: -setGroup: 'color=red' is not an option: give key=value words,"
          + " keys [minAvailability, p90, priority, roots]", fails(s, "-setGroup", "web",
              "color=red"));
      // A PUT based on an old revision is refused with 409 and changes nothing.
      SchedulerHttp.Response r = http(s).putText("/v1/groups", GroupsJson.write(GroupSet.empty()
          .add(Group.live("other", List.of("/o"), 1)).atRevision(0)));
      assertEquals(409, r.status());
      assertEquals("the groups are at revision 1, not 0: someone changed them since you read"
          + " them; GET /v1/groups and apply your change again", r.errorMessage());
      // Dropping an entry breaks the successor rule: 400.
      r = http(s).putText("/v1/groups", GroupsJson.write(GroupSet.empty().atRevision(1)));
      assertEquals(400, r.status());
      assertTrue(r.errorMessage().startsWith("the new groups drop 1 of the 1 entries"),
          r.errorMessage());
      assertEquals(1, GroupCommands.read(http(s), "test").revision());
    }
  }

  @Test
  void aConcurrentChangeIsReappliedNotLost() throws Exception {
    try (SchedulerFixture s = SchedulerFixture.start("blink.scheduler.groups.file",
        dir.resolve("g.json").toString())) {
      SchedulerHttp http = http(s);
      AtomicInteger attempts = new AtomicInteger();
      GroupSet stored = GroupCommands.edit(http, "test", set -> {
        if (attempts.incrementAndGet() == 1) {
          // Another admin's change lands between our read and our write.
          try {
            GroupCommands.edit(http, "other", o -> o.add(Group.live("b", List.of("/b"), 1)));
          } catch (Exception e) {
            throw new AssertionError(e);
          }
        }
        return set.add(Group.live("a", List.of("/a"), 1));
      });
      assertEquals(2, attempts.get());
      assertEquals(List.of("b", "a"), stored.live().stream().map(Group::name).toList());
      assertEquals(2, stored.revision());
    }
  }

  @Test
  void withoutAFileGroupsCannotChange() throws Exception {
    try (SchedulerFixture s = SchedulerFixture.start()) {
      assertEquals("blinkadmin: -addGroup: the scheduler answered 400 (PUT http://"
          + s.address() + "/v1/groups): groups cannot be changed: set blink.scheduler.groups.file"
          + " to a file on the scheduler's host, so that changes survive a restart",
          fails(s, "-addGroup", "web"));
    }
  }

  private static SchedulerHttp http(SchedulerFixture s) {
    return new SchedulerHttp(s.address(), 5000).withAuthenticator(
        HadoopHttpAuthenticator.INSTANCE);
  }
}
