package org.blinkhdfs.layout.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Exact placement orders, worked by hand from the rule (not from the implementation). */
class RingLayoutOrderTest {

  @Test
  void singleNodeRingHoldsOneReplicaOnNodeZero() {
    assertEquals(List.of(0), new RingLayout(1).positions(0, 1));
  }

  @Test
  void twoNodeRingPutsSecondReplicaOpposite() {
    RingLayout ring = new RingLayout(2);
    assertEquals(List.of(0, 1), ring.positions(0, 2));
    assertEquals(List.of(1, 0), ring.positions(1, 2));
  }

  @Test
  void threeNodeRingFillsTheLongerGap() {
    // Opposite = f + floor(3/2) = f + 1; the gaps are then [f→f+1]=1 and [f+1→f]=2, so the third
    // replica is f + 1 + 1.
    RingLayout ring = new RingLayout(3);
    assertEquals(List.of(0, 1, 2), ring.positions(0, 3));
    assertEquals(List.of(1, 2, 0), ring.positions(1, 3));
    assertEquals(List.of(2, 0, 1), ring.positions(2, 3));
  }

  @Test
  void eightNodeRingHalvesEvenly() {
    // 0; opposite 4; gaps [0→4],[4→0] tie, start nearest f: 2; then [4→0] = 4: 6; then four gaps
    // of 2 in clockwise order from f: 1, 3, 5, 7.
    RingLayout ring = new RingLayout(8);
    assertEquals(List.of(0, 4, 2, 6, 1, 3, 5, 7), ring.positions(0, 8));
    assertEquals(List.of(5, 1, 7, 3, 6, 0, 2, 4), ring.positions(5, 8));
    assertEquals(List.of(7, 3, 1, 5), ring.positions(7, 4));
  }

  @Test
  void nineNodeRingTakesTheLargestGapNotTheNearest() {
    // Offsets from f (f = 0):
    //  1. 0
    //  2. 0 + floor(9/2) = 4                      gaps [0→4]=4, [4→0]=5
    //  3. largest [4→0]=5: 4 + 2 = 6             gaps [0→4]=4, [4→6]=2, [6→0]=3
    //  4. largest [0→4]=4: 0 + 2 = 2             gaps [0→2]=2, [2→4]=2, [4→6]=2, [6→0]=3
    //  5. largest [6→0]=3: 6 + 1 = 7             gaps 2, 2, 2, [6→7]=1, [7→0]=2
    //  6. tie of 2s, start nearest f: [0→2]: 1
    //  7. [2→4]: 3
    //  8. [4→6]: 5
    //  9. [7→0]: 8
    RingLayout ring = new RingLayout(9);
    assertEquals(List.of(0, 4, 6, 2, 7, 1, 3, 5, 8), ring.positions(0, 9));
    assertEquals(List.of(4, 8, 1, 6, 2, 5, 7, 0, 3), ring.positions(4, 9));
    assertEquals(List.of(8, 3, 5), ring.positions(8, 3));
  }

  @Test
  void tenNodeRingBreaksTiesClockwiseFromTheFirstNode() {
    // Offsets from f:
    //  1. 0
    //  2. 5                                      gaps [0→5]=5, [5→0]=5
    //  3. tie, start nearest f: 0 + 2 = 2        gaps [0→2]=2, [2→5]=3, [5→0]=5
    //  4. [5→0]=5: 5 + 2 = 7                     gaps 2, [2→5]=3, [5→7]=2, [7→0]=3
    //  5. tie of 3s, start nearest f: 2 + 1 = 3
    //  6. [7→0]=3: 7 + 1 = 8                     gaps [0→2],[3→5],[5→7],[8→0] = 2, plus 1s
    //  7..10. 1, 4, 6, 9
    // Offsets 0,5,2,7,3,8,1,4,6,9; with f = 3 add 3 mod 10.
    RingLayout ring = new RingLayout(10);
    assertEquals(List.of(3, 8, 5, 0, 6, 1, 4, 7, 9, 2), ring.positions(3, 10));
    assertEquals(List.of(0, 5, 2, 7, 3, 8, 1, 4, 6, 9), ring.positions(0, 10));
    assertEquals(List.of(9, 4, 1, 6, 2, 7, 0, 3, 5, 8), ring.positions(9, 10));
  }

  @Test
  void fewerReplicasArePrefixesOfMore() {
    for (int n = 1; n <= 16; n++) {
      RingLayout ring = new RingLayout(n);
      for (int first = 0; first < n; first++) {
        List<Integer> all = ring.positions(first, n);
        for (int r = 1; r <= n; r++) {
          assertEquals(all.subList(0, r), ring.positions(first, r), "n=" + n + " f=" + first);
        }
      }
    }
  }

  @Test
  void layoutsAreRotationsOfTheLayoutFromNodeZero() {
    for (int n = 1; n <= 16; n++) {
      RingLayout ring = new RingLayout(n);
      for (int r = 1; r <= n; r++) {
        List<Integer> fromZero = ring.positions(0, r);
        for (int first = 0; first < n; first++) {
          List<Integer> expected = new ArrayList<>();
          for (int p : fromZero) {
            expected.add((p + first) % n);
          }
          assertEquals(expected, ring.positions(first, r), "n=" + n + " r=" + r + " f=" + first);
        }
      }
    }
  }

  @Test
  void positionsAreImmutable() {
    List<Integer> positions = new RingLayout(8).positions(0, 3);
    assertThrows(UnsupportedOperationException.class, () -> positions.set(0, 1));
  }

  @Test
  void rejectsReplicaCountsOutsideTheRing() {
    RingLayout ring = new RingLayout(8);
    for (int bad : new int[] {0, -1, 9}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> ring.positions(0, bad));
      assertTrue(e.getMessage().contains("replicas"), e.getMessage());
      assertTrue(e.getMessage().contains("got " + bad), e.getMessage());
      assertTrue(e.getMessage().contains("8 nodes"), e.getMessage());
    }
  }

  @Test
  void rejectsFirstNodeOffTheRingAndEmptyRings() {
    RingLayout ring = new RingLayout(8);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ring.positions(8, 1));
    assertTrue(e.getMessage().contains("first") && e.getMessage().contains("got 8")
        && e.getMessage().contains("0..7"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ring.positions(-1, 1));
    IllegalArgumentException empty =
        assertThrows(IllegalArgumentException.class, () -> new RingLayout(0));
    assertTrue(empty.getMessage().contains("ringSize") && empty.getMessage().contains("got 0"),
        empty.getMessage());
  }
}
