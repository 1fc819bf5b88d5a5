package org.blinkhdfs.layout.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.blinkhdfs.layout.LayoutCheck;
import org.junit.jupiter.api.Test;

class RingLayoutBestFirstTest {

  @Test
  void recoversTheFirstNodeOfEveryPerfectLayout() {
    for (int n = 1; n <= 12; n++) {
      RingLayout ring = new RingLayout(n);
      for (int r = 1; r <= n; r++) {
        for (int first = 0; first < n; first++) {
          Set<Integer> held = new HashSet<>(ring.positions(first, r));
          int found = ring.bestFirst(held, r);
          String where = "n=" + n + " r=" + r + " f=" + first;
          assertEquals(held, new HashSet<>(ring.positions(found, r)), where);
          if (sameSetFirsts(ring, held, r) == 1) {
            assertEquals(first, found, where);
          }
          assertTrue(ring.check(held, r).isPerfect(), where);
        }
      }
    }
  }

  @Test
  void symmetricLayoutsResolveToTheSmallestFirstNode() {
    // N=8, r=2: f=0 and f=4 both give {0,4}.
    RingLayout ring = new RingLayout(8);
    assertEquals(2, sameSetFirsts(ring, Set.of(0, 4), 2));
    assertEquals(0, ring.bestFirst(Set.of(0, 4), 2));
    assertEquals(1, ring.bestFirst(Set.of(5, 1), 2));
  }

  @Test
  void emptyHeldChoosesNodeZero() {
    assertEquals(0, new RingLayout(10).bestFirst(List.of(), 3));
  }

  @Test
  void partialHoldingPrefersEarliestPlacedPositions() {
    // N=10, r=4, held {3,5,8}: f=3 gives 3,8,5,0 (held T T T F), f=8 gives 8,3,0,5 (T T F T).
    assertEquals(3, new RingLayout(10).bestFirst(Set.of(3, 5, 8), 4));
    // N=8, r=4, held {1,7}: f=7 gives 7,3,1,5 (T F T F) and beats f=1 with 1,5,3,7 (T F F T)
    // although 1 < 7; f=5 gives 5,1,7,3 (F T T F) and loses because 5 is not held.
    assertEquals(7, new RingLayout(8).bestFirst(Set.of(1, 7), 4));
  }

  @Test
  void aHeldFirstNodeBeatsAnUnheldOneWithTheSameCount() {
    // N=8, r=3, held {5}: f=1 (1,5,3) and f=3 (3,7,5) also cover 5, but f=5 is itself held.
    assertEquals(5, new RingLayout(8).bestFirst(Set.of(5), 3));
  }

  @Test
  void coverageCountWinsOverPattern() {
    // N=8, r=4, held {1, 2, 6}: f=2 (2,6,4,0) covers two, f=1 (1,5,3,7) only one.
    assertEquals(2, new RingLayout(8).bestFirst(Set.of(1, 2, 6), 4));
  }

  @Test
  void duplicatesCountOnce() {
    RingLayout ring = new RingLayout(10);
    assertEquals(ring.bestFirst(Set.of(3, 5, 8), 4),
        ring.bestFirst(Arrays.asList(8, 8, 3, 5, 3), 4));
  }

  @Test
  void checkReportsMissingAndExtraPositions() {
    LayoutCheck check = new RingLayout(10).check(Set.of(3, 5, 8, 9), 4);
    assertEquals(3, check.first());
    assertEquals(List.of(3, 8, 5, 0), check.layout());
    assertEquals(List.of(0), check.missing());
    assertEquals(List.of(9), check.extra());
    assertFalse(check.isPerfect());
  }

  @Test
  void checkOfNothingHeldListsTheWholeLayoutAsMissing() {
    LayoutCheck check = new RingLayout(9).check(Set.of(), 3);
    assertEquals(new LayoutCheck(0, List.of(0, 4, 6), List.of(0, 4, 6), List.of()), check);
  }

  @Test
  void rejectsHeldPositionsOffTheRing() {
    RingLayout ring = new RingLayout(10);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ring.bestFirst(Set.of(10), 3));
    assertTrue(e.getMessage().contains("held position") && e.getMessage().contains("got 10")
        && e.getMessage().contains("0..9"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ring.check(Arrays.asList(1, null), 3));
    assertThrows(NullPointerException.class, () -> ring.deletionOrder(null, 3));
    assertThrows(IllegalArgumentException.class, () -> ring.bestFirst(Set.of(1), 11));
  }

  /** How many first nodes produce exactly this position set. */
  static int sameSetFirsts(RingLayout ring, Set<Integer> held, int r) {
    int count = 0;
    for (int f = 0; f < ring.ringSize(); f++) {
      if (held.equals(new HashSet<>(ring.positions(f, r)))) {
        count++;
      }
    }
    return count;
  }
}
