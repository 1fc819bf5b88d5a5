package org.blinkhdfs.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.report.Metrics;
import org.junit.jupiter.api.Test;

/** bench oscillation's rounds of one case pooled into its cell, worked by hand. */
class SignalSessionPooledTest {
  @Test
  void oneRoundIsReportedAsMeasured() {
    Map<String, Double> m = SignalSession.pooled(List.of(Map.of(Metrics.READ_MBPS, 9.3)));
    assertEquals(Map.of(Metrics.READ_MBPS, 9.3), m);
  }

  @Test
  void roundsGiveTheMeanAndTheStudentInterval() {
    // readMBps 6.0, 7.0, 8.0: mean 7, s = 1, t(0.975, 2) = 4.303, half width 4.303 / √3 = 2.484.
    // notServingSeconds present in every round: its mean; meanMs NaN in one round: the others'.
    Map<String, Double> m = SignalSession.pooled(List.of(
        Map.of(Metrics.READ_MBPS, 6.0, SignalSession.NOT_SERVING_S, 10.0, Metrics.MEAN_MS, 20.0),
        Map.of(Metrics.READ_MBPS, 7.0, SignalSession.NOT_SERVING_S, 20.0, Metrics.MEAN_MS,
            Double.NaN),
        Map.of(Metrics.READ_MBPS, 8.0, SignalSession.NOT_SERVING_S, 30.0, Metrics.MEAN_MS, 40.0)));
    assertEquals(7.0, m.get(Metrics.READ_MBPS), 1e-12);
    assertEquals(4.303 / Math.sqrt(3), m.get(Metrics.READ_MBPS_CI95), 1e-9);
    assertEquals(3.0, m.get(SignalSession.ROUNDS));
    assertEquals(20.0, m.get(SignalSession.NOT_SERVING_S), 1e-12);
    assertEquals(30.0, m.get(Metrics.MEAN_MS), 1e-12);
    assertFalse(m.containsKey("other"));
  }
}
