package org.blinkhdfs.model.signal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.blinkhdfs.model.power.PowerLevel;
import org.junit.jupiter.api.Test;

class TraceReplaySignalTest {
  private static final long H = 3_600_000L;

  /** 100 hourly samples whose value is the hour number: watts tell which hour is replayed. */
  private static PowerTrace hourNumbers() {
    long[] times = new long[100];
    double[] watts = new double[100];
    for (int i = 0; i < 100; i++) {
      times[i] = i * H;
      watts[i] = i;
    }
    return PowerTrace.of(times, watts, 100 * H);
  }

  private static double wattsAt(PowerSignal s, long elapsedMs) {
    return ((PowerLevel.Watts) s.levelAt(elapsedMs)).watts();
  }

  @Test
  void factor24ReplaysTraceHour24AfterOneElapsedHour() {
    TraceReplaySignal s = TraceReplaySignal.builder(hourNumbers()).compressionFactor(24).build();
    assertEquals(0, wattsAt(s, 0), 0);
    assertEquals(24, wattsAt(s, H), 0);            // 1 h x 24 = trace hour 24
    assertEquals(23, wattsAt(s, H - 1), 0);        // just before: hour 23.99...
    assertEquals(36, wattsAt(s, 90 * 60_000), 0);  // 1.5 h x 24 = 36
    assertEquals(24 * H, s.traceTimeMsAt(H));
    assertEquals(100 * H / 24.0, s.loopMs(), 1e-6);
  }

  @Test
  void loopsToTheStartAtTheEnd() {
    TraceReplaySignal s = TraceReplaySignal.builder(hourNumbers()).compressionFactor(24).build();
    // The 100 h trace lasts 100/24 h = 15,000,000 ms elapsed; then it starts over.
    assertEquals(99, wattsAt(s, 15_000_000 - 1), 0);
    assertEquals(0, wattsAt(s, 15_000_000), 0);
    assertEquals(24, wattsAt(s, 15_000_000 + H), 0);
    assertEquals(0, wattsAt(s, 15_000_000L * 1_000_000), 0); // a million loops later
  }

  @Test
  void startOffsetAndNoCompression() {
    TraceReplaySignal s = TraceReplaySignal.builder(hourNumbers()).startOffsetMs(98 * H).build();
    assertEquals(98, wattsAt(s, 0), 0);
    assertEquals(99, wattsAt(s, H), 0);
    assertEquals(0, wattsAt(s, 2 * H), 0); // wrapped
  }

  @Test
  void fractionalCompression() {
    // factor 0.5: two elapsed hours per trace hour
    TraceReplaySignal s = TraceReplaySignal.builder(hourNumbers()).compressionFactor(0.5).build();
    assertEquals(0, wattsAt(s, 2 * H - 1), 0);
    assertEquals(1, wattsAt(s, 2 * H), 0);
  }

  @Test
  void scalesToWattsOrFractionOfPeakWithFloor() {
    // hour numbers 0..99: mean 49.5 W; target 99 W without floor => k = 2
    TraceReplaySignal s = TraceReplaySignal.builder(hourNumbers())
        .mean(new PowerLevel.Watts(99)).build();
    assertEquals(99, s.replayedTrace().meanWatts(), 1e-9);
    assertEquals(20, wattsAt(s, 10 * H), 1e-9);
    // 50% of a 265 W peak = 132.5 W, floor 40 W
    TraceReplaySignal b = TraceReplaySignal.builder(hourNumbers())
        .meanFractionOfPeak(0.5, 265).floorWatts(40).build();
    assertEquals(132.5, b.replayedTrace().meanWatts(), 1e-9);
    assertEquals(40, b.replayedTrace().minWatts(), 1e-12);
    assertEquals(40, wattsAt(b, 0), 1e-12);
  }

  @Test
  void floorWithoutScaling() {
    TraceReplaySignal s = TraceReplaySignal.builder(hourNumbers()).floorWatts(40).build();
    assertEquals(40, wattsAt(s, 3 * H), 0);
    assertEquals(50, wattsAt(s, 50 * H), 0);
  }

  /** Property: replayed power is never negative and never below the floor, for any elapsed. */
  @Test
  void signalNeverNegativeNorBelowFloorOverManySeeds() {
    for (long seed = 0; seed < 200; seed++) {
      Random r = new Random(seed);
      int n = 2 + r.nextInt(30);
      long[] times = new long[n];
      double[] watts = new double[n];
      for (int i = 0; i < n; i++) {
        times[i] = i * 60_000L;
        watts[i] = r.nextInt(3) == 0 ? 0 : r.nextDouble() * 500;
      }
      watts[0] = 1 + r.nextDouble();
      double floor = r.nextDouble() * 50;
      TraceReplaySignal s = TraceReplaySignal.builder(PowerTrace.of(times, watts, n * 60_000L))
          .compressionFactor(0.1 + r.nextDouble() * 100)
          .meanFractionOfPeak(0.2 + 0.8 * r.nextDouble(), 300)
          .floorWatts(floor)
          .build();
      for (int k = 0; k < 200; k++) {
        long elapsedMs = (long) (r.nextDouble() * 1e10);
        double w = wattsAt(s, elapsedMs);
        assertTrue(w >= 0 && w >= floor - 1e-9, "seed " + seed + " elapsed " + elapsedMs);
      }
    }
  }

  @Test
  void validatesOptions() {
    PowerTrace t = hourNumbers();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TraceReplaySignal.builder(t).compressionFactor(0).build());
    assertTrue(e.getMessage().contains("compressionFactor") && e.getMessage().contains("24"),
        e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> TraceReplaySignal.builder(t).startOffsetMs(100 * H).build());
    assertThrows(IllegalArgumentException.class,
        () -> TraceReplaySignal.builder(t).floorWatts(-1).build());
    e = assertThrows(IllegalArgumentException.class,
        () -> TraceReplaySignal.builder(t).meanFractionOfPeak(1.5, 265));
    assertTrue(e.getMessage().contains("1.5"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> TraceReplaySignal.builder(t).meanFractionOfPeak(0.5, 0));
    TraceReplaySignal s = TraceReplaySignal.builder(t).build();
    assertThrows(IllegalArgumentException.class, () -> s.levelAt(-1));
  }

  @Test
  void describeMentionsCompressionAndMean() {
    String d = TraceReplaySignal.builder(hourNumbers()).name("hours").compressionFactor(24)
        .floorWatts(40).build().describe();
    assertTrue(d.startsWith("trace hours: 24x compressed"), d);
    assertTrue(d.contains("floor 40.00 W"), d);
  }
}
