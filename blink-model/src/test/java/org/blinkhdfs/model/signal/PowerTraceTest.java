package org.blinkhdfs.model.signal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PowerTraceTest {
  private static final long H = 3_600_000L;

  private static PowerTrace parse(String csv) throws IOException {
    return PowerTrace.parseCsv("test.csv", new StringReader(csv), "time", "watts", H);
  }

  private static IllegalArgumentException parseError(String csv) {
    return assertThrows(IllegalArgumentException.class, () -> parse(csv));
  }

  private static void assertMentions(Exception e, String... parts) {
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), "expected '" + part + "' in: " + e.getMessage());
    }
  }

  @Test
  void stepHoldAndTimeWeightedMean() throws IOException {
    // (0 h, 100 W), (1 h, 300 W), (3 h, 0 W); last step = 3 - 1 = 2 h, so the span ends at 5 h.
    PowerTrace t = parse("time,watts\n0,100\n1,300\n3,0\n");
    assertEquals(0, t.startMs());
    assertEquals(5 * H, t.endMs());
    assertEquals(100, t.wattsAt(H / 2), 0);
    assertEquals(300, t.wattsAt(H), 0);
    assertEquals(300, t.wattsAt(3 * H - 1), 0);
    assertEquals(0, t.wattsAt(3 * H), 0);
    // (100*1 + 300*2 + 0*2) / 5 = 700 / 5 = 140 W
    assertEquals(140, t.meanWatts(), 1e-12);
    assertThrows(IllegalArgumentException.class, () -> t.wattsAt(5 * H));
  }

  @Test
  void ofTakesExplicitEnd() {
    // (100*1 + 300*2 + 0*1) / 4 = 175 W (class javadoc example)
    PowerTrace t = PowerTrace.of(new long[] {0, H, 3 * H}, new double[] {100, 300, 0}, 4 * H);
    assertEquals(175, t.meanWatts(), 1e-12);
  }

  @Test
  void duplicateTimeIsAStepLaterRowWins() throws IOException {
    PowerTrace t = parse("time,watts\n0,10\n1,20\n1,30\n2,40\n");
    assertEquals(30, t.wattsAt(H), 0);
    // 10*1 + 20*0 + 30*1 + 40*1 over 3 h = 80/3
    assertEquals(80.0 / 3, t.meanWatts(), 1e-12);
  }

  @Test
  void extraColumnsCommentsBlankLinesAndFractionalTimes() throws IOException {
    PowerTrace t = PowerTrace.parseCsv("x.csv",
        new StringReader("# comment\nwatts,note,sec\n\n5,a,0\n7,b,0.5\n"), "sec", "watts", 1000);
    assertEquals(500, t.sampleTimeMs(1));
    assertEquals(7, t.wattsAt(600), 0);
    assertEquals(1000, t.endMs());
  }

  @Test
  void negativeWattsNamesLineColumnValueAndFix() {
    IllegalArgumentException e = parseError("time,watts\n0,5\n1,-3\n");
    assertMentions(e, "test.csv", "line 3", "column 'watts'", "column 2", "'-3'", "negative",
        "write 0");
  }

  @Test
  void nanNamesLineColumnValue() {
    IllegalArgumentException e = parseError("time,watts\n0,5\n1,NaN\n");
    assertMentions(e, "line 3", "'watts'", "'NaN'", "not a finite number");
  }

  @Test
  void decreasingTimeNamesLineColumnValueAndFix() {
    IllegalArgumentException e = parseError("time,watts\n0,5\n2,5\n1,5\n");
    assertMentions(e, "line 4", "column 'time'", "'1'", "earlier", "line 3", "sort the rows");
  }

  @Test
  void negativeTimeAndGarbageAndShapeErrors() {
    assertMentions(parseError("time,watts\n-1,5\n0,5\n"), "line 2", "'time'", "'-1'", "negative");
    assertMentions(parseError("time,watts\n0,5\n1,abc\n"), "line 3", "'watts'", "'abc'",
        "not a number");
    assertMentions(parseError("time,watts\n0,5\n1,5,9\n"), "line 3", "3 columns");
    assertMentions(parseError("time,power\n0,5\n1,5\n"), "no column 'watts'", "[time, power]");
    assertMentions(parseError("time,watts\n0,5\n"), "no two distinct times", "add a second row");
    assertMentions(parseError(""), "empty");
    assertMentions(parseError("time,watts\n"), "no rows");
  }

  /**
   * Fuzz finding: a last time that fits in a long but whose end (plus one sampling step) does not
   * wrapped to a negative end, a trace with a negative duration.
   */
  @Test
  void anEndBeyondTheLargestMillisecondIsRefusedNotWrapped() {
    IllegalArgumentException e = parseError("time,watts\n0,5\n2.5e12,7\n");
    assertEquals("test.csv line 3, column 'time' (column 1): value '2.5e12' is too late: the trace"
        + " ends one sampling step (9000000000000000000 ms) after it, beyond the largest time in"
        + " milliseconds (9223372036854775807): check the time unit (msPerTimeUnit = 3600000) or"
        + " shift the trace to start near 0", e.getMessage());
  }

  @Test
  void ofValidatesArrays() {
    assertThrows(IllegalArgumentException.class,
        () -> PowerTrace.of(new long[] {0, 1}, new double[] {1}, 5));
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> PowerTrace.of(new long[] {0, 1}, new double[] {1, -2}, 5)), "watts[1]", "-2");
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> PowerTrace.of(new long[] {2, 1}, new double[] {1, 2}, 5)), "timesMs[1]");
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> PowerTrace.of(new long[] {0, 1}, new double[] {1, 2}, 1)), "endMs");
  }

  @Test
  void windowWrapsAroundTheEnd() {
    // hourly 10, 20, 30 W over 3 h; a 2.5 h window from 2 h: 30 (1 h), 10 (1 h), 20 (0.5 h)
    PowerTrace t = PowerTrace.of(new long[] {0, H, 2 * H}, new double[] {10, 20, 30}, 3 * H);
    PowerTrace w = t.window(2 * H, 5 * H / 2);
    assertEquals(3, w.size());
    assertArrayEquals(new long[] {0, H, 2 * H},
        new long[] {w.sampleTimeMs(0), w.sampleTimeMs(1), w.sampleTimeMs(2)});
    assertEquals(30, w.sampleWatts(0), 0);
    assertEquals(10, w.sampleWatts(1), 0);
    assertEquals(20, w.sampleWatts(2), 0);
    assertEquals(5 * H / 2, w.endMs());
    // (30 + 10 + 20*0.5) / 2.5 = 50 / 2.5 = 20 W
    assertEquals(20, w.meanWatts(), 1e-12);
    // mid-sample start: from 0.5 h for 1 h = 10 W (0.5 h) then 20 W (0.5 h)
    PowerTrace mid = t.window(H / 2, H);
    assertEquals(15, mid.meanWatts(), 1e-12);
  }

  @Test
  void scaledToMeanWithoutFloorIsPlainScaling() {
    // mean (10 + 30)/2 = 20 W; target 50 W => k = 2.5 => 25, 75
    PowerTrace t = PowerTrace.of(new long[] {0, H}, new double[] {10, 30}, 2 * H);
    PowerTrace s = t.scaledToMean(50, 0);
    assertEquals(25, s.sampleWatts(0), 1e-12);
    assertEquals(75, s.sampleWatts(1), 1e-12);
  }

  @Test
  void scaledToMeanSolvesWithTheFloorInside() {
    // 0 W and 100 W, floor 10, target 40: (10 + 100k)/2 = 40 => k = 0.7 => 10, 70
    PowerTrace t = PowerTrace.of(new long[] {0, H}, new double[] {0, 100}, 2 * H);
    PowerTrace s = t.scaledToMean(40, 10);
    assertEquals(10, s.sampleWatts(0), 1e-12);
    assertEquals(70, s.sampleWatts(1), 1e-12);

    // 10, 20, 100 W, floor 30, target 50: only 100 stays above the floor:
    // (100k + 30 + 30)/3 = 50 => k = 0.9 => 30, 30, 90 (20*0.9 = 18 <= 30, consistent)
    PowerTrace u = PowerTrace.of(new long[] {0, H, 2 * H}, new double[] {10, 20, 100}, 3 * H);
    PowerTrace v = u.scaledToMean(50, 30);
    assertEquals(30, v.sampleWatts(0), 1e-12);
    assertEquals(30, v.sampleWatts(1), 1e-12);
    assertEquals(90, v.sampleWatts(2), 1e-12);

    // target == floor: everything at the floor
    PowerTrace f = u.scaledToMean(30, 30);
    assertEquals(30, f.maxWatts(), 1e-12);
  }

  @Test
  void scaledToMeanRejectsImpossibleTargets() {
    PowerTrace t = PowerTrace.of(new long[] {0, H}, new double[] {0, 100}, 2 * H);
    assertMentions(assertThrows(IllegalArgumentException.class, () -> t.scaledToMean(30, 40)),
        "target mean 30 W", "below the floor 40 W");
    PowerTrace zero = PowerTrace.of(new long[] {0, H}, new double[] {0, 0}, 2 * H);
    assertMentions(assertThrows(IllegalArgumentException.class, () -> zero.scaledToMean(50, 40)),
        "0 W throughout");
  }

  /** Property: over random traces, floors and targets, the delivered mean is the target. */
  @Test
  void scaledMeanEqualsTargetOverManySeeds() {
    for (long seed = 0; seed < 200; seed++) {
      Random r = new Random(seed);
      int n = 1 + r.nextInt(60);
      long[] times = new long[n];
      double[] watts = new double[n];
      long t = r.nextInt(1000);
      for (int i = 0; i < n; i++) {
        times[i] = t;
        t += r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(10 * (int) 60_000); // some duplicate times
        watts[i] = r.nextInt(5) == 0 ? 0 : r.nextDouble() * 1000;
      }
      watts[r.nextInt(n)] = 1 + r.nextDouble() * 1000; // at least one positive sample
      PowerTrace trace = PowerTrace.of(times, watts, t + 1 + r.nextInt(60_000));
      double floor = r.nextBoolean() ? 0 : r.nextDouble() * 200;
      double target = floor + r.nextDouble() * 500;
      PowerTrace scaled = trace.scaledToMean(target, floor);
      String ctx = "seed " + seed;
      assertEquals(target, scaled.meanWatts(), 1e-6, ctx);
      // independent time-weighted mean of the scaled samples
      double energy = 0;
      for (int i = 0; i < scaled.size(); i++) {
        long next = i + 1 < scaled.size() ? scaled.sampleTimeMs(i + 1) : scaled.endMs();
        energy += scaled.sampleWatts(i) * (next - scaled.sampleTimeMs(i));
      }
      assertEquals(target, energy / scaled.durationMs(), 1e-6, ctx);
      assertTrue(scaled.minWatts() >= floor - 1e-9, ctx);
      // shape kept: samples above the floor share one scale factor
      double k = Double.NaN;
      for (int i = 0; i < n; i++) {
        if (scaled.sampleWatts(i) > floor + 1e-9 && watts[i] > 0) {
          double ki = scaled.sampleWatts(i) / watts[i];
          if (Double.isNaN(k)) {
            k = ki;
          }
          assertEquals(k, ki, 1e-9 * Math.max(1, k), ctx);
        }
      }
      // and samples at the floor were at or below it after scaling
      for (int i = 0; i < n && !Double.isNaN(k); i++) {
        if (scaled.sampleWatts(i) <= floor + 1e-9) {
          assertTrue(watts[i] * k <= floor + 1e-6, ctx);
        }
      }
    }
  }

  @Test
  void scaledAndFloored() {
    PowerTrace t = PowerTrace.of(new long[] {0, H}, new double[] {10, 30}, 2 * H);
    assertEquals(60, t.scaled(2).sampleWatts(1), 0);
    assertEquals(25, t.floored(25).sampleWatts(0), 0);
    assertEquals(30, t.floored(25).sampleWatts(1), 0);
  }
}
