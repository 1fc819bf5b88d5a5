package org.blinkhdfs.layout.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.blinkhdfs.layout.LayoutCheck;
import org.blinkhdfs.layout.ScheduleView;
import org.blinkhdfs.model.policy.PhaseGroups;
import org.blinkhdfs.model.policy.PhaseGroupsPolicy;
import org.blinkhdfs.model.policy.PolicyRequest;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * The layout half of phase groups: every layout it makes is recognised as perfect, a misplaced
 * block keeps every replica in a needed group, and what a replication or group change moves.
 */
class PhaseGroupLayoutTest {

  /** The class comment's example. */
  @Test
  void checkKeepsHeldReplicasInNeededGroups() {
    PhaseGroupLayout layout = new PhaseGroupLayout(new PhaseGroups(10, 3));
    LayoutCheck c = layout.check(List.of(0, 3, 4), 3);
    assertEquals(List.of(0, 4, 5), c.layout());
    assertEquals(List.of(5), c.missing());
    assertEquals(List.of(3), c.extra());
    assertEquals(0, c.first());
    assertTrue(layout.check(List.of(9, 7, 2), 3).isPerfect());
    assertEquals(List.of(), layout.deletionOrder(List.of(), 3));
  }

  /** r = 6 on G = 6 reduced to 3 keeps groups 0, 2, 4: a perfect layout of 3. */
  @Test
  void deletionKeepsAPerfectLayoutOfTheTarget() {
    PhaseGroupLayout layout = new PhaseGroupLayout(new PhaseGroups(12, 6));
    List<Integer> order = layout.deletionOrder(List.of(0, 1, 2, 3, 4, 5), 3);
    assertEquals(List.of(1, 3, 5, 4, 2, 0), order);
    assertTrue(layout.check(order.subList(3, 6), 3).isPerfect());
  }

  /** Every anchor's layout and every hashed block ID is perfect; shapes over N ≤ 30, G ≤ 6. */
  @Test
  void everyLayoutItMakesIsPerfect() {
    for (int n = 1; n <= 30; n++) {
      for (int g = 1; g <= Math.min(6, n); g++) {
        PhaseGroupLayoutModel model = new PhaseGroupLayoutModel(n, g);
        PhaseGroups groups = model.groups();
        for (int r = 1; r <= n; r++) {
          for (long a = 0; a < groups.anchorCount(); a += 1 + groups.anchorCount() / 50) {
            List<Integer> held = new ArrayList<>();
            for (int p : groups.positions(a, r)) {
              held.add(p);
            }
            LayoutCheck c = model.check(held, r);
            assertTrue(c.isPerfect(), groups + " r=" + r + " anchor " + a + ": " + c);
          }
          for (long id = 0; id < 20; id++) {
            List<Integer> t = model.targets(id * 7919, r);
            assertEquals(r, new HashSet<>(t).size());
            assertTrue(model.check(t, r).isPerfect(), groups + " r=" + r + " id " + id);
          }
        }
      }
    }
  }

  /**
   * New blocks on a schedule the policy planned (N = 10, G = 3, 40%): one replica per group, the
   * usable writer first, perfect under check; members of a group equally used.
   */
  @Test
  void newBlocksTakeOneMemberPerGroup() {
    List<String> ring = new ArrayList<>();
    for (int i = 1; i <= 10; i++) {
      ring.add("dn" + i + ":9866");
    }
    PowerModel model = PowerModel.builder().nodeCount(10).activeWatts(25).sleepWatts(1)
        .overheadWatts(0).transitionMs(0).build();
    Schedule s = new PhaseGroupsPolicy(3).plan(PolicyRequest.builder().ring(ring).model(model)
        .level(new PowerLevel.Percent(40)).intervalMs(60_000).build()).schedule().orElseThrow();
    PhaseGroupLayoutModel layout = new PhaseGroupLayoutModel(10, 3);
    Random random = new Random(1);
    int[] held = new int[10];
    for (int b = 0; b < 12_000; b++) {
      long now = b * 5L % 60_000;
      ScheduleView view = ScheduleView.of(s, random).at(now).writer(ring.get(b % 10)).build();
      List<Integer> placed = layout.newBlock(3, view);
      Set<Integer> groups = new HashSet<>();
      for (int p : placed) {
        groups.add(p % 3);
        held[p]++;
      }
      assertEquals(Set.of(0, 1, 2), groups, "block " + b + ": " + placed);
      assertTrue(layout.check(placed, 3).isPerfect());
      int writer = b % 10;
      if (view.usable(writer)) {
        assertEquals(writer, placed.get(0), "block " + b);
      }
    }
    // Shares 1/4 (group 0) and 1/3: 3 000 and 4 000 of 12 000 blocks, within 5%.
    for (int p = 0; p < 10; p++) {
      double expected = 12_000.0 / (p % 3 == 0 ? 4 : 3);
      assertEquals(expected, held[p], expected * 0.05, "node " + p);
    }
  }

  /**
   * A replication change with G fixed only adds or deletes; changing G from 3 to 6 (N = 12) moves
   * exactly one replica of each block that stays at r = 3, and none when r goes to 6 with it.
   */
  @Test
  void whatAReplicationOrGroupChangeMoves() {
    PhaseGroups three = new PhaseGroups(12, 3);
    PhaseGroupLayout underThree = new PhaseGroupLayout(three);
    PhaseGroupLayout underSix = new PhaseGroupLayout(new PhaseGroups(12, 6));
    for (long a = 0; a < three.anchorCount(); a++) {
      List<Integer> held = new ArrayList<>();
      for (int p : three.positions(a, 3)) {
        held.add(p);
      }
      for (int r = 1; r <= 12; r++) {
        LayoutCheck c = underThree.check(held, r);
        assertEquals(Math.max(0, r - 3), c.missing().size(), "anchor " + a + " r=" + r);
        assertEquals(Math.max(0, 3 - r), c.extra().size(), "anchor " + a + " r=" + r);
      }
      LayoutCheck regrouped = underSix.check(held, 3);
      assertEquals(1, regrouped.missing().size(), "anchor " + a + ": " + regrouped);
      assertEquals(1, regrouped.extra().size(), "anchor " + a + ": " + regrouped);
      LayoutCheck grown = underSix.check(held, 6);
      assertEquals(3, grown.missing().size(), "anchor " + a + ": " + grown);
      assertEquals(0, grown.extra().size(), "anchor " + a + ": " + grown);
    }
  }
}
