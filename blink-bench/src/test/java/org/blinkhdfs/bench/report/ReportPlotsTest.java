package org.blinkhdfs.bench.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.blinkhdfs.common.chart.AxisScale;
import org.blinkhdfs.common.chart.LineChart;
import org.blinkhdfs.common.chart.LineChart.Series;
import org.blinkhdfs.common.chart.LineStyle;
import org.junit.jupiter.api.Test;

class ReportPlotsTest {
  @Test
  void demoGetsLatencyAndThroughputPlots() {
    List<PlotFile> plots = ReportPlots.plan(SampleReports.demo());
    assertEquals(List.of("read-latency-meanMs", "read-latency-p90Ms", "throughput-readMBps",
        "throughput-writeMBps"), plots.stream().map(PlotFile::stem).toList());
    assertEquals(List.of("read-latency", "read-latency", "throughput", "throughput"),
        plots.stream().map(PlotFile::experiment).toList());
  }

  @Test
  void latencyHasOneSeriesPerLayoutAndReplicationWithDashedExpectations() {
    LineChart c = ReportPlots.plan(SampleReports.demo()).get(0).chart();
    List<Series> s = c.series();
    assertEquals(12, s.size()); // 3 layouts x 2 replications, measured + expected
    assertEquals("ring + staggered r=1", s.get(0).name());
    assertEquals("ring + staggered r=1 expected", s.get(1).name());
    assertEquals(LineStyle.SOLID, s.get(0).style());
    assertEquals(LineStyle.DASHED, s.get(1).style());
    assertEquals(s.get(0).colour(), s.get(1).colour());
    assertTrue(!s.get(0).colour().equals(s.get(2).colour()));
    assertArrayEquals(new double[] {20, 40, 60, 100}, s.get(2).x());
    // ring r=3 at 40%: the hand-picked 812.4 measured, 731.2 expected.
    assertEquals(812.4, s.get(2).y()[1]);
    assertEquals(731.2, s.get(3).y()[1]);
    // 63 ms to 25 600 ms spans more than a decade: log axis.
    assertEquals(AxisScale.LOG10, c.y().scale());
    assertTrue(c.y().label().endsWith("log scale"));
    assertEquals(0, c.x().min());
    assertEquals(100, c.x().max());
    // p90 has no expectations: measured series only.
    assertEquals(6, ReportPlots.plan(SampleReports.demo()).get(1).chart().series().size());
  }

  @Test
  void narrowLatencyUsesALinearAxisAndMissingPointsBreakTheLine() {
    Report r = new Report(SampleReports.run(), List.of(
        new ReportCell("e", "ring", 3, 100, Map.of("meanMs", 60.0), Map.of()),
        new ReportCell("e", "ring", 3, 20, Map.of("meanMs", 90.0), Map.of()),
        new ReportCell("e", "rand", 3, 60, Map.of("meanMs", 70.0), Map.of())), List.of());
    LineChart c = ReportPlots.plan(r).get(0).chart();
    assertEquals(AxisScale.LINEAR, c.y().scale());
    assertEquals("ring", c.series().get(0).name().replace(" r=3", ""));
    assertArrayEquals(new double[] {20, 60, 100}, c.series().get(0).x());
    assertTrue(Double.isNaN(c.series().get(0).y()[1]));
  }

  @Test
  void throughputHasTheIdealProportionalLine() {
    LineChart c = ReportPlots.plan(SampleReports.demo()).get(2).chart();
    List<Series> s = c.series();
    assertEquals(7, s.size()); // 3 layouts measured + expected, one ideal line
    assertEquals("ring + staggered", s.get(0).name()); // one replication: no "r=" label
    Series ideal = s.get(6);
    assertEquals(LineStyle.DOTTED, ideal.style());
    // Mean at 100%: (174 + 171 + 162)/3 = 169.
    assertArrayEquals(new double[] {0, 100}, ideal.x());
    assertArrayEquals(new double[] {0, 169}, ideal.y(), 1e-9);
    assertEquals("ideal: 169 MB/s × P/100", ideal.name());
  }

  @Test
  void stemsAreFileSafeAndUniqueIgnoringCase() {
    Set<String> taken = new HashSet<>();
    assertEquals("a-b-meanMs", ReportPlots.uniqueStem(taken, "a b/meanMs"));
    assertEquals("a-b-meanMs-2", ReportPlots.uniqueStem(taken, "a-b-meanMs"));
    assertEquals("A-B-MEANMS-3", ReportPlots.uniqueStem(taken, "A B MEANMS"));
    assertEquals("plot", ReportPlots.uniqueStem(taken, "///"));
    assertEquals("x.y_z", ReportPlots.uniqueStem(taken, "..x.y_z--"));
  }
}
