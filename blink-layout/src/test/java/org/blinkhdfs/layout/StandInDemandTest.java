package org.blinkhdfs.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.blinkhdfs.layout.StandInDemand.Holder;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.junit.jupiter.api.Test;

/** The pairing of missing layout positions with stand-ins (class comment's rules). */
class StandInDemandTest {
  private static final LayoutModel RING = new RingLayoutModel(9);
  private static final List<Integer> LAYOUT = RING.targets(42L, 3);

  /** Racks of the 9 ring positions: the layout's first and third on A, its second on B. */
  private static String[] racks(String secondRack) {
    String[] racks = {"C", "C", "C", "C", "C", "C", "C", "C", "C"};
    racks[LAYOUT.get(0)] = "A";
    racks[LAYOUT.get(1)] = secondRack;
    racks[LAYOUT.get(2)] = "A";
    return racks;
  }

  private static StandInDemand demand(String[] racks, List<Holder> holders, int requiredRacks) {
    return StandInDemand.of(RING, holders, 3, requiredRacks,
        StandInDemand.Ring.of(p -> true, p -> racks[p], p -> true));
  }

  private static List<Holder> firstTwoPlusStagingOn(String[] racks, String stagingRack) {
    return List.of(new Holder("n" + LAYOUT.get(0), LAYOUT.get(0), racks[LAYOUT.get(0)]),
        new Holder("n" + LAYOUT.get(1), LAYOUT.get(1), racks[LAYOUT.get(1)]),
        new Holder("staging", -1, stagingRack));
  }

  @Test
  void theClassCommentsExampleTheThirdPositionReplacesTheStandIn() {
    String[] racks = racks("B");
    StandInDemand d = demand(racks, firstTwoPlusStagingOn(racks, "C"), 2);
    assertEquals(LAYOUT, d.check().layout());
    assertEquals(List.of(LAYOUT.get(2)), d.positions());
    assertEquals("staging", d.replaces(LAYOUT.get(2)).node());
  }

  @Test
  void aLayoutOnOneRackKeepsItsStandInOffIt() {
    String[] racks = racks("A");
    StandInDemand d = demand(racks, firstTwoPlusStagingOn(racks, "C"), 2);
    assertEquals(List.of(), d.positions());
    assertEquals(List.of(LAYOUT.get(2)), d.check().missing());
  }

  @Test
  void aLostReplicaDemandsEveryFillablePositionWithNothingToReplace() {
    String[] racks = racks("B");
    List<Holder> holders = firstTwoPlusStagingOn(racks, "C").subList(0, 2);
    StandInDemand d = demand(racks, holders, 2);
    assertEquals(List.of(LAYOUT.get(2)), d.positions());
    assertNull(d.replaces(LAYOUT.get(2)));
  }

  @Test
  void anUnfillableOrStorageLackingPositionIsWaived() {
    String[] racks = racks("B");
    List<Holder> holders = firstTwoPlusStagingOn(racks, "C");
    int third = LAYOUT.get(2);
    assertEquals(List.of(), StandInDemand.of(RING, holders, 3, 2,
        StandInDemand.Ring.of(p -> p != third, p -> racks[p], p -> true)).positions());
    assertEquals(List.of(), StandInDemand.of(RING, holders, 3, 2,
        StandInDemand.Ring.of(p -> true, p -> racks[p], p -> p != third)).positions());
  }

  @Test
  void theRackRuleIsKeptOrNotWorsened() {
    assertTrue(StandInDemand.keepsRacks(2, 2, 2));
    assertTrue(StandInDemand.keepsRacks(1, 1, 2)); // already short: not worse
    assertEquals(false, StandInDemand.keepsRacks(2, 1, 2));
    assertEquals(2, StandInDemand.rackCount(List.of("A", "B", "A")));
  }

  /**
   * Over random racks and stand-ins: every demanded position is a missing one, each paired with
   * its own stand-in, and making all the swaps keeps the rack rule; on one rack every missing
   * position is demanded while stand-ins last.
   */
  @Test
  void swapsNeverBreakTheRackRuleOverSeeds() {
    for (int seed = 0; seed < 500; seed++) {
      Random random = new Random(seed);
      int n = 4 + random.nextInt(12);
      int r = 1 + random.nextInt(Math.min(4, n));
      LayoutModel model = new RingLayoutModel(n);
      int rackCount = 1 + random.nextInt(3);
      String[] racks = new String[n];
      for (int i = 0; i < n; i++) {
        racks[i] = "r" + random.nextInt(rackCount);
      }
      List<Integer> layout = model.targets(random.nextLong(), r);
      List<Holder> holders = new ArrayList<>();
      int standIns = 0;
      for (int p : layout) {
        if (random.nextInt(3) == 0) {
          holders.add(new Holder("s" + standIns, -1, "r" + random.nextInt(rackCount + 1)));
          standIns++;
        } else {
          holders.add(new Holder("n" + p, p, racks[p]));
        }
      }
      int required = rackCount > 1 ? Math.min(2, r) : 1;
      StandInDemand d = StandInDemand.of(model, holders, r, required,
          StandInDemand.Ring.of(p -> true, p -> racks[p], p -> true));
      Set<String> givers = new HashSet<>();
      List<String> after = new ArrayList<>(holders.stream().map(Holder::rack).toList());
      int before = StandInDemand.rackCount(after);
      for (int p : d.positions()) {
        assertTrue(d.check().missing().contains(p), "seed " + seed);
        Holder giver = d.replaces(p);
        assertTrue(givers.add(giver.node()), "seed " + seed);
        after.remove(giver.rack());
        after.add(racks[p]);
      }
      assertTrue(StandInDemand.keepsRacks(before, StandInDemand.rackCount(after), required),
          "seed " + seed);
      if (required == 1) {
        assertEquals(Math.min(standIns, d.check().missing().size()), d.positions().size(),
            "seed " + seed);
      }
    }
  }
}
