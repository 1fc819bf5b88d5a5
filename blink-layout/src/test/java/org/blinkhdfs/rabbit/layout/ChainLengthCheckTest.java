package org.blinkhdfs.rabbit.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Which chains an equal-work layout accepts. The rule: gear group 1 must not hold more than a
 * primary, c·B/(p + g) ≤ B/p with c = (r − 1)/harmonicTail(p/g, G). The paper's s ≥ p·e^(r−1)
 * (eq. 3) is quoted in the message but not enforced, because Rabbit's own Fig 2 (N = 100, p = 5,
 * r = 4) is below it: 5·e³ = 100.43.
 */
class ChainLengthCheckTest {

  @Test
  void aChainOfFourIsTooShortForThreeReplicasOverTwoPrimaries() {
    // f(2, 4) = 1/3 + 1/4 = 7/12; c = 2/(7/12) = 24/7 = 3.43 > (p + 1)/p = 1.5, so node 3 would
    // hold c·B/3 = 8/7·B = 1.143·B (> B, and > a primary's B/2). Fixes, by hand: f(2, 9) = 1.329
    // < 2·2/3 = 1.333 ≤ f(2, 10) = 1.429, so at least 10 nodes; r = 2 still fails (c = 12/7 >
    // 1.5), r = 1 fits; p = 1: f(1, 4) = 13/12, c = 24/13 = 1.85 ≤ 2 fits.
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EqualWorkLayout.of(Chain.numbered(4), EqualWorkSpec.of(2, 3)));
    String m = e.getMessage();
    assertTrue(m.startsWith("chain of 4 nodes with p=2, r=3 needs s ≥ 14.8 (Rabbit's spread "
        + "bound s ≥ p·e^(r−1), eq. 3; 19 for exactly B/i per node, eq. 1)."), m);
    assertTrue(m.contains("node 3 would need 1.143·B blocks, more than a primary's B/p = "
        + "0.500·B"), m);
    assertTrue(m.endsWith("Fix: a chain of at least 10 nodes, or r=1, or p=1."), m);
  }

  @Test
  void theBoundaryIsTenNodesForTwoPrimariesAndThreeReplicas() {
    // c(9) = 2/1.3290 = 1.5049 > 1.5; c(10) = 2/1.4290 = 1.3996 ≤ 1.5.
    assertFalse(ChainLengthCheck.accepts(9, 2, 1, 3));
    assertTrue(ChainLengthCheck.accepts(10, 2, 1, 3));
    assertEquals(OptionalInt.of(10), ChainLengthCheck.shortestChain(2, 1, 3));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EqualWorkLayout.of(Chain.numbered(9), EqualWorkSpec.of(2, 3)));
    // 1.5049/3 = 0.502 per node-3 block share vs 0.500.
    assertTrue(e.getMessage().contains("node 3 would need 0.502·B blocks"), e.getMessage());
    assertTrue(e.getMessage().endsWith("Fix: a chain of at least 10 nodes, or r=2, or p=1."),
        e.getMessage());
  }

  @Test
  void rabbitFig2IsAcceptedThoughBelowEquation3() {
    // c = 3/f(5, 100) = 1.033 ≤ 6/5: node 6 holds 1.033·B/6 < B/5.
    assertTrue(ChainLengthCheck.accepts(100, 5, 1, 4));
    assertEquals(100, EqualWorkLayout.of(Chain.numbered(100), EqualWorkSpec.of(5, 4)).spread());
  }

  @Test
  void mirroringIsTheBoundaryCase() {
    // p = 1, r = 2, N = 2: f = 1/2, c = 2 = (p + 1)/p exactly: node 2 holds every block, like
    // the primary.
    assertTrue(ChainLengthCheck.accepts(2, 1, 1, 2));
    EqualWorkLayout mirror = EqualWorkLayout.of(Chain.numbered(2), EqualWorkSpec.of(1, 2));
    assertEquals(List.of("n1", "n2"), mirror.targets(12345L));
  }

  @Test
  void noSecondaryForTheOtherReplicas() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EqualWorkLayout.of(Chain.numbered(2), EqualWorkSpec.of(2, 2)));
    // 2·e = 5.4; f(2, 7) is the first ≥ 1, so 7 for exactly B/i; c(5) = 1/(1/3 + 1/4 + 1/5)
    // = 60/47 = 1.277 ≤ 1.5 while c(4) = 12/7 = 1.714 > 1.5, so at least 5.
    assertEquals("chain of 2 nodes with p=2, r=2 needs s ≥ 5.4 (Rabbit's spread bound s ≥ "
        + "p·e^(r−1), eq. 3; 7 for exactly B/i per node, eq. 1). It has no secondary for the "
        + "other r−1=1 replicas. Fix: a chain of at least 5 nodes, or r=1, or p=1.",
        e.getMessage());
  }

  @Test
  void replicationAboveTheChainLengthFails() {
    assertThrows(IllegalArgumentException.class,
        () -> EqualWorkLayout.of(Chain.numbered(3), EqualWorkSpec.of(1, 4)));
  }

  @Test
  void tooFewNodesForThePrimaries() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EqualWorkLayout.of(Chain.numbered(3), EqualWorkSpec.of(5, 1)));
    assertTrue(e.getMessage().contains("p=5 primaries need a chain of at least 5 nodes, got 3"),
        e.getMessage());
  }

  @Test
  void gearGroupsMustBeFull() {
    // 9 − 4 = 5 secondaries, gear groups of 2: one left over; 8 or 10 nodes fit.
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EqualWorkLayout.of(Chain.numbered(9), EqualWorkSpec.of(4, 2).withGearSize(2)));
    assertTrue(e.getMessage().contains("leaves 1 secondaries outside a full gear group of g=2: "
        + "use a chain of 8 or 10 nodes"), e.getMessage());
  }

  @Test
  void gearedMessageNamesTheGearSize() {
    // p = 10, g = 5, N = 20 (G = 2): Σ 1/(2 + i), i = 1..2 = 1/3 + 1/4 = 7/12; c = 2·12/7 =
    // 3.43 > (10 + 5)/10 = 1.5; gear group 1 servers would hold c·B/15 = 0.229·B > B/10.
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EqualWorkLayout.of(Chain.numbered(20), EqualWorkSpec.of(10, 3).withGearSize(5)));
    String m = e.getMessage();
    assertTrue(m.startsWith("chain of 20 nodes with p=10, r=3, gear size g=5 needs s ≥ 73.9"), m);
    assertTrue(m.contains("each server of gear group 1 would need 0.229·B blocks"), m);
  }
}
