package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.junit.jupiter.api.Test;

/**
 * {@code --resize} ({@link ResizeMeasure}) against numbers worked by hand: t = 60 s, 40% power
 * with 10 W / 0 W nodes and no transition (a = 0.4, w = 24 000 ms), r = 3, G = 3.
 */
class ResizeMeasureTest {

  private static SimSpec spec(int nodes, long blocks) {
    return SimSpec.builder().nodes(nodes).blocks(blocks).replication(3)
        .model(PowerModel.builder().nodeCount(nodes).activeWatts(10).sleepWatts(0)
            .overheadWatts(0).transitionMs(0).build())
        .intervalMs(60_000).power(new PowerLevel.Percent(40)).build();
  }

  private static Map<String, Object> run(int nodes, long blocks, String scheme, String resize,
      String at, String population) {
    return ResizeMeasure.run(spec(nodes, blocks), scheme,
        ResizeMeasure.parse(resize, at, nodes), population);
  }

  private static double d(Map<String, Object> m, String key) {
    return ((Number) m.get(key)).doubleValue();
  }

  /**
   * 9 → 10, groups: positions keep i mod 3, the new position 9 joins group 0 (4 members), no
   * block is out of layout and the new node's share is 1/4 of the blocks: exactly
   * (S/4)/(3S) = 1/12 of the replicas, under the minimum 1/10. Groups of 4, 3, 3 keep every
   * block readable at a = 0.4 ≥ 1/3.
   */
  @Test
  void addToNineWithGroups() {
    for (String scheme : new String[] {"groups", "membership"}) {
      Map<String, Object> m = run(9, 3_000, scheme, "+1", "last", "targets");
      assertEquals(0, d(m, "blocksOutOfLayoutFraction"), scheme);
      assertEquals(1.0 / 12, d(m, "replicasMovedFraction"), 1e-12, scheme);
      assertEquals(0.1, d(m, "minimumMovedFraction"), 1e-15);
      assertEquals(0, d(m, "unavailableFractionBefore"));
      assertEquals(0, d(m, "unavailableFractionAfter"));
    }
  }

  /**
   * 9 → 10, BlinkFS's bisection ring (issue 40's numbers): a block f, f+4, f+6 has cyclic gaps
   * 4, 2, 3; appending position 9 lengthens the gap across 8 → 0 by one, and the 10-ring's
   * layouts have gaps 5, 2, 3 in that cyclic order, so only the blocks whose gap of 4 crosses
   * the end (f = 5..8) stay: 5/9 out of layout, one replica each, 5/27 of the replicas.
   * Sampled over 9 000 hashed first positions: within 0.02.
   */
  @Test
  void addToNineOnTheBisectionRing() {
    Map<String, Object> m = run(9, 9_000, "bisection", "+1", "last", "targets");
    assertEquals(5.0 / 9, d(m, "blocksOutOfLayoutFraction"), 0.02);
    assertEquals(5.0 / 27, d(m, "correctionReplicasFraction"), 0.02);
    assertTrue(d(m, "replicasMovedFraction") > 1.5 * d(m, "minimumMovedFraction"));
  }

  /**
   * Removing the middle of 9 (index 4, group 1) from blocks written on random members: the
   * membership keeps every other node's group, so only the blocks on node 4 move, 1/3 of them,
   * one replica each: 1/9 = 1/N. Today's i mod G renumbers positions 5..8 into other groups and
   * puts most blocks out of layout.
   */
  @Test
  void removeTheMiddleOfNine() {
    Map<String, Object> explicit = run(9, 9_000, "membership", "-1", "middle", "written");
    assertEquals(1.0 / 3, d(explicit, "blocksOutOfLayoutFraction"), 0.02);
    assertEquals(1.0 / 9, d(explicit, "replicasMovedFraction"), 0.01);
    assertEquals(1.0 / 9, d(explicit, "expectedMovedFraction"), 1e-15);
    assertEquals(0, d(explicit, "unavailableFractionAfter"));
    Map<String, Object> today = run(9, 9_000, "groups", "-1", "middle", "written");
    assertTrue(d(today, "blocksOutOfLayoutFraction") > 0.6, today.toString());
    assertTrue(d(today, "replicasMovedFraction") > 2 * d(explicit, "replicasMovedFraction"));
  }

  /** N = 1000 → 1001: the new node joins group 1 (333 → 334): exactly 1/(3·334). */
  @Test
  void addToAThousand() {
    Map<String, Object> m = run(1000, 20_000, "membership", "+1", "last", "targets");
    assertEquals(1.0 / (3 * 334), d(m, "replicasMovedFraction"), 1e-12);
    assertEquals(1.0 / (3 * 334), d(m, "expectedMovedFraction"), 1e-15);
    assertEquals(1.0, d(m, "capacityFractionAfter"), 0.01);
    assertEquals("none", m.get("rebalanceAdvice"));
  }

  /** Bad flags name the flag, the value and the fix. */
  @Test
  void badInput() {
    assertMessage("--resize '1' must be +K", () -> ResizeMeasure.parse("1", "last", 9));
    assertMessage("remove 1..8 of the 9", () -> ResizeMeasure.parse("-9", "last", 9));
    assertMessage("--at 'x' must be first, middle, last or a ring index within 0..8",
        () -> ResizeMeasure.parse("-1", "x", 9));
    assertEquals(new ResizeMeasure.Resize(-2, 7), ResizeMeasure.parse("-2", "last", 9));
    assertEquals(new ResizeMeasure.Resize(1, 4), ResizeMeasure.parse("+1", "middle", 9));
    assertMessage("--scheme 'ring' is not a resize scheme",
        () -> run(9, 10, "ring", "+1", "last", "targets"));
    assertMessage("--population 'all' is not a block population",
        () -> run(9, 10, "groups", "+1", "last", "all"));
  }

  private static void assertMessage(String expected, Runnable action) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, action::run);
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
