package org.blinkhdfs.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.wire.NodeStatus;
import org.blinkhdfs.model.wire.SchedulerHttp;
import org.blinkhdfs.scheduler.SchedulerFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link BlinkAdmin} end to end against a real scheduler daemon (2 ring nodes, 2 s interval). */
class BlinkAdminTest {
  private static SchedulerFixture scheduler;

  @BeforeAll
  static void startScheduler() throws Exception {
    scheduler = SchedulerFixture.start();
  }

  @AfterAll
  static void stopScheduler() throws Exception {
    scheduler.close();
  }

  /** The exit code and both streams of one run. */
  private record Run(int exit, String out, String err) {}

  private static Run admin(Configuration conf, String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = ToolRunner.run(conf, new BlinkAdmin(conf,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)), args);
    return new Run(exit, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  private static Run admin(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of("-scheduler", scheduler.address()));
    all.addAll(List.of(args));
    return admin(new Configuration(false), all.toArray(new String[0]));
  }

  private static Run ok(String... args) throws Exception {
    Run r = admin(args);
    assertEquals(0, r.exit(), "exit of " + List.of(args) + "; stderr: " + r.err());
    assertEquals("", r.err(), "stderr of " + List.of(args));
    return r;
  }

  private static Run fails(String... args) throws Exception {
    Run r = admin(args);
    assertEquals(-1, r.exit(), "exit of " + List.of(args) + "; stdout: " + r.out());
    assertTrue(r.err().startsWith("blinkadmin: "), r.err());
    return r;
  }

  /** A usage error: exit 2, nothing on stdout, one line and the usage on stderr. */
  private static Run usageError(String... args) throws Exception {
    Run r = admin(args);
    assertEquals(2, r.exit(), "exit of " + List.of(args) + "; stdout: " + r.out());
    assertEquals("", r.out());
    assertTrue(r.err().startsWith("blinkadmin: "), r.err());
    assertTrue(r.err().contains("\nUsage: hdfs blinkadmin"), r.err());
    return r;
  }

  @Test
  void powerCommandsSetReadAndClearTheOverride() throws Exception {
    Run set = ok("-setPower", "60%");
    assertTrue(set.out().startsWith("Power override set to 60%."), set.out());
    assertTrue(set.out().contains("override:  60%"), set.out());
    assertEquals(new PowerLevel.Percent(60),
        scheduler.daemon().scheduler().powerOverride().orElseThrow());

    Run watts = ok("-setPower", "90W");
    assertTrue(watts.out().contains("override:  90W"), watts.out());
    // 90 W whole-cluster minus 40 W overhead leaves 50 W for the DataNodes (all awake).
    assertTrue(watts.out().contains("available: 50 W for the DataNodes (100% of p_total)"),
        watts.out());

    Run get = ok("-getPower");
    assertTrue(get.out().contains("override:  90W"), get.out());
    assertTrue(get.out().contains("status:    PLANNED"), get.out());
    assertTrue(get.out().contains("epoch:"), get.out());

    Run clear = ok("-setPower", "signal");
    assertTrue(clear.out().startsWith("Power override cleared"), clear.out());
    assertTrue(clear.out().contains("override:  none (following the signal)"), clear.out());
    assertTrue(scheduler.daemon().scheduler().powerOverride().isEmpty());
  }

  @Test
  void policyAndActiveNodes() throws Exception {
    try {
      Run p = ok("-setPolicy", "synchronous");
      assertEquals("Policy set to synchronous.\n", p.out());
      assertEquals("synchronous", scheduler.daemon().scheduler().policy().name());

      Run a = ok("-setActive", "1");
      assertTrue(a.out().startsWith("Active nodes set to 1"), a.out());
      Schedule s = scheduler.daemon().scheduler().published().orElseThrow();
      assertEquals(NodeMode.ACTIVE, s.entry(SchedulerFixture.NODE1).mode());
      assertEquals(NodeMode.OFF, s.entry(SchedulerFixture.NODE2).mode());

      Run auto = ok("-setActive", "auto");
      assertTrue(auto.out().startsWith("Active-node override cleared"), auto.out());
      assertTrue(scheduler.daemon().scheduler().activeNodesOverride().isEmpty());
    } finally {
      admin("-setPolicy", "staggered");
      admin("-setActive", "auto");
    }
  }

