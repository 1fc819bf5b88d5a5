package org.blinkhdfs.bench.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.blinkhdfs.model.power.PowerLevel;
import org.blinkhdfs.model.power.PowerModel;
import org.blinkhdfs.model.schedule.ActiveWindow;
import org.junit.jupiter.api.Test;

class ThroughputModelTest {
  private static final double EPS = 1e-9;

  @Test
  void idealLineIsProportionalToPower() {
    assertEquals(72, ThroughputModel.idealMBps(180, 40), EPS);
    assertEquals(0, ThroughputModel.idealMBps(180, 0), EPS);
    assertEquals(180, ThroughputModel.idealMBps(180, 100), EPS);
    assertThrows(IllegalArgumentException.class, () -> ThroughputModel.idealMBps(180, 101));
    assertThrows(IllegalArgumentException.class, () -> ThroughputModel.idealMBps(-1, 50));
    assertThrows(IllegalArgumentException.class,
        () -> ThroughputModel.idealMBps(Double.NaN, 50));
  }

  @Test
  void oneNodeAlwaysAwakeOfThree() {
    // Windows 0–2, 2–4, 4–6 s: one node awake at a time, 10 MB/s each: 10 MB/s reads,
    // 10/3 MB/s writes with 3 replicas; ideal at 1/3 power of 30 MB/s is also 10.
    AwakeCount a = AwakeCount.of(List.of(new ActiveWindow(0, 2_000, 6_000),
        new ActiveWindow(2_000, 2_000, 6_000), new ActiveWindow(4_000, 2_000, 6_000)));
    ThroughputModel m = ThroughputModel.perNode(10);
    assertEquals(10, m.readMBps(a), EPS);
    assertEquals(10.0 / 3, m.writeMBps(a, 3), EPS);
  }

  @Test
  void macMiniAtFortyPercentFallsBelowTheIdealLine() {
    // a = (90 − 9)/(225 − 9) = 0.375: 22.5 s of 60 s, 9 nodes → 3.375 awake on average.
    long activeMs = StaggeredWindows.activeMs(new PowerLevel.Percent(40)
        .resolve(PowerModel.macMini(9)), 60_000);
    assertEquals(22_500, activeMs);
    AwakeCount a = AwakeCount.of(StaggeredWindows.paper(9, activeMs, 60_000));
    assertEquals(3.375, a.mean(), EPS);
    ThroughputModel m = ThroughputModel.perNode(20);
    assertEquals(67.5, m.readMBps(a), EPS);
    assertEquals(22.5, m.writeMBps(a, 3), EPS);
    assertEquals(72, ThroughputModel.idealMBps(9 * 20, 40), EPS);
  }

  @Test
  void clientCapAppliesPerInstantNotToTheMean() {
    // A [0,4) B [2,6), 10 MB/s per node, cap 15: (2·10 + 2·15 + 2·10)/6 = 70/6 MB/s.
    AwakeCount a = AwakeCount.of(List.of(new ActiveWindow(0, 4_000, 6_000),
        new ActiveWindow(2_000, 4_000, 6_000)));
    assertEquals(70.0 / 6, new ThroughputModel(10, 15).readMBps(a), EPS);
    assertEquals(80.0 / 6, ThroughputModel.perNode(10).readMBps(a), EPS);
    // min(cap, mean) would give 13.33 capped to 15 = 13.33: the per-instant cap is lower.
    assertEquals(5, new ThroughputModel(10, 5).writeMBps(a, 1), EPS);
  }

  @Test
  void badParametersAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> ThroughputModel.perNode(0));
    assertThrows(IllegalArgumentException.class,
        () -> ThroughputModel.perNode(Double.POSITIVE_INFINITY));
    assertThrows(IllegalArgumentException.class, () -> new ThroughputModel(10, 0));
    assertThrows(IllegalArgumentException.class, () -> new ThroughputModel(10, Double.NaN));
    AwakeCount a = AwakeCount.of(List.of(ActiveWindow.always(1_000)));
    assertThrows(IllegalArgumentException.class, () -> ThroughputModel.perNode(1)
        .writeMBps(a, 0));
  }
}
