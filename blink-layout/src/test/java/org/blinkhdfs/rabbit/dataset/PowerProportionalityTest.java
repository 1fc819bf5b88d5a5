package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Degrees in fractions of B: position l ≤ p stores 1/p, l &gt; p stores 1/l. */
class PowerProportionalityTest {
  private static final double EPS = 1e-12;

  private static ExpansionChain chain(int length, int p) {
    List<String> nodes = new ArrayList<>();
    for (int l = 1; l <= length; l++) {
      nodes.add("c" + l);
    }
    return new ExpansionChain(nodes, p);
  }

  /** The head of the chain is ideal for every n ≥ p: node n stores 1/n = B/n (§3.1.3). */
  @Test
  void chainHeadIsIdeal() {
    ExpansionChain c = chain(20, 3);
    for (int n = 3; n <= 20; n++) {
      assertEquals(1.0, PowerProportionality.degree(c, c.firstNodes(n)), EPS, "n=" + n);
    }
  }

  /**
   * p = 2, positions {1, 2, 5, 9}, n = 4, B/n = 1/4: stores 1/2, 1/2, 1/5, 1/9. Short:
   * (1/4 − 1/5) + (1/4 − 1/9) = 1/20 + 5/36 = 17/90; the two primaries take b_e = 17/180 each,
   * load 1/4 + 17/180 = 31/90 (≤ 1/2, feasible). Degree (1/4)/(31/90) = 45/62.
   */
  @Test
  void paperFormulaWhenTheRicherNodesCanTakeTheExtra() {
    ExpansionChain c = chain(9, 2);
    assertEquals(45.0 / 62, PowerProportionality.degree(c, List.of("c1", "c2", "c5", "c9")), EPS);
  }

  /**
   * Water-filling beyond the paper's even split. p = 1, positions {1, 3, 10, 11}, n = 4:
   * stores 1, 1/3, 1/10, 1/11. The even split would put 1/4 + b_e = 89/220 ≈ 0.405 on the nodes
   * at 1 and 3, but the node at 3 stores only 1/3. Fill: 1/11 and 1/10 serve all they hold, the
   * node at 3 all its 1/3, the primary the rest: 1 − 1/11 − 1/10 − 1/3 = 157/330. Degree
   * (1/4)/(157/330) = 165/314 (the infeasible even split would claim 55/89).
   */
  @Test
  void waterFillingWhenARicherNodeRunsOut() {
    ExpansionChain c = chain(11, 1);
    assertEquals(165.0 / 314,
        PowerProportionality.degree(c, List.of("c1", "c3", "c10", "c11")), EPS);
  }

  /** p = 2, only positions 3 and 4 on: 1/3 + 1/4 &lt; 1, the dataset cannot be read: 0. */
  @Test
  void unreadableAndEmptyAreZero() {
    ExpansionChain c = chain(4, 2);
    assertEquals(0.0, PowerProportionality.degree(c, List.of("c3", "c4")), EPS);
    assertEquals(0.0, PowerProportionality.degree(c, List.of()), EPS);
  }

  /** A node off the chain stores nothing: p = 1, {c1, x}: 1 and 0, n = 2, load 1, degree 1/2. */
  @Test
  void offChainNodeCountsInNButStoresNothing() {
    assertEquals(0.5, PowerProportionality.degree(chain(3, 1), List.of("c1", "x")), EPS);
  }

  @Test
  void reportWithNoLiveDatasetIsIdeal() {
    Allocation none = NodeAllocator.allocate(Fig3Example.chains(), LiveDatasets.of(Set.of()), 8,
        SharePolicy.FAIR_SHARE);
    ProportionalityReport r = PowerProportionality.of(none, Fig3Example.chains());
    assertEquals(Map.of(), r.byDataset());
    assertEquals(1.0, r.mean(), EPS);
    assertEquals(1.0, r.worst(), EPS);
  }
  /**
   * Measured counts instead of the chain's ideal: a layout with c = 8/7 stores 1/2, 1/2, 8/21
   * and 8/49 of B on the nodes at 1, 2, 3 and 7 (n = 4, B/n = 1/4). The node at 7 is short by
   * 1/4 − 8/49 = 17/196, which the three richer nodes share: load 1/4 + 17/588 = 41/147 (each
   * stores at least that), degree (1/4)/(41/147) = 147/164. The chain's
   * ideal 1/l would give 7/8 (the class comment's example).
   */
  @Test
  void storedFractionsFromARealLayout() {
    assertEquals(147.0 / 164,
        PowerProportionality.degreeOfStored(List.of(0.5, 0.5, 8.0 / 21, 8.0 / 49)), EPS);
    assertEquals(PowerProportionality.degree(chain(7, 2), List.of("c1", "c2", "c3", "c7")),
        PowerProportionality.degreeOfStored(List.of(0.5, 0.5, 1.0 / 3, 1.0 / 7)), EPS);
    assertEquals(0.0, PowerProportionality.degreeOfStored(List.of(0.4, 0.5)), EPS);
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> PowerProportionality.degreeOfStored(List.of(1.5)));
  }
}
