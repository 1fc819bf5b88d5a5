package org.blinkhdfs.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * {@link GroupMembership}: the worked examples by hand (N = 9 → 10 → 9, G = 3) and the movement
 * bound of issue 40 over random sequences of adds and removals.
 */
class GroupMembershipTest {
  private static final List<String> NINE = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i");

  /** Today's groups: i mod G, and the ring order gives the ring back. */
  @Test
  void fromRingIsTodaysGroups() {
    GroupMembership m = GroupMembership.fromRing(NINE, 3);
    assertEquals(List.of("a", "d", "g"), m.members(0));
    assertEquals(List.of("b", "e", "h"), m.members(1));
    assertEquals(List.of("c", "f", "i"), m.members(2));
    assertEquals(NINE, m.ring());
    assertEquals(1.0, m.capacityFraction());
    assertEquals(20_000, m.phaseMs("e", 60_000));
    PhaseGroups g = m.phaseGroups();
    for (int p = 0; p < 9; p++) {
      assertEquals(new PhaseGroups(9, 3).groupOf(p), g.groupOf(p));
    }
  }

  /**
   * 9 → 10: j joins group 0 (all of size 3, lowest index); its share is 1/4 of group 0's blocks,
   * (1/3)·(1/4) = 1/12 of all replicas, under the minimum 1/10; the ring is today's ring plus j.
   * 10 → 9: removing j moves 1/12 back. Removing a from the 9 instead: group 0 keeps d, g;
   * (1/3)·(1/3) = 1/9 = 1/N, and every other node keeps its group.
   */
  @Test
  void nineToTenToNineByHand() {
    GroupMembership nine = GroupMembership.fromRing(NINE, 3);
    GroupMembership ten = nine.add("j");
    assertEquals(List.of("a", "d", "g", "j"), ten.members(0));
    assertEquals(List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j"), ten.ring());
    assertEquals(1.0 / 12, GroupMembership.movedFraction(nine, ten), 1e-15);
    assertEquals(1, ten.version());
    GroupMembership back = ten.remove("j");
    assertEquals(nine.ring(), back.ring());
    assertEquals(1.0 / 12, GroupMembership.movedFraction(ten, back), 1e-15);
    GroupMembership eight = nine.remove("a");
    assertEquals(List.of("d", "g"), eight.members(0));
    assertEquals(1.0 / 9, GroupMembership.movedFraction(nine, eight), 1e-15);
    for (String node : List.of("b", "c", "d", "e", "f", "g", "h", "i")) {
      assertEquals(nine.groupOf(node), eight.groupOf(node));
    }
    // Group 0 has 2 of 8: capacity 3·2/8 = 0.75; the next add joins group 0 again.
    assertEquals(0.75, eight.capacityFraction(), 1e-15);
    assertEquals(0, eight.add("k").groupOf("k"));
    assertEquals(1.0 / 9, GroupMembership.movedFraction(eight, eight.add("k")), 1e-15);
  }

  /** Replace keeps the group and place; it moves the old node's share, 1/(G·s). */
  @Test
  void replaceKeepsTheGroup() {
    GroupMembership nine = GroupMembership.fromRing(NINE, 3);
    GroupMembership swapped = nine.replace("e", "e2");
    assertEquals(List.of("b", "e2", "h"), swapped.members(1));
    assertEquals(1.0 / 9, GroupMembership.movedFraction(nine, swapped), 1e-15);
    assertFalse(swapped.contains("e"));
  }

  /**
   * Removing a group's last member takes the last-joined member of the largest group into it:
   * groups [a] [b e h] [c f i] without a: h moves to group 0. Moved: group 0 gets h, its whole
   * share 1/1; group 1 goes from 3 to 2, each of b, e gets 1/2 − 1/3: (1 + 1/3)/3 = 4/9.
   */
  @Test
  void lastMemberOfAGroupIsRefilled() {
    GroupMembership m = new GroupMembership(3, List.of(List.of("a"), List.of("b", "e", "h"),
        List.of("c", "f", "i")), 7);
    GroupMembership after = m.remove("a");
    assertEquals(List.of("h"), after.members(0));
    assertEquals(List.of("b", "e"), after.members(1));
    assertEquals(4.0 / 9, GroupMembership.movedFraction(m, after), 1e-15);
    assertEquals(8, after.version());
  }

  /** Below G nodes each node is its own group, as PhaseGroupsPolicy.effectiveGroups. */
  @Test
  void smallRingsFollowTheEffectiveGroups() {
    GroupMembership two = GroupMembership.fromRing(List.of("a", "b"), 3);
    assertEquals(2, two.groupCount());
    GroupMembership three = two.add("c");
    assertEquals(3, three.groupCount());
    assertEquals(List.of("a", "b", "c"), three.ring());
    assertEquals(2, three.remove("b").groupCount());
    assertThrows(IllegalArgumentException.class,
        () -> GroupMembership.movedFraction(two, three));
  }

  /**
   * Rebalancing: groups 1, 4, 4 of 9 (capacity 3·1/9 = 1/3 &lt; 2/3): move the last member of
   * group 1 into group 0, costing (1/3)(1/4 + 1/2) = 1/4 of the replicas.
   */
  @Test
  void rebalanceAdviceWhenASmallGroupLimitsCapacity() {
    GroupMembership m = new GroupMembership(3, List.of(List.of("a"),
        List.of("b", "e", "h", "k"), List.of("c", "f", "i", "l")), 0);
    GroupMembership.Rebalance advice = m.rebalanceAdvice().orElseThrow();
    assertEquals("k", advice.node());
    assertEquals(1, advice.from());
    assertEquals(0, advice.to());
    assertEquals(0.25, advice.movedFraction(), 1e-15);
    assertEquals(List.of("a", "k"), advice.after().members(0));
    assertTrue(GroupMembership.fromRing(NINE, 3).rebalanceAdvice().isEmpty());
  }

  /** The codec's text round-trips, and every bad line is named with its fix. */
  @Test
  void codecRoundTripsAndNamesErrors() {
    GroupMembership m = GroupMembership.fromRing(NINE, 3).add("j").remove("e");
    String text = MembershipCodec.write(m);
    assertEquals("# blink phase-group membership\nformat=1\ngroups=3\nversion=2\n"
        + "group.0=a,d,g,j\ngroup.1=b,h\ngroup.2=c,f,i\n", text);
    assertEquals(m, MembershipCodec.read(text, "m.properties"));
    assertError("key groups is missing", "format=1\nversion=0\ngroup.0=a\n");
    assertError("format=2 is not a membership format",
        "format=2\ngroups=3\nversion=0\ngroup.0=a\n");
    assertError("groups=x is not a whole number", "format=1\ngroups=x\nversion=0\ngroup.0=a\n");
    assertError("node 'a' is in two phase groups",
        "format=1\ngroups=2\nversion=0\ngroup.0=a\ngroup.1=a\n");
    assertError("key group.2=c is not a membership key (groups must be numbered",
        "format=1\ngroups=3\nversion=0\ngroup.0=a\ngroup.2=c\n");
    assertError("1 group lines for groups=3 and 2 nodes",
        "format=1\ngroups=3\nversion=0\ngroup.0=a,b\n");
    assertError("group.0=a,,b: node name '' is blank",
        "format=1\ngroups=1\nversion=0\ngroup.0=a,,b\n");
    assertError("key version appears twice",
        "format=1\ngroups=1\nversion=0\nversion=1\ngroup.0=a\n");
  }

  /** Bad operations name the node and the fix. */
  @Test
  void badOperations() {
    GroupMembership m = GroupMembership.fromRing(NINE, 3);
    assertMessage("node 'a' is already in phase group 0", () -> m.add("a"));
    assertMessage("node 'z' is not in the membership of 9 nodes", () -> m.remove("z"));
    assertMessage("contains ' '", () -> m.add("x y"));
    assertMessage("'z' is in the ring only",
        () -> m.phaseGroups(List.of("a", "b", "c", "d", "e", "f", "g", "h", "z")));
    assertMessage("the only member",
        () -> GroupMembership.fromRing(List.of("a"), 3).remove("a"));
    assertMessage("appears twice", () -> GroupMembership.fromRing(List.of("a", "a"), 3));
  }

  /**
   * Issue 40's goal over random sequences: start from N0 in 9..200, apply 300 adds or removals
   * of a uniformly random member (N kept within 9..200 before a removal), rebalance when advised.
   * G = 3 (the default, r = 3), and G = 6 from N = 12 on: below that, six balanced groups already
   * hold a singleton (N = 10, 11: 1/(6·1) of the replicas on one node, over 1.5/N), so no
   * phase-group design meets the bound there.
   * Every add moves at most 1.5/(N + 1) and every removal at most 1.5/N of the replicas; the
   * rebalancing moves are counted and are rare.
   */
  @Test
  void movementBoundOverRandomSequences() {
    Random random = new Random(40);
    int ops = 0;
    int rebalances = 0;
    double worstAdd = 0;
    double worstRemove = 0;
    for (int run = 0; run < 200; run++) {
      int g = run % 4 == 3 ? 6 : 3;
      int least = g == 3 ? 9 : 12;
      int n0 = least + random.nextInt(201 - least);
      List<String> ring = new ArrayList<>();
      for (int i = 0; i < n0; i++) {
        ring.add("n" + i);
      }
      GroupMembership m = GroupMembership.fromRing(ring, g);
      int next = n0;
      for (int step = 0; step < 300; step++) {
        int n = m.nodeCount();
        boolean add = n <= least || (n < 200 && random.nextBoolean());
        GroupMembership after;
        if (add) {
          after = m.add("n" + next++);
          double moved = GroupMembership.movedFraction(m, after);
          worstAdd = Math.max(worstAdd, moved * (n + 1));
          assertTrue(moved <= 1.5 / (n + 1) + 1e-12, "add to " + m + ": " + moved);
        } else {
          List<String> members = m.ring();
          after = m.remove(members.get(random.nextInt(members.size())));
          double moved = GroupMembership.movedFraction(m, after);
          worstRemove = Math.max(worstRemove, moved * n);
          assertTrue(moved <= 1.5 / n + 1e-12, "remove from " + m + ": " + moved);
        }
        ops++;
        m = after;
        while (m.rebalanceAdvice().isPresent()) {
          m = m.rebalanceAdvice().get().after();
          rebalances++;
        }
        assertTrue(m.capacityFraction() >= GroupMembership.BALANCE_FLOOR - 1e-12);
      }
    }
    assertEquals(60_000, ops);
    System.out.println("worst add " + worstAdd + "/(N+1), worst remove " + worstRemove
        + "/N, rebalances " + rebalances + " of " + ops);
    // Measured with seed 40: adds at most 1.28/(N + 1), removals at most 1.5/N (from a group
    // at the floor); 424 rebalances in 60 000 operations (0.7%).
    assertTrue(worstAdd <= 1.5 && worstRemove <= 1.5, worstAdd + " " + worstRemove);
    assertTrue(rebalances < ops / 100, rebalances + " rebalances in " + ops);
  }

  /**
   * Spot checks at N = 10 000 (G = 3, groups 3334, 3333, 3333): an add joins group 1, moving
   * 1/(3·3334) = 1/10 002; removing dn5000 (index 5000, group 5000 mod 3 = 2, 3333 members)
   * moves 1/(3·3333) = 1/9 999; both under 1.5/N.
   */
  @Test
  void tenThousandNodes() {
    List<String> ring = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      ring.add("dn" + i + ":9866");
    }
    GroupMembership m = GroupMembership.fromRing(ring, 3);
    GroupMembership added = m.add("new:9866");
    assertEquals(1, added.groupOf("new:9866"));
    assertEquals(1.0 / (3 * 3334), GroupMembership.movedFraction(m, added), 1e-15);
    GroupMembership removed = m.remove("dn5000:9866");
    assertEquals(2, m.groupOf("dn5000:9866"));
    assertEquals(1.0 / 9_999, GroupMembership.movedFraction(m, removed), 1e-15);
    assertTrue(GroupMembership.movedFraction(m, removed) <= 1.5 / 10_000);
    assertTrue(GroupMembership.movedFraction(m, added) <= 1.5 / 10_001);
  }

