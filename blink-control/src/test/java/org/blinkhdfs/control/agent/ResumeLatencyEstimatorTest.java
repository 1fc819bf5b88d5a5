package org.blinkhdfs.control.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The class comment's worked example and the rule's edges, numbers worked by hand. */
class ResumeLatencyEstimatorTest {
  /** Window 5, margin 200, bounds [0, 3000], initial 2000. */
  static ResumeLatencyEstimator worked() {
    return new ResumeLatencyEstimator(2_000, 0, 3_000, 200, 5);
  }

  @Test
  void workedExample() {
    ResumeLatencyEstimator e = worked();
    assertEquals(2_000, e.currentMs(), "no sample yet: the configured latency");
    assertEquals(0, e.sampleCount());
    e.record(1_200);
    e.record(1_500);
    // {900, 1200, 1500}: rank ceil(0.9 × 3) = 3 -> 1500, + 200.
    assertEquals(1_700, e.record(900));
    e.record(2_500);
    // {900, 1100, 1200, 1500, 2500}: rank ceil(4.5) = 5 -> 2500, + 200.
    assertEquals(2_700, e.record(1_100));
    // 1200 leaves the window: {900, 1100, 1500, 2500, 3100}: 3100 + 200 = 3300, capped at 3000.
    assertEquals(3_000, e.record(3_100));
    assertArrayEquals(new long[] {1_500, 900, 2_500, 1_100, 3_100}, e.samples());
    assertEquals(5, e.sampleCount());
  }

  @Test
  void theQuantileIgnoresOneOutlierInTenButNotTwo() {
    ResumeLatencyEstimator e = new ResumeLatencyEstimator(0, 0, 60_000, 0, 10);
    for (int i = 0; i < 9; i++) {
      e.record(1_000);
    }
    // Ten samples: rank ceil(9.0) = 9 -> the 9th smallest, 1000; the one 20 s outlier is 10th.
    assertEquals(1_000, e.record(20_000));
    // Two outliers: the 9th smallest of {1000 × 8, 20000 × 2} is 20 000.
    assertEquals(20_000, e.record(20_000));
  }

  @Test
  void aFastHostLearnsDownToTheMinimum() {
    ResumeLatencyEstimator e = new ResumeLatencyEstimator(2_000, 500, 30_000, 100, 3);
    assertEquals(500, e.record(150), "150 + 100 = 250, raised to the minimum 500");
    e.record(900);
    assertEquals(1_000, e.record(300), "{150, 300, 900}: 900 + 100");
  }

  @Test
  void anEarlyWakeSaysNothingAboutResuming() {
    ResumeLatencyEstimator e = worked();
    assertEquals(2_000, e.record(-4_000));
    assertEquals(0, e.sampleCount());
  }

  @Test
  void badSettingsAreRefusedWithTheValues() {
    String m = assertThrows(IllegalArgumentException.class,
        () -> new ResumeLatencyEstimator(40_000, 0, 30_000, 500, 20)).getMessage();
    assertTrue(m.contains("40000 ms lies outside the learned bounds [0, 30000]"), m);
    assertThrows(IllegalArgumentException.class,
        () -> new ResumeLatencyEstimator(0, 10, 5, 0, 1));
    assertThrows(IllegalArgumentException.class,
        () -> new ResumeLatencyEstimator(0, 0, 5, 0, 0));
  }
}
