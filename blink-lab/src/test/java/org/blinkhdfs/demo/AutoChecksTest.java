package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;
import org.blinkhdfs.bench.report.Check;
import org.blinkhdfs.cluster.AutoState;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * Per-level checks of {@code phase-groups+auto} on 6 ring nodes in G = 3 groups (positions 2
 * and 5, n3 and n6, are group 2, the covering set auto keeps on first) and a staging node s,
 * 6 s interval: the ring check under blinking, the covering check under activation and hybrid.
 */
class AutoChecksTest {
  private static final String ACT = "activation 2 on + 4 off";

  private static Schedule schedule(IntFunction<NodeSchedule> node) {
    Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(6_000);
    for (int i = 0; i < 6; i++) {
      b.add(node.apply(i));
    }
    return b.add(NodeSchedule.staging("s:1")).build();
  }

  private static String n(int i) {
    return "n" + (i + 1) + ":1";
  }

  /** Group 2 (n3, n6) ACTIVE, the rest OFF (or blinking {@code window} ms with hybrid). */
  private static Schedule activeGroup2(long window) {
    return schedule(i -> i % 3 == 2 ? NodeSchedule.of(n(i), NodeMode.ACTIVE) : window == 0
        ? NodeSchedule.of(n(i), NodeMode.OFF) : NodeSchedule.blink(n(i), 2_000 * (i % 3),
        window));
  }

  private static Schedule blinking(long window) {
    return schedule(i -> NodeSchedule.blink(n(i), 2_000 * (i % 3), window));
  }

  private static AutoState chose(String choice) {
    return new AutoState(choice, choice.split(" ")[0], choice.startsWith("blinking") ? 0 : 2,
        choice, true, 0, choice + ": why", "");
  }

  private static final Map<String, Long> BEFORE = Map.of("n1:1", 5L, "n2:1", 5L, "n3:1", 5L,
      "n4:1", 5L, "n5:1", 5L, "n6:1", 5L);
  /** One block per group start, one replica per group. */
  private static final List<List<String>> HOLDERS = List.of(List.of("n1:1", "n2:1", "n3:1"),
      List.of("n4:1", "n5:1", "n6:1"), List.of("n2:1", "n6:1", "n4:1"));

  @Test
  void underBlinkingEveryRingNodeMustSleepDuringTheLevel() {
    Schedule s = blinking(2_400); // 40%: closed 3 600 ms of 6 000
    Map<String, Long> after = Map.of("n1:1", 9L, "n2:1", 8L, "n3:1", 7L, "n4:1", 9L,
        "n5:1", 9L, "n6:1", 5L);
    List<Check> c = AutoChecks.level("phase-groups+auto", 40, chose("blinking 6 nodes"), s, s,
        BEFORE, after, HOLDERS);
    assertEquals(1, c.size(), "no covering check when every node blinks");
    assertEquals("every ring node frozen and thawed (phase-groups+auto at 40%, auto chose"
        + " blinking 6 nodes)", c.get(0).name());
    assertFalse(c.get(0).passed());
    assertTrue(c.get(0).detail().endsWith("never slept: [n6:1]"), c.get(0).detail());
  }

  @Test
  void underActivationTheOffNodesSleepAndEveryBlockHasAnActiveReplica() {
    Schedule s = activeGroup2(0);
    Map<String, Long> after = Map.of("n1:1", 6L, "n2:1", 6L, "n3:1", 5L, "n4:1", 7L,
        "n5:1", 6L, "n6:1", 5L);
    List<Check> c = AutoChecks.level("phase-groups+auto", 40, chose(ACT), s, s, BEFORE, after,
        HOLDERS);
    assertEquals(2, c.size());
    assertEquals("every ring node kept out of ACTIVE frozen and thawed (phase-groups+auto at"
        + " 40%, auto chose " + ACT + ")", c.get(0).name());
    assertTrue(c.get(0).passed(), c.get(0).detail());
    assertTrue(c.get(0).detail().contains("of the 4 ring nodes"), c.get(0).detail());
    assertTrue(c.get(1).passed(), c.get(1).detail());
    assertEquals("3 blocks written at 100%; without an ACTIVE replica: 0 at the level's start"
        + " (3 nodes serving throughout), 0 at its end (3)", c.get(1).detail());
    // A block of 2 replicas (a lower replication than the groups) misses group 2.
    List<List<String>> short2 = List.of(List.of("n1:1", "n2:1"),
        List.of("n4:1", "n5:1", "n6:1"));
    Check cover = AutoChecks.level("x", 40, chose(ACT), s, s, BEFORE, after, short2).get(1);
    assertFalse(cover.passed());
    assertTrue(cover.detail().contains("without an ACTIVE replica: 1 at the level's start"),
        cover.detail());
  }

  @Test
  void hybridNodesOpenNearlyAllIntervalAreNotExpectedToSleep() {
    // Hybrid: n3, n6 ACTIVE; the rest open 5 500 ms of 6 000, closed 500 ms < 1 000.
    Schedule hybrid = activeGroup2(5_500);
    assertEquals(Set.of(), AutoChecks.expectedSleepers(hybrid));
    assertEquals(Set.of("n1:1", "n2:1", "n4:1", "n5:1"), AutoChecks.expectedSleepers(
        activeGroup2(3_000)));
    assertEquals(Set.of("n1:1", "n2:1", "n3:1", "n4:1", "n5:1", "n6:1"),
        AutoChecks.expectedSleepers(blinking(5_000)));
    // A level that switched from activation to blinking: only the nodes out of ACTIVE in both
    // schedules must have slept (n3 and n6 were ACTIVE at the start).
    Map<String, Long> after = Map.of("n1:1", 6L, "n2:1", 6L, "n3:1", 5L, "n4:1", 6L,
        "n5:1", 6L, "n6:1", 5L);
    Check c = AutoChecks.level("x", 40, chose(ACT), activeGroup2(0), blinking(2_400), BEFORE,
        after, HOLDERS).get(0);
    assertTrue(c.passed(), c.detail());
    // Blinking at the end keeps no node ACTIVE: only the start is held to the covering set.
    Check cover = AutoChecks.level("x", 40, chose(ACT), activeGroup2(0), blinking(2_400),
        BEFORE, after, HOLDERS).get(1);
    assertTrue(cover.passed(), cover.detail());
    assertTrue(cover.detail().endsWith("none ACTIVE at its end (every ring node blinking, not"
        + " checked)"), cover.detail());
    Check uncovered = AutoChecks.level("x", 40, chose(ACT), activeGroup2(0), blinking(2_400),
        BEFORE, after, List.of(List.of("n1:1", "n2:1"))).get(1);
    assertFalse(uncovered.passed(), uncovered.detail());
  }

  @Test
  void atFullPowerOrWithoutAgentCountsOnlyTheCoveringCheckApplies() {
    Schedule s = activeGroup2(0);
    assertEquals(1, AutoChecks.level("x", 100, chose(ACT), s, s, BEFORE, BEFORE, HOLDERS)
        .size());
    assertEquals(1, AutoChecks.level("x", 40, chose(ACT), s, s, Map.of(), Map.of(), HOLDERS)
        .size());
    assertEquals(0, AutoChecks.level("x", 40, chose(ACT), s, s, Map.of(), Map.of(), List.of())
        .size());
    assertEquals(Optional.of("s:1"), AutoChecks.serving(s).stream().filter("s:1"::equals)
        .findFirst());
  }
}
