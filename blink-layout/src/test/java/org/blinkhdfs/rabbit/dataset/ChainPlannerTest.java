package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChainPlannerTest {
  /**
   * Fig. 3(a) in small: nodes n1..n8, p = 2, datasets added in the order d1, d2, d3.
   * <ul>
   *   <li>d1: every score is 0, ties keep node order: [n1 n2 n3 n4 n5 n6 n7 n8].
   *   <li>d2: scores from d1 (eq. 5): n1 = n2 = 1 (primaries), n3 = 1/3, n4 = 1/4, n5 = 1/5,
   *       n6 = 1/6, n7 = 1/7, n8 = 1/8. Ascending, n1 before n2 on the tie:
   *       [n8 n7 n6 n5 n4 n3 n1 n2].
   *   <li>d3: scores d1 + d2: n1 = 1 + 1/7 = 8/7, n2 = 1 + 1/8 = 9/8, n3 = 1/3 + 1/6 = 1/2,
   *       n4 = 1/4 + 1/5 = 9/20, n5 = 1/5 + 1/4 = 9/20, n6 = 1/6 + 1/3 = 1/2, n7 = 1/7 + 1 = 8/7,
   *       n8 = 1/8 + 1 = 9/8. Ascending (9/20 &lt; 1/2 &lt; 9/8 &lt; 8/7), ties by node order:
   *       [n4 n5 n3 n6 n2 n8 n1 n7].
   * </ul>
   * Each chain is a different order of the whole cluster, as in the paper's figure.
   */
  @Test
  void threeDatasetsLikeFigure3a() {
    Map<String, ExpansionChain> chains = Fig3Example.chains();
    assertEquals(List.of("n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8"),
        chains.get("d1").nodes());
    assertEquals(List.of("n8", "n7", "n6", "n5", "n4", "n3", "n1", "n2"),
        chains.get("d2").nodes());
    assertEquals(List.of("n4", "n5", "n3", "n6", "n2", "n8", "n1", "n7"),
        chains.get("d3").nodes());
    assertEquals(2, chains.get("d3").primaryCount());
  }

  /** The exact scores of the d3 step, eq. (4). */
  @Test
  void scoresAreExactSums() {
    List<ExpansionChain> first2 =
        List.of(Fig3Example.chains().get("d1"), Fig3Example.chains().get("d2"));
    assertEquals("8/7", ChainPlanner.scoreOf("n1", first2).toString());
    assertEquals("9/8", ChainPlanner.scoreOf("n2", first2).toString());
    assertEquals("1/2", ChainPlanner.scoreOf("n3", first2).toString());
    assertEquals("9/20", ChainPlanner.scoreOf("n4", first2).toString());
    assertEquals("0/1", ChainPlanner.scoreOf("x", first2).toString());
  }

  /** A shorter spread takes the lowest-scored nodes; nodes off a chain add nothing to a score. */
  @Test
  void shortSpread() {
    ExpansionChain d1 = new ExpansionChain(List.of("n1", "n2", "n3"), 1);
    // scores: n1 = 1, n2 = 1/2, n3 = 1/3, n4 = n5 = 0
    ExpansionChain next =
        ChainPlanner.next(List.of("n1", "n2", "n3", "n4", "n5"), List.of(d1), 1, 3);
    assertEquals(List.of("n4", "n5", "n3"), next.nodes());
  }

  @Test
  void rejectsBadInput() {
    assertThrows(IllegalArgumentException.class,
        () -> ChainPlanner.next(List.of("a", "a"), List.of(), 1));
    assertThrows(IllegalArgumentException.class,
        () -> ChainPlanner.next(List.of("a", "b"), List.of(), 1, 3));
    assertThrows(IllegalArgumentException.class,
        () -> ChainPlanner.next(List.of("a", "b"), List.of(), 3, 2));
  }
}
