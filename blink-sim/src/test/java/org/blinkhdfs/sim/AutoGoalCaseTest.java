package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.blinkhdfs.sim.AutoGoalCase.Outcome;
import org.blinkhdfs.sim.AutoGoalCase.Spec;
import org.blinkhdfs.sim.AutoGoalCheck.Violation;
import org.junit.jupiter.api.Test;

/**
 * The auto figure's numbers on one case worked by hand: N = 9, r = 3, 40%, no transitions, m = 0,
 * t = 60 s, 25 W / 1 W.
 *
 * <p>Budget 90 W; {@code f = (90 − 9)/(225 − 9) = 0.375}, 22 500 ms. Phase groups (G = 3, sizes
 * 3): anchors {@code s + 3c}, c in 0..2, and every group's member is {@code c mod 3}, so every
 * block lives on a stripe {3c, 3c+1, 3c+2}. Blinking: groups open at 0, 20 000, 40 000 with 22 500
 * ms windows, so every phase has a group awake (unavailable 0) and the read order (longest window
 * left) sends every read to the one group opened last: member c of it carries stripe c's n_c
 * blocks, throughput {@code B/(9·max n_c)}, for 9 × (0.375·25 + 0.625·1) = 90 W. Activation: k =
 * ⌊81/24⌋ = 3, group 2 (positions 2, 5, 8) ACTIVE: the same reads on the same members, 3·25 + 6·1
 * = 81 W. Auto: hybrid 3 (the chooser's 3 + 6·0.0625 = 3.375 node-eq for 90 W = 0.0375/W beats
 * activation's 3/81 = 0.0370/W and ties blinking's 3.375/90, the family order picks hybrid):
 * group 2 ACTIVE, the other 6 blink 9/(6·24) = 0.0625 of the interval (3 750 ms), 90 W; reads
 * still all go to the ACTIVE replicas, so it delivers activation's throughput for 90 W instead of
 * 81: 1 − 81/90 = 10.0% less per joule, a violation caused by the read order.
 */
class AutoGoalCaseTest {
  private static final long BLOCKS = 900;

  @Test
  void nineNodesThreeReplicasFortyPercentByHand() {
    List<Outcome> all = AutoGoalCase.run(new Spec(9, 3, 40, 0, 0), BlockSample.all(BLOCKS, 0));
    Outcome groups = all.get(0);
    Outcome aligned = all.get(1);
    Outcome activation = all.get(3);
    Outcome auto = all.get(4);
    long[] stripe = new long[3];
    ReplicaSets layout = AutoGoalCase.phaseGroupLayout(9, 3);
    BlockSample sample = BlockSample.all(BLOCKS, 0);
    for (long j = 0; j < BLOCKS; j++) {
      List<Integer> replicas = layout.targets(sample.blockId(j));
      int c = replicas.get(0) / 3;
      assertEquals(List.of(3 * c, 3 * c + 1, 3 * c + 2),
          replicas.stream().sorted().toList(), "block " + j + " is on a stripe");
      stripe[c]++;
    }
    long max = Math.max(stripe[0], Math.max(stripe[1], stripe[2]));
    double scan = (double) BLOCKS / (9 * max);

    assertEquals("9 blinking 22500 ms", groups.plan());
    assertEquals(0.0, groups.unavailable());
    assertEquals(0.0, groups.meanWaitMs());
    assertEquals(90.0, groups.watts(), 1e-9);
    assertEquals(scan, groups.throughputFraction(), 1e-12);

    assertEquals("9 blinking 22500 ms", aligned.plan());
    assertEquals(0.0, aligned.unavailable(), "even ring: gaps of 20 000 ms <= 22 500");
    assertEquals(90.0, aligned.watts(), 1e-9);

    assertEquals("3 on + 6 off", activation.plan());
    assertEquals(0.0, activation.unavailable());
    assertEquals(81.0, activation.watts(), 1e-9);
    assertEquals(scan, activation.throughputFraction(), 1e-12);

    assertEquals("hybrid 3 on + 6 blinking: 3 on + 6 blinking 3750 ms", auto.plan());
    assertEquals(0.0, auto.unavailable());
    assertEquals(90.0, auto.watts(), 1e-9);
    assertEquals(scan, auto.throughputFraction(), 1e-12);
    assertEquals(3.375, auto.predictedNodes(), 1e-12);
    assertEquals(90.0, auto.predictedWatts(), 1e-9);

    List<Violation> vs = AutoGoalCheck.check(all.subList(0, 4), auto);
    assertEquals(1, vs.size(), vs.toString());
    Violation v = vs.get(0);
    assertEquals("per joule", v.kind());
    assertEquals(AutoGoalCase.ACTIVATION, v.against());
    assertEquals(AutoGoalCheck.READ_ORDER, v.cause());
    assertEquals(1 - 81.0 / 90, 1 - auto.perJoule() / activation.perJoule(), 1e-12);
    assertTrue(v.mechanism().contains("10.0% below activation (3 on + 6 off)"), v.mechanism());
  }

  /** N = 9, r = 2 at 40%: activation 3 of group 1's 4 nodes leaves 1/4 of the blocks unserved. */
  @Test
  void aPartialCoverIsLessAvailableThanBlinking() {
    List<Outcome> all = AutoGoalCase.run(new Spec(9, 2, 40, 0, 0), BlockSample.all(BLOCKS, 0));
    Outcome activation = all.get(3);
    Outcome auto = all.get(4);
    assertEquals("3 on + 6 off", activation.plan());
    assertTrue(activation.unserved() > 0.2 && activation.unserved() < 0.3,
        "member 7 of group 1 {1, 3, 5, 7} is OFF: " + activation.unserved());
    // Blinking: L = 22 500 against gaps of 30 000: 7 500 of every 60 000 ms, for every block.
    assertEquals("blinking 9 nodes: 9 blinking 22500 ms", auto.plan());
    assertEquals(0.25, auto.unavailable(), 1e-12);
    assertEquals(2 * 7500.0 * 7500 / (2 * 60_000), auto.meanWaitMs(), 1e-9);
    assertEquals(0.0, auto.unserved());
    assertTrue(AutoGoalCheck.compareAvailability(auto, activation) < 0);
  }
}
