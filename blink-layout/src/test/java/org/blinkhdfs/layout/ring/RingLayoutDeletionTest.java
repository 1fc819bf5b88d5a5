package org.blinkhdfs.layout.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RingLayoutDeletionTest {

  @Test
  void perfectLayoutIsDeletedInReversePlacementOrder() {
    for (int n = 1; n <= 12; n++) {
      RingLayout ring = new RingLayout(n);
      for (int r = 1; r <= n; r++) {
        for (int first = 0; first < n; first++) {
          List<Integer> held = ring.positions(first, r);
          int found = ring.bestFirst(held, r);
          List<Integer> reverse = new ArrayList<>(ring.positions(found, r));
          Collections.reverse(reverse);
          String where = "n=" + n + " r=" + r + " f=" + first;
          assertEquals(reverse.subList(0, r - 1), ring.deletionOrder(held, 1), where);
          for (int keep = 1; keep <= r; keep++) {
            Set<Integer> kept = new HashSet<>(held);
            ring.deletionOrder(held, keep).forEach(kept::remove);
            assertEquals(new HashSet<>(ring.positions(found, keep)), kept, where + " keep=" + keep);
          }
        }
      }
    }
  }

  @Test
  void reducingFourToTwoDeletesTheLastTwoPlaced() {
    // positions(3, 4) on 10 nodes = 3, 8, 5, 0.
    assertEquals(List.of(0, 5), new RingLayout(10).deletionOrder(List.of(3, 8, 5, 0), 2));
  }

  @Test
  void extrasAreDeletedFirst() {
    RingLayout ring = new RingLayout(8);
    // Three held, layouts of 3: f=0 gives 0,4,2 (T T F) so 1 is extra.
    assertEquals(List.of(1), ring.deletionOrder(Set.of(0, 4, 1), 2));
    assertEquals(List.of(1, 4), ring.deletionOrder(Set.of(0, 4, 1), 1));
    // N=10, layouts of 4: f=3 gives 3,8,5,0; 9 is extra, then 5, 8 in reverse placement order.
    assertEquals(List.of(9, 5, 8), new RingLayout(10).deletionOrder(Set.of(3, 5, 8, 9), 1));
    assertEquals(List.of(9), new RingLayout(10).deletionOrder(Set.of(3, 5, 8, 9), 3));
  }

  @Test
  void extraNearestToAHeldLayoutReplicaGoesFirst() {
    // N=12, held {0, 6, 2, 7}: layouts of 4 are f, f+6, f+3, f+9; f=0 covers {0, 6} (T T F F).
    // 7 is one hop from 6, 2 is two hops from 0: delete 7, then 2, then 6.
    assertEquals(List.of(7, 2, 6), new RingLayout(12).deletionOrder(Set.of(0, 6, 2, 7), 1));
  }

  @Test
  void nothingToDeleteWhenAlreadyAtOrBelowTarget() {
    RingLayout ring = new RingLayout(10);
    assertEquals(List.of(), ring.deletionOrder(Set.of(3, 8), 2));
    assertEquals(List.of(), ring.deletionOrder(Set.of(3), 4));
    assertEquals(List.of(), ring.deletionOrder(Set.of(), 1));
  }
}
