package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.availability.ReplicaSet;
import org.blinkhdfs.model.schedule.NodeMode;
import org.blinkhdfs.model.schedule.NodeSchedule;
import org.blinkhdfs.model.schedule.Schedule;
import org.junit.jupiter.api.Test;

class ExpectationsTest {
  /** Activation at 40% of 9 Mac minis: 3 ACTIVE, 6 OFF, one staging node. */
  private static Schedule activation() {
    Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(6_000);
    for (int i = 1; i <= 9; i++) {
      b.add(NodeSchedule.of("10.0.0.1" + i + ":9866", i <= 3 ? NodeMode.ACTIVE : NodeMode.OFF));
    }
    return b.add(NodeSchedule.staging("10.0.0.20:9866")).build();
  }

  /** The bound beside each latency cell: 40% of 9 at 6 s, r = 3, 500 ms read window. */
  @Test
  void leastRandomPhaseWaitIsTheEqualWindowBound() {
    Schedule.Builder b = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(6_000);
    for (int i = 0; i < 9; i++) {
      b.add(NodeSchedule.blink("10.0.0.1" + i + ":9866", 6_000L * i / 9, 2_250));
    }
    Schedule s = b.add(NodeSchedule.staging("10.0.0.20:9866")).build();
    // (6 000 − 3 · 1 750)² / (2 · 6 000 · 3) = 15.625 ms.
    assertEquals(15.625, Expectations.leastRandomPhaseWaitMs(s, 3, 500).getAsDouble(), 1e-9);
    // Activation: ACTIVE and OFF windows differ, no equal-window bound.
    assertTrue(Expectations.leastRandomPhaseWaitMs(activation(), 3, 500).isEmpty());
  }

  @Test
  void activationExpectsBandwidthTimesActiveNodes() {
    assertEquals(30.0, Expectations.readMiBps(activation(), 10, 500, 1 << 20), 1e-9);
  }

  @Test
  void activationReadsWaitForNoWindow() {
    List<ReplicaSet> sets = List.of(ReplicaSet.of(List.of("10.0.0.11:9866", "10.0.0.15:9866")),
        ReplicaSet.of(List.of("10.0.0.13:9866", "10.0.0.19:9866")));
    assertEquals(0.0, Expectations.readWait(activation(), 500, sets).meanWaitMs().getAsDouble(),
        1e-9);
    assertEquals(0.0, Expectations.blockingClientWaitMs(activation(), 500, sets, 200, 5), 1e-9);
  }

  @Test
  void blinkingWindowsServeOnlyUntilTheMinimumWindowLessOneBlock() {
    // Two nodes, 1 000 ms windows every 6 000 ms, staging node ignored: 2/6 of a node awake.
    // Min read window 500 ms, 1 MiB at 10 MiB/s = 100 ms: each window serves 1 000 - 400 = 600
    // ms, so 2 * 600 / 6 000 = 0.2 nodes * 10 MiB/s = 2 MiB/s (3.33 without the trim).
    Schedule blink = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(6_000)
        .add(NodeSchedule.blink("10.0.0.11:9866", 0, 1_000))
        .add(NodeSchedule.blink("10.0.0.12:9866", 3_000, 1_000))
        .add(NodeSchedule.staging("10.0.0.20:9866"))
        .build();
    assertEquals(2.0, Expectations.readMiBps(blink, 10, 500, 1 << 20), 1e-9);
    assertEquals(10.0 / 3, Expectations.readMiBps(blink, 10, 0, 1 << 20), 1e-9);
    // A block that takes longer than the minimum window: nothing is trimmed.
    assertEquals(10.0 / 3, Expectations.readMiBps(blink, 10, 500, 8 << 20), 1e-9);
    // Writes: the staging node always, each ring node 1/6, r = 3: (1 + 2/6) * 10 / 3.
    assertEquals(40.0 / 9, Expectations.writeMiBps(blink, 10, 3), 1e-9);
    // Activation: 3 ACTIVE + staging, r = 3: 4 * 10 / 3.
    assertEquals(40.0 / 3, Expectations.writeMiBps(activation(), 10, 3), 1e-9);
  }

  @Test
  void layoutLimitsOverTheActiveNodes() {
    // n1 holds both blocks, n2 one: random choice loads n1 with 1 + 1/2 = 1.5 -> 10*2/1.5;
    // balanced: n1 takes one block, n2 the other -> 20.
    List<List<String>> holders = List.of(List.of("10.0.0.11:9866", "10.0.0.15:9866"),
        List.of("10.0.0.11:9866", "10.0.0.12:9866"));
    Map<String, Double> m = Expectations.layoutLimits(activation(), 10, holders);
    assertEquals(40.0 / 3, m.get(Expectations.RANDOM_CHOICE_MBPS), 1e-9);
    assertEquals(20.0, m.get(Expectations.BALANCED_MBPS), 1e-9);
  }

  @Test
  void noLimitsForABlinkingScheduleOrAnUncoveredBlock() {
    Schedule blink = Schedule.builder().epoch(1).intervalStartMs(0).intervalMs(6_000)
        .add(NodeSchedule.blink("10.0.0.11:9866", 0, 3_000))
        .add(NodeSchedule.blink("10.0.0.12:9866", 3_000, 3_000))
        .build();
    assertTrue(Expectations.layoutLimits(blink, 10, List.of(List.of("10.0.0.11:9866")))
        .isEmpty());
    assertTrue(Expectations.layoutLimits(activation(), 10,
        List.of(List.of("10.0.0.17:9866"))).isEmpty());
  }
}
