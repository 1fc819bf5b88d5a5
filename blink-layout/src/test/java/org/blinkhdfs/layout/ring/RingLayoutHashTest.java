package org.blinkhdfs.layout.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RingLayoutHashTest {

  @Test
  void hashIsDeterministicAndOnTheRing() {
    RingLayout ring = new RingLayout(7);
    for (long key = -500; key < 500; key++) {
      int first = ring.firstFromHash(key, 42);
      assertTrue(first >= 0 && first < 7, "key=" + key);
      assertEquals(first, new RingLayout(7).firstFromHash(key, 42));
    }
  }

  @Test
  void sequentialBlockIdsSpreadEvenly() {
    RingLayout ring = new RingLayout(10);
    int[] counts = new int[10];
    for (long key = 1_073_741_825L; key < 1_073_741_825L + 10_000; key++) {
      counts[ring.firstFromHash(key, 0)]++;
    }
    for (int count : counts) {
      assertTrue(count > 850 && count < 1150, "count=" + count);
    }
  }

  @Test
  void seedChangesTheAssignment() {
    RingLayout ring = new RingLayout(1000);
    int differing = 0;
    for (long key = 0; key < 100; key++) {
      if (ring.firstFromHash(key, 1) != ring.firstFromHash(key, 2)) {
        differing++;
      }
    }
    assertTrue(differing > 90, "differing=" + differing);
    assertNotEquals(ring.firstFromHash(7, 7), ring.firstFromHash(8, 8));
  }

  @Test
  void ringDistanceTakesTheShorterWay() {
    assertEquals(0, RingLayout.ringDistance(3, 3, 10));
    assertEquals(1, RingLayout.ringDistance(0, 9, 10));
    assertEquals(5, RingLayout.ringDistance(2, 7, 10));
    assertEquals(4, RingLayout.ringDistance(0, 5, 9));
    assertEquals(4, RingLayout.ringDistance(5, 0, 9));
    assertEquals(0, RingLayout.ringDistance(0, 0, 1));
  }

  @Test
  void ringDistanceRejectsPositionsOffTheRing() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RingLayout.ringDistance(0, 10, 10));
    assertTrue(e.getMessage().contains("b") && e.getMessage().contains("got 10"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> RingLayout.ringDistance(0, 0, 0));
  }
}
