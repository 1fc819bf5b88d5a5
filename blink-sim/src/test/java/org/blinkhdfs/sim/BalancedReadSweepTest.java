package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * The simulator's full scan under {@code --read-order balanced} (issue 46): a case worked by
 * hand, the goal on the small rings of the default design, and the waits, which the
 * read order does not change.
 */
class BalancedReadSweepTest {
  private static final long T = 60_000;
  private static final Simulator.Progress QUIET = (l, ls, v, vs) -> { };

  /**
   * Three nodes with windows [0, 40 s), [20, 60 s), [40, 80 s) of a 60 s interval and every
   * block on all three, read at 10, 30 and 50 s. At each instant two nodes are awake: at 10 s
   * dn1 (30 s left) and dn3 (10 s), at 30 s dn2 (30 s) and dn1 (10 s), at 50 s dn3 (30 s) and
   * dn2 (10 s). The longest window sends all B blocks to the first: B/(3·B) = 1/3. Balanced
   * sends the E blocks of even ID to the first and the O of odd ID to the second: B/(3·max(E,
   * O)) at every instant. Two of three nodes awake: awakeNodeFraction 2/3 either way.
   */
  @Test
  void threeNodesTwoAwakeSplitByParity() {
    Schedule s = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(T)
        .add(NodeSchedule.blink("dn1:9866", 0, 40_000))
        .add(NodeSchedule.blink("dn2:9866", 20_000, 40_000))
        .add(NodeSchedule.blink("dn3:9866", 40_000, 40_000)).build();
    ReplicaSets all = id -> List.of(0, 1, 2);
    BlockSample sample = BlockSample.all(1000, 7);
    int even = 0;
    for (long j = 0; j < sample.visits(); j++) {
      even += Math.floorMod(sample.blockId(j), 2) == 0 ? 1 : 0;
    }
    int max = Math.max(even, 1000 - even);
    EpochStats longest = EpochSweep.run(s, all, sample, 3, 0, ReadOrderMode.LONGEST_WINDOW,
        v -> { });
    EpochStats balanced = EpochSweep.run(s, all, sample, 3, 0, ReadOrderMode.BALANCED,
        v -> { });
    assertEquals(1.0 / 3, longest.throughputFraction(), 1e-12);
    assertEquals(1000.0 / (3 * max), balanced.throughputFraction(), 1e-12);
    assertTrue(balanced.throughputFraction() > 0.6, "even " + even);
    assertEquals(2.0 / 3, balanced.awakeFraction(), 1e-12);
    assertEquals(2.0 / 3, longest.awakeFraction(), 1e-12);
  }

  /**
   * The goal on the default design's small rings: a full scan of 1000 blocks per node
   * uses at least 0.9 of the awake nodes' bandwidth at every level from 20% to 100% for r = 2,
   * 3, 6 and N = 9, 12 (no transitions, the 1 s minimum read window), and at 80%, where the
   * groups overlap most, over 1.5 times the longest window's (which stays below 0.5 of the awake
   * bandwidth for r = 3). Where one group alone is awake (20%) or all are ACTIVE (100%) the
   * longest window's ties are counted as exact equal shares (HDFS's shuffle in expectation) and
   * the split by ID as the blocks' real count, so there it can read a few percent less. Waits do
   * not depend on the read order.
   */
  @Test
  void phaseGroupsReachTheGoalOnSmallRings() {
    for (int n : new int[] {9, 12}) {
      for (int r : new int[] {2, 3, 6}) {
        for (int p = 20; p <= 100; p += 20) {
          SimResult b = run(n, r, p, ReadOrderMode.BALANCED);
          SimResult l = run(n, r, p, ReadOrderMode.LONGEST_WINDOW);
          String cell = "N " + n + " r " + r + " " + p + "%";
          double ratio = b.readThroughputFraction() / b.awakeNodeFraction();
          assertTrue(ratio >= 0.9, cell + ": " + ratio);
          assertEquals(l.meanWaitMs(), b.meanWaitMs(), 1e-9, cell);
          assertEquals(l.p90WaitMs(), b.p90WaitMs(), cell);
          assertEquals(l.awakeNodeFraction(), b.awakeNodeFraction(), 1e-12, cell);
          if (p == 80) {
            assertTrue(b.readThroughputFraction() > 1.5 * l.readThroughputFraction(), cell);
          }
          if (r == 3 && p == 80) {
            assertTrue(l.readThroughputFraction() / l.awakeNodeFraction() < 0.5, cell);
          }
        }
      }
    }
  }

  private static SimResult run(int nodes, int r, int percent, ReadOrderMode order) {
    PowerModel model = PowerModel.builder().nodeCount(nodes).activeWatts(25).sleepWatts(1)
        .overheadWatts(40).transitionMs(0).build();
    return Simulator.run(SimSpec.builder().nodes(nodes).blocks(1000L * nodes).replication(r)
        .model(model).intervalMs(T).minWindowMs(1000).power(new PowerLevel.Percent(percent))
        .readOrder(order).build(), QUIET);
  }
}
