package org.blinkhdfs.layout.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.blinkhdfs.layout.LayoutModel;
import org.blinkhdfs.layout.StandInDemand;
import org.blinkhdfs.layout.StandInDemand.Holder;
import org.blinkhdfs.layout.Substitutes;
import org.blinkhdfs.layout.catalog.LayoutCatalog;
import org.blinkhdfs.layout.ring.RingLayout;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.blinkhdfs.model.policy.AlignedPolicy;
import org.blinkhdfs.model.policy.BlinkPolicy;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * The NameNode's side of phase groups: {@code blink.ring.spacing = groups} with {@code
 * blink.phase.groups} builds the layout with the policy's G, a schedule of another policy or G is
 * named, and a missing replica may go to any member of its group. Ring of 10, G = 3: groups
 * {0, 3, 6, 9}, {1, 4, 7}, {2, 5, 8}, opening at 0, 20 000 and 40 000 ms of 60 s.
 */
class PhaseGroupWiringTest {

  private static Schedule plan(BlinkPolicy policy, int n, double percent) {
    List<String> ring = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      ring.add("dn" + i + ":9866");
    }
    PowerModel model = PowerModel.builder().nodeCount(n).activeWatts(25).sleepWatts(1)
        .overheadWatts(0).transitionMs(0).build();
    return policy.plan(PolicyRequest.builder().ring(ring).model(model)
        .level(new PowerLevel.Percent(percent)).intervalMs(60_000).build()).schedule()
        .orElseThrow();
  }

  private static LayoutModel groupsLayout(Map<String, String> keys, Schedule s) {
    Map<String, String> all = new HashMap<>(keys);
    all.put(RingSpacing.KEY, "groups");
    return LayoutCatalog.byName(LayoutCatalog.POWER_BALANCED, all::get).apply(s);
  }

  @Test
  void theSpacingKeyBuildsTheLayoutWithTheSchedulersG() {
    assertEquals(RingSpacing.GROUPS, RingSpacing.parse(" Groups "));
    Schedule ten = plan(new PhaseGroupsPolicy(3), 10, 40);
    LayoutModel byDefault = groupsLayout(Map.of(), ten);
    assertInstanceOf(PhaseGroupLayoutModel.class, byDefault);
    assertEquals("phase-groups (G = 3)", byDefault.name());
    // The effective G on a ring of N is min(G, N), the policy's own.
    for (int n = 1; n <= 9; n++) {
      for (int g = 1; g <= 8; g++) {
        PhaseGroupLayoutModel m = (PhaseGroupLayoutModel) groupsLayout(
            Map.of("blink.phase.groups", Integer.toString(g)), plan(new PhaseGroupsPolicy(g), n,
                60));
        assertEquals(new PhaseGroupsPolicy(g).effectiveGroups(n), m.groups().groupCount(),
            "N " + n + ", G " + g);
      }
    }
  }

  @Test
  void aBadGroupCountIsNamedAndTheRingRefusesGroups() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LayoutCatalog.powerBalanced(Map.of(RingSpacing.KEY, "groups",
            "blink.phase.groups", "0")::get));
    assertEquals("blink.phase.groups = '0' is invalid: give a whole number of phase groups in"
        + " 1..2147483647 (default 3)", e.getMessage());
    // Other spacings do not read the key.
    LayoutCatalog.powerBalanced(Map.of(RingSpacing.KEY, "even", "blink.phase.groups", "x")::get);
    e = assertThrows(IllegalArgumentException.class, () -> RingSpacing.parse("thirds"));
    assertEquals("blink.ring.spacing = 'thirds' is not a ring spacing: use groups (the default,"
        + " with the scheduler policy phase-groups and the same blink.phase.groups), bisection"
        + " (BlinkFS as printed, with staggered) or even (with the scheduler policy aligned)",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new RingLayout(9, RingSpacing.GROUPS));
    assertTrue(e.getMessage().startsWith("blink.ring.spacing = groups is the phase-group"
        + " layout"), e.getMessage());
  }

  @Test
  void aScheduleOfAnotherPolicyOrGroupCountIsNamed() {
    Schedule groups3 = plan(new PhaseGroupsPolicy(3), 10, 40);
    LayoutModel layout = groupsLayout(Map.of(), groups3);
    assertEquals(Optional.empty(), layout.scheduleMismatch(groups3));
    // All awake: no phase to compare.
    assertEquals(Optional.empty(), layout.scheduleMismatch(plan(new AlignedPolicy(), 10, 100)));
    // aligned opens node 1 at 60 000 / 10 = 6 000 ms; its group opens at 20 000 ms.
    assertEquals(Optional.of("ring node dn1:9866 (position 1, phase group 1 of 3) opens at 6000"
        + " ms of the 60000 ms interval, but the phase-group layout (blink.ring.spacing ="
        + " groups, blink.phase.groups = 3) needs its group open at 20000 ms: run the scheduler"
        + " with blink.scheduler.policy = phase-groups and blink.phase.groups = 3, or set"
        + " blink.ring.spacing to the layout of the scheduler's policy"),
        layout.scheduleMismatch(plan(new AlignedPolicy(), 10, 40)));
    // G = 2 on the scheduler opens node 1 at 30 000 ms.
    assertTrue(layout.scheduleMismatch(plan(new PhaseGroupsPolicy(2), 10, 40)).orElseThrow()
        .startsWith("ring node dn1:9866 (position 1, phase group 1 of 3) opens at 30000 ms"));
    // G = 12 on both sides of a ring of 10: 10 groups on each, the same schedule.
    Schedule g12 = plan(new PhaseGroupsPolicy(12), 10, 40);
    assertEquals(Optional.empty(),
        groupsLayout(Map.of("blink.phase.groups", "12"), g12).scheduleMismatch(g12));
  }

  @Test
  void substitutesAreTheOtherMembersOfTheGroup() {
    PhaseGroupLayoutModel m = new PhaseGroupLayoutModel(10, 3);
    assertEquals(List.of(7, 1), m.substitutes(4));
    assertEquals(List.of(0, 3, 6), m.substitutes(9));
    assertEquals(List.of(8, 2), m.substitutes(5));
    assertEquals(List.of(), new PhaseGroupLayoutModel(3, 3).substitutes(2));
    // The ring's positions are exact.
    assertEquals(List.of(), LayoutCatalog.powerBalanced(Map.of(RingSpacing.KEY, "bisection")::get)
        .apply(plan(
        new AlignedPolicy(), 10, 40)).substitutes(4));
  }

  /**
   * Held {0, 4}: the block lost its group-2 replica. The check suggests member (0 + 4) mod 3 = 1
   * of group 2, node 5; with 5 dead the demand takes its first live substitute, 8, and with 8
   * dead too, 2.
   */
  @Test
  void aLostReplicaHealsOnAnyLiveMemberOfItsGroup() {
    PhaseGroupLayoutModel m = new PhaseGroupLayoutModel(10, 3);
    List<Holder> holders = List.of(new Holder("dn0", 0, "r"), new Holder("dn4", 4, "r"));
    assertEquals(List.of(5), m.check(List.of(0, 4), 3).missing());
    StandInDemand all = StandInDemand.of(m, holders, 3, 1,
        StandInDemand.Ring.of(p -> true, p -> "r", p -> true));
    assertEquals(List.of(5), all.positions());
    StandInDemand fiveDead = StandInDemand.of(m, holders, 3, 1,
        StandInDemand.Ring.of(p -> p != 5, p -> "r", p -> true));
    assertEquals(List.of(8), fiveDead.positions());
    assertNull(fiveDead.replaces(8));
    assertEquals(List.of(2), StandInDemand.of(m, holders, 3, 1,
        StandInDemand.Ring.of(p -> p != 5 && p != 8, p -> "r", p -> true)).positions());
    assertEquals(List.of(), StandInDemand.of(m, holders, 3, 1,
        StandInDemand.Ring.of(p -> p % 3 != 2, p -> "r", p -> true)).positions());
    // Once the copy is on 8, the check finds the block perfect: one replica per group.
    assertTrue(m.check(List.of(0, 4, 8), 3).isPerfect());
  }

  /** A stand-in in group 0 gives way to a live member of group 2 when the suggested one is dead. */
  @Test
  void aStandInGivesWayToASubstitute() {
    PhaseGroupLayoutModel m = new PhaseGroupLayoutModel(10, 3);
    List<Holder> holders = List.of(new Holder("dn0", 0, "r"), new Holder("dn4", 4, "r"),
        new Holder("staging", -1, "r"));
    StandInDemand d = StandInDemand.of(m, holders, 3, 1,
        StandInDemand.Ring.of(p -> p != 5, p -> "r", p -> true));
    assertEquals(List.of(8), d.positions());
    assertEquals("staging", d.replaces(8).node());
  }

  @Test
  void usableSubstitutesAreDrawnEvenlyFromTheGroup() {
    PhaseGroupLayoutModel m = new PhaseGroupLayoutModel(10, 3);
    // Position 9 (group 0) missing: 0 held, 3 asleep: only 6 is left.
    assertEquals(List.of(6), Substitutes.usable(m, 9, p -> p != 3, Set.of(0, 4, 8),
        new Random(1)));
    assertEquals(List.of(), Substitutes.usable(m, 9, p -> false, Set.of(), new Random(1)));
    // Over seeds, each of the three substitutes of 9 comes first about a third of the time.
    int[] first = new int[10];
    for (int seed = 0; seed < 3000; seed++) {
      List<Integer> order = Substitutes.usable(m, 9, p -> true, Set.of(), new Random(seed));
      assertEquals(Set.of(0, 3, 6), Set.copyOf(order));
      first[order.get(0)]++;
    }
    for (int p : new int[] {0, 3, 6}) {
      assertTrue(first[p] > 900 && first[p] < 1100, "first " + p + ": " + first[p]);
    }
  }
}
