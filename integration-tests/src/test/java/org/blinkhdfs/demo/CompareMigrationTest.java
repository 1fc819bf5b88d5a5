package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.stats.LatencySummary;
import org.blinkhdfs.workload.OpOutcome;
import org.blinkhdfs.workload.OpSample;
import org.blinkhdfs.workload.PhaseResult;
import org.blinkhdfs.workload.StopReason;
import org.junit.jupiter.api.Test;

/**
 * The migration baseline's reads during its move, and latency rounds merged into one cell
 * ({@link LayoutSession#merged}), on plain phase results.
 */
class CompareMigrationTest {
  private static PhaseResult phase(long startEpochMs, OpSample... samples) {
    List<OpSample> s = List.of(samples);
    long ok = s.stream().filter(o -> o.outcome() == OpOutcome.OK).count();
    return new PhaseResult("latency", "read", 10, s.size(), (int) ok, 0,
        s.size() - (int) ok, ok * 65_536, startEpochMs, 10_000, StopReason.TIME_LIMIT,
        LatencySummary.of(s.stream().filter(o -> o.outcome() == OpOutcome.OK)
            .mapToDouble(OpSample::durationMs).toArray()), s, List.of());
  }

  private static OpSample read(double startMs, double ms) {
    return new OpSample("f", startMs, ms, 65_536, OpOutcome.OK, "");
  }

  @Test
  void readsStartedBeforeTheDataWasInPlaceAndTheirMeanWait() {
    // Phase from t = 1000; the move ends at t = 5000: reads at +100 and +3000 started during
    // it and waited 3900 and 1100 ms at the gate; the one at +4500 started after.
    PhaseResult p = phase(1_000, read(100, 3_900), read(3_000, 1_100), read(4_500, 5));
    Map<String, Double> m = CompareMigration.readsBefore(p, 5_000);
    assertEquals(2.0, m.get(CompareMigration.READS_DURING));
    assertEquals(2_500.0, m.get(CompareMigration.WAIT_DURING_MS), 1e-9);
    assertFalse(CompareMigration.readsBefore(p, 1_000)
        .containsKey(CompareMigration.WAIT_DURING_MS));
  }

  @Test
  void roundsMergeIntoOneCellOnTheFirstRoundsClock() {
    PhaseResult a = phase(1_000, read(0, 10), read(500, 30));
    PhaseResult b = phase(3_000, read(100, 20));
    PhaseResult m = LayoutSession.merged(List.of(a, b));
    assertEquals(3, m.okOps());
    assertEquals(20.0, m.latency().meanMs(), 1e-9);
    assertEquals(2_100.0, m.samples().get(2).startMs(), 1e-9); // 3000 - 1000 + 100
    assertEquals(20_000, m.wallMs(), 1e-9);
    // Reads of round 2 count as during a move that ended at t = 3200.
    assertEquals(3.0, CompareMigration.readsBefore(m, 3_200)
        .get(CompareMigration.READS_DURING));
  }
}