  /**
   * After removing e from the 9 (group 1 = [b, h]), the schedule's ring b, c, d, ... renumbers
   * every node, yet the policy opens each at its own group's phase and the explicit phase
   * groups agree: d (group 0) at 0, h (group 1) at 20 000, i (group 2) at 40 000 ms.
   */
  @Test
  void policyAndPhaseGroupsAgreeByName() {
    GroupMembership m = GroupMembership.fromRing(hosts(NINE), 3).remove("e:9866");
    List<String> ring = hosts(List.of("b", "c", "d", "f", "g", "h", "i", "a"));
    PhaseGroups groups = m.phaseGroups(ring);
    assertTrue(groups.isExplicit());
    assertEquals(List.of(1, 2, 0, 2, 0, 1, 2, 0), List.of(groups.groupOf(0), groups.groupOf(1),
        groups.groupOf(2), groups.groupOf(3), groups.groupOf(4), groups.groupOf(5),
        groups.groupOf(6), groups.groupOf(7)));
    assertEquals(2, groups.groupSize(1));
    assertEquals(5, groups.member(1, 1)); // h is group 1's second position in this ring
    assertEquals(1, groups.memberIndex(5));
    assertEquals(0.5, groups.share(5, 3), 1e-15); // r/(G·|g|) = 3/(3·2)
    assertEquals(3 * 6, groups.anchorCount()); // G · lcm(3, 2, 3)
    PolicyResult planned = new PhaseGroupsPolicy(m).plan(PolicyRequest.builder().ring(ring)
        .model(PowerModel.builder().nodeCount(8).activeWatts(25).sleepWatts(1).build())
        .level(PowerLevel.parse("--power", "40%")).intervalMs(60_000).intervalStartMs(0)
        .epoch(0).build());
    Schedule schedule = planned.schedule().orElseThrow();
    for (int p = 0; p < ring.size(); p++) {
      assertEquals(groups.phaseMs(p, 60_000),
          schedule.entry(ring.get(p)).activeOffsetMs(), ring.get(p));
    }
    assertEquals(20_000, schedule.entry("h:9866").activeOffsetMs());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new PhaseGroupsPolicy(m).plan(PolicyRequest.builder().ring(hosts(List.of("b", "z")))
            .model(PowerModel.builder().nodeCount(2).activeWatts(25).sleepWatts(1).build())
            .level(PowerLevel.parse("--power", "40%")).intervalMs(60_000).intervalStartMs(0)
            .epoch(0).build()));
    assertTrue(e.getMessage().contains("node 'z:9866' is not in the membership"), e.getMessage());
  }

  /** Explicit groups whose sizes' lcm overflows a long refuse anchors, naming the way out. */
  @Test
  void explicitGroupsWithoutAnchors() {
    int[] sizes = {1_009, 1_013, 1_019, 1_021, 1_031, 1_033, 1_039};
    List<Integer> all = new ArrayList<>();
    for (int g = 0; g < sizes.length; g++) {
      for (int k = 0; k < sizes[g]; k++) {
        all.add(g);
      }
    }
    int[] groupOf = all.stream().mapToInt(Integer::intValue).toArray();
    PhaseGroups groups = PhaseGroups.explicit(groupOf, sizes.length);
    IllegalStateException e = assertThrows(IllegalStateException.class, groups::anchorCount);
    assertTrue(e.getMessage().contains("rendezvous"), e.getMessage());
    assertMessage("phase group 2 of 3 has no member",
        () -> PhaseGroups.explicit(new int[] {0, 1, 0}, 3));
  }

  private static List<String> hosts(List<String> names) {
    return names.stream().map(x -> x + ":9866").toList();
  }

  private static void assertError(String expected, String text) {
    assertMessage("membership m.properties: " + expected,
        () -> MembershipCodec.read(text, "m.properties"));
  }

  private static void assertMessage(String expected, Runnable action) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, action::run);
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
