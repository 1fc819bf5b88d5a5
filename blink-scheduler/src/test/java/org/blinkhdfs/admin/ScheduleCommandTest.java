package org.blinkhdfs.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.blinkhdfs.model.schedule.Schedule;
import org.blinkhdfs.model.schedule.ScheduleJson;
import org.junit.jupiter.api.Test;

class ScheduleCommandTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.ofEpochMilli(1_790_000_012_345L), ZoneOffset.UTC);

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = ScheduleCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), CLOCK);
    return new Run(code, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void theIssueExamplePrintsJsonThenGantt() {
    // --transition 0s: BlinkFS's t_active formula, which the paper's numbers follow.
    Run r = run("--nodes", "9", "--power", "50%", "--interval", "60s", "--policy", "staggered",
        "--active-watts", "25", "--sleep-watts", "1", "--overhead-watts", "40", "--transition",
        "0s");
    assertEquals(0, r.code(), r.err());
    String json = r.out().substring(0, r.out().indexOf("}\n\n") + 2);
    Schedule s = ScheduleJson.read(json);
    assertEquals(1_789_999_980_000L, s.intervalStartMs()); // now, rounded down to 60 s
    assertEquals(28_750, s.entry("dn1:9866").activeMs());
    assertEquals(31_250, s.entry("dn9:9866").activeOffsetMs());
    assertTrue(r.out().contains("dn1:9866  BLINK      0 +28750"), r.out());
    assertTrue(r.out().contains("|#############################..............................."
        + "|"), r.out());
    assertTrue(r.out().contains("gives the DataNodes 112.50 W"), r.out());
    assertTrue(r.out().contains("whole cluster 152.50 W"), r.out());
  }

  /** AlignedStagger's worked examples, as the command prints them. */
  @Test
  void alignedPrintsTheReadCondition() {
    Run r = run("--nodes", "9", "--power", "40%", "--interval", "60s", "--policy", "aligned",
        "--read-window", "500ms", "--start-ms", "0", "--transition", "0s");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("dn2:9866  BLINK      6666 +22500"), r.out());
    assertTrue(r.out().contains("aligned, r = 3 with blink.ring.spacing = even on the NameNode"
        + " (replicas 3 positions apart), read window 500 ms"), r.out());
    assertTrue(r.out().contains("largest gap between replica openings 20000 ms, usable window"
        + " 22000 ms: every block readable at every phase: yes"), r.out());
    assertTrue(r.out().contains("= 0.3417; this schedule's a = 0.3750"), r.out());
    r = run("--nodes", "9", "--power", "40%", "--interval", "6s", "--policy", "aligned",
        "--read-window", "500ms", "--start-ms", "0", "--transition", "0s");
    assertTrue(r.out().contains("unreadable 12.50% of the interval; a read at a random phase"
        + " waits 15.6 ms on average (least any equal-window schedule reaches: 15.6 ms)"), r.out());
    r = run("--nodes", "9", "--power", "20%", "--interval", "60s", "--policy", "aligned",
        "--replication", "6", "--read-window", "500ms", "--start-ms", "0", "--transition", "0s");
    assertTrue(r.out().contains("(replicas 1 or 2 positions apart)"), r.out());
    assertTrue(r.out().contains("waits 367.4 ms on average (least any equal-window schedule"
        + " reaches: 12.5 ms)"), r.out());
    r = run("--nodes", "9", "--power", "40%", "--policy", "aligned", "--replication", "10");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--replication"), r.err());
    // Other policies print no aligned condition.
    r = run("--nodes", "9", "--power", "40%", "--policy", "staggered-circular", "--start-ms", "0");
    assertFalse(r.out().contains("aligned, r ="), r.out());
  }

  /**
   * 10 nodes at 40% (a = (0.4·250 − 10)/240 = 0.375, windows of 22 500 ms at 60 s): groups
   * {0, 3, 6, 9}, {1, 4, 7}, {2, 5, 8} open at 0, 20 000 and 40 000 ms; D = 20 000 ms against
   * 22 000 usable. At 6 s: 3 gaps of 2 000 ms against 1 750 usable wait 3·250²/12 000 = 15.6 ms.
   */
  @Test
  void phaseGroupsPrintTheReadConditionOnAnyRing() {
    Run r = run("--nodes", "10", "--power", "40%", "--interval", "60s", "--policy",
        "phase-groups", "--read-window", "500ms", "--start-ms", "0", "--transition", "0s");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("dn5:9866   BLINK      20000 +22500"), r.out());
    assertTrue(r.out().contains("dn10:9866  BLINK      0 +22500"), r.out());
    assertTrue(r.out().contains("phase-groups, r = 3 with blink.ring.spacing = groups and"
        + " blink.phase.groups = 3 on the NameNode (10 nodes in 3 groups of 3 or 4), read window"
        + " 500 ms"), r.out());
    assertTrue(r.out().contains("largest gap between replica openings 20000 ms, usable window"
        + " 22000 ms: every block readable at every phase: yes"), r.out());
    r = run("--nodes", "10", "--power", "40%", "--interval", "6s", "--policy", "phase-groups",
        "--phase-groups", "3", "--read-window", "500ms", "--start-ms", "0", "--transition",
        "0s");
    assertTrue(r.out().contains("unreadable 12.50% of the interval; a read at a random phase"
        + " waits 15.6 ms on average (least any equal-window schedule reaches: 15.6 ms)"), r.out());
    // G = 2: nodes 1, 3, 5, ... open at 30 000 ms.
    r = run("--nodes", "10", "--power", "40%", "--policy", "phase-groups", "--phase-groups", "2",
        "--start-ms", "0", "--transition", "0s", "--replication", "2");
    assertTrue(r.out().contains("dn2:9866   BLINK      30000 +22500"), r.out());
    assertTrue(r.out().contains("blink.phase.groups = 2 on the NameNode (10 nodes in 2 groups"
        + " of 5)"), r.out());
    assertUsage(run("--power", "40%", "--policy", "phase-groups", "--phase-groups", "0"),
        "--phase-groups");
    assertUsage(run("--power", "40%", "--policy", "aligned", "--phase-groups", "3"),
        "--phase-groups applies to --policy phase-groups, not aligned");
  }

  @Test
  void theDefaultTransitionsAreTheMeasuredMeansScaledToTheInterval() {
    // 6 s, 20%: powered 1 000 ms; the measured means scaled by 6/60 plan 115 + 22 = 137 ms.
    Run r = run("--nodes", "9", "--power", "20%", "--interval", "6s", "--start-ms", "0");
    assertEquals(0, r.code(), r.err());
    Schedule s = ScheduleJson.read(r.out().substring(0, r.out().indexOf("}\n\n") + 2));
    assertEquals(863, s.entry("dn1:9866").activeMs());
    assertTrue(r.out().contains("(transitions of 137 ms included)"), r.out());
    // At 60 s unscaled: 1 367 ms of 10 000 powered.
    r = run("--nodes", "9", "--power", "20%", "--interval", "60s", "--start-ms", "0");
    assertTrue(r.out().contains("dn1:9866  BLINK      0 +8633"), r.out());
    // A 1 s minimum useful window turns the 863 ms windows OFF and says why.
    r = run("--nodes", "9", "--power", "20%", "--interval", "6s", "--start-ms", "0",
        "--min-window", "1s");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("dn1:9866  OFF"), r.out());
    assertTrue(r.out().contains("9 ring node(s) OFF rather than blinking: 1000 ms powered minus"
        + " 137 ms of transitions leaves 863 ms, below the 1000 ms minimum useful window"),
        r.out());
  }

  @Test
  void jsonFormatPrintsOnlyTheSchedule() {
    Run r = run("--nodes", "3", "--power", "100W", "--format", "json", "--start-ms", "0",
        "--lease", "2m", "--staging", "1");
    assertEquals(0, r.code(), r.err());
    Schedule s = ScheduleJson.read(r.out());
    assertEquals(120_000, s.validUntilMs().getAsLong());
    assertEquals(1, s.stagingNodes().size());
  }

  @Test
  void powerAbove100PercentIsRefused() {
    Run r = run("--nodes", "9", "--power", "150%");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--power 150% is outside 0..100%"), r.err());
    assertTrue(r.err().contains("--power"), r.err());
  }

  @Test
  void badArgumentsNameTheArgumentAndRange() {
    assertUsage(run("--nodes", "0", "--power", "50%"),
        "--nodes '0' must be a whole number in 1..10000");
    assertUsage(run("--power", "50%", "--interval", "60"), "--interval '60' has no unit");
    assertUsage(run("--power", "50%", "--interval", "500ms"), "between 1s and 86400s");
    assertUsage(run("--power", "50%", "--policy", "zigzag"),
        "--policy 'zigzag' is not a blink policy");
    assertUsage(run("--power", "50%", "--sleep-watts", "30"), "sleepWatts (30.0) must be below");
    assertUsage(run("--power", "50%", "--bogus", "1"), "unknown flag --bogus");
    assertUsage(run("--nodes", "9"), "--power is required");
    assertUsage(run("--nodes", "2", "--power", "50%", "--popularity", "1"), "--popularity has 1");
    assertUsage(run("--node-names", "a:1,b", "--power", "50%"), "'b' is not host:port");
  }

  @Test
  void belowMinimumExitsOneWithTheShortfall() {
    Run r = run("--nodes", "9", "--power", "41W");
    assertEquals(1, r.code());
    assertTrue(r.err().contains("short by 8.00 W"), r.err());
  }

  @Test
  void helpExitsZero() {
    for (String help : new String[] {"--help", "-help", "-h"}) {
      Run r = run(help);
      assertEquals(0, r.code(), help);
      // The manual page: NAME ... OPTIONS holds the usage text, then EXIT STATUS.
      assertTrue(r.out().startsWith("NAME\n    blink schedule - plan one schedule epoch"),
          help + ": " + r.out());
      assertTrue(r.out().contains("\nOPTIONS\n    usage: bin/blink schedule")
          && r.out().contains("\nEXIT STATUS\n    0 ") && r.out().contains("\nEXAMPLES\n"),
          help + ": " + r.out());
      assertEquals("", r.err(), help);
    }
    Run late = run("--nodes", "3", "-help");
    assertEquals(0, late.code());
    assertTrue(late.out().startsWith("NAME\n    blink schedule - "), late.out());
  }

  @Test
  void anUnknownFlagExitsTwoWithTheUsageOnStderr() {
    Run r = run("--power", "50%", "--frobnicate", "1");
    assertEquals(2, r.code());
    assertEquals("", r.out());
    assertTrue(r.err().startsWith(
        "blink schedule: unknown flag --frobnicate; known flags: --nodes"),
        r.err());
    assertTrue(r.err().contains("usage: bin/blink schedule --power"), r.err());
  }

  private static void assertUsage(Run r, String fragment) {
    assertEquals(2, r.code(), r.out());
    assertTrue(r.err().contains(fragment), r.err());
  }
}
