package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

/** The sequential readers' model against hand-worked runs, and its bounds over seeds. */
class FileReadSimTest {
  private static final ReplicaSets FIRST_NODE = id -> List.of(0);

  private static FileReadSim.Spec spec(int readers, int blocks, long minWindowMs, int phases,
      long seed) {
    return new FileReadSim.Spec(readers, blocks, 1.0, 10.0, 10, minWindowMs, 10, 0, phases,
        seed);
  }

  /** One node in {@code mode} for the whole 2 s interval. */
  private static Schedule oneNode(NodeMode mode) {
    return Schedule.builder().intervalMs(2_000).add(NodeSchedule.of("dn1:9866", mode)).build();
  }

  @Test
  void twoReadersShareOneAlwaysAwakeNode() {
    Schedule s = oneNode(NodeMode.ACTIVE);
    // Both read at 5 MiB/s: 200 ms per block, 400 ms for 4 MiB: 10 MiB/s.
    FileReadSim.Result r = FileReadSim.run(s, FIRST_NODE, spec(2, 2, 0, 3, 1),
        FileReadSim.Ties.DISTANCE, List.of());
    assertEquals(List.of(10.0, 10.0, 10.0), r.perPhaseMiBps().stream()
        .map(v -> Math.round(v * 1e6) / 1e6).toList());
  }

  @Test
  void theThrottlerSendsAQuotaPerPeriodAtTheMachinesSpeed() {
    Schedule s = oneNode(NodeMode.ACTIVE);
    // 5 MiB quotas at 50 MiB/s: 0-100 ms (the reserve), 100-200 ms (periods restart at 100),
    // wait to 600, 600-700, wait to 1 100, the last 1 MiB by 1 120 ms: 16 MiB in 1.12 s. The
    // second round follows at once with 4 MiB of the period left: 4 MiB by 1 200, waits to
    // 1 600, 2 100 and 2 600 for the rest, the last 2 MiB by 2 640 ms: 1.52 s.
    FileReadSim.Spec fast = new FileReadSim.Spec(1, 16, 1.0, 10.0, 50, 0, 10, 0, 2, 1);
    FileReadSim.Result r = FileReadSim.run(s, FIRST_NODE, fast, FileReadSim.Ties.DISTANCE,
        List.of());
    assertEquals(16 / 1.12, r.perPhaseMiBps().get(0), 1e-6);
    assertEquals(16 / 1.52, r.perPhaseMiBps().get(1), 1e-6);
  }

  /** One 1 MiB block read by one reader in 20 rounds, round k at (k + 0.5) * 100 ms. */
  private static FileReadSim.Result oneBlockOnAHalfAwakeNode(long minWindowMs) {
    Schedule s = Schedule.builder().intervalMs(2_000)
        .add(NodeSchedule.blink("dn1:9866", 0, 1_000)).build();
    return FileReadSim.run(s, FIRST_NODE, spec(1, 1, minWindowMs, 20, 1),
        FileReadSim.Ties.DISTANCE, List.of());
  }

  @Test
  void aBlockCutByTheWindowResumesAtTheNextWake() {
    FileReadSim.Result r = oneBlockOnAHalfAwakeNode(0);
    // Start 850 ms: the 100 ms read ends at 950 ms, inside the window.
    assertEquals(10.0, r.perPhaseMiBps().get(8), 1e-9);
    // Start 950 ms: 50 ms read, then 1 s frozen, then 50 ms: 1.1 s.
    assertEquals(1 / 1.1, r.perPhaseMiBps().get(9), 1e-9);
    // Start 50 ms: 100 ms, 10 MiB/s.
    assertEquals(10.0, r.perPhaseMiBps().get(0), 1e-9);
    // Start 1 050 ms, asleep: the gate waits 950 ms, then 100 ms: 1.05 s.
    assertEquals(1 / 1.05, r.perPhaseMiBps().get(10), 1e-9);
    // One block per round: each read lasts its round, the gate's wait included.
    assertEquals(20, r.readMs().size());
    assertEquals(1_100, r.readMs().get(9), 1e-6);
    assertEquals(1_050, r.readMs().get(10), 1e-6);
    assertEquals(r.perPhaseMs(), r.readMs());
  }

  @Test
  void theMinimumWindowHoldsAReaderForTheNextWindow() {
    // Start 850 ms with 200 ms minimum: 150 ms left is too little; wait 1 150 ms, read 100 ms.
    FileReadSim.Result r = oneBlockOnAHalfAwakeNode(200);
    assertEquals(1 / 1.25, r.perPhaseMiBps().get(8), 1e-9);
  }

  @Test
  void theReaderTakesTheReplicaAwakeLongest() {
    // Replicas on a (awake [0, 1 s)) and b (awake [500, 1 500)) of 2 s; start at 650 ms: b has
    // 850 ms left, a 350: b serves; 4 blocks at 10 MiB/s take 400 ms, all inside b's window.
    Schedule s = Schedule.builder().intervalMs(2_000)
        .add(NodeSchedule.blink("dn1:9866", 0, 1_000))
        .add(NodeSchedule.blink("dn2:9866", 500, 1_000)).build();
    ReplicaSets both = id -> List.of(0, 1);
    FileReadSim.Result r = FileReadSim.run(s, both, spec(1, 4, 0, 20, 1),
        FileReadSim.Ties.DISTANCE, List.of());
    assertEquals(10.0, r.perPhaseMiBps().get(6), 1e-9); // start 650 ms
  }

  @Test
  void aBlockWhoseReplicasNeverWakeIsNotServed() {
    Schedule s = oneNode(NodeMode.OFF);
    FileReadSim.Result r = FileReadSim.run(s, FIRST_NODE, spec(1, 1, 0, 4, 1),
        FileReadSim.Ties.DISTANCE, List.of());
    assertFalse(r.served());
  }

  /** Over seeds: never faster than the machine, and deterministic. */
  @Test
  void throughputStaysWithinTheAwakeBandwidthOverSeeds() {
    for (long seed = 1; seed <= 20; seed++) {
      int nodes = 9;
      Schedule.Builder b = Schedule.builder().intervalMs(6_000);
      for (int i = 0; i < nodes; i++) {
        b.add(NodeSchedule.blink("dn" + (i + 1) + ":9866", i * 6_000L / nodes, 3_000));
      }
      Schedule s = b.build();
      ReplicaSets layout = new UniformReplicaSets(nodes, 3, seed);
      FileReadSim.Spec spec = new FileReadSim.Spec(8, 12, 1.0, 10.0, 373, 500, 10, 1, 8,
          seed);
      FileReadSim.Result r = FileReadSim.run(s, layout, spec, FileReadSim.Ties.DISTANCE,
          List.of());
      assertTrue(r.served());
      for (double v : r.perPhaseMiBps()) {
        assertTrue(v > 0 && v <= 373 + 1e-9, seed + ": " + v);
      }
      assertEquals(r, FileReadSim.run(s, layout, spec, FileReadSim.Ties.DISTANCE, List.of()));
    }
  }
}
