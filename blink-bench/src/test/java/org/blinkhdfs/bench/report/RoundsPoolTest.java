package org.blinkhdfs.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RoundsPoolTest {
  @Test
  void classExampleWholeValueRoundInterval() {
    Map<String, Double> m = RoundsPool.of(List.of(
        Map.of(Metrics.P90_MS, 10.0, Metrics.OK_OPS, 100.0),
        Map.of(Metrics.P90_MS, 14.0, Metrics.OK_OPS, 98.0),
        Map.of(Metrics.P90_MS, 12.0, Metrics.OK_OPS, 99.0)),
        Map.of(Metrics.P90_MS, 12.5, Metrics.OK_OPS, 297.0));
    assertEquals(12.5, m.get(Metrics.P90_MS), 1e-12);
    // s = 2, t(0.975, 2) = 4.303: 4.303 * 2 / sqrt(3).
    assertEquals(4.303 * 2 / Math.sqrt(3), m.get("p90MsCi95"), 1e-9);
    assertEquals(297.0, m.get(Metrics.OK_OPS), 1e-12); // a count: the whole cell's, no interval
    assertFalse(m.containsKey("okOpsCi95"));
    assertEquals(3.0, m.get(Metrics.ROUNDS), 1e-12);
  }

  @Test
  void energyMetricsGetIntervalsAndMissingOnesTheRoundsMean() {
    Map<String, Double> m = RoundsPool.of(List.of(
        Map.of(Metrics.MIB_PER_J, 0.2, Metrics.OVER_BUDGET, 0.0),
        Map.of(Metrics.MIB_PER_J, 0.3, Metrics.OVER_BUDGET, 1.0)), Map.of());
    assertEquals(0.25, m.get(Metrics.MIB_PER_J), 1e-12);
    // s = 0.0707, t(0.975, 1) = 12.706: 12.706 * 0.0707 / sqrt(2) = 0.6353.
    assertEquals(12.706 * 0.05, m.get("mibPerJCi95"), 1e-9);
    assertFalse(m.containsKey("overBudgetCi95"));
  }

  @Test
  void oneRoundHasNoInterval() {
    Map<String, Double> m = RoundsPool.of(List.of(Map.of(Metrics.READ_MBPS, 9.0)), Map.of());
    assertEquals(Map.of(Metrics.READ_MBPS, 9.0), m);
    assertThrows(IllegalArgumentException.class, () -> RoundsPool.of(List.of(), Map.of()));
  }
}
