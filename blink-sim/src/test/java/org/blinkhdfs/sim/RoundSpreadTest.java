package org.blinkhdfs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.blinkhdfs.bench.report.ReadTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RoundSpreadTest {
  @TempDir Path dir;

  @Test
  void binomialTailsWorkedByHand() {
    // Share 0.16: P(X >= 7 of 10) = 120·0.16^7·0.84^3 + 45·0.16^8·0.84^2 + ... = 0.000205.
    assertEquals(0.00020515, RoundSpread.binomialTail(10, 7, 0.16), 1e-8);
    // P(X >= 3 of 10) = 1 − 0.84^10 − 10·0.16·0.84^9 − 45·0.16²·0.84^8 = 0.2064.
    assertEquals(0.20640, RoundSpread.binomialTail(10, 3, 0.16), 1e-5);
    // Below the share, the lower tail: P(X <= 0 of 10) = 0.84^10 = 0.1749.
    assertEquals(Math.pow(0.84, 10), RoundSpread.binomialTail(10, 0, 0.16), 1e-12);
    assertEquals(11 / 16.0, RoundSpread.binomialTail(4, 2, 0.5), 1e-12); // k = n·p: P(X <= 2)
  }

  @Test
  void medians() {
    assertEquals(2.0, RoundSpread.median(List.of(3.0, 1.0, 2.0)));
    assertEquals(2.5, RoundSpread.median(List.of(4.0, 1.0, 2.0, 3.0)));
    assertTrue(Double.isNaN(RoundSpread.median(List.of())));
  }

  /**
   * Rounds of 2.5, 6.2 and 2.7 s measured; simulated rounds 2.6, 2.6, 2.8 and 6.4 s (median
   * 2.7, slow above 4.05 s, share 1/4). One measured slow of 3: P(X >= 1) = 1 − 0.75³ = 0.578.
   * Interval 6 s: reads over 3 s stalled, 1 of 4 measured (250 per 1000), 1 of 5 simulated.
   */
  @Test
  void aCellsRoundsAndStalledReadsBesideTheSimulators() throws Exception {
    Files.writeString(dir.resolve(ReadTrace.fileName("aligned+aligned")), ReadTrace.header()
        + ReadTrace.record(row(40, 0, 2_500.0, 100))
        + ReadTrace.record(row(40, 1, 6_200.0, 4_100))
        + ReadTrace.record(row(40, 1, 6_200.0, 20))
        + ReadTrace.record(row(40, 2, 2_700.0, 300))
        + ReadTrace.record(row(100, 0, 1_000.0, 5)));
    ThroughputValidation.Row cell = new ThroughputValidation.Row("aligned+aligned", 3, 40, 3,
        20, 5, OptionalDouble.empty(), Optional.of(new ThroughputValidation.Simulated(List.of(30.0),
            List.of(2_600.0, 2_600.0, 2_800.0, 6_400.0),
            List.of(10.0, 20.0, 3_900.0, 400.0, 500.0))));
    ThroughputValidation.Row unmodelled = new ThroughputValidation.Row("default+staggered", 3,
        40, 3, 20, 5, OptionalDouble.empty(), Optional.empty());

    List<RoundSpread.Row> rows = RoundSpread.rows(List.of(cell, unmodelled), dir, 6_000);

    assertEquals(1, rows.size());
    RoundSpread.Row r = rows.get(0);
    assertEquals(List.of(2_500.0, 6_200.0, 2_700.0), r.measuredRoundMs());
    assertEquals(4_050, r.slowThresholdMs(), 1e-9);
    assertEquals(1, r.measuredSlow());
    assertEquals(0.25, r.simulatedSlowShare());
    assertEquals(1 - Math.pow(0.75, 3), r.tailProbability(), 1e-12);
    assertEquals(250, r.stalledPerThousand(r.measuredReadMs()));
    assertEquals(200, r.stalledPerThousand(r.simulatedReadMs()));
    assertEquals("| aligned+aligned | 40% | 3 | 2.7 | 2.7 | 1 of 3 | 25% | 0.58 | 250.0 | 200.0 |",
        RoundSpread.table(rows).lines().toList().get(2));
    assertEquals(List.of(), RoundSpread.rows(List.of(cell), dir.resolve("elsewhere"), 6_000));
  }

  @Test
  void aBrokenTraceNamesItsFile() throws Exception {
    Files.writeString(dir.resolve(ReadTrace.fileName("aligned+aligned")), "nonsense\n");
    ThroughputValidation.Row cell = new ThroughputValidation.Row("aligned+aligned", 3, 40, 3,
        20, 5, OptionalDouble.empty(), Optional.of(new ThroughputValidation.Simulated(List.of(30.0),
            List.of(1.0), List.of(1.0))));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RoundSpread.rows(List.of(cell), dir, 6_000));
    assertTrue(e.getMessage().contains("throughput-reads-aligned+aligned.csv must start with"),
        e.getMessage());
  }

  private static ReadTrace.Row row(int power, int round, double roundMs, long ms) {
    return new ReadTrace.Row(power, round, 1_000L * round, roundMs, 0, 0, 1_048_576,
        1_000L * round, 0, ms, "127.0.0.1:9866");
  }
}
