package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.sim.AutoGoalCase.Outcome;
import org.blinkhdfs.sim.AutoGoalCase.Spec;
import org.junit.jupiter.api.Test;

/**
 * The auto figure's case N = 9, r = 3, 40%, no transitions, m = 0, t = 60 s, 25 W / 1 W under
 * {@code --read-order balanced}: every design is read and auto predicts under that order.
 *
 * <p>Budget 90 W. Auto's candidates ({@code ReadOrderCapacity}, balanced): blinking 22 500 ms,
 * {@code 9·22 500/60 000 = 3.375} node-eq for 90 W; activation 3 (group 2) 3 for 81 W; hybrid 3
 * (groups 0 and 1 blinking 3 750 ms) {@code 3 + 2·3·3 750/60 000 = 3.375} for 90 W, which wins
 * the tie with blinking. On the figure's 32 instants (midpoints of 1 875 ms slices) group 0's
 * window [0, 3 750) holds instants 0 and 1, group 1's [20 000, 23 750) instants 11 and 12: 4 of
 * 32 instants read on 6 nodes, 28 on the 3 ACTIVE ones, {@code (4·6 + 28·3)/32 = 3.375}, the
 * prediction, less what the split by ID loses to the busiest node on 9 000 blocks.
 */
class AutoGoalBalancedTest {
  @Test
  void autoPlansTheHybridItPredictsAndTheSimulatorAgrees() {
    List<Outcome> all = AutoGoalCase.run(new Spec(9, 3, 40, 0, 0, ReadOrderMode.BALANCED),
        BlockSample.all(9_000, 0));
    Outcome activation = all.get(3);
    Outcome auto = all.get(4);
    assertEquals("hybrid 3 on + 6 blinking: 3 on + 6 blinking 3750 ms", auto.plan());
    assertEquals(3.375, auto.predictedNodes(), 1e-12);
    assertEquals(90.0, auto.predictedWatts(), 1e-9);
    assertEquals(90.0, auto.watts(), 1e-9);
    assertEquals(0.0, auto.unavailable());
    assertTrue(auto.nodeEq() <= 3.375 + 1e-9 && auto.nodeEq() > 0.98 * 3.375,
        "measured " + auto.nodeEq());
    assertEquals("3 on + 6 off", activation.plan());
    assertTrue(auto.perJoule() > activation.perJoule(), auto.perJoule() + " against "
        + activation.perJoule());
    assertTrue(AutoGoalCheck.check(all.subList(0, 4), auto).isEmpty());
  }

  /** The longest window (the default): activation 3, as {@code AutoGoalCaseTest} works out. */
  @Test
  void theDefaultOrderKeepsActivation() {
    List<Outcome> all = AutoGoalCase.run(new Spec(9, 3, 40, 0, 0), BlockSample.all(9_000, 0));
    assertEquals("activation 3 on + 6 off: 3 on + 6 off", all.get(4).plan());
    assertEquals(ReadOrderMode.LONGEST_WINDOW, new Spec(9, 3, 40, 0, 0).readOrder());
  }
}
