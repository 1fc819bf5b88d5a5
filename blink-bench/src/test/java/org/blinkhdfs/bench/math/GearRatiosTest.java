package org.blinkhdfs.bench.math;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.blinkhdfs.bench.report.ReportCell;
import org.junit.jupiter.api.Test;

class GearRatiosTest {
  private static ReportCell cell(String layout, int n, int power, double mbps) {
    return new ReportCell("gears", layout, 2, power,
        Map.of("readMBps", mbps, "activeNodes", (double) n), Map.of("readMBps", 10.0 * n));
  }

  @Test
  void classCommentExample() {
    List<ReportCell> in = new ArrayList<>();
    double[] ew = {19.0, 38.5, 61.0};
    double[] pa = {18.0, 35.0, 60.0};
    int[] n = {2, 4, 7};
    int[] power = {32, 59, 100};
    // Out of order on purpose: the smallest gear is found by activeNodes, not by position.
    for (int i = 2; i >= 0; i--) {
      in.add(cell("equal-work", n[i], power[i], ew[i]));
      in.add(cell("paraid", n[i], power[i], pa[i]));
    }
    List<ReportCell> out = GearRatios.cells(in);
    assertEquals(9, out.size());
    ReportCell ew7 = find(out, GearRatios.SPEEDUP, "equal-work", 100);
    assertEquals(61.0 / 19.0, ew7.measured("ratio").getAsDouble(), 1e-12); // 3.211
    assertEquals(3.5, ew7.expected("ratio").getAsDouble(), 1e-12);
    assertEquals(35.0 / 18.0, find(out, GearRatios.SPEEDUP, "paraid", 59)
        .measured("ratio").getAsDouble(), 1e-12);
    ReportCell cross4 = find(out, GearRatios.LAYOUT_RATIO, "equal-work / paraid", 59);
    assertEquals(1.1, cross4.measured("ratio").getAsDouble(), 1e-12);
    assertEquals(1.0, cross4.expected("ratio").getAsDouble(), 1e-12);
    assertEquals(1.0, find(out, GearRatios.SPEEDUP, "paraid", 32).measured("ratio")
        .getAsDouble(), 1e-12);
    assertEquals(9, GearRatios.summary(out).size());
  }

  private static ReportCell find(List<ReportCell> cells, String experiment, String layout,
      int power) {
    return cells.stream().filter(c -> c.experiment().equals(experiment)
        && c.layout().equals(layout) && c.powerPercent() == power).findFirst().orElseThrow();
  }
}