  @Test
  void scheduleDrawsTheCurrentIntervalAsAGantt() throws Exception {
    Run r = ok("-schedule");
    Schedule s = scheduler.daemon().scheduler().published().orElseThrow();
    assertTrue(r.out().startsWith("interval 2000 ms from "), r.out());
    String[] lines = r.out().split("\n");
    assertTrue(lines[2].startsWith(SchedulerFixture.NODE1) && lines[2].contains("BLINK"),
        r.out());
    assertTrue(lines[3].startsWith(SchedulerFixture.NODE2) && lines[3].contains("#")
        && lines[3].contains("."), r.out());
    assertTrue(r.out().contains("lease: until "), r.out());
    assertTrue(s.ring().size() == 2);
  }

  @Test
  void reportListsEveryNodeWithItsLastStatus() throws Exception {
    long now = System.currentTimeMillis();
    scheduler.daemon().scheduler().recordStatus(new NodeStatus(SchedulerFixture.NODE1,
        NodeStatus.State.AWAKE, 1, now, 987, 0.5, "test"));
    Run r = ok("-report");
    String out = r.out();
    // hdfs dfsadmin -report's shape: summary lines, a dashed rule, one block per node.
    assertTrue(out.startsWith("Available power: "), out);
    assertTrue(out.contains("\nNodes: 2 (2 ring, 0 staging)\n"), out);
    assertTrue(out.contains("\nLast reported: 1 awake, 0 asleep; 0 OFF by the schedule\n"), out);
    assertTrue(out.contains("\nFailed nodes: 0 (silent longer than "), out);
    assertTrue(out.contains("\n-------------------------------------------------\nNodes (2):\n"),
        out);
    String node1 = out.substring(out.indexOf("Name: " + SchedulerFixture.NODE1));
    assertTrue(node1.startsWith("Name: " + SchedulerFixture.NODE1 + "\nRole: RING\nMode: BLINK\n"
        + "Window: awake from "), out);
    assertTrue(node1.contains("\nLast status: AWAKE epoch 1\nMeasured sleep: 987 ms\n"), out);
    assertTrue(node1.contains("\nFlags: none\n"), out);
    String node2 = out.substring(out.indexOf("Name: " + SchedulerFixture.NODE2));
    assertTrue(node2.contains("\nLast status: never heard\n"), out);
    assertFalse(out.contains("FAILED"), out);
  }

  @Test
  void everyHelpSpellingPrintsTheUsageOnStdoutAndAnUnknownFlagExitsTwo() throws Exception {
    for (String help : new String[] {"--help", "-help", "-h"}) {
      Run r = admin(new Configuration(false), help);
      assertEquals(0, r.exit(), help);
      assertTrue(r.out().startsWith("NAME\n    hdfs blinkadmin - ")
          && r.out().contains("\nOPTIONS\n    Usage: hdfs blinkadmin")
          && r.out().contains("\n    255  the command failed"), help + ": " + r.out());
      assertEquals("", r.err(), help);
    }
    Run none = admin(new Configuration(false));
    assertEquals(2, none.exit());
    assertTrue(none.err().startsWith("blinkadmin: no command given: use one of -setPower,")
        && none.err().contains("\nUsage: hdfs blinkadmin"), none.err());
    Run unknown = admin(new Configuration(false), "--frobnicate");
    assertEquals(2, unknown.exit());
    assertEquals("", unknown.out());
    assertTrue(unknown.err().startsWith("blinkadmin: unknown command '--frobnicate': use one of"
        + " -setPower, -getPower") && unknown.err().contains("\nUsage: hdfs blinkadmin"),
        unknown.err());
  }

