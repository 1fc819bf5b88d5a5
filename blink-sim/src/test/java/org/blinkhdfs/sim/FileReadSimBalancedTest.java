package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.report.ReportCell;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.ReadOrderMode;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/**
 * {@code sim --validate}'s readers under {@code blink.read.order = balanced}: the gate sends each
 * block to the usable replica its ID picks, as {@code BlockGate} does, where the longest window
 * sends every block to the replica awake longest.
 */
class FileReadSimBalancedTest {
  /**
   * Interval 4 s: dn1 awake [1 000, 3 000), dn2 [1 500, 3 500); one round at phase 2 000 ms
   * (dn1 has 1 000 ms left, dn2 1 500). Two readers, one 8 MiB block each (IDs base and base + 1,
   * base even), cap 10 MiB/s (5 MiB quotas), machine 100 MiB/s.
   *
   * <p>Longest window: both on dn2, 100 MiB/s shared: its reserve by 2 050, a fresh quota by
   * 2 100, blocked to 2 550, a quota by 2 600, blocked to 3 050, the last 1 MiB by 3 060:
   * 16 MiB in 1.06 s. Balanced: canonical order dn2, dn1; the even ID reads dn2, the odd dn1;
   * each node at 50 MiB/s sends its reserve by 2 100 and a fresh quota's 3 MiB by 2 160:
   * 16 MiB in 0.16 s, 100 MiB/s.
   */
  @Test
  void twoReadersSplitOverTheOverlappingWindows() {
    Schedule s = Schedule.builder().intervalMs(4_000)
        .add(NodeSchedule.blink("dn1:9866", 1_000, 2_000))
        .add(NodeSchedule.blink("dn2:9866", 1_500, 2_000)).build();
    ReplicaSets both = id -> List.of(0, 1);
    assertEquals(16 / 1.06, run(s, both, ReadOrderMode.LONGEST_WINDOW), 1e-9);
    assertEquals(100.0, run(s, both, ReadOrderMode.BALANCED), 1e-9);
  }

  /**
   * With one replica usable the orders agree: dn1's window [0, 2 000) has closed at the round's
   * 2 000 ms, so dn2 serves both blocks, 16 MiB in 1.06 s as above.
   */
  @Test
  void oneUsableReplicaServesUnderEitherOrder() {
    Schedule s = Schedule.builder().intervalMs(4_000)
        .add(NodeSchedule.blink("dn1:9866", 0, 2_000))
        .add(NodeSchedule.blink("dn2:9866", 1_500, 2_000)).build();
    ReplicaSets both = id -> List.of(0, 1);
    assertEquals(16 / 1.06, run(s, both, ReadOrderMode.LONGEST_WINDOW), 1e-9);
    assertEquals(16 / 1.06, run(s, both, ReadOrderMode.BALANCED), 1e-9);
  }

  /**
   * The cluster's read order reaches the simulated readers: phase groups (G = r = 3) on 9
   * nodes at 80% (4 750 ms windows of 6 s, gaps of 2 000: two or three groups awake at once),
   * the demo's 8 readers of 12 MiB at 10 MiB/s per node. The longest window sends every block to
   * the group opened last, 3 nodes (35.8 MiB/s with their bursts); balanced spreads the reads
   * over every usable group, toward the 9·(4 750 − 500)/6 000·10 = 64 MiB/s the usable
   * node-seconds allow plus bursts (67.7 MiB/s): more than 1.5 times.
   */
  @Test
  void theValidationFollowsTheClustersReadOrder() {
    ReportCell cell = new ReportCell("throughput", "phase-groups+phase-groups", 3, 80,
        Map.of("readMBps", 50.0, "readMBpsCi95", 1.0, "rounds", 8.0), Map.of());
    ThroughputValidation.Workload demo =
        new ThroughputValidation.Workload(8, 12, 1.0, 10.0, 373, 1, 1, "2", 8, 2);
    double longest = ThroughputValidation.simulate(cell,
        new ClusterValidation.Settings(9, 6_000, 500, 0, 1000, 0), demo).getAsDouble();
    double balanced = ThroughputValidation.simulate(cell, new ClusterValidation.Settings(9,
        6_000, 500, 0, 1000, 0, ReadOrderMode.BALANCED), demo).getAsDouble();
    assertTrue(balanced > 1.5 * longest, "balanced " + balanced + ", longest " + longest);
  }

  private static double run(Schedule s, ReplicaSets layout, ReadOrderMode order) {
    FileReadSim.Spec spec = new FileReadSim.Spec(2, 1, 8.0, 10.0, 100, 0, 10, 0, 1, 1, order);
    FileReadSim.Result r = FileReadSim.run(s, layout, spec, FileReadSim.Ties.DISTANCE,
        List.of());
    assertEquals(1, r.perPhaseMiBps().size());
    return r.perPhaseMiBps().get(0);
  }
}
