package org.blinkhdfs.rabbit.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Fig. 3(b) and 3(c) of Rabbit in small, worked by hand. Chains (p = 2, {@link ChainPlannerTest}):
 * <pre>
 *   position  1  2  3  4  5  6  7  8
 *   d1        n1 n2 n3 n4 n5 n6 n7 n8
 *   d2        n8 n7 n6 n5 n4 n3 n1 n2
 *   d3        n4 n5 n3 n6 n2 n8 n1 n7
 * </pre>
 * The allocator processes claims by contribution (1 for positions 1-2, then 1/3, 1/4, ...), then
 * position, then (priority only) weight, then name; a claim wins when the node is free and the
 * dataset is below its quota. Degrees are in fractions of B: position l ≤ 2 stores 1/2, l &gt; 2
 * stores 1/l.
 */
class Fig3AllocationTest {
  private static final double EPS = 1e-12;

  /**
   * Fig. 3(b): all three live, all 8 nodes on, fair share. Quotas: 8/3 = 2 r 2 each, the two
   * left-over nodes to d1 and d2 by name: 3, 3, 2. Contribution 1, position 1: d1→n1, d2→n8,
   * d3→n4; position 2: d1→n2, d2→n7, d3→n5 (d3 full). 1/3: d1→n3, d2→n6 (both full). No node
   * was contested. Every A(d) is the head of its chain, so every degree is 1 (d1: stores 1/2,
   * 1/2, 1/3 with B/n = 1/3; d3: 1/2, 1/2 with B/n = 1/2).
   */
  @Test
  void allThreeLiveFairShare() {
    Map<String, ExpansionChain> chains = Fig3Example.chains();
    Allocation a = NodeAllocator.allocate(chains, LiveDatasets.of(Set.of("d1", "d2", "d3")), 8,
        SharePolicy.FAIR_SHARE);
    assertEquals(List.of("n1", "n2", "n3"), a.nodesOf("d1"));
    assertEquals(List.of("n8", "n7", "n6"), a.nodesOf("d2"));
    assertEquals(List.of("n4", "n5"), a.nodesOf("d3"));
    ProportionalityReport report = PowerProportionality.of(a, chains);
    assertEquals(Map.of("d1", 1.0, "d2", 1.0, "d3", 1.0), report.byDataset());
  }

  /**
   * Fig. 3(c): d1 and d3 live, 8 nodes on, fair share 4 each. Position 1: d1→n1, d3→n4;
   * position 2: d1→n2, d3→n5. 1/3: both want n3, the tie goes to d1 by name. 1/4: d1 wants n4
   * (d3's, which contributes 1 there > 1/4: the paper's arbitration), d3→n6. 1/5: d1 wants n5,
   * d3 wants n2, both taken. 1/6: d1 wants n6 (taken), d3→n8 (full). 1/7: d1→n7 (full).
   * A(d1) = [n1 n2 n3 n7] at positions 1, 2, 3, 7; A(d3) = [n4 n5 n6 n8] at 1, 2, 4, 6: both
   * settle for nodes low in their chains, as in the paper.
   *
   * <p>Degrees, B/n = 1/4: d1 stores 1/2, 1/2, 1/3, 1/7; n7 is short by 1/4 − 1/7 = 3/28, the
   * three richer nodes take b_e = 1/28 each, load 2/7, degree (1/4)/(2/7) = 7/8. d3 stores 1/2,
   * 1/2, 1/4, 1/6; n8 is short by 1/12, n6 holds exactly 1/4 and cannot help, n4 and n5 take
   * 1/24 each, load 7/24, degree 6/7. Mean (7/8 + 6/7)/2 = 97/112, worst 6/7.
   */
  @Test
  void datasetsOneAndThreeLiveFairShare() {
    Map<String, ExpansionChain> chains = Fig3Example.chains();
    Allocation a = NodeAllocator.allocate(chains, LiveDatasets.of(Set.of("d1", "d3")), 8,
        SharePolicy.FAIR_SHARE);
    assertEquals(List.of("n1", "n2", "n3", "n7"), a.nodesOf("d1"));
    assertEquals(List.of("n4", "n5", "n6", "n8"), a.nodesOf("d3"));
    assertEquals(List.of(), a.nodesOf("d2"));
    ProportionalityReport report = PowerProportionality.of(a, chains);
    assertEquals(7.0 / 8, report.byDataset().get("d1"), EPS);
    assertEquals(6.0 / 7, report.byDataset().get("d3"), EPS);
    assertEquals(97.0 / 112, report.mean(), EPS);
    assertEquals(6.0 / 7, report.worst(), EPS);
  }

  /**
   * Fig. 3(c) with priorities d1 : d3 = 2 : 3. Quotas: 8·2/5 = 3 r 1, 8·3/5 = 4 r 4, the left-over
   * node to d3 (larger remainder): 3 and 5. Equal contributions now go to the heavier d3 first:
   * position 1: d3→n4, d1→n1; 2: d3→n5, d1→n2; 3: d3→n3 (wins the tie by weight), d1 loses n3;
   * 4: d3→n6, d1 wants n4 (taken); 5: both taken (n2, n5); 6: d3→n8 (full), d1 wants n6
   * (taken); 7: d1→n7 (full). A(d1) = [n1 n2 n7], A(d3) = [n4 n5 n3 n6 n8].
   *
   * <p>Degrees: d1, B/n = 1/3, stores 1/2, 1/2, 1/7: short 4/21, b_e = 2/21, load 3/7, degree
   * 7/9. d3, B/n = 1/5, stores 1/2, 1/2, 1/3, 1/4, 1/6: short 1/30, four richer nodes take 1/120
   * each, load 5/24, degree 24/25.
   */
  @Test
  void datasetsOneAndThreeLiveByPriority() {
    Map<String, ExpansionChain> chains = Fig3Example.chains();
    Allocation a = NodeAllocator.allocate(chains,
        LiveDatasets.withWeights(Map.of("d1", 2, "d3", 3)), 8, SharePolicy.PRIORITY);
    assertEquals(List.of("n1", "n2", "n7"), a.nodesOf("d1"));
    assertEquals(List.of("n4", "n5", "n3", "n6", "n8"), a.nodesOf("d3"));
    ProportionalityReport report = PowerProportionality.of(a, chains);
    assertEquals(7.0 / 9, report.byDataset().get("d1"), EPS);
    assertEquals(24.0 / 25, report.byDataset().get("d3"), EPS);
  }

  /** The same weights under fair share are ignored: the fair-share result above. */
  @Test
  void fairShareIgnoresWeights() {
    Map<String, ExpansionChain> chains = Fig3Example.chains();
    Allocation fair = NodeAllocator.allocate(chains,
        LiveDatasets.withWeights(Map.of("d1", 2, "d3", 3)), 8, SharePolicy.FAIR_SHARE);
    assertEquals(List.of("n1", "n2", "n3", "n7"), fair.nodesOf("d1"));
  }
}
