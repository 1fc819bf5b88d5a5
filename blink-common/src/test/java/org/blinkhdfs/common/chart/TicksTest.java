package org.blinkhdfs.common.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class TicksTest {
  @Test
  void powerAxisTicksEveryTwentyPercent() {
    AxisRange r = AxisRange.fit(Axis.linear("p").withRange(0, 100), new double[] {20, 40, 100});
    assertEquals(List.of(0.0, 20.0, 40.0, 60.0, 80.0, 100.0), r.ticks());
    assertEquals("60", r.label(60));
    assertEquals(0.4, r.fraction(40), 1e-12);
  }

  @Test
  void smallValuesGetDecimalsAndStartAtZero() {
    AxisRange r = AxisRange.fit(Axis.linear("y"), new double[] {0.05, 0.37});
    assertEquals(0, r.min());
    assertEquals(0.4, r.max(), 1e-12);
    assertEquals(5, r.ticks().size());
    assertEquals("0.1", r.label(r.ticks().get(1)));
    assertEquals("0.0", r.label(0));
  }

  @Test
  void fixedEndsWidenForDataOutside() {
    // Range −10..120 = 130 → 200, step 200/5 = 40 → 50: ends −50 and 150.
    AxisRange r = AxisRange.fit(Axis.linear("x").withRange(0, 100), new double[] {-10, 120});
    assertEquals(-50, r.min(), 1e-12);
    assertEquals(150, r.max(), 1e-12);
    assertEquals(List.of(-50.0, 0.0, 50.0, 100.0, 150.0), r.ticks());
  }

  @Test
  void logAxisRoundsOutToDecadesAndSkipsNonPositive() {
    AxisRange r = AxisRange.fit(Axis.log("ms"), new double[] {7, 46_058, 0, -3, Double.NaN});
    assertEquals(1, r.min(), 1e-12);
    assertEquals(100_000, r.max(), 1e-6);
    assertEquals(List.of(1.0, 10.0, 100.0, 1_000.0, 10_000.0, 100_000.0), r.ticks());
    assertEquals("1000", r.label(1_000));
    assertEquals(0.5, r.fraction(Math.sqrt(10) * 100), 1e-12);
    AxisRange oneDecade = AxisRange.fit(Axis.log("ms"), new double[] {100});
    assertEquals(List.of(10.0, 100.0, 1_000.0), oneDecade.ticks());
    assertEquals(List.of(0.01, 0.1, 1.0), Ticks.decades(-2, 0));
    assertEquals("0.01", Ticks.label(0.01, 0.01));
  }

  @Test
  void degenerateDataStillGivesARange() {
    assertEquals(List.of(0.0, 0.2, 0.4, 0.6, 0.8, 1.0),
        AxisRange.fit(Axis.linear("y"), new double[0]).ticks());
    AxisRange single = AxisRange.fit(Axis.linear("y"), new double[] {-5});
    assertEquals(-6, single.min(), 1e-12);
    assertEquals(-4, single.max(), 1e-12);
    assertEquals(1, AxisRange.fit(Axis.log("y"), new double[0]).min());
  }

  @Test
  void ticksAreTheNearestDoubles() {
    assertEquals(List.of(0.0, 0.2, 0.4, 0.6, 0.8, 1.0), Ticks.linear(0, 1, 0.2));
    assertEquals(List.of(0.3, 0.6, 0.9), Ticks.linear(0.3, 0.9, 0.3 / 1));
    assertEquals(List.of(-0.1, 0.0, 0.1), Ticks.linear(-0.1, 0.1, 0.1));
  }

  @Test
  void niceNumbers() {
    assertEquals(20, Ticks.linearStep(20, 100), 1e-12);
    assertEquals(0.1, Ticks.linearStep(0, 0.37), 1e-12);
    assertEquals(10_000, Ticks.linearStep(0, 46_058), 1e-9);
    assertEquals("-5", Ticks.label(-5, 1));
    assertEquals("0", Ticks.label(-0.0, 1));
    assertEquals("2e+07", Ticks.label(2e7, 1e7));
  }
}
