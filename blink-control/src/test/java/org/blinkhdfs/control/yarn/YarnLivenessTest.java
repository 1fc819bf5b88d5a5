package org.blinkhdfs.control.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.blinkhdfs.control.yarn.YarnLiveness.Finding;
import org.blinkhdfs.control.yarn.YarnLiveness.Verdict;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

class YarnLivenessTest {
  @Test
  void longestBlinkSleepIgnoresOffAndEmptyWindows() {
    Schedule s = Schedule.builder().intervalMs(60_000).add(NodeSchedule.blink("a:1", 0, 15_000))
        .add(NodeSchedule.blink("b:1", 15_000, 30_000)).add(NodeSchedule.blink("c:1", 0, 0))
        .add(NodeSchedule.of("d:1", NodeMode.OFF)).add(NodeSchedule.of("e:1", NodeMode.ACTIVE))
        .build();
    assertEquals(45_000, YarnLiveness.longestBlinkSleepMs(s));
    Schedule none = Schedule.builder().intervalMs(60_000)
        .add(NodeSchedule.of("d:1", NodeMode.OFF)).build();
    assertEquals(0, YarnLiveness.longestBlinkSleepMs(none));
  }

  @Test
  void defaultsAreSafeForAMinuteInterval() {
    List<Finding> f = YarnLiveness.check(k -> null, 45_000);
    assertEquals(8, f.size());
    assertTrue(YarnLiveness.problems(f).isEmpty(), f.toString());
    assertEquals(600_000, f.get(0).valueMs());
    assertEquals(900_000, f.get(1).valueMs());
  }

  @Test
  void workedExampleRiskyAndLost() {
    Map<String, String> conf = Map.of("mapreduce.task.timeout", "60000",
        "yarn.client.nodemanager-connect.max-wait-ms", "30000");
    List<Finding> p = YarnLiveness.problems(YarnLiveness.check(conf::get, 45_000));
    assertEquals(2, p.size());
    assertEquals(Verdict.RISKY, p.get(0).verdict());
    assertEquals("mapreduce.task.timeout = 60000 ms is less than twice the longest blink sleep"
        + " of 45000 ms: the MapReduce ApplicationMaster kills a task on the sleeping node for"
        + " reporting no progress. Fix: set mapreduce.task.timeout to at least 90000 ms (twice"
        + " the sleep) in yarn-site.xml/mapred-site.xml, or shorten blink.interval.ms",
        p.get(0).message());
    assertEquals(Verdict.LOST, p.get(1).verdict());
    assertEquals("yarn.client.nodemanager-connect.max-wait-ms", p.get(1).timeout().key());
  }

  @Test
  void boundariesAndSpecialValues() {
    YarnLiveness.Timeout task = YarnLiveness.TIMEOUTS.get(2);
    YarnLiveness.Timeout nm = YarnLiveness.TIMEOUTS.get(0);
    assertEquals(Verdict.LOST, YarnLiveness.judge(nm, "45000", 45_000).verdict());
    assertEquals(Verdict.RISKY, YarnLiveness.judge(nm, "45001", 45_000).verdict());
    assertEquals(Verdict.RISKY, YarnLiveness.judge(nm, "89999", 45_000).verdict());
    assertEquals(Verdict.SAFE, YarnLiveness.judge(nm, "90000", 45_000).verdict());
    assertEquals(Verdict.SAFE, YarnLiveness.judge(task, "0", 45_000).verdict()); // disabled
    assertEquals(Verdict.LOST, YarnLiveness.judge(nm, "0", 45_000).verdict());
    assertEquals(Verdict.SAFE, YarnLiveness.judge(nm, "1", 0).verdict()); // nothing blinks
    Finding bad = YarnLiveness.judge(nm, "10m", 45_000);
    assertEquals(Verdict.LOST, bad.verdict());
    assertEquals("yarn.nm.liveness-monitor.expiry-interval-ms = '10m' is not a whole number of"
        + " ms: YARN cannot read it either; give e.g. 600000", bad.message());
  }

  /** Over seeds: the verdict is a monotone function of value / sleep with cuts at 1 and 2. */
  @Test
  void verdictIsMonotoneInTheTimeout() {
    YarnLiveness.Timeout nm = YarnLiveness.TIMEOUTS.get(0);
    for (long seed = 0; seed < 500; seed++) {
      Random r = new Random(seed);
      long sleep = 1 + r.nextInt(1_000_000);
      long value = 1 + r.nextInt(3_000_000);
      Verdict v = YarnLiveness.judge(nm, Long.toString(value), sleep).verdict();
      Verdict expected = value <= sleep ? Verdict.LOST
          : value < 2 * sleep ? Verdict.RISKY : Verdict.SAFE;
      assertEquals(expected, v, "seed " + seed);
      Verdict longer = YarnLiveness.judge(nm, Long.toString(value + 1), sleep).verdict();
      assertTrue(longer.ordinal() <= v.ordinal(), "seed " + seed);
    }
  }
}
