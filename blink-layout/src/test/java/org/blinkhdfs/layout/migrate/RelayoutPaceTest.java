package org.blinkhdfs.layout.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.blinkhdfs.layout.phase.PhaseGroupLayoutModel;
import org.blinkhdfs.layout.ring.RingSpacing;
import org.junit.jupiter.api.Test;

/** The pace's formulas on numbers worked by hand, the byte units, and the report's lines. */
class RelayoutPaceTest {
  static final double MIB = 1 << 20;
  static final long GIB = 1L << 30;

  /** A plan whose busiest node receives 360 GiB, with 10 000 blocks touched. */
  static RelayoutPlan plan360() {
    NodeFlow busy = new NodeFlow("n0", true, 0, 0, 2880, 360 * GIB, 0, 0, 0, 0);
    NodeFlow quiet = new NodeFlow("n1", true, 0, 0, 0, 0, 2880, 360 * GIB, 2880, 360 * GIB);
    return new RelayoutPlan("phase-groups (G = 3)", List.of("n0", "n1"), 10_000, 0, 0, 10_000,
        30_000, 2880, 0, 0, 0, 360 * GIB, List.of(busy, quiet), List.of());
  }

  /** 360 GiB at 100 MiB/s with half kept for clients: 50 MiB/s, 360·1024/50 = 7 372.8 s. */
  @Test
  void asFastAsTheClientShareAllows() {
    RelayoutPace p = RelayoutPace.of(plan360(), 100 * MIB, 0.5, 0, 9, 3);
    assertEquals(50 * MIB, p.bytesPerSec(), 1e-6);
    assertEquals(7372.8, p.seconds(), 1e-9);
    assertEquals(2.048, p.hours(), 1e-12);
    assertEquals(0.5, p.clientShareLeft(), 1e-12);
    // 10 000 blocks over 7 372.8 s in passes of 3 s: ⌈4.069⌉ = 5 per pass, multiplier ⌈5/9⌉ = 1.
    assertEquals(5, p.blocksPerIteration());
    assertEquals(1, p.multiplier());
    assertTrue(p.feasible());
  }

  /**
   * In 4 h instead: 368 640 MiB / 14 400 s = 25.6 MiB/s, clients keep 1 − 0.256 = 0.744;
   * 10 000 · 3 / 14 400 = 2.083, so 3 blocks per pass.
   */
  @Test
  void aTargetTimeSetsTheRateAndLeavesTheRestToClients() {
    RelayoutPace p = RelayoutPace.of(plan360(), 100 * MIB, 0.5, 4, 9, 3);
    assertEquals(25.6 * MIB, p.bytesPerSec(), 1e-6);
    assertEquals(14_400, p.seconds(), 1e-6);
    assertEquals(0.744, p.clientShareLeft(), 1e-12);
    assertEquals(3, p.blocksPerIteration());
    assertEquals(1, p.multiplier());
  }

  /** 1 h needs 102.4 MiB/s, more than the 50 MiB/s the share leaves: not feasible. */
  @Test
  void anUnreachableTargetFallsBackToTheFastest() {
    RelayoutPace p = RelayoutPace.of(plan360(), 100 * MIB, 0.5, 1, 9, 3);
    assertFalse(p.feasible());
    assertEquals(50 * MIB, p.bytesPerSec(), 1e-6);
    assertEquals(7372.8, p.seconds(), 1e-9);
  }

  @Test
  void badArgumentsAreNamed() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RelayoutPace.of(plan360(), 100 * MIB, 1, 0, 9, 3));
    assertTrue(e.getMessage().startsWith("clientShare = 1.0 must be in [0, 1)"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> RelayoutPace.of(plan360(), 0, 0.5, 0, 9, 3));
    assertThrows(IllegalArgumentException.class,
        () -> RelayoutPace.of(plan360(), 100 * MIB, 0.5, 0, 0, 3));
  }

  @Test
  void byteUnitsAreBinaryAsHadoopsOwn() {
    assertEquals(100 * MIB, ByteUnits.parseRate("bandwidth", "100m"));
    assertEquals(10 * MIB, ByteUnits.parseRate("bandwidth", "10MiB/s"));
    assertEquals(10 * MIB, ByteUnits.parseRate("bandwidth", "10 MB/s"));
    assertEquals(1.5 * GIB, ByteUnits.parseRate("bandwidth", "1.5g"));
    assertEquals(512, ByteUnits.parseRate("bandwidth", "512"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ByteUnits.parseRate("bandwidth", "fast"));
    assertTrue(e.getMessage().startsWith("bandwidth = 'fast' is not a byte rate"));
    assertThrows(IllegalArgumentException.class, () -> ByteUnits.parseRate("bandwidth", "0m"));
    assertEquals("384 MiB", ByteUnits.bytes(384 * MIB));
    assertEquals("1.50 GiB", ByteUnits.bytes(1.5 * GIB));
    assertEquals("12.5 KiB", ByteUnits.bytes(12.5 * 1024));
    assertEquals("50.0 MiB/s", ByteUnits.rate(50 * MIB));
  }

  /** The N = 9 bisection-to-groups plan, reported: its counts, time and the keys to set. */
  @Test
  void theReportNamesTheCountsTheTimeAndTheKeys() {
    RelayoutPlan plan = new RelayoutPlanner(RelayoutPlannerTest.ring(9),
        new PhaseGroupLayoutModel(9, 3), DestinationRule.BALANCED)
        .plan(RelayoutPlannerTest.ringBlocks(9, 3, RingSpacing.BISECTION));
    RelayoutPace pace = RelayoutPace.of(plan, 100 * MIB, 0.5, 0, 9, 3);
    // Busiest: 200 MiB in at 50 MiB/s = 4 s.
    assertEquals(4, pace.seconds(), 1e-9);
    String text = RelayoutReport.format(plan, pace, DestinationRule.BALANCED);
    assertTrue(text.contains("replicas: 27 held, 9 move (0.333 of them), 0 added, 0 deleted"),
        text);
    assertTrue(text.contains("bottleneck: n6, 200 MiB in its busier direction"), text);
    assertTrue(text.contains("time:     0.00 h (4 s) at 50.0 MiB/s per node"), text);
    assertTrue(text.contains("dfs.datanode.data.transfer.bandwidthPerSec = 52428800"), text);
    assertTrue(text.contains("dfs.namenode.replication.work.multiplier.per.iteration = 2"),
        text);
    assertTrue(text.contains("hdfs fsck <path> -replicate"), text);
  }
}