  @Test
  void badInputExitsMinusOneNamingTheArgumentAndTheRange() throws Exception {
    Run power = fails("-setPower", "150%");
    assertTrue(power.err().contains("-setPower 150% is outside 0..100%"), power.err());
    Run garbage = fails("-setPower", "lots");
    assertTrue(garbage.err().contains("-setPower 'lots'") && garbage.err().contains("150W"),
        garbage.err());

    Run policy = fails("-setPolicy", "nosuch");
    assertTrue(policy.err().contains("-setPolicy 'nosuch'")
        && policy.err().contains("staggered"), policy.err());

    Run active = fails("-setActive", "99");
    assertTrue(active.err().contains("-setActive 99 is outside 0..2"), active.err());
    Run notNumber = fails("-setActive", "many");
    assertTrue(notNumber.err().contains("-setActive 'many'") && notNumber.err().contains("0..2"),
        notNumber.err());

    Run unknown = usageError("-frobnicate");
    assertTrue(unknown.err().contains("unknown command '-frobnicate'")
        && unknown.err().contains("Usage: hdfs blinkadmin"), unknown.err());
    Run arity = usageError("-setPower");
    assertTrue(arity.err().contains("-setPower needs exactly one argument"), arity.err());
    Run extra = usageError("-report", "now");
    assertTrue(extra.err().contains("-report takes no arguments"), extra.err());
    Run two = usageError("-report", "-getPower");
    assertTrue(two.err().contains("one command per run: got -getPower and -report"), two.err());

    // Nothing changed, and the daemon still serves.
    assertTrue(scheduler.daemon().scheduler().powerOverride().isEmpty());
    assertEquals("staggered", scheduler.daemon().scheduler().policy().name());
    assertTrue(ok("-getPower").out().contains("status:    PLANNED"));
  }

  @Test
  void wakeHoldsANodeAwakeAndRefusalsAndBadArgumentsSayWhy() throws Exception {
    try {
      Run w = ok("-wake", SchedulerFixture.NODE2, "1500ms", "admin test");
      assertTrue(w.out().startsWith(SchedulerFixture.NODE2 + ": GRANTED until ")
          && w.out().contains("(admin test), awake in epoch "), w.out());
      Schedule s = scheduler.daemon().scheduler().published().orElseThrow();
      assertEquals(NodeMode.ACTIVE, s.entry(SchedulerFixture.NODE2).mode());
      assertTrue(w.out().contains("in epoch " + s.epoch()), w.out());
      Run report = ok("-report");
      assertTrue(report.out().contains("WAKE until ") && report.out().contains("(admin test)"),
          report.out());

      Run tooLong = fails("-wake", SchedulerFixture.NODE1, "61s");
      assertTrue(tooLong.err().contains("-wake " + SchedulerFixture.NODE1 + " 61s was refused")
          && tooLong.err().contains("ms = 61000 is longer than blink.scheduler.wake.max.ms ="
              + " 60000"), tooLong.err());
      Run noUnit = fails("-wake", SchedulerFixture.NODE1, "5");
      assertTrue(noUnit.err().contains("-wake duration '5' has no unit"), noUnit.err());
      Run unknown = fails("-wake", "127.0.0.1:1", "5s");
      assertTrue(unknown.err().contains("node '127.0.0.1:1' is not one of the scheduler's"),
          unknown.err());
      Run arity = usageError("-wake", SchedulerFixture.NODE1);
      assertTrue(arity.err().contains("-wake needs 2 to 3 arguments, got [" + SchedulerFixture.NODE1
          + "]: usage -wake <node> <duration> [reason]"), arity.err());
    } finally {
      // Leave the shared scheduler as the other tests expect it: the hold ends, NODE2 blinks.
      long deadline = System.currentTimeMillis() + 10_000;
      while (!scheduler.daemon().scheduler().wokenOnRequest().isEmpty()
          && System.currentTimeMillis() < deadline) {
        Thread.sleep(50);
      }
    }
    assertTrue(scheduler.daemon().scheduler().wokenOnRequest().isEmpty());
  }

  @Test
  void schedulerAddressComesFromTheFlagOrTheKey() throws Exception {
    Run missing = admin(new Configuration(false), "-getPower");
    assertEquals(-1, missing.exit());
    assertTrue(missing.err().contains("no scheduler address")
        && missing.err().contains(SchedulerHttp.ADDRESS_KEY), missing.err());

    Run generic = admin(new Configuration(false), "-D",
        SchedulerHttp.ADDRESS_KEY + "=" + scheduler.address(), "-getPower");
    assertEquals(0, generic.exit(), generic.err());

    Run bad = admin(new Configuration(false), "-scheduler", "nowhere", "-getPower");
    assertEquals(-1, bad.exit());
    assertTrue(bad.err().contains("-scheduler 'nowhere'"), bad.err());

    Run help = admin(new Configuration(false), "-help");
    assertEquals(0, help.exit());
    assertTrue(help.out().contains("-setActive <n> | auto"), help.out());
  }
}
