package org.blinkhdfs.rabbit.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Desired hit-ratio (B/n)/b_i. B = 60, p = 2, equal-work counts by chain position: 30, 30 (B/p),
 * 20 (B/3), 15 (B/4), 12 (B/5), 10 (B/6).
 */
class HitRatioTargetsTest {
  private static final double EPS = 1e-12;
  private static final Map<String, Long> STORED =
      Map.of("a", 30L, "b", 30L, "c", 20L, "d", 15L, "e", 12L, "f", 10L);

  /** n = 6: B/n = 10; 10/30 = 1/3, 10/20 = 1/2, 10/15 = 2/3, 10/12 = 5/6, 10/10 = 1. */
  @Test
  void allSixOn() {
    HitRatioTargets t = HitRatioTargets.of(STORED, 60, Set.of("a", "b", "c", "d", "e", "f"));
    assertEquals(6, t.activeCount());
    assertEquals(1.0 / 3, t.desired("a"), EPS);
    assertEquals(1.0 / 3, t.desired("b"), EPS);
    assertEquals(1.0 / 2, t.desired("c"), EPS);
    assertEquals(2.0 / 3, t.desired("d"), EPS);
    assertEquals(5.0 / 6, t.desired("e"), EPS);
    assertEquals(1.0, t.desired("f"), EPS);
  }

  /** n = 4: B/n = 15; a primary's p/n = 2/4, c 15/20 = 3/4, d (the n-th node) 1; e, f off: 0. */
  @Test
  void firstFourOnMatchesThePapersExamples() {
    HitRatioTargets t = HitRatioTargets.of(STORED, 60, Set.of("a", "b", "c", "d"));
    assertEquals(0.5, t.desired("a"), EPS);
    assertEquals(0.75, t.desired("c"), EPS);
    assertEquals(1.0, t.desired("d"), EPS);
    assertEquals(0.0, t.desired("e"), EPS);
    assertFalse(t.isActive("e"));
  }

  /**
   * A node short of blocks keeps a ratio above 1: with a, b, f on, B/n = 20, f stores 10: 2.
   * An active node storing nothing of the dataset (a stand-in) has no target and is not counted
   * in n: with a, b, x on, n = 2, B/n = 30, a's ratio is 1.
   */
  @Test
  void shortNodesAndStandIns() {
    assertEquals(2.0, HitRatioTargets.of(STORED, 60, Set.of("a", "b", "f")).desired("f"), EPS);
    HitRatioTargets t = HitRatioTargets.of(STORED, 60, Set.of("a", "b", "x"));
    assertEquals(2, t.activeCount());
    assertEquals(1.0, t.desired("a"), EPS);
    assertEquals(0.0, t.desired("x"), EPS);
    assertTrue(t.isActive("x"));
  }

  @Test
  void rejectsBadInput() {
    assertThrows(IllegalArgumentException.class, () -> HitRatioTargets.of(STORED, 0, Set.of()));
    assertThrows(IllegalArgumentException.class,
        () -> HitRatioTargets.of(Map.of("a", -1L), 10, Set.of("a")));
  }
}
