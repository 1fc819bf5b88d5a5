package org.blinkhdfs.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.blinkhdfs.layout.phase.PhaseGroupLayoutModel;
import org.blinkhdfs.layout.ring.RingLayoutModel;
import org.junit.jupiter.api.Test;

/**
 * {@link Substitutes#deletionOrder} and {@link Substitutes#trade}: of two replicas in one phase
 * group the one on the more loaded node is deleted; the ring's order never changes. N = 9, G = 3:
 * groups {0, 3, 6}, {1, 4, 7}, {2, 5, 8}. Orders worked by hand from the layout's own order.
 */
class SubstitutesDeletionTest {
  private final PhaseGroupLayoutModel groups = new PhaseGroupLayoutModel(9, 3);

  private static long load(Map<Integer, Long> loads, int p) {
    return loads.getOrDefault(p, 10L);
  }

  /** The class example: held {0, 4, 6, 8}, layout [0, 4, 8], the layout alone deletes 6. */
  @Test
  void theMoreLoadedOfTwoGroupMembersGoes() {
    List<Integer> held = List.of(0, 4, 6, 8);
    assertEquals(List.of(6, 8, 4, 0), groups.deletionOrder(held, 3), "the layout's order");
    assertEquals(List.of(0, 8, 4, 6), Substitutes.deletionOrder(groups, held, 3,
        p -> load(Map.of(0, 20L, 6, 15L), p)), "0 (20) fuller than 6 (15): 0 goes");
    assertEquals(List.of(6, 8, 4, 0), Substitutes.deletionOrder(groups, held, 3,
        p -> load(Map.of(0, 15L, 6, 15L), p)), "a tie keeps the layout's choice");
    assertEquals(List.of(6, 8, 4, 0), Substitutes.deletionOrder(groups, held, 3,
        p -> load(Map.of(4, 30L, 8, 30L), p)), "fuller nodes of other groups are not taken");
  }

  /**
   * Held {0, 3, 4, 6, 8} for 3: layout [0, 4, 8], extras 3 and 6 in order. 3 (load 12) against
   * 0 (25): 0 goes first, 3 takes its place; then 6 (14) against 3 (12), 8 and 4: 6 goes.
   */
  @Test
  void eachExtraInTurnAgainstTheKeptOnes() {
    assertEquals(List.of(0, 6, 8, 4, 3), Substitutes.deletionOrder(groups,
        List.of(0, 3, 4, 6, 8), 3, p -> load(Map.of(0, 25L, 3, 12L, 6, 14L), p)));
    assertEquals(List.of(0, 6), Substitutes.trade(groups, List.of(6), List.of(0),
        p -> load(Map.of(0, 11L), p)), "0 (11) fuller than 6 (10)");
  }

  @Test
  void theRingsOrderIsUnchanged() {
    RingLayoutModel ring = new RingLayoutModel(9);
    List<Integer> held = List.of(0, 4, 5, 6);
    assertEquals(ring.deletionOrder(held, 3), Substitutes.deletionOrder(ring, held, 3,
        p -> 100 - p), "[5, 6, 4, 0] whatever the load");
  }

  /**
   * Property: whatever the load, deleting the first {@code held - r} of the order leaves what
   * the layout alone would leave up to members of the same groups, and a perfect layout stays
   * perfect. N = 9..14, G = 3, held 4..6 distinct positions forming a perfect layout plus extras.
   */
  @Test
  void whatIsLeftIsAlwaysTheSameLayout() {
    Random random = new Random(39);
    for (int n = 9; n <= 14; n++) {
      PhaseGroupLayoutModel model = new PhaseGroupLayoutModel(n, 3);
      for (int trial = 0; trial < 300; trial++) {
        List<Integer> base = model.targets(random.nextLong(), 3);
        TreeSet<Integer> held = new TreeSet<>(base);
        int extras = 1 + random.nextInt(3);
        while (held.size() < 3 + extras) {
          held.add(random.nextInt(n));
        }
        long[] loads = random.longs(n, 0, 5).toArray();
        List<Integer> own = model.deletionOrder(held, 3);
        List<Integer> order = Substitutes.deletionOrder(model, held, 3, p -> loads[p]);
        String at = "N=" + n + " held=" + held + " loads=" + java.util.Arrays.toString(loads);
        assertEquals(new TreeSet<>(own), new TreeSet<>(order), at);
        List<Integer> left = order.subList(order.size() - 3, order.size());
        assertTrue(model.check(left, 3).isPerfect(), at + " left " + left);
        assertEquals(groupsOf(model, own.subList(own.size() - 3, own.size())),
            groupsOf(model, left), at);
      }
    }
  }

  private static List<Integer> groupsOf(PhaseGroupLayoutModel model, List<Integer> positions) {
    return positions.stream().map(p -> model.groups().groupOf(p)).sorted().toList();
  }

  @Test
  void nothingHeldNothingToDelete() {
    assertEquals(List.of(), Substitutes.deletionOrder(groups, Set.of(), 3, p -> 0));
  }
}
