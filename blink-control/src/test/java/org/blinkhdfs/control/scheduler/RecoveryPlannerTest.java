package org.blinkhdfs.control.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.RecoveryWake;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * {@link RecoveryPlanner} on the class comment's ring n1..n8 with a table standing in for the
 * layout (the equal-work answers for p = 2, g = 2, r = 2; rabbit-placement's
 * EqualWorkRecoveryTest derives them from the layout itself).
 */
class RecoveryPlannerTest {
  static final List<String> RING = List.of("n1:1", "n2:1", "n3:1", "n4:1", "n5:1", "n6:1",
      "n7:1", "n8:1");

  /** The layout's answers, keyed by "failed@prefix"; anything else wakes nothing. */
  static final RecoveryWake TABLE = new RecoveryWake() {
    final Map<String, List<String>> answers = Map.of(
        "n1:1@2", List.of("n3:1", "n5:1", "n7:1"),
        "n1:1@4", List.of("n5:1", "n7:1"),
        "n2:1@2", List.of("n4:1", "n6:1", "n8:1"),
        "n1:1@0", List.of("n3:1", "n5:1", "n7:1"));

    @Override
    public List<String> nodesToWake(String failedNode, int activePrefix) {
      return answers.getOrDefault(failedNode + "@" + activePrefix, List.of());
    }

    @Override
    public String describe() {
      return "table";
    }
  };

  /** The first {@code active} ring nodes ACTIVE, the rest OFF, plus a staging node. */
  static Schedule activation(int active) {
    Schedule.Builder b = Schedule.builder().epoch(7).intervalStartMs(60_000).intervalMs(60_000)
        .validUntilMs(240_000);
    for (int i = 0; i < RING.size(); i++) {
      b.add(NodeSchedule.of(RING.get(i), i < active ? NodeMode.ACTIVE : NodeMode.OFF));
    }
    return b.add(NodeSchedule.staging("st:1")).build();
  }

  static List<String> active(Schedule s) {
    List<String> out = new ArrayList<>();
    s.nodes().stream().filter(n -> !n.isStaging() && n.mode() == NodeMode.ACTIVE)
        .forEach(n -> out.add(n.node()));
    return out;
  }

  @Test
  void aFailedPrimaryWakesExactlyItsRecoveryGroupBeyondTheGear() {
    RecoveryPlanner.Result r = RecoveryPlanner.apply(activation(2), Set.of("n1:1"), TABLE);
    assertEquals(List.of("n1:1", "n2:1", "n3:1", "n5:1", "n7:1"), active(r.schedule()));
    assertEquals(Map.of("n1:1", List.of("n3:1", "n5:1", "n7:1")), r.woken());
    assertEquals(7, r.schedule().epoch());
    assertEquals(240_000, r.schedule().validUntilMs().getAsLong());
    assertEquals(List.of("st:1"), r.schedule().stagingNodes());

    r = RecoveryPlanner.apply(activation(4), Set.of("n1:1"), TABLE);
    assertEquals(List.of("n1:1", "n2:1", "n3:1", "n4:1", "n5:1", "n7:1"), active(r.schedule()));
    assertEquals(Map.of("n1:1", List.of("n5:1", "n7:1")), r.woken());
  }

  @Test
  void aSecondaryFailureOrNoFailureChangesNothing() {
    Schedule plan = activation(2);
    assertSame(plan, RecoveryPlanner.apply(plan, Set.of("n3:1"), TABLE).schedule());
    assertSame(plan, RecoveryPlanner.apply(plan, Set.of(), TABLE).schedule());
    assertTrue(RecoveryPlanner.apply(plan, Set.of("n3:1"), TABLE).woken().isEmpty());
  }

  @Test
  void twoFailedPrimariesWakeBothGroupsAndAnOffPrimaryAsksForNothing() {
    RecoveryPlanner.Result r = RecoveryPlanner.apply(activation(2), Set.of("n1:1", "n2:1"),
        TABLE);
    assertEquals(RING, active(r.schedule()));
    assertEquals(Set.of("n3:1", "n5:1", "n7:1", "n4:1", "n6:1", "n8:1"), r.wokenNodes());
    // activation(0): n1 is OFF by the plan, so its failure wakes nobody.
    assertTrue(RecoveryPlanner.apply(activation(0), Set.of("n1:1"), TABLE).woken().isEmpty());
  }

  @Test
  void aBlinkingPlanHasPrefixZeroAndItsNodesBecomeActive() {
    Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(8_000);
    for (int i = 0; i < RING.size(); i++) {
      b.add(NodeSchedule.blink(RING.get(i), i * 1_000L, 1_000));
    }
    Schedule plan = b.build();
    assertEquals(0, RecoveryPlanner.activePrefix(plan));
    RecoveryPlanner.Result r = RecoveryPlanner.apply(plan, Set.of("n1:1"), TABLE);
    assertEquals(List.of("n3:1", "n5:1", "n7:1"), active(r.schedule()));
    assertEquals(NodeMode.BLINK, r.schedule().entry("n1:1").mode());
    assertEquals(5_000, r.schedule().entry("n6:1").activeOffsetMs(), "untouched");
  }

  @Test
  void aLayoutNamingAStrangerIsAnError() {
    RecoveryWake wrong = new RecoveryWake() {
      @Override
      public List<String> nodesToWake(String failedNode, int activePrefix) {
        return List.of("x9:1");
      }

      @Override
      public String describe() {
        return "wrong ring";
      }
    };
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> RecoveryPlanner.apply(activation(2), Set.of("n1:1"), wrong));
    assertTrue(e.getMessage().contains("names x9:1 for failed node n1:1"), e.getMessage());
  }
}
